"""A referee settling a disputed ruling in the replay viewer (the HTML export,
opened offline): the notes are found from the top of the page, the first
difference of another reading is marked where it is, a reading the engine cannot
decide is not called a different outcome, the story stays in sight beside a long
dispute, and on a phone the step buttons stay together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.review.exports import export_text
from services.words.dispute import dispute_text
from tests.services.setups import eclair_game
from tests.web.pages import go_to, open_viewer, screenshot
from tools.simulation import play_stored

NAMES = ["Ann", "Bob"]


def exported(ledger: WizardLedger, gid: str, tmp_path: Path) -> Path:
    path = tmp_path / "game.html"
    # Every action's panel, as a referee exports a game to settle it at the table.
    path.write_text(export_text(ledger, gid, "html", disputes="all"), encoding="utf-8")
    return path


def spellwars_game(tmp_path: Path) -> tuple[WizardLedger, str]:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = play_stored(ledger, get_game("spellwars"), 2, "referee", stop_after=20, names=NAMES)
    return ledger, str(gid)


def actions(ledger: WizardLedger, gid: str) -> list[int]:
    return [e.position for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)]


def test_the_referees_notes_are_listed_at_the_top_and_open_their_position(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = spellwars_game(tmp_path)
    late = actions(ledger, gid)[-1]
    ledger.annotate(gid, 12, "Bob asked whether the spell was placed in time", "Zoé")
    ledger.annotate(gid, late, "the table played it the other way", "Zoé")
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        # Opened at #1, far from either note: both are named in the header.
        notes = page.locator("#notes-list")
        assert notes.is_visible() and "Referees' notes (2)" in notes.inner_text()
        items = page.locator("#notes-list li")
        assert items.count() == 2
        assert items.nth(1).inner_text() == f"#{late} Zoé: the table played it the other way"
        items.nth(1).click()
        assert page.input_value("#pos") == str(late)
        assert "the table played it the other way" in page.inner_text("#event-detail")
        screenshot(page, "referee-notes")
        items.nth(0).click()
        assert page.input_value("#pos") == "12"
        assert problems == []
    finally:
        context.close()


def test_an_export_without_notes_shows_no_notes_list(browser: Any, tmp_path: Path) -> None:
    ledger, gid = spellwars_game(tmp_path)
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        assert page.locator("#notes-list").count() == 0
        assert problems == []
    finally:
        context.close()


def test_the_first_difference_is_marked_in_both_columns_and_one_click_away(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid, at = eclair_game(tmp_path)
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        reading = page.locator("#dispute .side", has_text="Ann attacks Bob with Éclair")
        marked = reading.locator("li.first-diff")
        assert marked.count() == 2
        assert marked.nth(0).inner_text().startswith("Ann takes 1 damage from Éclair (life 8)")
        assert marked.nth(1).inner_text().startswith("Ann attacks Bob with Éclair")
        # The cited rules' passages are folded: the readings come first to the eye.
        cited = page.locator("#dispute details.cited")
        assert cited.count() == 1 and cited.get_attribute("open") is None
        assert "ultimate.ruling.lightning-caster" in cited.locator("summary").inner_text()
        assert not cited.locator("blockquote").first.is_visible()
        screenshot(page, "referee-difference")
        page.click("#dispute a.jump >> text=go to #" + str(at + 2))
        assert page.input_value("#pos") == str(at + 2)
        assert "Ann takes 1 damage from Éclair" in page.inner_text("#event-detail")
        assert problems == []
    finally:
        context.close()


def orctower_with_undecided_reading(tmp_path: Path) -> tuple[WizardLedger, str, int]:
    """An Orc Tower game where a module's set-up choice (which base creature the
    Crapaud Couveur replaces), switched mid-game, names material no position of
    the game holds."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = str(play_stored(ledger, get_game("orctower"), 2, "undecided", stop_after=45, names=NAMES))
    for at in actions(ledger, gid):
        report = dispute(ledger, gid, at)
        if any(r.get("undecided") for r in report["other_readings"]):
            return ledger, gid, at
    raise AssertionError("no reading the engine cannot decide in this game")


