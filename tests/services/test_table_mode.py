"""Table mode: a real table's position and dice, reproduced exactly through the store."""

from __future__ import annotations

import pytest

from domain.kernel import DiceRolled, GameStarted, IllegalCommand
from services.ledger import WizardLedger
from services.reads import state_json
from services.verify import verify_game

POSITION = {
    "hands": [["shadow_hand", "fireball"], ["shield", "mirror", "thorns"]],
    "draw_pile": [
        "lightning",
        "curse",
        "poison_cloud",
        "deflection",
        "arcane_barrier",
        "healing_light",
        "mana_focus",
        "shadow_veil",
        "absorption",
        "mind_control",
        "explosion",
    ],
    "health": [5, 9],
    "first": 0,
}


def _steal_position(ledger: WizardLedger, **extra: object) -> str:
    gid = str(ledger.create_game("ultimate", 2, setup={**POSITION, **extra}, table=True).game_id)
    ledger.act(gid, 0, {"type": "PlayCard", "card": "shadow_hand", "target": 1})
    return gid


def test_a_setup_position_is_recorded_in_game_started(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    table = ledger.create_game("ultimate", 2, setup=POSITION, table=True).game_id
    started = ledger.entries(table, lte=1)[0].event
    assert isinstance(started, GameStarted)
    assert (started.mode, started.seed_commitment) == ("table", "")
    assert started.setup is not None and started.setup["health"] == [5, 9]
    view = state_json(ledger, table, seat=0)["view"]
    assert "shadow_hand" in str(view) and "thorns" not in str(view)
    # Without --table, a position plays on with seeded dice; a script makes it table mode.
    seeded = ledger.entries(ledger.create_game("ultimate", 2, setup=POSITION).game_id)[0].event
    assert isinstance(seeded, GameStarted) and seeded.mode == "seeded"
    scripted = ledger.create_game("ultimate", 2, setup={**POSITION, "dice": [2]}).game_id
    assert ledger.entries(scripted, lte=1)[0].event.mode == "table"  # type: ignore[attr-defined]


def test_a_roll_the_table_did_not_supply_refuses_the_command_and_stores_nothing(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    before = ledger.load(gid).version
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"})  # the steal needs a random card
    assert e.value.code == "dice_required"
    assert ledger.load(gid).version == before


def test_the_supplied_value_picks_the_stolen_card_and_verifies(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    entries = ledger.act(gid, 1, {"type": "Decline"}, dice=[3])
    rolls = [e.event for e in entries if isinstance(e.event, DiceRolled)]
    assert [(r.sides, r.values, r.source) for r in rolls] == [(3, (3,), "table")]
    hand = state_json(ledger, gid, seat=0)["view"]
    assert "thorns" in str(hand)  # the third card of seat 1's hand
    assert verify_game(WizardLedger(sqlite_url), gid).ok


def test_dice_scripted_in_the_setup_are_used_before_asking_the_table(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger, dice=[1])
    ledger.act(gid, 1, {"type": "Decline"})
    assert "shield" in str(state_json(ledger, gid, seat=0)["view"])
    assert verify_game(ledger, gid).ok


def test_extra_or_unwanted_dice_are_refused(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"}, dice=[3, 2])
    assert e.value.code == "unused_dice"
    seeded = str(ledger.create_game("ultimate", 2, seed="s").game_id)
    seat = state_json(ledger, seeded)["pending"][0]["seat"]
    with pytest.raises(IllegalCommand) as e:
        ledger.act(seeded, seat, {"type": "Draw"}, dice=[4])
    assert e.value.code == "dice_not_accepted"
