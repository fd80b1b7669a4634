"""Each reading of ultimate's rulings played through the option that selects it, and
the rulings an event relied on cited beside its rule (``also``)."""

from __future__ import annotations

from domain.ultimate.commands import Decline, Defend, Discard, PlayCard, PlayCombo
from domain.ultimate.events import (
    AttackArrived,
    AttackBegan,
    CardPlayed,
    CardRecovered,
    ComboPlayed,
    DamageDealt,
    EffectStarted,
    HitResolved,
    RoundStarted,
    TurnEnded,
    WizardEliminated,
)
from tests.domain.ultimate.scenario import IDENTITY, Match, each, only, position


def test_lightning_strikes_from_the_right_under_its_option() -> None:
    hands = [["lightning"], ["thorns"], ["shield"], ["mirror"]]
    left = only(Match(position(hands)).act(0, PlayCard(card="lightning")), AttackBegan)
    assert [h.target for h in left.hits] == [1, 2, 3]
    m = Match(position(hands), options={"eclair_order": "right"})
    right = only(m.act(0, PlayCard(card="lightning")), AttackBegan)
    assert [h.target for h in right.hits] == [3, 2, 1]


def test_deflection_back_to_the_attacker_is_its_own_reading() -> None:
    hands = [["fireball"], ["deflection", "thorns"], ["shield"]]
    m = Match(position(hands))
    m.act(0, PlayCard(card="fireball", target=1))
    assert Defend(card="deflection", target=0) in m.legal(1)
    m = Match(position(hands), options={"deflect_to_attacker": False})
    m.act(0, PlayCard(card="fireball", target=1))
    assert Defend(card="deflection", target=0) not in m.legal(1)
    assert m.refuse(1, Defend(card="deflection", target=0)).rule == "ultimate.ruling.redirect"


def test_chain_reaction_on_one_opponent_twice_under_its_option() -> None:
    hands = [["lightning", "fireball"], ["thorns"]]
    twice = PlayCombo(combo="chain_reaction", target=1, second_target=1)
    assert Match(position(hands)).refuse(0, twice).rule == "ultimate.ruling.chain-reaction"
    m = Match(position(hands), options={"chain_same_target": True})
    assert twice in m.legal(0)
    began = only(m.act(0, twice), AttackBegan)
    assert [h.target for h in began.hits] == [1, 1]


def test_absorption_on_an_empty_discard_pile_under_its_option() -> None:
    hands = [["absorption", "fireball"], ["thorns"]]
    refused = Match(position(hands)).refuse(0, PlayCard(card="absorption"))
    assert refused.rule == "ultimate.ruling.absorption-last"
    m = Match(position(hands), options={"absorb_empty": "allowed"})
    events = m.act(0, PlayCard(card="absorption"))
    assert only(events, CardPlayed).also == ("ultimate.ruling.absorption-last",)
    assert not each(events, CardRecovered) and m.hand(0) == ("fireball",)


def test_the_casting_cost_paid_only_when_the_attack_lands() -> None:
    hands = [["explosion"], ["thorns", "shield"]]
    m = Match(position(hands), options={"casting_cost": "landed"})
    assert not each(m.act(0, PlayCard(card="explosion", target=1)), DamageDealt)
    assert m.life(0) == 9
    landed = m.act(1, Decline())
    cost = [d for d in each(landed, DamageDealt) if d.seat == 0]
    assert [d.rule for d in cost] == ["ultimate.ruling.casting-cost"] and m.life(0) == 8


def test_a_poison_landing_in_its_targets_own_turn_ticks_at_its_end_under_its_option() -> None:
    # Seat 1 deflects seat 0's poison back to seat 0: it lands during seat 0's turn.
    hands = [["poison_cloud", "thorns"], ["deflection"]]
    for option, ticked in (("next_turn", False), ("this_turn", True)):
        m = Match(position(hands), options={"poison_tick": option})
        m.act(0, PlayCard(card="poison_cloud", target=1))
        m.act(1, Defend(card="deflection", target=0))
        events = m.act(0, Discard(card="thorns"))
        assert bool(each(events, DamageDealt)) is ticked, option
        assert only(events, TurnEnded).seat == 0


