"""Orc tower's own table drawing in a real browser: the board in the game's terms.

The page must put each creature the state holds in its quarter and section,
each mage on its tower space, and show the markers, destiny, counters,
palette and hunting boards as the state has them.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel.phrases import plain
from domain.orctower.data import destiny_name
from domain.orctower.words import destiny_shows
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import check_no_hidden_cards, new_phone_table, open_seat, screenshot, seat_link

# The base game, and with the modules that put more on the board (terrain
# tiles on the middle sections, brooding toads among the creatures).
MODULES = {"base": {}, "modules": {"terrain": True, "toad": "shaman"}}


@pytest.mark.parametrize("look", sorted(MODULES))
def test_the_orctower_table_shows_the_board_by_quarter_and_section(
    look: str, browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    names = ["Ann", "Bob"]
    with server.client() as c:
        body = {"game": "orctower", "players": names, "seed": "web-ot", "options": MODULES[look]}
        r = c.post("/tables", json=body)
        assert r.status_code == 201, r.text
        table = r.json()
    gid = table["game_id"]
    seat = table["seats"][0]
    page = open_seat(browser, seat_link(server, gid, seat["seat"], seat["token"]))
    loaded = web_ledger.load(gid)
    view = loaded.game.view(loaded.fold.state, 0)
    page.wait_for_selector("#ot-map", timeout=15_000)

    assert view["creatures"], "the opening puts creatures on the board"
    for cr in view["creatures"]:
        where = (
            f".ot-quarter[data-quarter='{cr['quarter']}'] "
            f".ot-section[data-section='{cr['section']}'] "
            f".ot-creature[data-creature='{cr['id']}']"
        )
        assert page.locator(where).count() == 1, f"{cr['id']} not at {where}"
    assert page.locator(".ot-creature").count() == len(view["creatures"])
    # Each creature shows its name and its hit points left as they stand now.
    for cr in view["creatures"]:
        text = page.inner_text(f".ot-creature[data-creature='{cr['id']}']")
        assert cr["name"] in text and f"{cr['hp'] - cr['damage']}/{cr['hp']}" in text
    assert any(cr["name"] == "Golem de lave" and cr["hp"] >= 4 for cr in view["creatures"])

    for p in view["players"]:
        space = f".ot-quarter[data-quarter='{p['space']}']"
        mage = page.locator(f"{space} .ot-mage[data-seat='{p['seat']}']")
        assert mage.inner_text().endswith(names[p["seat"]])
    for q, n in enumerate(view["markers"], start=1):
        assert page.inner_text(f".ot-quarter[data-quarter='{q}'] .ot-stack") == f"▦ {n}"
    card = view["destiny_card"]
    assert card is not None, "the first round has its destiny card"
    destiny = page.inner_text("#ot-destiny")
    # The card by the rulebook's name and what it shows, not our id.
    assert destiny_name(card["id"]) in destiny and card["id"] not in destiny
    assert (
        plain(destiny_shows(card["moves"], card["quarters"], card["sections"], "")).split(";")[0]
        in destiny
    )
    for t, n in view["counters"].items():
        assert page.inner_text(f"#ot-counters .ot-trow[data-type='{t}'] b") == str(n)
    assert page.locator("#ot-palette .card").count() == len(view["palette"])
    assert page.locator(".ot-hunt").count() == len(names)
    for t in view["terrain"]:
        where = (
            f".ot-quarter[data-quarter='{t['quarter']}'] .ot-section[data-section='{t['section']}']"
        )
        assert page.locator(f"{where} .ot-terrain[data-kind='{t['kind']}']").count() == 1
    assert page.locator(".ot-terrain").count() == len(view["terrain"])
    assert bool(view["terrain"]) == (look == "modules")

    check_no_hidden_cards(page, web_ledger, gid, 0)
    screenshot(page, f"orctower-board-{look}")
    assert page.errors == []
    page.context.close()


def _first_seat_link(server: LiveServer, seed: str) -> str:
    """A two-player orc tower opened over HTTP: the first seat's page."""
    table = new_phone_table(server, "orctower", ["Ann", "Bob"], seed)
    return seat_link(server, table["game_id"], 0, table["seats"][0]["token"])


def test_on_a_phone_the_board_fits_and_every_creature_is_named_whole(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    link = _first_seat_link(server, "web-ot-phone")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector("#ot-map", timeout=15_000)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        # No creature's name is cut: each fits in the box drawn for it.
        cut = page.eval_on_selector_all(
            ".ot-creature .ot-cname",
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)",
        )
        assert page.locator(".ot-creature").count() > 0 and cut == []
        screenshot(page, "orctower-phone")
    finally:
        context.close()


def test_on_a_desktop_the_palette_lies_in_a_row_under_the_tower(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    link = _first_seat_link(server, "web-ot-row")
    page = open_seat(browser, link)
    page.wait_for_selector("#ot-palette .card", timeout=15_000)
    tops = page.eval_on_selector_all(
        "#ot-palette .card", "cs => cs.map(c => Math.round(c.getBoundingClientRect().top))"
    )
    # Six cards in at most two rows, not one card a row (a tall tower).
    assert len(tops) == 6 and len(set(tops)) <= 2, tops
    assert page.errors == []
    page.context.close()
