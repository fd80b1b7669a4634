"""The replay viewer draws the board at every position, as the table page draws it:
in the HTML export opened offline, and on the replay page a seat opens, where the
board shows that seat's hand and nobody else's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from domain.games import get_game
from services.ledger import WizardLedger
from services.review.export_read import facts
from services.review.exports import document, export_text
from services.review.html_export import html_text
from services.words.sentences import Words
from services.words.views import flatten
from tests.services.live_server import LiveServer
from tests.services.review.exports_read_back import rebuilt
from tests.web.pages import hidden_strings, open_viewer, screenshot
from tools.simulation import play_stored

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


def board_html(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('#board').shadowRoot.innerHTML"))


def go_to(page: Any, position: int) -> None:
    page.locator("#slider").fill(str(position))
    page.wait_for_selector(f"#board >> .felt[data-position='{position}']")


def exported(
    tmp_path: Path, game_id: str, players: int, seed: str, **play: Any
) -> tuple[WizardLedger, Any, Path]:
    """A game played by bots into a store under ``tmp_path`` (the first players of
    ``NAMES``), and its HTML export there: the store, the game's id, the file."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = play_stored(ledger, get_game(game_id), players, seed, names=NAMES[:players], **play)
    path = tmp_path / "game.html"
    path.write_text(export_text(ledger, gid, "html"), encoding="utf-8")
    return ledger, gid, path


@pytest.mark.parametrize("game_id", ["ultimate", "spellwars", "elfenwizards", "orctower"])
def test_the_html_export_draws_each_positions_board_offline(
    game_id: str, browser: Any, tmp_path: Path
) -> None:
    players = max(2, get_game(game_id).spec.min_players)
    ledger, gid, path = exported(tmp_path, game_id, players, "board", stop_after=30)
    context, page, problems = open_viewer(browser, path)
    try:
        last = ledger.load(gid).version
        for position in (1, last // 2, last):
            go_to(page, position)
            board = page.locator("#board")
            assert board.is_visible() and not page.locator("#facts-box").is_visible()
            text = page.locator("#board .felt").inner_text()
            assert all(name in text for name in NAMES[:players]), text[:300]
            # The operator's export is nobody's own: it is seen through Ann's eyes.
            assert "Ann (this view)" in text and "(you)" not in text
            screenshot(page, f"viewer-board-{game_id}-{position}")
        # The facts are one click away, and the board one click back.
        page.click("#show-facts")
        assert page.locator("#facts-box").is_visible() and not page.locator("#board").is_visible()
        page.click("#show-board")
        assert page.locator("#board").is_visible()
        # Seen by another seat: that seat's hand is drawn as its own.
        page.select_option("#view-select", "Bob")
        page.wait_for_selector("#board >> .felt")
        assert "Ann's hand" not in board_html(page)
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("game_id", "players"), [("spellwars", 2), ("spellwars", 6), ("ultimate", 4)]
)
def test_the_viewer_reads_every_positions_boards_as_the_export_says_them(
    browser: Any, tmp_path: Path, game_id: str, players: int
) -> None:
    """The viewer's boards (``boardAt``) and facts (``factsAt``), each view at every
    position, are those the export's reference readers rebuild: Spell Wars, whose
    board every seat sees alike is kept once under "*", then patched seat by seat
    (a patch of one seat's view once reached the other's too), with its prompts
    said once; at six seats a spell turned up for all but its caster is one
    change for all (version 6); ultimate's discard pile grows by its new cards."""
    ledger, gid, path = exported(tmp_path, game_id, players, "board", stop_after=60)
    doc = document(ledger, gid)
    expected = rebuilt(doc)
    expected_facts = facts(doc)
    context, page, problems = open_viewer(browser, path)
    try:
        got = page.evaluate(
            """async (doc) => {
              const { boardAt, factsAt } = await import("wl/viewer/frames.js");
              const { readable } = await import("wl/viewer/read.js");
              doc = readable(doc);
              const out = [];
              for (let p = 1; p <= doc.boards.length; p++) {
                const board = boardAt(doc, p), facts = factsAt(doc, p).facts;
                out.push([structuredClone(board), structuredClone(facts)]);
              }
              return out;
            }""",
            doc,
        )
        assert len(got) == len(expected) == ledger.load(gid).version
        for at, ((board, fact), py) in enumerate(zip(got, expected, strict=True), start=1):
            assert board == py, at
            assert fact == expected_facts[at - 1], at
        assert problems == []
    finally:
        context.close()


