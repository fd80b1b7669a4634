"""Elfenwizards at a real table: the game has no deck (dice only), so its transcript is
the dice rolled at the opening and with each command; a whole game entered from it in
table mode replays exactly and verifies."""

from __future__ import annotations

from domain.games import get_game
from domain.kernel import DiceRolled, Event
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.table_transcript import enter_at_the_table, transcript


def no_cards(e: Event) -> list[str]:
    return []


def test_a_whole_elfenwizards_game_entered_at_the_table_from_its_dice_verifies(
    sqlite_url: str,
) -> None:
    opening, lines = transcript("elfenwizards", 3, "a real evening in the forest", no_cards)
    ledger = WizardLedger(sqlite_url)
    gid = enter_at_the_table(ledger, "elfenwizards", 3, opening, lines)
    assert get_game("elfenwizards").outcome(ledger.load(gid).fold.state) is not None
    rolls = [e.event for e in ledger.entries(gid) if isinstance(e.event, DiceRolled)]
    assert rolls and all(r.source == "table" for r in rolls)
    assert sum(len(line["dice"]) for line in lines) + len(opening["dice"]) > 20
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()
