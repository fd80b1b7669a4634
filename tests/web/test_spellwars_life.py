"""In Chromium: Spell Wars' life is drawn against the rules' own limits — life may
rise above the 20 a round starts with, up to 25, and the table never says "22/20"."""

from __future__ import annotations

from typing import Any

from domain.spellwars import GAME as SPELLWARS
from services.ledger import WizardLedger
from tests.domain.spellwars.scenario import cast
from tests.services.live_server import LiveServer
from tests.web.pages import open_seat, screenshot, seat_link


def test_a_life_above_the_starting_twenty_is_shown_as_it_is(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    g, _ = cast({"source": "taleboulas#1"})
    setup = {**SPELLWARS.position(g.state), "life": [22, 25, 3]}
    created = web_ledger.create_game("spellwars", ["Ann", "Bob", "Cy"], seed="life", setup=setup)
    gid, token = str(created.game_id), dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, gid, 0, token))
    stats = page.locator("#public .seat .stat[title^='life']").all_inner_texts()
    assert [s.strip() for s in stats] == ["♥ 22", "♥ 25", "♥ 3"]
    assert "/20" not in page.inner_text("#public")
    # The bar is drawn against the cap of 25: full at 25, not overflowing at 22.
    widths = page.eval_on_selector_all(
        "#public .seat .meter span", "els => els.map(e => parseFloat(e.style.width))"
    )
    assert widths == [88, 100, 12]
    screenshot(page, "spellwars-life-above-twenty")
    assert page.errors == []
    page.context.close()