def test_the_board_follows_the_slider_with_the_life_of_each_wizard(
    browser: Any, tmp_path: Path
) -> None:
    game = get_game("ultimate")
    ledger, gid, path = exported(
        tmp_path, "ultimate", 2, "board-life", options={"rounds_to_win": 1}
    )
    context, page, problems = open_viewer(browser, path)
    try:
        last = ledger.load(gid).version
        seen: set[tuple[int, ...]] = set()
        for position in sorted({2, last // 3, last // 2, (2 * last) // 3, last - 1, last}):
            go_to(page, position)
            state = ledger.load(gid, position).fold.state
            expected = tuple(p["life"] for p in game.view(state, 0)["players"])
            life = "#board >> div.seat[data-seat='{}'] span.stat[title='life'] b"
            drawn = tuple(int(page.inner_text(life.format(s))) for s in range(2))
            assert drawn == expected, position
            seen.add(drawn)
        assert len(seen) > 1  # the positions chosen do differ
        # Stepping back one position from the end draws that position's board.
        page.click("#back")
        page.wait_for_selector(f"#board >> .felt[data-position='{last - 1}']")
        # Under the board, what the position changed: a wizard's life, in words.
        words = Words(game, tuple(NAMES[:2]))
        hit = next(
            p
            for p in range(2, last + 1)
            if game.view(ledger.load(gid, p).fold.state, 0)["players"]
            != game.view(ledger.load(gid, p - 1).fold.state, 0)["players"]
        )
        go_to(page, hit)
        before = flatten(game.view(ledger.load(gid, hit - 1).fold.state, 0), words)
        after = flatten(game.view(ledger.load(gid, hit).fold.state, 0), words)
        said = page.inner_text("#changes")
        assert said.startswith(f"Changed at #{hit}")
        changed = [k for k in after if before.get(k) != after[k]]
        assert changed and all(k in said for k in changed[:8]), (changed, said)
        assert problems == []
    finally:
        context.close()


def test_a_seats_replay_page_draws_its_own_hand_and_no_other(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    with server.client() as c:
        r = c.post("/tables", json={"game": "spellwars", "players": NAMES[:2], "seed": "board"})
        assert r.status_code == 201, r.text
        table = r.json()
    gid = table["game_id"]
    game = get_game("spellwars")
    for _ in range(3):  # both seats place a spell, and it resolves
        state = web_ledger.load(gid).fold.state
        if not state.pending:
            break
        seat = state.pending[0].seat
        command = game.legal_commands(state, seat)[0]
        web_ledger.act(gid, seat, command)
    seat = table["seats"][0]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay/{gid}#token={seat['token']}")
        page.wait_for_selector("body[data-ready='1']")
        position = web_ledger.load(gid).version
        go_to(page, position)
        html = board_html(page)
        assert "Ann's hand" in html and "Ann (you)" in html
        hand = [c["id"] for c in game.view(web_ledger.load(gid).fold.state, 0)["hand"]]
        assert hand and all(f'data-card="{card}"' in html for card in hand)
        leaked = sorted(s for s in hidden_strings(web_ledger, gid, 0) if s in html)
        assert not leaked, leaked[:5]
        screenshot(page, "replay-board-seat")
    finally:
        context.close()


def test_an_export_made_before_boards_shows_its_facts(browser: Any, tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    game = get_game("orctower")
    gid = play_stored(ledger, game, 2, "old-export", stop_after=10, names=NAMES[:2])
    doc = document(ledger, gid, disputes="none")
    for added in ("seats", "boards", "faces"):  # what version 2 held before boards
        del doc[added]
    path = tmp_path / "old.html"
    path.write_text(html_text(doc), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        assert not page.locator("#state-switch").is_visible()
        assert not page.locator("#board").is_visible()
        assert page.locator("#facts-box").is_visible()
        assert page.locator("#state tr").count() > 5
        assert problems == []
    finally:
        context.close()


def test_an_elfenwizards_opening_draws_each_piece_from_its_event_on(
    browser: Any, tmp_path: Path
) -> None:
    """Slid through the set-up: an empty pyramid and no dragon at #1, the pawns
    from #6 (their event), the dragon from #8 with the player the roll named."""
    ledger, gid, path = exported(tmp_path, "elfenwizards", 3, "opening", stop_after=2)
    holder = NAMES[ledger.load(gid, at=8).fold.state.dragon]
    context, page, problems = open_viewer(browser, path)
    try:
        for position, pawns, dragon in ((1, 0, "not given yet"), (6, 24, "not given yet")):
            go_to(page, position)
            felt = page.locator("#board .felt")
            assert f"Dragon {dragon}" in felt.inner_text()
            assert felt.locator(".wiz").count() == pawns
            assert "holds the dragon" not in felt.inner_text()
            screenshot(page, f"viewer-board-elfenwizards-opening-{position}")
        go_to(page, 8)
        felt = page.locator("#board .felt")
        assert f"Dragon {holder}" in felt.inner_text() and felt.locator(".wiz").count() == 24
        said = felt.inner_text().replace(" (this view)", "")
        assert re.search(rf"{holder} — \w+ guild · holds the dragon", said), said
        screenshot(page, "viewer-board-elfenwizards-opening-8")
        assert not problems
    finally:
        context.close()
        ledger.close()


def test_on_a_phone_the_board_comes_first_and_nothing_overflows(
    browser: Any, tmp_path: Path
) -> None:
    _, _, path = exported(tmp_path, "spellwars", 2, "phone", stop_after=20)
    context = browser.new_context(offline=True, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(path.as_uri() + "?at=20")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector("#board >> .felt[data-position='20']")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        board = page.locator("#board").bounding_box()
        story = page.locator("#story").bounding_box()
        assert board is not None and story is not None and board["y"] < story["y"]
        screenshot(page, "viewer-board-phone")
    finally:
        context.close()
