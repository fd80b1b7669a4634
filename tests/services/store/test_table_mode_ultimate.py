"""Real tables of Sorcier ultime: a disputed mid-round position entered from a file and
played on, and a whole game entered in table mode from a transcript of the real draws
and dice (no deck order known in advance), which verifies."""

from __future__ import annotations

import tomllib
from typing import Any

from domain.games import get_game
from domain.kernel import CardsShuffled, Event
from domain.ultimate import events as ev
from services.ledger import WizardLedger
from services.review.readjudicate import readjudicate
from services.review.verify import verify_game
from tests.services.table_transcript import consequences, enter_at_the_table, transcript

DISPUTE = """
# Round 2, turn 7. Seat 0 cast Explosion at seat 1 (and took its 1 damage back).
# Seat 1 wears Armure gelée and answers with Miroir: who takes what?
# Seat 0 is poisoned since seat 2's last turn; seat 2 is veiled and has set a
# Piège arcanique. The four cards nobody saw (the draw pile) are left out.
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
    state = ledger.load(gid).fold.state
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
    assert ledger.load(gid).fold.state.stage == "discard"

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


def drawn(e: Event) -> list[str]:
    if isinstance(e, ev.CardsDealt):
        return list(e.cards)
    if isinstance(e, ev.CardDrawn):
        return [e.card]
    return []


def test_a_whole_game_entered_at_the_table_from_its_draws_and_dice_verifies(
    sqlite_url: str,
) -> None:
    game = get_game("ultimate")
    opening, lines = transcript("ultimate", 3, "a real evening", drawn)
    ledger = WizardLedger(sqlite_url)
    # The same rules applied as at the table: every event but the shuffles (whose
    # order nobody knew) and the source of the dice is the one the table saw.
    gid = enter_at_the_table(ledger, "ultimate", 3, opening, lines)
    loaded = ledger.load(gid)
    assert game.outcome(loaded.fold.state) is not None
    events = [e.event for e in ledger.entries(gid)]
    shuffles = [e for e in events if isinstance(e, CardsShuffled)]
    assert shuffles and all(s.unknown for s in shuffles)  # never an order in advance
    assert sum(len(line["drew"]) for line in lines) > 20
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()
    # The report a person reads decides again with the same named draws.
    again = readjudicate(ledger, gid)
    assert again["first_difference"] is None, again
