"""A referee's walk through the replay viewer (the HTML export, opened offline):
an action's own position says it is the command and points to its consequences,
legal choices naming two copies of a card read apart, a reading is headed by its
words, a note in the Event panel is not indented as in the story, hidden rows say
what kind of event they hide, and on a phone the dispute panel is folded so the
story is reachable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.review.exports import document, export_text
from services.words.sentences import Words, hidden_kind
from tests.services.setups import eclair_game
from tests.web.pages import go_to, open_viewer, screenshot
from tools.simulation import play_stored

NAMES = ["Ann", "Bob"]


def exported(ledger: WizardLedger, gid: str, tmp_path: Path, viewer: Any = "all") -> Path:
    path = tmp_path / "game.html"
    path.write_text(
        export_text(ledger, gid, "html", viewer=viewer, disputes="all"), encoding="utf-8"
    )
    return path


def stored(tmp_path: Path, game_id: str, seed: str, stop_after: int) -> tuple[WizardLedger, str]:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = play_stored(ledger, get_game(game_id), 2, seed, stop_after=stop_after, names=NAMES)
    return ledger, str(gid)


def test_an_actions_own_position_says_it_is_the_command_and_points_to_its_consequences(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = stored(tmp_path, "ultimate", "command", 12)
    entries = ledger.entries(gid)
    at = next(
        e.position
        for e in entries[5:]
        if isinstance(e.event, ActionTaken)
        and e.position < len(entries)
        and not isinstance(entries[e.position].event, ActionTaken)  # it has consequences
    )
    to = next(
        (e.position - 1 for e in entries[at:] if isinstance(e.event, ActionTaken)), len(entries)
    )
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        said = page.inner_text("#changes")
        assert "nothing this view shows" not in said
        # The command as sent, in words, as the story's bold row says it.
        row = page.inner_text(f"#story .ev[data-pos='{at}']")
        action = row.removeprefix(f"#{at}").strip()
        assert said.startswith(f"Command at #{at}: {action}.")
        span = f"#{at + 1}–#{to}" if to > at + 1 else f"#{at + 1}"
        assert f"The board changes with its consequences, {span}: go to #{at + 1}" in said, said
        screenshot(page, "viewer-command-position")
        page.click("#changes a.next-consequence")
        assert page.input_value("#pos") == str(at + 1)
        assert page.inner_text("#changes").startswith(f"Changed at #{at + 1}")
        assert problems == []
    finally:
        context.close()
        ledger.close()


def test_a_note_in_the_event_panel_is_not_indented_as_in_the_story(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = stored(tmp_path, "ultimate", "note", 4)
    ledger.annotate(gid, 5, "was the card drawn in time?", "Zoé")
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, 5)
        panel = page.locator("#event-detail").bounding_box()
        note = page.locator("#event-detail .note").bounding_box()
        assert panel is not None and note is not None
        assert note["x"] - panel["x"] < 4, (note, panel)  # flush with the panel's text
        # In the story it stays under the event's words, past the "#N" column.
        row = page.locator("#story .ev[data-pos='5']").bounding_box()
        in_story = page.locator("#story .note").bounding_box()
        assert row is not None and in_story is not None
        assert in_story["x"] - row["x"] > 30
        screenshot(page, "viewer-event-note")
        assert problems == []
    finally:
        context.close()
        ledger.close()


def test_legal_choices_naming_two_copies_of_a_card_read_apart(browser: Any, tmp_path: Path) -> None:
    ledger, gid = stored(tmp_path, "spellwars", "dups", 60)
    panels = document(ledger, gid, disputes="all")["disputes"]
    at = next(
        int(p)
        for p, d in panels.items()
        if d["legal"].get("shown") and any("(copy " in i["text"] for i in d["legal"]["items"])
    )
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        legal = page.locator("#dispute details.legal-choices")
        legal.evaluate("d => d.open = true")
        items = [t.removesuffix("← sent").strip() for t in legal.locator("li").all_inner_texts()]
        assert len(items) == len(set(items)), items  # no two read the same
        copies = [t for t in items if "(copy " in t]
        assert len(copies) >= 2
        # Only the copy's number, never the id or where the card came from.
        assert not any("#" in t or "deck" in t for t in copies), copies
        legal.scroll_into_view_if_needed()
        screenshot(page, "viewer-legal-copies")
        assert problems == []
    finally:
        context.close()
        ledger.close()


def test_a_reading_is_headed_by_its_words_and_the_option_follows(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid, at = eclair_game(tmp_path)
    other = next(
        r for r in dispute(ledger, gid, at)["other_readings"] if r["option"] == "eclair_hits_caster"
    )
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        block = page.locator("#dispute .reading-block", has_text=other["reading"]).first
        head = block.locator(".reading").inner_text()
        assert head == f"{other['reading']} — different outcome", head
        named = block.locator(".option-switched").inner_text()
        recorded = str(other["recorded_value"]).lower()
        assert named.startswith(f"option eclair_hits_caster = false (recorded: {recorded}) — ")
        # What the option is about, as the header's options list says it.
        about = page.locator("#meta details.options li", has_text="Éclair hits its caster")
        assert named.split(" — ", 1)[1] in (about.text_content() or "")
        block.scroll_into_view_if_needed()
        screenshot(page, "viewer-reading-words-first")
        assert problems == []
    finally:
        context.close()
        ledger.close()


def test_a_hidden_row_says_what_kind_of_event_it_hides_and_nothing_more(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = stored(tmp_path, "ultimate", "hidden", 12)
    entries = ledger.entries(gid)
    # A spectator's export of a running game: every card drawn is hidden.
    hidden = [e for e in entries[1:] if not e.event.visibility().allows(None)]
    assert {type(e.event).__name__ for e in hidden} >= {"CardDrawn", "CardsDealt"}
    words = Words(ledger.load(gid).game, ["Ann", "Bob"], lang="en")
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path, viewer=None))
    try:
        for entry in hidden[:6]:
            go_to(page, entry.position)
            row = page.locator(f"#story .ev.hidden[data-pos='{entry.position}']")
            said = row.inner_text().removeprefix(f"#{entry.position}").strip()
            # The kind in the table page's log's words ("cards dealt — hidden from you"),
            # and nothing more: no card, no count.
            kind = words.say(hidden_kind(type(entry.event).__name__, words))
            assert said == f"{kind} — hidden from this viewer until the end", said
        screenshot(page, "viewer-hidden-rows")
        assert problems == []
    finally:
        context.close()
        ledger.close()


def test_on_a_phone_the_dispute_is_folded_and_the_story_is_reachable(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = stored(tmp_path, "spellwars", "phone-fold", 20)
    at = next(e.position for e in ledger.entries(gid)[30:] if isinstance(e.event, ActionTaken))
    path = exported(ledger, gid, tmp_path)
    context = browser.new_context(offline=True, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(path.as_uri() + f"?at={at}")
        page.wait_for_selector("body[data-ready='1']")
        fold = page.locator("#dispute-fold")
        assert fold.get_attribute("open") is None
        summary = page.locator("#dispute-fold > summary").inner_text()
        assert summary in (f"Dispute — action #{at} by {name}" for name in NAMES), summary
        # Folded, the panel is one line: the story follows it closely.
        panel = page.locator("#dispute-fold").bounding_box()
        story = page.locator("#story").bounding_box()
        assert panel is not None and story is not None
        assert panel["height"] < 60 and 0 < story["y"] - panel["y"] < 200, (panel, story)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        screenshot(page, "viewer-phone-dispute-folded")
        # A tap opens it, and it stays open from position to position.
        page.locator("#dispute-fold > summary").click()
        assert page.locator("#dispute .legal-choices").is_visible()
        page.click("#next")
        assert fold.get_attribute("open") is not None
    finally:
        context.close()
        ledger.close()


def test_on_a_desktop_the_dispute_is_open(browser: Any, tmp_path: Path) -> None:
    ledger, gid = stored(tmp_path, "spellwars", "desk-open", 10)
    at = next(e.position for e in ledger.entries(gid)[5:] if isinstance(e.event, ActionTaken))
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        assert page.locator("#dispute-fold").get_attribute("open") is not None
        assert page.locator("#dispute .legal-choices").is_visible()
        assert problems == []
    finally:
        context.close()
        ledger.close()
