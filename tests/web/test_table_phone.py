"""The table page on a phone (390 × 844): what a player at a real table taps.

Each test opens a seat in a 390 px wide context, as a phone would, and checks
one thing a player relies on there: no sideways scrolling, buttons a finger can
hit, the only kind of move opened at once, a composed spell sent with one tap,
and the turn said (with a way to the move and the story) wherever the page is
scrolled. The desktop layout (1400 px) keeps its bar without the phone's parts.
"""

from __future__ import annotations

from typing import Any

import httpx

from domain.spellwars import GAME as SPELLWARS
from services.ledger import WizardLedger
from tests.domain.spellwars.scenario import cast
from tests.services.live_server import LiveServer
from tests.web.pages import (
    ARTIFACTS,
    TIMEOUT,
    new_phone_table,
    one_of_each_kind,
    position,
    screenshot,
    seat_link,
    wait_position,
)

PHONE = {"width": 390, "height": 844}


def open_phone(browser: Any, url: str, viewport: dict[str, int] = PHONE) -> Any:
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    return page


def seat_page(browser: Any, server: LiveServer, table: dict[str, Any], seat: int, **kw: Any) -> Any:
    token = table["seats"][seat]["token"]
    return open_phone(browser, seat_link(server, table["game_id"], seat, token), **kw)


def act_as(server: LiveServer, table: dict[str, Any], seat: int, pick: Any) -> None:
    """The seat sends its first legal command that ``pick`` accepts, over HTTP."""
    gid, auth = table["game_id"], {"Authorization": f"Bearer {table['seats'][seat]['token']}"}
    legal = httpx.get(f"{server.url}/tables/{gid}/legal?seat={seat}", headers=auth).json()
    cmd = next(cmd for cmd in legal if pick(cmd))
    body = {"seat": seat, "command": cmd}
    r = httpx.post(f"{server.url}/tables/{gid}/act", json=body, headers=auth)
    assert r.status_code == 200, r.text


def close_clean(page: Any) -> None:
    assert page.errors == []
    page.context.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 390 px phone"


def in_view(page: Any, selector: str) -> dict[str, float]:
    """The element's box on screen; it must lie within the phone's screen."""
    box = page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }",
        selector,
    )
    assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], f"{selector} off screen: {box}"
    assert box["left"] >= 0 and box["right"] <= PHONE["width"], f"{selector} off screen: {box}"
    return dict(box)


def screenshot_at(page: Any, name: str) -> None:
    """What the phone's screen shows where it is scrolled, not the whole page."""
    folder = ARTIFACTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


