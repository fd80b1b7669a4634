"""Elimination, winning and replaying rounds, and winning the match."""

from __future__ import annotations

from domain.kernel import CardsShuffled, Outcome
from domain.kernel.phrases import Seat, plural
from domain.ultimate import GAME
from domain.ultimate.commands import Decline, Defend, Draw, EndTurn, PlayCard, PlayCombo
from domain.ultimate.events import (
    DamageDealt,
    MatchWon,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    TurnEnded,
    TurnStarted,
    WizardEliminated,
)
from tests.domain.ultimate.scenario import IDENTITY, Match, names, only, position


def test_a_wizard_at_zero_life_is_eliminated_and_their_hand_discarded() -> None:
    m = Match(
        position(
            [["fireball", "mirror"], ["shield", "thorns"], ["healing_light"]], health=[9, 1, 9]
        )
    )
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Decline())
    out = only(events, WizardEliminated)
    assert (out.seat, out.cards, out.rule) == (1, ("shield", "thorns"), "ultimate.end.elimination")
    assert m.state.wizards[1].eliminated and m.hand(1) == ()
    assert {"shield", "thorns"} <= set(m.state.discard)
    # The round goes on, and play skips the eliminated wizard.
    assert only(m.act(0, EndTurn()), TurnStarted).seat == 2


def test_the_last_wizard_standing_wins_the_round_and_a_new_round_is_dealt() -> None:
    m = Match(position([["fireball", "mirror"], []], health=[6, 1]))
    events = m.act(0, PlayCard(card="fireball", target=1), values=[2], orders=[IDENTITY])
    assert names(events)[-8:] == [
        "WizardEliminated",
        "RoundWon",
        "RoundStarted",
        "CardsShuffled",
        "CardsDealt",
        "CardsDealt",
        "DiceRolled",
        "TurnStarted",
    ]
    won = only(events, RoundWon)
    assert (won.seat, won.wins, won.rule) == (0, 1, "ultimate.end.round")
    started = only(events, RoundStarted)
    assert (started.round, started.health, started.rule) == (2, 9, "ultimate.end.new-round")
    assert only(events, CardsShuffled).pile == "deck"
    assert only(events, TurnStarted).seat == 1
    assert [m.life(0), m.life(1)] == [9, 9]
    assert [w.round_wins for w in m.state.wizards] == [1, 0]
    assert m.hand(0) == ("fireball", "explosion") and len(m.state.draw_pile) == 12
    assert m.state.discard == () and m.state.effects == ()
    assert GAME.outcome(m.state) is None


def test_new_rounds_start_at_five_life_with_the_literal_reading() -> None:
    m = Match(position([["fireball", "mirror"], []], health=[3, 1]), options={"round_health": 5})
    events = m.act(0, PlayCard(card="fireball", target=1), values=[1], orders=[IDENTITY])
    assert only(events, RoundStarted).health == 5
    assert [m.life(0), m.life(1)] == [5, 5]


def test_when_the_last_wizards_fall_together_the_round_is_replayed_without_a_winner() -> None:
    m = Match(position([["lightning", "mirror"], []], health=[1, 1]))
    events = m.act(0, PlayCard(card="lightning"), values=[1], orders=[IDENTITY])
    assert [e.seat for e in events if isinstance(e, WizardEliminated)] == [0, 1]
    drawn = only(events, RoundDrawn)
    assert (drawn.round, drawn.rule) == (1, "ultimate.ruling.round-without-survivor")
    assert "RoundWon" not in names(events)
    assert only(events, RoundStarted).round == 2
    assert [w.round_wins for w in m.state.wizards] == [0, 0]


def test_every_blow_of_an_attack_lands_before_anyone_is_eliminated() -> None:
    m = Match(position([["fireball", "mirror"], ["thorns"]], health=[1, 1]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Defend(card="thorns"), values=[1], orders=[IDENTITY])
    thorn, blow = [e for e in events if isinstance(e, DamageDealt)]
    assert (thorn.seat, thorn.life, blow.seat, blow.life) == (0, 0, 1, 0)
    assert names(events).index("WizardEliminated") > names(events).index("HitResolved")
    assert only(events, RoundDrawn).rule == "ultimate.ruling.round-without-survivor"


def test_a_wizard_killed_by_their_own_recoil_ends_their_turn_at_once() -> None:
    m = Match(position([["explosion", "mirror"], [], ["shield"]], health=[1, 9, 9]))
    events = m.act(0, PlayCard(card="explosion", target=1))
    assert only(events, WizardEliminated).seat == 0
    assert only(events, TurnEnded).rule == "ultimate.ruling.active-eliminated"
    assert only(events, TurnStarted).seat == 1
    assert m.life(1) == 7


def test_an_attacker_brought_to_zero_by_a_trap_is_not_asked_to_discard() -> None:
    m = Match(
        position(
            [["curse", "thorns", "shield"], ["fireball", "mirror"], ["healing_light"]],
            health=[9, 2, 9],
        )
    )
    m.act(0, PlayCombo(combo="arcane_trap"))
    m.act(0, EndTurn())
    events = m.act(1, PlayCard(card="fireball", target=0))
    assert only(events, DamageDealt).life == 0
    assert "DiscardDemanded" not in names(events)
    # The blow still lands; the attacker falls once the attack has resolved.
    events = m.act(0, Decline())
    assert m.life(0) == 8
    out = only(events, WizardEliminated)
    assert (out.seat, out.cards, out.rule) == (1, ("mirror",), "ultimate.end.elimination")
    assert only(events, TurnEnded).rule == "ultimate.ruling.active-eliminated"


def test_poison_at_the_end_of_a_turn_can_eliminate() -> None:
    m = Match(
        position(
            [["poison_cloud", "mirror"], ["shield"], ["healing_light"]],
            health=[9, 1, 9],
            draw=["thorns"],
        )
    )
    m.act(0, PlayCard(card="poison_cloud", target=1))
    m.act(1, Decline())
    m.act(0, EndTurn())
    m.act(1, Draw())
    events = m.act(1, EndTurn())
    assert only(events, WizardEliminated).seat == 1
    assert only(events, TurnStarted).seat == 2


def test_the_first_wizard_to_three_round_wins_wins_the_match() -> None:
    m = Match(position([["fireball", "mirror"], []], health=[9, 1], round_wins=[2, 1]))
    events = m.act(0, PlayCard(card="fireball", target=1))
    assert only(events, RoundWon).wins == 3
    won = only(events, MatchWon)
    assert (won.seat, won.wins, won.rule) == (0, 3, "ultimate.end.match")
    assert names(events)[-1] == "MatchWon"
    assert m.state.pending == ()
    assert GAME.outcome(m.state) == Outcome(
        winners=(0,),
        scores=(3, 1),
        ranking=((0,), (1,)),
        reason=plural("{seat} won {n} round", "{seat} won {n} rounds", 3, seat=Seat(0)),
    )
    refused = m.refuse(1, Draw())
    assert (refused.code, refused.rule) == ("game_over", "kernel.game-over")


def test_a_one_round_match_ends_with_the_first_round_won() -> None:
    m = Match(position([["fireball", "mirror"], []], health=[9, 1]), options={"rounds_to_win": 1})
    events = m.act(0, PlayCard(card="fireball", target=1))
    assert only(events, MatchWon).wins == 1
    outcome = GAME.outcome(m.state)
    assert outcome is not None and outcome.winners == (0,)
