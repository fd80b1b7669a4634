"""Spell Wars at a real table: a whole game entered in table mode from a transcript of the
real draws and dice (no deck order known in advance), which verifies; and a command whose
chance is left out is refused once, naming every die and every draw it needs."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_game
from domain.kernel import CardsShuffled, IllegalCommand
from domain.spellwars import events as ev
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.seat_draws import SEED, drawn
from tests.services.table_transcript import (
    enter_at_the_table,
    reopened_from_position,
    transcript,
)


def test_a_whole_spell_wars_game_entered_at_the_table_from_its_draws_and_dice_verifies(
    sqlite_url: str,
) -> None:
    opening, lines = transcript("spellwars", 3, SEED, drawn)
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "spellwars", 3, opening, lines)
    loaded = ledger.load(gid)
    assert get_game("spellwars").outcome(loaded.fold.state) is not None
    events = [e.event for e in ledger.entries(gid)]
    shuffles = [e for e in events if isinstance(e, CardsShuffled)]
    assert {s.pile for s in shuffles} >= {"main", "treasure", "dead"}
    assert all(s.unknown for s in shuffles)  # never an order in advance
    kinds = {type(e) for line in lines for e in line["events"] if drawn(e)}
    # the main deck, and at least one of the other piles, were drawn from by name
    assert ev.CardsDrawn in kinds and kinds & {ev.DeadCardDrawn, ev.TreasureGained}
    assert len(opening["drew"]) == 3 * 8  # the opening hands, dealt by name
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()


def test_a_table_position_keeps_its_decks_face_down_and_plays_on_to_the_end(
    sqlite_url: str,
) -> None:
    opening, lines = transcript("spellwars", 3, SEED, drawn)
    half = len(lines) // 2
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "spellwars", 3, opening, lines[:half])
    position, new = reopened_from_position(ledger, "spellwars", 3, gid, lines[half:])
    assert position["deck_unknown"] > 0 and position["treasure_deck_unknown"] > 0
    assert get_game("spellwars").outcome(ledger.load(new).fold.state) is not None
    report = verify_game(WizardLedger(sqlite_url), new)
    assert report.ok, report.first()


def test_a_command_without_its_chance_is_refused_naming_every_die_and_draw(
    sqlite_url: str,
) -> None:
    opening, lines = transcript("spellwars", 3, SEED, drawn)
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "spellwars", 3, opening, [])
    # the first command that both rolls and draws by name
    at = next(i for i, line in enumerate(lines) if line["dice"] and line["drew"])
    for line in lines[:at]:
        ledger.act(gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"])
    line: dict[str, Any] = lines[at]
    before = ledger.load(gid).version
    with pytest.raises(IllegalCommand) as refused:
        ledger.act(gid, line["seat"], line["command"])
    message = refused.value.message
    assert refused.value.code == "dice_required"
    # One refusal names dice and draws together. (How many: what the command needs when
    # its missing dice stand at placeholders; a real roll may lead elsewhere.)
    kinds = [need.kind for need in refused.value.needs]  # type: ignore[attr-defined]
    dice, draws = kinds.count("die"), kinds.count("card")
    assert dice >= 1 and draws >= 1 and dice + draws == len(kinds), message
    assert f"needs {dice + draws} values from the table" in message
    assert ledger.load(gid).version == before
    ledger.act(gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"])