def test_a_reading_the_engine_cannot_decide_is_not_called_a_different_outcome(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid, at = orctower_with_undecided_reading(tmp_path)
    report = dispute(ledger, gid, at)
    undecided = [r for r in report["other_readings"] if r.get("undecided")]
    assert all(
        r["refused"].startswith(("the engine fails here", "the position cannot be read"))
        for r in undecided
    )
    # A ruling's own refusal stays a different outcome, with no such mark.
    assert not any(
        r.get("undecided") for r in report["other_readings"] if "refused under" in r["refused"]
    )
    text = dispute_text(report)
    line = next(x for x in text.splitlines() if x.startswith(f"  {undecided[0]['option']} = "))
    assert line.endswith("cannot be decided again from this position"), line
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        # Folded into one line naming each: they were two red blocks on most actions.
        fold = page.locator("#dispute details.undecided-readings")
        assert fold.get_attribute("open") is None
        said = fold.locator("summary").inner_text()
        assert said.startswith(f"{len(undecided)} other readings cannot be decided again"), said
        # Each value as the page says it (a switched module: "yes").
        values = [
            ("yes" if v else "no") if isinstance(v := r["value"], bool) else v for r in undecided
        ]
        assert all(
            f"{r['option']} = {v}" in said for r, v in zip(undecided, values, strict=True)
        ), said
        fold.locator("summary").click()
        heads = fold.locator(".reading", has_text=undecided[0]["reading"])
        assert "cannot be decided again from this position" in heads.first.inner_text()
        assert fold.locator(".differs").count() == 0
        assert "first difference" not in fold.inner_text()
        page.locator("#dispute").scroll_into_view_if_needed()
        screenshot(page, "referee-undecided")
        assert problems == []
    finally:
        context.close()


def test_the_story_stays_in_sight_beside_a_long_dispute(browser: Any, tmp_path: Path) -> None:
    ledger, gid = spellwars_game(tmp_path)
    at = actions(ledger, gid)[2]
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        go_to(page, at)
        page.locator("#dispute details.cited").evaluate("d => d.open = true")
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height > 1400, height  # the page scrolls well past the window (1000 px)
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        box = page.locator("#story").bounding_box()
        controls = page.locator("#controls").bounding_box()
        assert box is not None and controls is not None
        # Under the sticky controls, inside the window, still clickable.
        assert box["y"] >= controls["y"] + controls["height"] - 1
        assert box["y"] + 100 < 1000, box
        page.locator(f"#story .ev[data-pos='{at + 1}']").click()
        assert page.input_value("#pos") == str(at + 1)
        screenshot(page, "referee-story-in-sight")
        assert problems == []
    finally:
        context.close()


def test_on_a_phone_the_step_buttons_stay_together_under_the_slider(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = spellwars_game(tmp_path)
    path = exported(ledger, gid, tmp_path)
    context = browser.new_context(offline=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(path.as_uri() + "?at=12")
        page.wait_for_selector("body[data-ready='1']")
        boxes = [page.locator(f"#{b}").bounding_box() for b in ("first", "back", "next", "last")]
        tops = {round(b["y"]) for b in boxes if b}
        assert len(tops) == 1, boxes  # one row: ▶| is not left alone on a line
        slider = page.locator("#slider").bounding_box()
        assert slider is not None and slider["width"] > 300
        assert slider["y"] < boxes[0]["y"]  # type: ignore[index]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        # The sticky bar leaves most of the screen to the board.
        assert page.locator("#controls").bounding_box()["height"] < 180  # type: ignore[index]
        page.click("#next")
        assert page.input_value("#pos") == "13"
        screenshot(page, "referee-phone-controls")
    finally:
        context.close()


def test_the_header_says_whose_views_the_replay_holds_in_other_words_than_the_menu(
    browser: Any, tmp_path: Path
) -> None:
    ledger, gid = spellwars_game(tmp_path)
    context, page, problems = open_viewer(browser, exported(ledger, gid, tmp_path))
    try:
        meta = page.inner_text("#meta")
        # The operator's export holds every player's view; the menu picks one.
        assert "this replay holds every player's view" in meta and "seen by" not in meta
        assert page.inner_text("#view-select").split() == NAMES
        assert problems == []
    finally:
        context.close()
