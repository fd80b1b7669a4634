"""In Chromium: the lobby shows a game's options in words (a label, the reading
each value selects: the value sent stays the option's own), and never opens a table
where a seat is left unnamed among named players (a count kept from another
game would have sat a third player down as "seat 2")."""

from __future__ import annotations

from typing import Any

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import TIMEOUT, screenshot


def test_the_lobby_says_options_in_words_and_names_every_player(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", "elfenwizards")
    options = page.inner_text("#options")
    assert "Points per grey magic token" in options
    assert "Only the owner may place spells beside" in options
    assert "grey cost" not in options and "owner only" not in options
    assert page.input_value("#opt-uncontested_support") == "owner_only"
    # Three seats for Elfenwizards, then Sorcier ultime keeps three: two named.
    page.select_option("#seats", "3")
    page.select_option("#game", "ultimate")
    assert page.input_value("#seats") == "3"
    names = page.locator("#names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    page.click("#create")
    page.wait_for_selector("#create-error:not(:empty)", timeout=TIMEOUT)
    assert "Name every player, or none: 3 seats, 2 named." in page.inner_text("#create-error")
    assert web_ledger.game_ids() == []  # nothing opened
    screenshot(page, "lobby-unnamed-seat")
    page.close()
