"""The lobby's list of tables in a store with more tables than it shows.

It used to fetch the oldest 1,000 tables every 3 s and show the last 100 of
them: past 1,000 tables a new one never appeared."""

from __future__ import annotations

from typing import Any

from services.ledger import WizardLedger
from tests.services.conftest import LiveServer
from tests.web.conftest import screenshot

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