def test_combos_are_not_defended_under_its_option() -> None:
    hands = [["fireball", "explosion"], ["shield"]]
    asked = only(
        Match(position(hands)).act(0, PlayCombo(combo="flame_explosion", target=1)), AttackArrived
    )
    assert asked.defendable
    m = Match(position(hands), options={"combos_defendable": False})
    arrived = only(m.act(0, PlayCombo(combo="flame_explosion", target=1)), AttackArrived)
    assert not arrived.defendable and arrived.rule == "ultimate.ruling.what-is-an-attack"


def test_one_more_discard_after_the_forced_ones_under_its_option() -> None:
    hands = [["mana_focus", "thorns", "shield", "mirror"], ["fireball"]]
    one = Match(position(hands))
    one.act(0, PlayCard(card="mana_focus"))
    assert each(one.act(0, Discard(card="thorns")), TurnEnded)
    more = Match(position(hands), options={"discard_phase": "one_more"})
    more.act(0, PlayCard(card="mana_focus"))
    assert not each(more.act(0, Discard(card="thorns")), TurnEnded)
    assert Discard(card="shield") in more.legal(0)
    assert only(more.act(0, Discard(card="shield")), TurnEnded).rule == (
        "ultimate.ruling.discard-phase"
    )


def test_grave_summoning_takes_back_its_own_card_under_its_option() -> None:
    hands = [["absorption", "shadow_hand"], ["thorns"]]
    own = PlayCombo(combo="grave_summoning", card="absorption")
    assert Match(position(hands)).refuse(0, own).rule == "ultimate.ruling.grave-summoning"
    m = Match(position(hands), options={"grave_own_cards": True})
    recovered = only(m.act(0, own), CardRecovered)
    assert recovered.also == ("ultimate.ruling.grave-summoning",)
    assert "absorption" in m.hand(0) and "absorption" not in m.state.discard


def test_events_cite_the_rulings_they_relied_on() -> None:
    m = Match(position([["lightning", "mirror"], ["thorns"]]))
    played = only(m.act(0, PlayCombo(combo="electric_veil")), ComboPlayed)
    assert played.also == (
        "ultimate.ruling.combo-replaces-cards",
        "ultimate.ruling.defence-in-combos",
    )
    m = Match(position([["shadow_hand"], ["shield"]]))
    m.act(0, PlayCard(card="shadow_hand", target=1))
    resolved = only(m.act(1, Defend(card="shield")), HitResolved)
    # Shield blocks nothing of a steal, and the hand it was played from is empty.
    assert resolved.also == (
        "ultimate.ruling.blocks-damage-only",
        "ultimate.ruling.empty-hand-target",
    )
    m = Match(position([["fireball"], ["thorns"]], health=[9, 1]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Decline(), orders=[IDENTITY], values=[1])
    out = only(events, WizardEliminated)
    assert out.also == ("ultimate.ruling.damage-resolution", "ultimate.ruling.eliminated-hand")
    assert only(events, RoundStarted).also == ("ultimate.ruling.round-health",)
    assert not each(events, EffectStarted)


def test_a_wizard_at_zero_is_eliminated_at_once_under_its_option() -> None:
    hands = [["fireball"], ["thorns"], ["shield"]]
    for option, before_the_hit_ends in (("after_action", False), ("at_once", True)):
        m = Match(position(hands, health=[9, 1, 9]), options={"eliminate": option})
        m.act(0, PlayCard(card="fireball", target=1))
        events = m.act(1, Decline())
        order = [type(e).__name__ for e in events]
        out = order.index("WizardEliminated")
        assert (out < order.index("HitResolved")) is before_the_hit_ends, option
        assert only(events, WizardEliminated).also[0] == "ultimate.ruling.damage-resolution"
