"""The HTML export is the replay viewer: opened in headless Chromium with the
network off, the slider moves through positions and the state shown is the
state the export's seat could see there."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.review.export_read import events, facts
from services.review.exports import export_text
from services.review.html_export import DATA, embedded_document, html_text, offline_viewer
from services.words.sentences import Words
from services.words.views import flatten, show
from tests.services.setups import eclair_game
from tests.web.pages import go_to, open_viewer, screenshot
from tools.simulation import play_stored


@pytest.fixture
def artefacts(tmp_path: Path) -> Path:
    where = Path(os.environ.get("WIZARDS_ARTIFACTS", tmp_path))
    where.mkdir(parents=True, exist_ok=True)
    return where


def state_rows(page: Any) -> dict[str, str]:
    rows = page.eval_on_selector_all(
        "#state tr", "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText])"
    )
    return dict(rows)


def test_the_html_export_moves_through_positions_offline(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 2, "viewer", options={"rounds_to_win": 1}, names=["Ann", "Bob"])
    entries = ledger.entries(gid)
    act_at = next(e.position for e in entries[7:] if isinstance(e.event, ActionTaken))
    ledger.annotate(gid, act_at, "was this draw legal?", "Zoé")
    path = tmp_path / "game.html"
    path.write_text(export_text(ledger, gid, "html"), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        assert "Sorcier ultime" in page.inner_text("#title")
        last = int(page.get_attribute("#slider", "max"))
        assert last == ledger.load(gid).version
        words = Words(game, ("Ann", "Bob"))
        for position in (act_at, last // 2, last, 3):
            page.locator("#slider").fill(str(position))
            assert page.input_value("#pos") == str(position)
            expected = flatten(game.view(ledger.load(gid, position).fold.state, 0), words)
            assert state_rows(page) == {k: show(v) for k, v in expected.items()}
            page.screenshot(path=str(artefacts / f"viewer-{position}.png"))
        # Stepping one back and one forward.
        page.click("#back")
        assert page.input_value("#pos") == "2"
        page.click("#next")
        assert page.input_value("#pos") == "3"
        # Seen by Bob: Bob's hand, not Ann's.
        page.select_option("#view-select", "Bob")
        bob = flatten(game.view(ledger.load(gid, 3).fold.state, 1), words)
        assert state_rows(page) == {k: show(v) for k, v in bob.items()}
        # An action with its dispute panel and the referee's note.
        page.locator("#slider").fill(str(act_at))
        # The action said in words, never by its event's class name.
        detail = page.inner_text("#event-detail")
        assert detail.startswith(f"#{act_at} — ") and "ActionTaken" not in detail
        assert "was this draw legal?" in page.inner_text("#story")
        dispute = page.inner_text("#dispute")
        assert f"Action #{act_at}" in dispute and "Legal choices" in dispute
        assert "← sent" in dispute and "was this draw legal?" in dispute
        assert "gives the recorded consequences" in dispute
        # An action no note points at: the file says how its panel is made.
        other = next(e.position for e in entries[act_at:] if isinstance(e.event, ActionTaken))
        page.locator("#slider").fill(str(other))
        said = page.inner_text("#dispute")
        assert "the actions the referees' notes point at" in said
        assert f"wizards dispute {gid} --at {other}" in said and "--disputes all" in said
        # Jump to the next event of a rule, with its French passage shown.
        rule = "ultimate.turn.draw"
        page.select_option("#rule-select", rule)
        page.click("#next-rule")
        at = int(page.input_value("#pos"))
        assert at > act_at and getattr(entries[at - 1].event, "rule", None) == rule
        assert not any(getattr(e.event, "rule", None) == rule for e in entries[act_at : at - 1])
        assert "Au début de son tour" in page.inner_text("#event-detail")
        page.screenshot(path=str(artefacts / "viewer-rule.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_the_served_viewer_reads_a_seats_export_by_url(browser: Any, tmp_path: Path) -> None:
    """The web app's mode: the same file fetches the JSON export; a seat's token in
    the fragment shows that seat's view, and the DOM never holds another's cards."""
    import socket
    import threading
    import time
    from urllib.parse import quote

    import msgspec
    import uvicorn

    from services.http.app import create_app

    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    game = get_game("ultimate")
    created = ledger.create_game("ultimate", ["Ann", "Bob"], seed="served")
    gid, tokens = created.game_id, dict(created.seats)
    for _ in range(12):
        state = ledger.load(gid).fold.state
        seat = state.pending[0].seat
        ledger.act(gid, seat, msgspec.to_builtins(game.legal_commands(state, seat)[-1]))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(ledger), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        src = quote(f"/tables/{gid}/export?format=json", safe="")
        last = ledger.load(gid)
        words = Words(game, ("Ann", "Bob"))
        for seat, label in ((None, "spectator"), (0, "Ann"), (1, "Bob")):
            page = context.new_page()
            fragment = "" if seat is None else f"#token={tokens[seat]}"
            page.goto(f"http://127.0.0.1:{port}/viewer?src={src}{fragment}")
            page.wait_for_selector("body[data-ready='1']")
            assert page.inner_text("#view-select") == label
            assert int(page.get_attribute("#slider", "max")) == last.version
            page.locator("#slider").fill(str(last.version))
            expected = flatten(game.view(last.fold.state, seat), words)
            assert state_rows(page) == {k: show(v) for k, v in expected.items()}
            data = page.evaluate(
                'async () => JSON.stringify((await import("wl/viewer.js")).replay.doc)'
            )
            for secret in game.hidden_from(last.fold.state, seat):
                assert f'"{secret}"' not in data, (label, secret)  # as a value, not in a rule id
            page.close()
    finally:
        context.close()
        server.should_exit = True
        thread.join(timeout=10)


def test_the_dispute_panel_says_the_first_difference_in_words(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    """Another reading of Éclair: the panel names the two events at the first
    difference as the story says them, not their stored fields."""

    ledger, gid, at = eclair_game(tmp_path)
    path = tmp_path / "eclair.html"
    path.write_text(export_text(ledger, gid, "html", disputes="all"), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        page.locator("#slider").fill(str(at))
        said = page.inner_text("#dispute .difference")
        assert said.splitlines() == [
            f"first difference at #{at + 2}, another event:",
            "as recorded: Ann takes 1 damage from Éclair (life 8) "
            "[ultimate.ruling.lightning-caster]",
            "under this reading: Ann attacks Bob with Éclair [ultimate.ruling.lightning-order]",
        ]
        assert "{" not in page.inner_text("#dispute")
        # Éclair cites more than one ruling: the panel holds a block for each reading.
        page.locator("#dispute .difference").first.screenshot(
            path=str(artefacts / "difference.png")
        )
        assert problems == []
    finally:
        context.close()


def test_an_elfenwizards_state_reads_player_by_player(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    """Elfenwizards' state in the viewer: for each player, by name, the title spaces
    their wizards hold level by level, their score and titles, their dice; who
    is to act and on what. Not the board dumped space by space."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    game = get_game("elfenwizards")
    names = ["Ann", "Bob", "Cleo"]
    gid = play_stored(ledger, game, 3, "viewer-elves", names=names, stop_after=40)
    at = ledger.load(gid).version
    state = ledger.load(gid).fold.state
    assert state.phase == "compete"  # a position with spells cast beside wizards
    path = tmp_path / "elves.html"
    path.write_text(export_text(ledger, gid, "html"), encoding="utf-8")
    problems: list[str] = []
    for width in (1280, 390):
        context = browser.new_context(offline=True, viewport={"width": width, "height": 900})
        page = context.new_page()
        page.on("pageerror", lambda e: problems.append(f"error: {e}"))
        try:
            page.goto(path.as_uri() + f"?at={at}")
            page.wait_for_selector("body[data-ready='1']")
            rows = state_rows(page)
            words = Words(game, tuple(names))
            assert rows == {k: show(v) for k, v in flatten(game.view(state, 0), words).items()}
            assert not any(label.startswith("board") for label in rows), list(rows)[:5]
            assert len(rows) < 60, len(rows)
            seat = state.pending[0].seat
            assert rows["to act"] == names[seat]
            assert rows["waiting for"].startswith(f"{names[seat]} — phase 5: ")
            for s, name in enumerate(names):
                pawns = [w for w in state.wizards if w.seat == s]
                for w in pawns:
                    level = state.board.level(state.board.level_of(w.space)).name
                    said = rows[f"{name} — {level}"]
                    colour, number = w.id.rsplit("-", 1)  # as the table says the pawn
                    assert f"{w.space} ({colour} wizard {number}" in said, (name, w.id, said)
                assert rows[f"{name} — score"] == str(state.guilds[s].score)
                assert rows[f"{name} — colour"] == state.guilds[s].colour
            page.screenshot(path=str(artefacts / f"viewer-elfenwizards-{width}.png"))
            state_box = page.locator("section", has=page.locator("#state"))
            state_box.screenshot(path=str(artefacts / f"viewer-elfenwizards-state-{width}.png"))
            assert problems == []
        finally:
            context.close()


