"""La Tour des Orcs at a real table: a whole game entered in table mode from a transcript
of the real draws and dice (no deck order known in advance: spell decks, palette piles,
destiny deck, creature markers and missions all stay face down), which verifies."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_game
from domain.kernel import CardsShuffled, Event
from domain.orctower import events as ev
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.table_transcript import (
    enter_at_the_table,
    reopened_from_position,
    transcript,
)


def drawn(e: Event) -> list[str]:
    """The cards (markers, tiles) an event shows taken from a face-down pile, in order."""
    if isinstance(e, ev.CardsDrawn) and e.source == "deck":
        return list(e.cards)
    if isinstance(e, ev.PaletteFilled | ev.DestinyRevealed):
        return [e.card]
    if isinstance(e, ev.MarkerRevealed):
        return [e.marker]
    if isinstance(e, ev.MissionsDealt):
        return list(e.missions)
    if isinstance(e, ev.ToadTileLaid):
        return [e.tile]
    return []


@pytest.mark.parametrize(
    "options",
    [{"missions": True}, {"toad": "shaman", "new_destiny": True}],
    ids=["missions", "toads"],
)
def test_a_whole_orctower_game_entered_at_the_table_from_its_draws_and_dice_verifies(
    sqlite_url: str, options: dict[str, Any]
) -> None:
    opening, lines = transcript("orctower", 3, "a real evening at the tower", drawn, options)
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "orctower", 3, opening, lines, options)
    assert get_game("orctower").outcome(ledger.load(gid).fold.state) is not None
    events = [e.event for e in ledger.entries(gid)]
    shuffles = [e for e in events if isinstance(e, CardsShuffled)]
    piles = {s.pile for s in shuffles}
    assert {"destiny", "attack", "knowledge", "markers", "deck.0"} <= piles
    assert ("missions" in piles) == bool(options.get("missions"))
    assert ("toads" in piles) == ("toad" in options)
    assert all(s.unknown for s in shuffles)  # never an order in advance
    kinds = {type(e) for line in lines for e in line["events"] if drawn(e)}
    assert {ev.CardsDrawn, ev.PaletteFilled, ev.DestinyRevealed, ev.MarkerRevealed} <= kinds
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()


def test_a_table_position_keeps_its_piles_face_down_and_plays_on_to_the_end(
    sqlite_url: str,
) -> None:
    options = {"missions": True}
    opening, lines = transcript("orctower", 3, "a real evening at the tower", drawn, options)
    half = len(lines) // 2
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "orctower", 3, opening, lines[:half], options)
    position, new = reopened_from_position(ledger, "orctower", 3, gid, lines[half:], options)
    assert {"destiny", "attack", "knowledge"} <= set(position["unknown"])
    assert get_game("orctower").outcome(ledger.load(new).fold.state) is not None
    report = verify_game(WizardLedger(sqlite_url), new)
    assert report.ok, report.first()
