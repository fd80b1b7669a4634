"""Support cards: healing, drawing, the shadow veil, absorption, mind control."""

from __future__ import annotations

from domain.ultimate.commands import (
    Decline,
    Discard,
    Draw,
    EndTurn,
    PlayCard,
)
from domain.ultimate.events import (
    AttackPrevented,
    CardDiscarded,
    CardDrawn,
    CardRecovered,
    DamageDealt,
    DiscardDemanded,
    EffectEnded,
    EffectStarted,
    LifeRestored,
)
from tests.domain.ultimate.scenario import Match, names, only, position


def test_healing_light_restores_one_life() -> None:
    m = Match(position([["healing_light"], ["shield"]], health=[6, 9]))
    restored = only(m.act(0, PlayCard(card="healing_light")), LifeRestored)
    assert (restored.amount, restored.life, restored.rule) == (1, 7, "ultimate.card.healing-light")


def test_healing_never_lifts_a_wizard_above_the_rounds_starting_life() -> None:
    m = Match(position([["healing_light"], ["shield"]]))
    restored = only(m.act(0, PlayCard(card="healing_light")), LifeRestored)
    assert (restored.amount, restored.life, restored.rule) == (0, 9, "ultimate.ruling.healing-cap")


def test_healing_is_capped_at_five_when_rounds_start_at_five() -> None:
    m = Match(
        position([["absorption", "healing_light"], ["shield"]], health=[4, 5]),
        options={"round_health": 5},
    )
    restored = only(m.act(0, {"type": "PlayCombo", "combo": "vital_surge"}), LifeRestored)
    assert (restored.life, restored.rule) == (5, "ultimate.ruling.healing-cap")


def test_mana_focus_draws_a_card_even_with_a_full_hand() -> None:
    m = Match(position([["mana_focus", "shield", "thorns"], ["mirror"]], draw=["fireball"]))
    events = m.act(0, PlayCard(card="mana_focus"))
    drawn = only(events, CardDrawn)
    assert (drawn.card, drawn.rule) == ("fireball", "ultimate.card.mana-focus")
    assert m.hand(0) == ("shield", "thorns", "fireball")


def test_mana_focus_may_draw_past_the_hand_limit_which_binds_at_the_end_of_the_turn() -> None:
    m = Match(
        position([["mana_focus", "shield", "thorns", "mirror"], ["curse"]], draw=["fireball"])
    )
    drawn = only(m.act(0, PlayCard(card="mana_focus")), CardDrawn)
    assert drawn.rule == "ultimate.ruling.mana-focus-limit"
    assert len(m.hand(0)) == 4 and EndTurn() not in m.legal(0)


def test_shadow_veil_prevents_the_next_attack_against_its_caster_entirely() -> None:
    m = Match(position([["shadow_veil", "mirror"], ["explosion", "fireball"]]))
    started = only(m.act(0, PlayCard(card="shadow_veil")), EffectStarted)
    assert (started.kind, started.rule) == ("veiled", "ultimate.card.shadow-veil")
    m.act(0, EndTurn())
    events = m.act(1, PlayCard(card="explosion", target=0))
    prevented = only(events, AttackPrevented)
    assert (prevented.target, prevented.rule) == (0, "ultimate.ruling.shadow-veil-duration")
    ended = only(events, EffectEnded)
    assert (ended.kind, ended.reason) == ("veiled", "consumed")
    assert "AttackArrived" not in names(events)
    # The caster of the explosion still paid its recoil.
    assert [m.life(0), m.life(1)] == [9, 8]


def test_shadow_veil_stops_only_one_attack() -> None:
    m = Match(position([["shadow_veil", "mirror"], ["lightning", "shield"], ["fireball"]]))
    m.act(0, PlayCard(card="shadow_veil"))
    m.act(0, EndTurn())
    # Éclair reaches seat 2 first, then the veiled seat 0.
    m.act(1, PlayCard(card="lightning"))
    events = m.act(2, Decline())
    assert only(events, AttackPrevented).target == 0
    assert [m.life(0), m.life(1), m.life(2)] == [9, 8, 8]
    m.act(1, EndTurn())
    m.act(2, PlayCard(card="fireball", target=0))
    m.act(0, Decline())
    assert only(m.last, DamageDealt).seat == 0
    assert m.life(0) == 8


def test_shadow_veil_lapses_when_its_casters_next_turn_starts() -> None:
    m = Match(position([["shadow_veil", "mirror"], ["shield"]]))
    m.act(0, PlayCard(card="shadow_veil"))
    m.act(0, EndTurn())
    m.act(1, Draw())
    events = m.act(1, EndTurn())
    ended = only(events, EffectEnded)
    assert (ended.seat, ended.kind, ended.reason, ended.rule) == (
        0,
        "veiled",
        "expired",
        "ultimate.ruling.shadow-veil-duration",
    )
    assert names(events).index("EffectEnded") < names(events).index("TurnStarted")
    assert m.state.effects == ()


def test_absorption_takes_back_the_last_discarded_card() -> None:
    m = Match(position([["absorption"], ["shield"]], discard=["thorns", "fireball"]))
    events = m.act(0, PlayCard(card="absorption"))
    recovered = only(events, CardRecovered)
    assert (recovered.card, recovered.rule) == ("fireball", "ultimate.ruling.absorption-last")
    assert m.hand(0) == ("fireball",)
    assert m.state.discard[-2:] == ("thorns", "absorption")


def test_absorption_cannot_be_played_on_an_empty_discard_pile() -> None:
    m = Match(position([["absorption", "shield"], ["mirror"]]))
    assert PlayCard(card="absorption") not in m.legal(0)
    refused = m.refuse(0, PlayCard(card="absorption"))
    assert (refused.code, refused.rule) == ("nothing_to_recover", "ultimate.ruling.absorption-last")


def test_mind_control_makes_the_opponent_discard_a_card_of_their_choice() -> None:
    m = Match(position([["mind_control", "shield"], ["fireball", "mirror"]]))
    events = m.act(0, PlayCard(card="mind_control", target=1))
    demand = only(events, DiscardDemanded)
    assert (demand.seat, demand.by, demand.rule) == (1, 0, "ultimate.ruling.mind-control")
    assert m.waiting_for() == (1, ("Discard",))
    assert m.legal(1) == [Discard(card="fireball"), Discard(card="mirror")]
    events = m.act(1, Discard(card="mirror"))
    assert only(events, CardDiscarded).reason == "demanded"
    assert m.hand(1) == ("fireball",)
    assert m.waiting_for() == (0, ("Discard", "EndTurn"))


def test_mind_control_on_an_empty_hand_does_nothing() -> None:
    m = Match(position([["mind_control", "shield"], []]))
    events = m.act(0, PlayCard(card="mind_control", target=1))
    assert "DiscardDemanded" not in names(events)
    assert m.waiting_for()[0] == 0


def test_a_support_card_cannot_target_anyone_unless_it_says_so() -> None:
    m = Match(position([["mana_focus"], ["shield"]]))
    refused = m.refuse(0, PlayCard(card="mana_focus", target=1))
    assert refused.code == "unexpected_target"
    refused = m.refuse(0, PlayCard(card="mind_control", target=1))
    assert refused.code == "not_in_hand"
