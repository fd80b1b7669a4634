"""Defence cards, played by the attacked wizard in answer to an attack."""

from __future__ import annotations

from domain.ultimate.commands import Decline, Defend, EndTurn, PlayCard, PlayCombo
from domain.ultimate.events import (
    AttackArrived,
    AttackRedirected,
    CardDiscarded,
    DamageBlocked,
    DamageDealt,
    DefencePlayed,
)
from tests.domain.ultimate.scenario import Match, each, names, only, position


def test_shield_blocks_one_damage() -> None:
    m = Match(position([["explosion"], ["shield"]]))
    m.act(0, PlayCard(card="explosion", target=1))
    events = m.act(1, Defend(card="shield"))
    assert only(events, DefencePlayed).rule == "ultimate.card.shield"
    blocked = only(events, DamageBlocked)
    assert (blocked.seat, blocked.amount, blocked.by, blocked.rule) == (
        1,
        1,
        "shield",
        "ultimate.card.shield",
    )
    assert m.life(1) == 8


def test_arcane_barrier_blocks_two_damage_for_a_discarded_card() -> None:
    m = Match(position([["explosion"], ["arcane_barrier", "healing_light"]]))
    m.act(0, PlayCard(card="explosion", target=1))
    assert Defend(card="arcane_barrier", discard="healing_light") in m.legal(1)
    events = m.act(1, Defend(card="arcane_barrier", discard="healing_light"))
    paid = only(events, CardDiscarded)
    assert (paid.card, paid.reason, paid.rule) == (
        "healing_light",
        "cost",
        "ultimate.card.arcane-barrier",
    )
    assert only(events, DamageBlocked).amount == 2
    assert m.life(1) == 9 and m.hand(1) == ()


def test_arcane_barrier_alone_in_hand_cannot_be_played() -> None:
    m = Match(position([["explosion"], ["arcane_barrier"]]))
    m.act(0, PlayCard(card="explosion", target=1))
    assert m.legal(1) == [Decline()]
    refused = m.refuse(1, Defend(card="arcane_barrier"))
    assert (refused.code, refused.rule) == ("cost_required", "ultimate.card.arcane-barrier")


def test_deflection_sends_the_attack_to_another_wizard_who_may_defend_in_turn() -> None:
    m = Match(position([["fireball"], ["deflection"], ["shield"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    assert m.legal(1) == [
        Decline(),
        Defend(card="deflection", target=0),
        Defend(card="deflection", target=2),
    ]
    events = m.act(1, Defend(card="deflection", target=2))
    moved = only(events, AttackRedirected)
    assert (moved.attacker, moved.from_seat, moved.to_seat, moved.rule) == (
        0,
        1,
        2,
        "ultimate.ruling.redirect",
    )
    assert m.waiting_for() == (2, ("Defend", "Decline"))
    hit = only(m.act(2, Decline()), DamageDealt)
    assert (hit.seat, hit.rule) == (2, "ultimate.card.fireball")
    assert m.life(1) == 9


def test_an_attack_deflected_onto_its_caster_cannot_be_defended_on_their_own_turn() -> None:
    m = Match(position([["fireball", "shield"], ["deflection"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Defend(card="deflection", target=0))
    arrived = each(events, AttackArrived)[-1]
    assert (arrived.target, arrived.defendable, arrived.rule) == (
        0,
        False,
        "ultimate.cards.defence-timing",
    )
    assert only(events, DamageDealt).seat == 0
    assert m.life(0) == 8


def test_deflection_cannot_send_the_attack_back_to_its_defender() -> None:
    m = Match(position([["fireball"], ["deflection"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    refused = m.refuse(1, Defend(card="deflection", target=1))
    assert (refused.code, refused.rule) == ("bad_target", "ultimate.ruling.redirect")
    refused = m.refuse(1, Defend(card="deflection"))
    assert refused.code == "target_required"


def test_mirror_gives_the_defender_the_larger_half_by_default() -> None:
    m = Match(position([["fireball", "explosion"], ["mirror"]]))
    m.act(0, PlayCombo(combo="flame_explosion", target=1))
    events = m.act(1, Defend(card="mirror"))
    shared, kept = each(events, DamageDealt)
    assert (shared.seat, shared.amount, shared.rule) == (0, 1, "ultimate.ruling.mirror-majority")
    assert (kept.seat, kept.amount) == (1, 2)


def test_mirror_gives_the_attacker_the_larger_half_with_the_attacker_option() -> None:
    m = Match(
        position([["fireball", "explosion"], ["mirror"]]), options={"miroir_majority": "attacker"}
    )
    m.act(0, PlayCombo(combo="flame_explosion", target=1))
    m.act(1, Defend(card="mirror"))
    assert [m.life(0), m.life(1)] == [7, 8]


def test_mirror_against_one_damage_returns_nothing_by_default() -> None:
    m = Match(position([["fireball"], ["mirror"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Defend(card="mirror"))
    assert [d.seat for d in each(events, DamageDealt)] == [1]


def test_thorns_hurt_the_attacker_without_reducing_the_blow() -> None:
    m = Match(position([["explosion"], ["thorns"]]))
    m.act(0, PlayCard(card="explosion", target=1))
    events = m.act(1, Defend(card="thorns"))
    thorn, blow = each(events, DamageDealt)
    assert (thorn.seat, thorn.amount, thorn.rule) == (0, 1, "ultimate.card.thorns")
    assert (blow.seat, blow.amount) == (1, 2)
    assert [m.life(0), m.life(1)] == [7, 7]


def test_one_defence_per_attack_then_the_attack_is_over() -> None:
    m = Match(position([["fireball", "mirror"], ["shield", "thorns"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    m.act(1, Defend(card="shield"))
    assert m.legal(1) == []
    refused = m.refuse(1, Defend(card="thorns"))
    assert refused.code == "not_your_turn"


def test_played_defence_cards_go_to_the_discard_pile_after_the_attack() -> None:
    m = Match(position([["fireball", "mirror"], ["shield"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    events = m.act(1, Defend(card="shield"))
    assert names(events)[-2:] == ["PlayedCardsDiscarded", "DiscardPhaseStarted"]
    assert m.state.discard[-2:] == ("fireball", "shield")


def test_a_support_card_is_no_attack_and_asks_nobody_to_defend() -> None:
    m = Match(position([["healing_light", "mirror"], ["shield"]], health=[5, 9]))
    events = m.act(0, PlayCard(card="healing_light"))
    assert "AttackBegan" not in names(events)
    assert m.waiting_for() == (0, ("Discard", "EndTurn"))
    m.act(0, EndTurn())
    assert m.waiting_for()[0] == 1
