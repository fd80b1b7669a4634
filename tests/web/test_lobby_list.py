"""The lobby's list of tables in a store with more tables than it shows.

It used to fetch the oldest 1,000 tables every 3 s and show the last 100 of
them: past 1,000 tables a new one never appeared."""

from __future__ import annotations

from typing import Any

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import screenshot

TIMEOUT = 30_000


def test_the_lobby_shows_the_latest_tables_newest_first(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    made = [
        web_ledger.create_game("ultimate", ["Ann", f"Bob {n}"], seed=f"lobby-{n}").game_id
        for n in range(103)
    ]
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    rows = page.locator("#tables tbody tr")
    assert rows.count() == 100
    shown = [rows.nth(i).get_attribute("data-game") for i in range(100)]
    assert shown == [str(g) for g in reversed(made[-100:])]
    assert page.inner_text("#tables-note") == "(latest 100 of 103)"
    assert "Ann, Bob 102" in rows.nth(0).inner_text()
    # A table opened elsewhere comes in at the top at the next refresh.
    late = web_ledger.create_game("ultimate", ["Cy", "Dee"], seed="late").game_id
    page.wait_for_selector(f"#tables tbody tr:first-child[data-game='{late}']", timeout=TIMEOUT)
    assert page.inner_text("#tables-note") == "(latest 100 of 104)"
    screenshot(page, "lobby-latest")
    page.close()


def test_the_lobby_fits_a_phone_with_the_longest_game_name_chosen(
    browser: Any, server: LiveServer
) -> None:
    """A walk-through found the lobby 623 px wide on a 390 px phone: the game list's
    longest name set the column's width, cutting the name fields and option help."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", "spellwars")
    page.check("input[name=mode][value=table]")
    page.wait_for_timeout(200)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the lobby is {wide} px wide on a 390 px screen"
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#create-form input, #create-form select')]"
        ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390
    screenshot(page, "lobby-phone")
    page.close()