def test_the_moves_buttons_are_big_enough_for_a_finger(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_phone_table(server, "ultimate", ["Ann", "Bob"], "phone-taps")
    gid = table["game_id"]
    seat = web_ledger.load(gid).fold.state.pending[0].seat
    page = seat_page(browser, server, table, seat)
    no_sideways_scroll(page)
    heights = page.evaluate(
        "[...document.querySelectorAll('#actions button, #turn-bar button')]"
        ".filter(b => b.offsetParent).map(b => [b.innerText, b.getBoundingClientRect().height])"
    )
    assert heights, "no button to tap on the seat whose turn it is"
    small = [(text, h) for text, h in heights if h < 44]
    assert not small, f"buttons under 44 px high: {small}"
    cites = page.evaluate(
        "[...document.querySelectorAll('#story .rule-ref')]"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert cites and min(cites) >= 24, f"rule citations {min(cites)} px high"
    screenshot(page, "phone-ultimate-buttons")
    close_clean(page)


def test_the_only_kind_of_move_is_open_at_once_and_one_tap_sends_a_spell(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_phone_table(server, "spellwars", ["Ann", "Bob", "Cy"], "phone-compose")
    gid = table["game_id"]
    page = seat_page(browser, server, table, 0)
    no_sideways_scroll(page)
    # "Place your spell" is the only move: its question is asked without a tap, the
    # hand's cards take a tap at once, and there is nothing to cancel yet.
    assert page.inner_text("#actions .step .q").startswith("Compose your spell")
    assert page.locator("#hand .card.pickable").count() > 0
    assert "cancel" not in page.inner_text("#actions")
    picked = one_of_each_kind(page, "#hand .card.pickable")
    for card_id in picked:
        page.tap(f"#hand .card[data-card='{card_id}']")
    # One tap sends the spell: no "Done" before the "Send".
    assert page.locator("#compose-done").count() == 0
    head = position(page)
    page.locator("#send").scroll_into_view_if_needed()
    screenshot(page, "phone-spellwars-compose")
    page.tap("#send")
    wait_position(page, head + 1)
    placed = [e.event for e in web_ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"]
    assert [p.seat for p in placed] == [0]
    assert sorted(placed[0].command["cards"]) == sorted(picked)
    close_clean(page)


def test_the_turn_stays_on_screen_with_ways_to_the_move_and_the_story(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_phone_table(server, "ultimate", ["Ann", "Bob"], "phone-turn")
    gid = table["game_id"]
    first = web_ledger.load(gid).fold.state.pending[0].seat
    other = 1 - first
    page = seat_page(browser, server, table, other)
    assert page.get_attribute("#turn", "data-yours") == "0"
    assert page.is_hidden("#to-move")  # not this seat's move: nothing to go to
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    # The other seat plays until the turn comes to this one, read on the page's story.
    for _ in range(10):
        if web_ledger.load(gid).fold.state.pending[0].seat == other:
            break
        act_as(server, table, first, lambda cmd: cmd["type"] in ("Draw", "EndTurn"))
    assert web_ledger.load(gid).fold.state.pending[0].seat == other
    page.wait_for_function("document.querySelector('#turn').dataset.yours === '1'", timeout=TIMEOUT)
    # Scrolled to the bottom, the phone still says it is this seat's turn.
    assert page.evaluate("window.scrollY") > 0
    in_view(page, "#turn")
    assert page.inner_text("#turn").startswith("Your turn")
    screenshot_at(page, "phone-ultimate-turn-scrolled")
    page.tap("#to-move")
    page.wait_for_timeout(900)  # the smooth scroll
    move = in_view(page, "#actions-panel h2")
    bar = in_view(page, "#turn-bar")
    assert move["top"] >= bar["bottom"], "the move lies under the turn bar"
    screenshot_at(page, "phone-ultimate-to-move")
    page.tap("#to-story")
    page.wait_for_timeout(900)
    in_view(page, "#story-panel h2")
    in_view(page, "#story .line")  # the newest line
    no_sideways_scroll(page)
    close_clean(page)


def test_a_desktop_keeps_its_layout_without_the_phones_parts(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_phone_table(server, "spellwars", ["Ann", "Bob", "Cy"], "desktop-bar")
    page = seat_page(browser, server, table, 0, viewport={"width": 1400, "height": 1000})
    assert page.is_hidden("#to-move") and page.is_hidden("#to-story")
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#turn-bar')).position") == "static"
    )
    # The banner spans the page's width, as before the bar held it.
    widths = page.evaluate(
        "[document.querySelector('#turn').offsetWidth,"
        " document.querySelector('main .layout').offsetWidth]"
    )
    assert widths[0] == widths[1], widths
    screenshot(page, "desktop-spellwars-bar")
    close_clean(page)


def test_the_orc_towers_questions_say_what_they_ask(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """A walk-through met "Choose slot" and the buttons 0 to 5 when learning a spell."""
    table = new_phone_table(server, "orctower", ["Ann", "Bob", "Cy"], "phone-learn")
    gid = table["game_id"]
    seat = web_ledger.load(gid).fold.state.pending[0].seat
    # The seat reveals a marker, then casts a Spell Book: a knowledge spell, which learns.
    act_as(server, table, seat, lambda cmd: cmd["type"] == "RevealMarker")
    act_as(
        server, table, seat, lambda c: c["type"] == "Cast" and c["card"].startswith("spell_book")
    )
    page = seat_page(browser, server, table, seat)
    page.tap("#actions button[data-type='Learn']")
    assert page.inner_text("#actions .step .q") == "Which card of the palette?"
    # Each slot offered by the card the board's palette shows in its place.
    drawn = page.locator("#ot-palette .card .name").all_inner_texts()
    buttons = page.locator("#actions .choices button[data-field='slot']")
    slots = [int(v) for v in buttons.evaluate_all("bs => bs.map(b => b.dataset.value)")]
    offered = buttons.all_inner_texts()
    assert slots and offered == [f"{drawn[n]} (palette slot {n})" for n in slots], offered
    page.tap("#actions button[data-field='slot']")
    summary = page.inner_text("#summary")
    assert summary == f"Learn a spell: {offered[0]}", summary
    screenshot(page, "phone-orctower-learn")
    head = position(page)
    page.tap("#send")
    wait_position(page, head + 1)
    # The story says the slot alone: the card in it now is another one.
    page.wait_for_selector(
        f"#story .line:has-text('learns the spell in palette slot {slots[0]} ')", timeout=TIMEOUT
    )
    no_sideways_scroll(page)
    close_clean(page)


def test_a_spell_wars_option_is_asked_with_the_cards_text(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """A walk-through met "Groclonar: choose an option", "Your choice", and the buttons 1 and 2."""
    g, _ = cast({"quality": "groclonar#1"})
    setup = SPELLWARS.position(g.state)
    created = web_ledger.create_game("spellwars", ["Ann", "Bob", "Cy"], seed="option", setup=setup)
    table = {"game_id": str(created.game_id), "seats": [{"token": t} for _, t in created.seats]}
    page = seat_page(browser, server, table, 0)
    assert page.inner_text("#turn") == "Your turn — Groclonar: choose an option"
    question = page.inner_text("#actions .step .q")
    assert question.startswith("Which option of Groclonar? « Choisissez une option : infligez 2")
    offered = page.locator("#actions .choices button[data-field='choice']").all_inner_texts()
    assert offered == ["option 1", "option 2"]
    page.locator("#actions-panel").scroll_into_view_if_needed()
    screenshot_at(page, "phone-spellwars-option")
    head = position(page)
    page.tap("#actions button[data-field='choice']")
    assert page.inner_text("#summary") == "Choose: option 1"
    page.tap("#send")
    wait_position(page, head + 1)
    no_sideways_scroll(page)
    close_clean(page)
