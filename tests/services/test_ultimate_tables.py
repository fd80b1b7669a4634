"""Real tables of Sorcier ultime: a disputed mid-round position entered from a file and
played on, and a whole game entered in table mode from a transcript of the real draws
and dice (no deck order known in advance), which verifies."""

from __future__ import annotations

import tomllib
from typing import Any

import msgspec

from domain.kernel import ActionTaken, CardsShuffled, DiceRolled, Event, GameStarted, get_game
from domain.ultimate import events as ev
from services.ledger import WizardLedger
from services.verify import verify_game
from tools.simulation import Finished, Step, steps

DISPUTE = """
# Round 2, turn 7. Seat 0 cast Explosion at seat 1 (and took its 1 damage back).
# Seat 1 wears Frozen Armour and answers with Miroir: who takes what?
# Seat 0 is poisoned since seat 2's last turn; seat 2 is veiled and has set an
# Arcane Trap. The four cards nobody saw (the draw pile) are left out.
round = 2
turn = 7
active = 0
stage = "resolving"
hands = [["fireball", "lightning"], ["mirror", "deflection"], ["healing_light"]]
health = [4, 3, 6]
round_wins = [1, 0, 0]
discard = ["shield", "arcane_barrier", "poison_cloud", "shadow_veil", "curse", "thorns"]
in_play = ["explosion"]
effects = [
    { kind = "frozen_armour", seat = 1, turn = 5 },
    { kind = "poison", seat = 0, turn = 6 },
    { kind = "veiled", seat = 2, turn = 6 },
    { kind = "arcane_trap", seat = 2, turn = 6 },
]

[attack]
attacker = 0
source = "explosion"
rule = "ultimate.card.explosion"
hits = [{ target = 1, damage = 2, stage = "arrived", defendable = true }]
"""


def consequences(entries: list[Any]) -> list[Event]:
    return [e.event for e in entries if not isinstance(e.event, ActionTaken)]


def only(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_a_disputed_mid_round_position_is_entered_from_a_file_and_played_on(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 3, seed="dispute", setup=tomllib.loads(DISPUTE)).game_id
    opening = consequences(ledger.entries(gid, gt=1))
    # The four cards left out were shuffled with the game's chance, under an empty pile.
    [left_out] = only(opening, CardsShuffled)
    assert sorted(left_out.order) == ["absorption", "mana_focus", "mind_control", "shadow_hand"]
    assert (left_out.source, left_out.rule) == ("seed", "ultimate.setup.left-out")
    state = ledger.load(gid).table.state
    assert (state.round, state.turn, state.stage, state.pending[0].seat) == (2, 7, "resolving", 1)
    assert state.pending[0].accepts == ("Defend", "Decline")

    # Miroir sends 1 back; the armour blocks the 1 seat 1 keeps (defence first) and ends.
    mirror = consequences(ledger.act(gid, 1, {"type": "Defend", "card": "mirror"}))
    [back] = only(mirror, ev.DamageDealt)
    assert (back.seat, back.amount, back.rule) == (0, 1, "ultimate.ruling.mirror-majority")
    [blocked] = only(mirror, ev.DamageBlocked)
    assert (blocked.seat, blocked.amount, blocked.by, blocked.rule) == (
        1,
        1,
        "frozen_armour",
        "ultimate.ruling.defence-order",
    )
    [ended] = only(mirror, ev.EffectEnded)
    assert (ended.kind, ended.rule) == ("frozen_armour", "ultimate.ruling.frozen-armour")
    assert only(mirror, ev.PlayedCardsDiscarded)[0].cards == ("explosion", "mirror")
    assert ledger.load(gid).table.state.stage == "discard"

    # Seat 0 ends the turn: the poison landed in an earlier turn, so it is due now.
    end = consequences(ledger.act(gid, 0, {"type": "EndTurn"}))
    [poison] = only(end, ev.DamageDealt)
    assert (poison.seat, poison.amount, poison.life, poison.rule) == (
        0,
        1,
        2,
        "ultimate.ruling.poison-timing",
    )
    assert only(end, ev.TurnStarted)[0].turn == 8

    # Seat 1 draws the top of the shuffled pile; at seat 2's turn the veil and the trap lapse.
    drawn = only(consequences(ledger.act(gid, 1, {"type": "Draw"})), ev.CardDrawn)[0]
    assert drawn.card == left_out.order[0]
    ledger.act(gid, 1, {"type": "EndTurn"})
    lapsed = only(consequences(ledger.entries(gid))[-4:], ev.EffectEnded)
    assert {(e.seat, e.kind, e.reason) for e in lapsed} == {
        (2, "veiled", "expired"),
        (2, "arcane_trap", "expired"),
    }
    assert verify_game(WizardLedger(sqlite_url), gid).ok


def transcript(game: Any, players: int, seed: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What a table writes down while it plays: at the opening and for each command,
    the dice rolled and the cards drawn (dealt ones included), in order. Taken here from a
    seeded game, so that the real outcome is known to compare against."""
    played: list[Step] = []
    finished: Finished | None = None
    for item in steps(game, players, seed):
        if isinstance(item, Finished):
            finished = item
        else:
            played.append(item)
    assert finished is not None
    first_action = next(i for i, e in enumerate(finished.events) if isinstance(e, ActionTaken))

    def chance(events: list[Event]) -> dict[str, Any]:
        dice = [v for e in events if isinstance(e, DiceRolled) for v in e.values]
        drew: list[str] = []
        for e in events:
            if isinstance(e, ev.CardsDealt):
                drew += e.cards
            elif isinstance(e, ev.CardDrawn):
                drew.append(e.card)
        return {"dice": dice, "drew": drew}

    opening = chance(finished.events[1:first_action])
    lines = [
        {
            "seat": step.seat,
            "command": msgspec.to_builtins(step.command),
            **chance(step.events),
            "events": step.events,
        }
        for step in played
    ]
    return opening, lines


def test_a_whole_game_entered_at_the_table_from_its_draws_and_dice_verifies(
    sqlite_url: str,
) -> None:
    game = get_game("ultimate")
    opening, lines = transcript(game, 3, "a real evening")
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game(
        "ultimate", 3, table=True, dice=opening["dice"], drew=opening["drew"]
    ).game_id
    for line in lines:
        entries = ledger.act(
            gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"]
        )
        # The same rules applied as at the table: every event but the shuffles (whose
        # order nobody knew) and the source of the dice is the one the table saw.
        assert _story(consequences(entries)) == _story(line["events"][1:])
    loaded = ledger.load(gid)
    assert game.outcome(loaded.table.state) is not None
    events = [e.event for e in ledger.entries(gid)]
    started = events[0]
    assert isinstance(started, GameStarted) and started.mode == "table"
    assert started.setup is not None and started.setup["orders"] == []
    assert not any(isinstance(e, ActionTaken) and e.orders for e in events)
    shuffles = [e for e in events if isinstance(e, CardsShuffled)]
    assert shuffles and all(s.unknown for s in shuffles)  # never an order in advance
    assert sum(len(line["drew"]) for line in lines) > 20
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()


def _story(events: list[Event]) -> list[Any]:
    out = []
    for e in events:
        if isinstance(e, CardsShuffled):
            out.append(("shuffled", e.pile, sorted(e.order)))
        elif isinstance(e, DiceRolled):
            out.append(("rolled", e.purpose, e.values, e.private_to))
        else:
            out.append(msgspec.to_builtins(e))
    return out
