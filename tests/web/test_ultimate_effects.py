"""In Chromium: the web table calls a lasting effect by the printed name of the
card or combo that lays it, as the story does ("Voile d'ombre now lies on
seat 1"), never by an English gloss."""

from __future__ import annotations

from typing import Any

from domain.ultimate.cards import CARDS, COMBOS
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import open_seat, screenshot, seat_link

# Seat 1 carries every effect one card or combo lays; seat 0 is poisoned.
SETUP = {
    "round": 1,
    "turn": 3,
    "active": 0,
    "stage": "action",
    "hands": [["fireball", "lightning"], ["mirror"]],
    "health": [7, 8],
    "round_wins": [0, 0],
    "effects": [
        {"kind": "poison", "seat": 0, "turn": 2},
        {"kind": "veiled", "seat": 1, "turn": 2},
        {"kind": "electric_veil", "seat": 1, "turn": 2},
        {"kind": "frozen_armour", "seat": 1, "turn": 2},
        {"kind": "arcane_trap", "seat": 1, "turn": 2},
    ],
}


def test_the_table_names_lasting_effects_by_their_printed_cards(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("ultimate", ["Ann", "Bob"], seed="chips", setup=SETUP)
    token = dict(created.seats)[0]
    page = open_seat(browser, seat_link(server, str(created.game_id), 0, token))
    chips = [page.locator(f".seat[data-seat='{seat}'] .chip").all_inner_texts() for seat in (0, 1)]
    screenshot(page, "ultimate-effect-chips")
    assert chips == [
        ["☠ poisoned"],
        ["☁ Voile d'ombre", "⚡ Voile électrique", "❄ Armure gelée", "⚠ Piège arcanique"],
    ]
    glosses = [x.title for x in (*CARDS.values(), *COMBOS.values()) if x.title != x.name]
    text = page.inner_text("body")
    assert not [g for g in glosses if g in text], text
    assert page.errors == []
    page.context.close()
