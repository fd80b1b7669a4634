"""Attack cards: damage, side effects, who may defend, and their rulings."""

from __future__ import annotations

import msgspec

from domain.kernel import DiceRolled, private
from domain.ultimate import GAME
from domain.ultimate.commands import Decline, Defend, Discard, Draw, EndTurn, PlayCard
from domain.ultimate.events import (
    AttackArrived,
    AttackBegan,
    CardDiscarded,
    CardStolen,
    DamageBlocked,
    DamageDealt,
    DiscardDemanded,
    EffectEnded,
    EffectStarted,
)
from tests.domain.ultimate.scenario import Match, each, names, only, position
from tests.told import told


def test_fireball_deals_one_damage_to_the_chosen_opponent() -> None:
    m = Match(position([["fireball"], ["healing_light"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Decline())
    hit = only(events, DamageDealt)
    assert (hit.seat, hit.amount, hit.life, hit.rule) == (1, 1, 8, "ultimate.card.fireball")


def test_an_attacked_wizard_holding_any_card_is_asked_so_the_question_leaks_nothing() -> None:
    m = Match(position([["fireball"], ["healing_light"]]))
    events = m.act(0, PlayCard(card="fireball", target=1))
    arrived = only(events, AttackArrived)
    assert arrived.defendable and arrived.rule == "ultimate.defence.prompt"
    assert m.waiting_for() == (1, ("Defend", "Decline"))
    assert m.legal(1) == [Decline()]


def test_an_attacked_wizard_with_no_card_is_not_asked() -> None:
    m = Match(position([["fireball"], []]))
    events = m.act(0, PlayCard(card="fireball", target=1))
    assert not only(events, AttackArrived).defendable
    assert only(events, DamageDealt).seat == 1


def test_explosion_deals_two_and_costs_its_caster_one() -> None:
    m = Match(position([["explosion"], ["healing_light"]]))
    events = m.act(0, PlayCard(card="explosion", target=1))
    recoil = only(events, DamageDealt)
    assert (recoil.seat, recoil.amount, recoil.rule) == (0, 1, "ultimate.ruling.casting-cost")
    events = m.act(1, Decline())
    hit = only(events, DamageDealt)
    assert (hit.seat, hit.amount, hit.rule) == (1, 2, "ultimate.card.explosion")
    assert [m.life(0), m.life(1)] == [8, 7]


def test_explosion_recoil_is_paid_even_when_the_blow_is_fully_blocked() -> None:
    m = Match(position([["explosion"], ["arcane_barrier", "healing_light"]]))
    m.act(0, PlayCard(card="explosion", target=1))
    m.act(1, Defend(card="arcane_barrier", discard="healing_light"))
    assert [m.life(0), m.life(1)] == [8, 9]


def test_poison_cloud_takes_one_life_at_the_end_of_the_targets_next_turn() -> None:
    m = Match(position([["poison_cloud"], ["healing_light"]], draw=["fireball"]))
    m.act(0, PlayCard(card="poison_cloud", target=1))
    events = m.act(1, Decline())
    poison = only(events, EffectStarted)
    assert (poison.seat, poison.kind, poison.rule) == (1, "poison", "ultimate.card.poison-cloud")
    assert m.life(1) == 9  # nothing yet: seat 0's turn ended, not seat 1's
    m.act(1, Draw())
    events = m.act(1, EndTurn())
    tick = only(events, DamageDealt)
    assert (tick.seat, tick.amount, tick.rule) == (1, 1, "ultimate.ruling.poison-timing")
    ended = only(events, EffectEnded)
    assert (ended.kind, ended.reason, ended.rule) == (
        "poison",
        "ticked",
        "ultimate.turn.end-effects",
    )
    assert m.life(1) == 8 and m.state.effects == ()


def test_poison_deflected_onto_its_caster_waits_for_the_casters_next_turn() -> None:
    m = Match(position([["poison_cloud"], ["deflection"]], draw=["shield", "thorns"]))
    m.act(0, PlayCard(card="poison_cloud", target=1))
    events = m.act(1, Defend(card="deflection", target=0))
    assert only(events, EffectStarted).seat == 0
    assert m.life(0) == 9  # the turn in which it landed does not count
    m.act(1, Draw())
    m.act(1, EndTurn())
    m.act(0, Draw())
    events = m.act(0, EndTurn())
    assert only(events, DamageDealt).rule == "ultimate.ruling.poison-timing"
    assert m.life(0) == 8


def test_poison_is_not_stopped_by_a_shield() -> None:
    m = Match(position([["poison_cloud"], ["shield"]]))
    m.act(0, PlayCard(card="poison_cloud", target=1))
    events = m.act(1, Defend(card="shield"))
    assert "DamageBlocked" not in names(events)
    assert only(events, EffectStarted).kind == "poison"


def test_lightning_hits_everyone_including_its_caster_by_default() -> None:
    hands = [["healing_light"], ["lightning", "mana_focus"], ["shield"]]
    m = Match(position(hands, first=1))
    events = m.act(1, PlayCard(card="lightning"))
    own = only(events, DamageDealt)
    assert (own.seat, own.rule) == (1, "ultimate.ruling.lightning-caster")
    # Resolved from the caster's left: seat 2 first, then seat 0.
    began = only(events, AttackBegan)
    assert [h.target for h in began.hits] == [2, 0]
    assert (began.rule, began.effect_rule) == (
        "ultimate.ruling.lightning-order",
        "ultimate.card.lightning",
    )
    assert m.waiting_for() == (2, ("Defend", "Decline"))
    blocked = only(m.act(2, Defend(card="shield")), DamageBlocked)
    assert (blocked.seat, blocked.amount) == (2, 1)
    assert m.waiting_for()[0] == 0
    hit = only(m.act(0, Decline()), DamageDealt)
    assert (hit.seat, hit.rule) == (0, "ultimate.card.lightning")
    assert [m.life(0), m.life(1), m.life(2)] == [8, 8, 9]


def test_lightning_spares_its_caster_when_the_option_says_so() -> None:
    m = Match(position([["lightning"], []]), options={"eclair_hits_caster": False})
    events = m.act(0, PlayCard(card="lightning"))
    assert [d.seat for d in each(events, DamageDealt)] == [1]
    assert m.life(0) == 9


def test_curse_costs_its_caster_a_discard_by_default() -> None:
    m = Match(position([["curse", "shield"], ["healing_light"]]))
    events = m.act(0, PlayCard(card="curse", target=1, discard="shield"))
    paid = only(events, CardDiscarded)
    assert (paid.seat, paid.card, paid.reason, paid.rule) == (
        0,
        "shield",
        "cost",
        "ultimate.ruling.curse-discard",
    )
    hit = only(m.act(1, Decline()), DamageDealt)
    assert (hit.amount, hit.rule) == (2, "ultimate.card.curse")


def test_curse_cannot_be_cast_alone_when_the_caster_pays() -> None:
    m = Match(position([["curse"], ["healing_light"]]))
    assert not any(isinstance(c, PlayCard) for c in m.legal(0))


def test_curse_makes_its_target_discard_a_card_of_their_choice_with_the_target_option() -> None:
    m = Match(
        position([["curse"], ["shield", "healing_light", "thorns"]]),
        options={"malediction_discard": "target"},
    )
    m.act(0, PlayCard(card="curse", target=1))
    events = m.act(1, Defend(card="shield"))
    assert only(events, DamageBlocked).amount == 1
    assert only(events, DamageDealt).amount == 1
    demand = only(events, DiscardDemanded)
    assert (demand.seat, demand.rule) == (1, "ultimate.ruling.curse-discard")
    assert m.legal(1) == [Discard(card="healing_light"), Discard(card="thorns")]
    events = m.act(1, Discard(card="thorns"))
    discarded = only(events, CardDiscarded)
    assert (discarded.reason, discarded.rule) == ("demanded", "ultimate.ruling.curse-discard")


def test_shadow_hand_costs_one_life_and_steals_a_random_card() -> None:
    m = Match(position([["shadow_hand"], ["shield", "mirror", "thorns"]]))
    events = m.act(0, PlayCard(card="shadow_hand", target=1))
    assert only(events, DamageDealt).rule == "ultimate.ruling.casting-cost"
    events = m.act(1, Decline(), values=[2])
    roll = only(events, DiceRolled)
    assert (roll.sides, roll.rule) == (3, "ultimate.ruling.steal-random")
    stolen = only(events, CardStolen)
    assert (stolen.thief, stolen.victim, stolen.card, stolen.rule) == (
        0,
        1,
        "mirror",
        "ultimate.card.shadow-hand",
    )
    assert stolen.visibility() == private(0, 1)
    assert m.hand(0) == ("mirror",) and m.hand(1) == ("shield", "thorns")
    assert m.life(0) == 8


def test_shadow_hand_on_an_empty_hand_steals_nothing_and_rolls_nothing() -> None:
    m = Match(position([["shadow_hand"], []]))
    events = m.act(0, PlayCard(card="shadow_hand", target=1))
    assert "DiceRolled" not in names(events) and "CardStolen" not in names(events)


def test_the_roll_that_picks_the_stolen_card_is_seen_only_by_thief_and_victim() -> None:
    # Anyone knowing the victim's hand order would read the stolen card off the roll.
    m = Match(position([["shadow_hand"], ["shield", "mirror", "thorns"], ["fireball"]]))
    m.act(0, PlayCard(card="shadow_hand", target=1))
    events = m.act(1, Decline(), values=[3])
    roll = only(events, DiceRolled)
    assert roll.private_to == (0, 1)
    assert roll.visibility() == private(0, 1) == only(events, CardStolen).visibility()
    assert only(events, CardStolen).card == "thorns"


def test_damage_records_the_life_actually_lost_and_the_damage_the_blow_carried() -> None:
    m = Match(position([["explosion"], ["healing_light"], ["shield"]], health=[9, 1, 9]))
    recoil = only(m.act(0, PlayCard(card="explosion", target=1)), DamageDealt)
    assert (recoil.amount, recoil.requested, recoil.life) == (1, 1, 8)
    assert told(GAME, recoil) == "Ann takes 1 damage from Explosion (life 8)"
    hit = only(m.act(1, Decline()), DamageDealt)
    assert (hit.seat, hit.amount, hit.requested, hit.life) == (1, 1, 2, 0)
    assert told(GAME, hit) == "Bob takes 1 of 2 damage from Explosion (life 0)"


def test_a_damage_event_stored_before_requested_existed_still_decodes() -> None:
    old = b'{"type":"DamageDealt","rule":"ultimate.card.fireball","seat":1,"amount":3,"life":0,"source":"fireball"}'  # noqa: E501
    event = msgspec.json.decode(old, type=DamageDealt)
    assert (event.amount, event.requested, event.life) == (3, None, 0)
    assert told(GAME, event) == "Bob takes 3 damage from Boule de feu (life 0)"
