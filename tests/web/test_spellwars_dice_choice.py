"""In Chromium: a choice between two dice (Castoramax rolled 4 and 2: which deals
the damage?) offers its buttons as dice, « le 4 » / "the 4", never as a card's
numbered options ("option 4"), in French and English."""

from __future__ import annotations

from typing import Any

import pytest

from domain.spellwars import GAME as SPELLWARS
from services.ledger import WizardLedger
from tests.domain.spellwars.scenario import cast
from tests.services.live_server import LiveServer
from tests.web.pages import open_seat, screenshot, seat_link


@pytest.mark.parametrize(
    ("locale", "question", "said", "unsaid"),
    [
        ("fr-FR", "quel dé inflige les dégâts ?", ["le 4", "le 2"], "option"),
        ("en-GB", "which die deals the damage?", ["the 4", "the 2"], "option"),
    ],
)
def test_the_buttons_of_a_choice_between_two_dice_say_dice(
    browser: Any,
    server: LiveServer,
    web_ledger: WizardLedger,
    locale: str,
    question: str,
    said: list[str],
    unsaid: str,
) -> None:
    g, _ = cast({"source": "castoramax#1"}, players=2, values=[4, 2])
    setup = SPELLWARS.position(g.state)
    created = web_ledger.create_game("spellwars", ["Ann", "Bob"], seed="dice", setup=setup)
    gid, token = str(created.game_id), dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, gid, 0, token), locale=locale)
    page.wait_for_selector("#actions button", timeout=15_000)
    asked = page.inner_text("#actions")
    assert question in asked and "option" not in asked.split("«")[0].lower(), asked
    buttons = [b.strip() for b in page.locator("#actions button").all_inner_texts()]
    assert all(any(s in b for b in buttons) for s in said), buttons
    assert not any(unsaid in b.lower() for b in buttons), buttons
    screenshot(page, f"spellwars-dice-choice-{locale}")
    assert page.errors == []
    page.context.close()