def test_a_players_name_that_reads_as_markup_leaves_the_html_export_whole(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    # "<!--" then "<script" inside the data's <script> element made the page's
    # own end tag not end it: the data ran on into the page, and nothing was drawn.
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    odd = "<!--<script>"
    gid = play_stored(
        ledger, get_game("ultimate"), 2, "markup", options={"rounds_to_win": 1}, names=[odd, "Bob"]
    )
    path = tmp_path / "game.html"
    path.write_text(export_text(ledger, gid, "html"), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        assert int(page.get_attribute("#slider", "max")) == ledger.load(gid).version
        assert odd in page.inner_text("#meta")
        page.screenshot(path=str(artefacts / "viewer-markup-name.png"))
        assert problems == []
    finally:
        context.close()


def shows_the_facts_of(page: Any, doc: dict[str, Any], positions: tuple[int, ...]) -> None:
    """At each of ``positions``, the viewer shows the facts of the document's first
    view as the Python reader rebuilds them (``export_read.facts``)."""
    by_position = facts(doc)
    for position in positions:
        go_to(page, position)
        page.wait_for_selector(f"#board >> .felt[data-position='{position}']")
        page.click("#show-facts")
        expected = by_position[position - 1][doc["views"][0]]
        assert state_rows(page) == {k: show(v) for k, v in expected.items()}
        page.click("#show-board")


# A JSON export of version 2, as the code before version 3 wrote it (a running
# three-seat game read by the operator, with a note): each view whole in every
# frame, and the dispute panels citing their rules whole.
OLD_EXPORT = Path(__file__).with_name("export-v2-ultimate.json")


def test_an_export_of_version_2_still_opens_in_the_viewer(browser: Any, tmp_path: Path) -> None:
    doc = json.loads(OLD_EXPORT.read_text(encoding="utf-8"))
    assert doc["version"] == 2
    path = tmp_path / "old.html"
    path.write_text(html_text(doc), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        # Version 2's frames: each with its position, whole ones without "*".
        assert [f["position"] for f in doc["frames"]] == list(range(1, len(doc["events"]) + 1))
        shows_the_facts_of(page, doc, (1, 9, len(doc["events"])))
        # A panel's reading, its rule said whole as version 2 wrote it.
        at, panel = next((int(k), p) for k, p in doc["disputes"].items() if p["other_readings"])
        go_to(page, at)
        reading = panel["other_readings"][0]
        assert reading["rule"]["passage"][:40] in page.inner_text("#dispute")
        assert "a note kept from before" in page.inner_text("#meta")
        screenshot(page, "viewer-export-v2")
        assert problems == []
    finally:
        context.close()


# A JSON export of version 3, as the code before version 4 wrote it (a running
# three-seat game read by the operator, with a note): a hash on every event, a
# position on every frame, what every view holds alike under "*", and the
# dispute panel of every action, citing its rules by id.
EXPORT_V3 = Path(__file__).with_name("export-v3-ultimate.json")


def test_an_export_of_version_3_still_opens_in_the_viewer(browser: Any, tmp_path: Path) -> None:
    doc = json.loads(EXPORT_V3.read_text(encoding="utf-8"))
    assert doc["version"] == 3 and "hash" in doc["events"][0] and "head" not in doc
    path = tmp_path / "v3.html"
    path.write_text(html_text(doc), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        shows_the_facts_of(page, doc, (1, 9, len(doc["events"])))
        # Version 3 held every action's panel: one with another reading, its rule
        # cited by id and said from the document's rules.
        at, panel = next((int(k), p) for k, p in doc["disputes"].items() if p["other_readings"])
        go_to(page, at)
        rule = doc["rules"][panel["other_readings"][0]["rule"]["id"]]
        assert rule["passage"][:40] in page.inner_text("#dispute")
        assert "a note kept from version 3" in page.inner_text("#meta")
        screenshot(page, "viewer-export-v3")
        assert problems == []
    finally:
        context.close()


# JSON exports of versions 4 and 5, as main's code wrote each before the next (a
# running three-seat game read by the operator, with a note on an action): version
# 4 with every event's position, type, rule and words beside its fields and each
# board patch saying a seat's prompt again; version 5 with every event its own
# entry (its words by index in ``texts``), its time as stored, whole frames every
# 100 positions. Each holds the panel of the noted action only.
EXPORTS = {
    version: Path(__file__).with_name(f"export-v{version}-ultimate.json") for version in (4, 5)
}


@pytest.mark.parametrize("version", sorted(EXPORTS))
def test_an_export_of_version_4_or_5_still_opens_in_the_viewer(
    browser: Any, tmp_path: Path, version: int
) -> None:
    doc = json.loads(EXPORTS[version].read_text(encoding="utf-8"))
    assert doc["version"] == version and doc["dispute_panels"] == "noted"
    assert ("texts" in doc) == (version == 5) and "told" not in doc
    path = tmp_path / f"v{version}.html"
    path.write_text(html_text(doc), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        positions = (1, 9, 101, len(doc["events"]))
        shows_the_facts_of(page, doc, positions)
        said = events(doc)
        for position in positions:
            go_to(page, position)
            # The event by its position and its words, never its class (h26p).
            assert f"#{position} — {said[position - 1]['text']}" in page.inner_text("#event-detail")
        # The noted action's panel, held by the file.
        at = int(next(iter(doc["disputes"])))
        go_to(page, at)
        assert doc["disputes"][str(at)]["text"] in page.inner_text("#dispute")
        assert f"a note kept from version {version}" in page.inner_text("#meta")
        screenshot(page, f"viewer-export-v{version}")
        assert problems == []
    finally:
        context.close()


def test_an_html_export_holding_its_json_as_text_still_opens(
    browser: Any, tmp_path: Path, artefacts: Path
) -> None:
    """An HTML export of version 3 as written before its document was gzipped:
    the JSON itself inside the page, which the viewer still reads."""
    doc = json.loads(EXPORT_V3.read_text(encoding="utf-8"))
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    page_text = offline_viewer("ultimate").replace(DATA + "</script>", f"{DATA}{data}</script>")
    path = tmp_path / "plain.html"
    path.write_text(page_text, encoding="utf-8")
    assert embedded_document(page_text) == doc
    context, page, problems = open_viewer(browser, path)
    try:
        last = len(doc["events"])
        assert int(page.get_attribute("#slider", "max")) == last
        go_to(page, last)
        page.wait_for_selector(f"#board >> .felt[data-position='{last}']")
        page.click("#show-facts")
        expected = facts(doc)[-1][doc["views"][0]]
        assert state_rows(page) == {k: show(v) for k, v in expected.items()}
        page.screenshot(path=str(artefacts / "viewer-plain-json.png"))
        assert problems == []
    finally:
        context.close()
