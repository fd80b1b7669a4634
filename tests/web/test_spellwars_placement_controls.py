"""In Chromium: the readings that ask more of a Spell Wars placement are composed
at the table as a player would — the type each wild magic card stands for
(wild_type=row) and the delivery declared kept (incorrect_initiative=declared) —
in English and in French, and the command stored is the one the seat composed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import open_seat, position, screenshot, seat_link, wait_position

HANDS = [
    ["magie-feroce#1", "magie-feroce#2", "cubengelus#1", "barbaryaga#1", "foulremix#1"],
    ["taleboulas#1", "gromago#1", "ecrabouillax#1"],
]
OPTIONS = {"wild_type": "row", "incorrect_initiative": "declared"}
# What each language's page asks and says of the placement.
WORDS = {
    "en-US": {
        "wilds": "Which type does each Magie féroce stand for?",
        "declared": "Which Destination do you declare?",
        "summary": ["(Magie féroce stands for Source + Qualité)", "initiative of Barbaryaga"],
    },
    "fr-FR": {
        "wilds": "De quel type chaque Magie féroce tient-elle lieu ?",
        "declared": "Quelle Destination annoncez-vous ?",
        "summary": ["(Magie féroce tient lieu de Source + Qualité)", "initiative de Barbaryaga"],
    },
}


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_a_placement_gives_its_wild_cards_types_and_declares_its_initiative(
    locale: str, browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game(
        "spellwars", ["Ann", "Bob"], seed="rows", setup={"hands": HANDS}, options=OPTIONS
    )
    gid, token = str(created.game_id), dict(created.seats)[0]
    words = WORDS[locale]
    page = open_seat(browser, seat_link(server, gid, 0, token), locale=locale)
    page.click("#actions button[data-type='PlaceCards']")
    placed = ["magie-feroce#1", "magie-feroce#2", "cubengelus#1", "barbaryaga#1"]
    for card in placed:
        page.click(f"#hand .card[data-card='{card}']")
    page.click("#compose-done")
    # Each wild card's type, every combination the two may take as one answer.
    assert words["wilds"] in page.inner_text("#actions .step .q")
    wilds = page.locator("#actions .choices button[data-field='wilds']")
    values = [json.loads(v) for v in wilds.evaluate_all("els => els.map(e => e.dataset.value)")]
    assert values == [
        ["source", "source"],
        ["source", "quality"],
        ["source", "delivery"],
        ["quality", "quality"],
        ["quality", "delivery"],
        ["delivery", "delivery"],
    ]
    assert wilds.nth(1).inner_text() == "Source + Qualité"  # the rulebook's names of the types
    screenshot(page, f"spellwars-placement-wild-types-{locale}")
    wilds.nth(1).click()
    # Two Destinations: which one's initiative counts (and stays when trimming).
    assert words["declared"] in page.inner_text("#actions .step .q")
    declared = page.locator("#actions .choices button[data-field='declared']")
    assert declared.all_inner_texts() == ["Barbaryaga", "Cubengelus"]
    declared.nth(0).click()
    summary = page.inner_text("#summary")
    for said in words["summary"]:
        assert said in summary
    screenshot(page, f"spellwars-placement-rows-declared-{locale}")
    head = position(page)
    page.click("#send")
    wait_position(page, head + 1)
    action = [e.event for e in web_ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"]
    assert action[-1].seat == 0
    assert action[-1].command == {
        "type": "PlaceCards",
        "cards": sorted(placed),
        "wilds": ["source", "quality"],
        "declared": "barbaryaga#1",
    }
    spell = [e.event for e in web_ledger.entries(gid) if type(e.event).__name__ == "SpellPlaced"]
    assert spell[-1].declared == "barbaryaga#1"
    assert page.errors == []
    page.context.close()
