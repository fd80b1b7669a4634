"""The audit's rulings: each reading played, each cited by the events it governs;
and whole positions refused key by key."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import DiceRolled, SetupError
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS
from domain.ultimate.commands import Discard, Draw, EndTurn, Pass, PlayCard
from domain.ultimate.events import (
    CardDiscarded,
    CardDrawn,
    DamageDealt,
    DiscardPileReshuffled,
    EffectStarted,
    RoundStarted,
    TurnEnded,
)
from tests.domain.ultimate.scenario import IDENTITY, Match, each, only, position


def whole(**changes: Any) -> dict[str, Any]:
    """A whole 2-player position in phase 1 of seat 0, round 1, turn 3."""
    setup: dict[str, Any] = {
        "round": 1,
        "turn": 3,
        "active": 0,
        "stage": "action",
        "hands": [["fireball", "mind_control"], ["shield", "thorns"]],
        "health": [9, 9],
        "draw_pile": [
            c for c in CARD_IDS if c not in ("fireball", "mind_control", "shield", "thorns")
        ],
    }
    setup.update(changes)
    return setup


def test_passing_with_cards_in_hand_is_a_reading_of_its_own() -> None:
    m = Match(position([["shield"], ["thorns"]]))
    assert Pass() not in m.legal(0)
    assert m.refuse(0, Pass()).rule == "ultimate.turn.pass"
    m = Match(position([["shield"], ["thorns"]]), options={"pass_with_cards": True})
    assert Pass() in m.legal(0) and "Pass" in m.waiting_for()[1]
    assert only(m.act(0, Pass()), TurnEnded).rule == "ultimate.ruling.pass-with-cards"


def test_nine_then_five_starts_later_rounds_at_five() -> None:
    options = {"round_health": "9-then-5"}
    m = Match(position([["fireball"], ["thorns"]], health=[9, 1]), options=options)
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, {"type": "Decline"}, orders=[IDENTITY], values=[1])
    started = only(events, RoundStarted)
    assert (started.round, started.health, started.rule) == (2, 5, "ultimate.end.new-round")
    assert m.life(0) == m.life(1) == 5
    fresh = Match(players=2, options=options, orders=[IDENTITY], values=[1])
    assert fresh.life(0) == 9
    assert GAME.spec.resolve_options({"round_health": "9-then-5"})["round_health"] == "9-then-5"
    with pytest.raises(SetupError, match="not one of"):
        GAME.spec.resolve_options({"round_health": "7"})


def test_a_phase_two_discard_may_be_replaced_at_the_next_turn() -> None:
    setup = position([["shield", "thorns"], ["mirror"]], draw=["fireball", "lightning"])
    plain = Match(setup)
    plain.act(0, Draw())
    plain.act(0, Discard(card="shield"))
    assert not plain.state.effects
    m = Match(setup, options={"discard_replacement": "draw"})
    m.act(0, Draw())
    owed = only(m.act(0, Discard(card="shield")), EffectStarted)
    assert (owed.kind, owed.rule) == ("replacement", "ultimate.ruling.discard-replacement")
    m.act(1, Draw())
    events = m.act(1, EndTurn())
    drawn = each(events, CardDrawn)
    assert [(d.seat, d.rule) for d in drawn] == [(0, "ultimate.ruling.discard-replacement")]
    assert not m.state.effects


@pytest.mark.parametrize(("hits_caster", "caster_life"), [(False, 8), (True, 7)])
def test_electric_veil_spares_its_caster_with_two_players_unless_chosen(
    hits_caster: bool, caster_life: int
) -> None:
    setup = whole(effects=[{"kind": "electric_veil", "seat": 1, "turn": 2}])
    m = Match(setup, options={"electric_veil_hits_caster": hits_caster})
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, {"type": "Decline"})
    veil = [d for d in each(m.events, DamageDealt) if d.source == "electric_veil"]
    assert (veil[0].seat, veil[0].amount) == (0, 2)
    assert len(veil) == (2 if hits_caster else 1)
    # The ruling is cited by the event it decides: the caster's 1 damage when it
    # falls, the attacker's 2 (all the veil does) when it is spared.
    assert veil[-1].rule == "ultimate.ruling.electric-veil-caster"
    assert m.life(1) == caster_life  # the fireball's 1, plus the veil's 1 when it hits
    assert events


def test_the_discard_pile_may_be_reshuffled_as_soon_as_the_pile_runs_out() -> None:
    setup = position([["shield"], ["thorns"]], draw=["fireball"], leftovers="discard")
    on_draw = Match(setup)
    assert not each(on_draw.act(0, Draw()), DiscardPileReshuffled)
    m = Match(setup, options={"reshuffle": "when_empty"})
    events = m.act(0, Draw(), orders=[list(range(13))])
    assert only(events, DiscardPileReshuffled).rule == "ultimate.ruling.reshuffle-timing"
    assert len(m.state.draw_pile) == 13 and m.state.discard == ()


@pytest.mark.parametrize(("numbering", "number"), [("next", 2), ("same", 1)])
def test_a_replayed_round_is_numbered_by_the_ruling(numbering: str, number: int) -> None:
    m = Match(
        position([["lightning"], []], health=[1, 1]),
        options={"replayed_round": numbering},
    )
    events = m.act(0, PlayCard(card="lightning"), orders=[IDENTITY], values=[1])
    started = only(events, RoundStarted)
    assert (started.round, started.rule) == (number, "ultimate.ruling.round-number")


def test_mind_control_may_be_the_casters_blind_pick() -> None:
    m = Match(whole(), options={"controle_chooser": "caster"})
    events = m.act(0, PlayCard(card="mind_control", target=1), values=[2])
    roll = only(events, DiceRolled)
    assert (roll.private_to, roll.rule) == ((0, 1), "ultimate.ruling.mind-control")
    discarded = only(events, CardDiscarded)
    assert (discarded.seat, discarded.card, discarded.reason) == (1, "thorns", "picked")
    assert m.state.demands == ()
    target_choice = Match(whole())
    target_choice.act(0, PlayCard(card="mind_control", target=1))
    assert target_choice.waiting_for() == (1, ("Discard",))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"stage": "ending"}, "stage must be one of"),
        ({"turn": 0}, "turn must be 1 or more"),
        ({"round": 1, "round_wins": [1, 0]}, "round 1 is before round 2"),
        ({"active": 5}, "active must be a seat 0..1"),
        (
            {"effects": [{"kind": "haste", "seat": 0}]},
            "effects\\[0\\].kind must be one of .*, not 'haste'",
        ),
        ({"effects": [{"kind": "poison", "seat": 0, "turn": 9}]}, "effects\\[0\\].turn: 9"),
        ({"effects": [{"kind": "poison", "seat": 0, "when": 1}]}, "effects\\[0\\]: unknown key"),
        ({"stage": "resolving"}, "stage resolving needs a pending decision"),
        (
            {
                "stage": "resolving",
                "attack": {
                    "attacker": 0,
                    "source": "fireball",
                    "rule": "nope",
                    "hits": [{"target": 1}],
                },
            },
            "attack.rule: 'nope' is not a rule",
        ),
        (
            {
                "stage": "resolving",
                "attack": {
                    "attacker": 0,
                    "source": "fireball",
                    "rule": "ultimate.card.fireball",
                    "hits": [{"target": 1, "stage": "flying"}],
                },
            },
            "attack.hits\\[0\\].stage must be one of",
        ),
        ({"demands": [{"seat": 1, "by": 0}]}, "belong to stage resolving"),
        ({"in_play": ["fireball"], "hands": [["mind_control"], ["shield", "thorns"]]}, "in_play"),
        (
            {"health": [9, 0], "hands": [["fireball"], []], "eliminated": [False, False]},
            "health\\[1\\] is 0 but",
        ),
        ({"eliminated": [True, False]}, "eliminated\\[0\\]: an eliminated wizard"),
        ({"first": 0}, "first is for an opening position"),
    ],
)
def test_a_whole_position_is_refused_naming_the_key_at_fault(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(SetupError, match=words):
        GAME.validate_setup(whole(**changes), 2)


def test_a_whole_position_reads_back_what_it_wrote() -> None:
    m = Match(whole(effects=[{"kind": "poison", "seat": 1}], round_wins=[0, 1], round=3))
    assert m.state.effects[0].turn == 2  # default: the turn before
    assert GAME.validate_setup(GAME.position(m.state), 2)["round"] == 3
    assert Match(GAME.position(m.state)).state == m.state
