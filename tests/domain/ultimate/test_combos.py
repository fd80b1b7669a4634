"""The ten special combinations, their persistent effects and their rulings."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.kernel import Dice, DiceRolled, private
from domain.ultimate import GAME
from domain.ultimate.commands import (
    Decline,
    Defend,
    Discard,
    Draw,
    EndTurn,
    PlayCard,
    PlayCombo,
)
from domain.ultimate.events import (
    AttackBegan,
    CardDrawn,
    CardRecovered,
    CardStolen,
    ComboPlayed,
    DamageBlocked,
    DamageDealt,
    DiscardDemanded,
    EffectEnded,
    EffectStarted,
    HandsSwapped,
    LifeRestored,
)
from domain.ultimate.state import Effect, right_neighbour
from tests.domain.ultimate.scenario import Match, each, names, only, position


def test_flame_explosion_deals_three_and_costs_its_caster_nothing() -> None:
    m = Match(position([["fireball", "explosion"], ["healing_light"]]))
    events = m.act(0, PlayCombo(combo="flame_explosion", target=1))
    played = only(events, ComboPlayed)
    assert (played.cards, played.rule) == (
        ("fireball", "explosion"),
        "ultimate.combo.flame-explosion",
    )
    assert "DamageDealt" not in names(events)  # no Explosion recoil inside a combo
    hit = only(m.act(1, Decline()), DamageDealt)
    assert (hit.amount, hit.rule) == (3, "ultimate.combo.flame-explosion")
    assert [m.life(0), m.life(1)] == [9, 6]


def test_electric_veil_hurts_the_attacker_and_the_attackers_right_neighbour() -> None:
    m = Match(
        position([["lightning", "mirror", "shield"], ["healing_light"], ["fireball", "thorns"]])
    )
    started = only(m.act(0, PlayCombo(combo="electric_veil")), EffectStarted)
    assert (started.kind, started.rule) == ("electric_veil", "ultimate.combo.electric-veil")
    m.act(0, EndTurn())
    m.act(1, Draw())
    m.act(1, EndTurn())
    events = m.act(2, PlayCard(card="fireball", target=0))
    attacker, neighbour = each(events, DamageDealt)
    assert (attacker.seat, attacker.amount, attacker.rule) == (2, 2, "ultimate.combo.electric-veil")
    assert (neighbour.seat, neighbour.amount, neighbour.rule) == (
        1,
        1,
        "ultimate.ruling.right-neighbour",
    )
    m.act(0, Decline())
    assert [m.life(0), m.life(1), m.life(2)] == [8, 8, 7]


def test_electric_veil_never_hurts_its_own_caster_as_a_neighbour() -> None:
    m = Match(position([["lightning", "mirror", "shield"], ["fireball", "thorns"]]))
    m.act(0, PlayCombo(combo="electric_veil"))
    m.act(0, EndTurn())
    events = m.act(1, PlayCard(card="fireball", target=0))
    assert [(d.seat, d.amount) for d in each(events, DamageDealt)] == [(1, 2)]


def test_electric_veil_lapses_at_its_casters_next_turn() -> None:
    m = Match(position([["lightning", "mirror", "shield"], ["healing_light"]]))
    m.act(0, PlayCombo(combo="electric_veil"))
    m.act(0, EndTurn())
    m.act(1, Draw())
    ended = only(m.act(1, EndTurn()), EffectEnded)
    assert (ended.kind, ended.reason, ended.rule) == (
        "electric_veil",
        "expired",
        "ultimate.ruling.electric-veil",
    )


def test_frozen_armour_blocks_up_to_three_damage_of_the_next_attack_only() -> None:
    m = Match(position([["shield", "arcane_barrier", "mirror"], ["explosion", "fireball"]]))
    m.act(0, PlayCombo(combo="frozen_armour"))
    m.act(0, EndTurn())
    m.act(1, PlayCard(card="explosion", target=0))
    events = m.act(0, Decline())
    blocked = only(events, DamageBlocked)
    assert (blocked.amount, blocked.by, blocked.rule) == (
        2,
        "frozen_armour",
        "ultimate.combo.frozen-armour",
    )
    ended = only(events, EffectEnded)
    assert (ended.reason, ended.rule) == ("consumed", "ultimate.ruling.frozen-armour")
    assert m.life(0) == 9
    m.act(1, EndTurn())
    m.act(0, Draw())
    m.act(0, EndTurn())
    m.act(1, PlayCard(card="fireball", target=0))
    m.act(0, Decline())
    assert m.life(0) == 8


def test_frozen_armour_blocks_what_a_defence_card_lets_through() -> None:
    m = Match(
        position(
            [["shield", "arcane_barrier", "mirror"], ["fireball", "explosion", "healing_light"]]
        )
    )
    m.act(0, PlayCombo(combo="frozen_armour"))
    m.act(0, EndTurn())
    m.act(1, PlayCombo(combo="flame_explosion", target=0))
    events = m.act(0, Defend(card="mirror"))
    shared = only(events, DamageDealt)
    assert (shared.seat, shared.amount) == (1, 1)
    blocked = only(events, DamageBlocked)
    assert (blocked.amount, blocked.rule) == (2, "ultimate.ruling.defence-order")
    assert [m.life(0), m.life(1)] == [9, 8]


def test_arcane_trap_makes_the_first_attacker_discard_and_take_two() -> None:
    m = Match(position([["curse", "thorns", "shield"], ["fireball", "healing_light", "mirror"]]))
    m.act(0, PlayCombo(combo="arcane_trap"))
    m.act(0, EndTurn())
    events = m.act(1, PlayCard(card="fireball", target=0))
    ended = only(events, EffectEnded)
    assert (ended.kind, ended.reason) == ("arcane_trap", "consumed")
    hurt = only(events, DamageDealt)
    assert (hurt.seat, hurt.amount, hurt.rule) == (1, 2, "ultimate.combo.arcane-trap")
    demand = only(events, DiscardDemanded)
    assert (demand.seat, demand.rule) == (1, "ultimate.ruling.arcane-trap")
    # The attacker chooses the card; then the attack goes on and may be defended.
    assert m.legal(1) == [Discard(card="healing_light"), Discard(card="mirror")]
    m.act(1, Discard(card="healing_light"))
    assert m.waiting_for() == (0, ("Defend", "Decline"))
    m.act(0, Defend(card="shield"))
    assert [m.life(0), m.life(1)] == [9, 7]
    assert m.state.effects == ()


def test_arcane_trap_lasts_one_turn() -> None:
    m = Match(position([["curse", "thorns", "shield"], ["healing_light"]]))
    m.act(0, PlayCombo(combo="arcane_trap"))
    m.act(0, EndTurn())
    m.act(1, Draw())
    ended = only(m.act(1, EndTurn()), EffectEnded)
    assert (ended.kind, ended.reason, ended.rule) == (
        "arcane_trap",
        "expired",
        "ultimate.ruling.arcane-trap",
    )


def test_grave_summoning_takes_any_card_of_the_discard_pile() -> None:
    m = Match(position([["absorption", "shadow_hand"], ["shield"]], discard=["fireball", "thorns"]))
    choices = [c for c in m.legal(0) if isinstance(c, PlayCombo)]
    assert choices == [
        PlayCombo(combo="grave_summoning", card="fireball"),
        PlayCombo(combo="grave_summoning", card="thorns"),
    ]
    events = m.act(0, PlayCombo(combo="grave_summoning", card="fireball"))
    recovered = only(events, CardRecovered)
    assert (recovered.card, recovered.rule) == ("fireball", "ultimate.combo.grave-summoning")
    assert m.hand(0) == ("fireball",)
    assert m.state.discard[-3:] == ("thorns", "absorption", "shadow_hand")


def test_grave_summoning_cannot_take_a_card_outside_the_discard_pile() -> None:
    m = Match(position([["absorption", "shadow_hand"], ["shield"]], discard=["fireball"]))
    refused = m.refuse(0, PlayCombo(combo="grave_summoning", card="shield"))
    assert (refused.code, refused.rule) == ("not_in_discard", "ultimate.ruling.grave-summoning")
    refused = m.refuse(0, PlayCombo(combo="grave_summoning"))
    assert refused.code == "card_required"


def test_vital_surge_restores_three_life() -> None:
    m = Match(position([["absorption", "healing_light"], ["shield"]], health=[4, 9]))
    restored = only(m.act(0, PlayCombo(combo="vital_surge")), LifeRestored)
    assert (restored.amount, restored.life, restored.rule) == (3, 7, "ultimate.combo.vital-surge")


def test_shadow_mana_draws_a_card_and_steals_one_without_costing_life() -> None:
    m = Match(position([["mana_focus", "shadow_hand"], ["shield", "mirror"]], draw=["fireball"]))
    events = m.act(0, PlayCombo(combo="shadow_mana", target=1))
    drawn = only(events, CardDrawn)
    assert (drawn.card, drawn.rule) == ("fireball", "ultimate.combo.shadow-mana")
    events = m.act(1, Decline(), values=[1])
    stolen = only(events, CardStolen)
    assert (stolen.card, stolen.rule) == ("shield", "ultimate.combo.shadow-mana")
    assert m.hand(0) == ("fireball", "shield") and m.life(0) == 9


def test_shadow_mana_steal_is_deflected_like_any_attack() -> None:
    m = Match(
        position([["mana_focus", "shadow_hand"], ["deflection"], ["mirror"]], draw=["fireball"])
    )
    began = only(m.act(0, PlayCombo(combo="shadow_mana", target=1)), AttackBegan)
    assert began.rule == "ultimate.ruling.what-is-an-attack"
    m.act(1, Defend(card="deflection", target=2))
    stolen = only(m.act(2, Decline(), values=[1]), CardStolen)
    assert (stolen.victim, stolen.card) == (2, "mirror")


def test_chain_reaction_hits_two_opponents_who_each_defend_in_the_named_order() -> None:
    m = Match(position([["lightning", "fireball"], ["shield"], ["healing_light"]]))
    m.act(0, PlayCombo(combo="chain_reaction", target=2, second_target=1))
    assert m.waiting_for()[0] == 2
    first = only(m.act(2, Decline()), DamageDealt)
    assert (first.seat, first.amount, first.rule) == (2, 2, "ultimate.combo.chain-reaction")
    assert m.waiting_for()[0] == 1
    m.act(1, Defend(card="shield"))
    assert [m.life(0), m.life(1), m.life(2)] == [9, 8, 7]


def test_chain_reaction_needs_two_different_opponents() -> None:
    duel = Match(position([["lightning", "fireball"], ["shield"]]))
    assert not any(isinstance(c, PlayCombo) for c in duel.legal(0))
    refused = duel.refuse(0, PlayCombo(combo="chain_reaction", target=1, second_target=1))
    assert (refused.code, refused.rule) == (
        "not_enough_opponents",
        "ultimate.ruling.chain-reaction",
    )
    trio = Match(position([["lightning", "fireball"], ["shield"], ["mirror"]]))
    refused = trio.refuse(0, PlayCombo(combo="chain_reaction", target=1, second_target=1))
    assert refused.code == "target_required"
    refused = trio.refuse(0, PlayCombo(combo="chain_reaction", target=1, second_target=0))
    assert refused.code == "bad_target"


def test_poisoned_blessing_heals_two_and_poisons_an_opponent() -> None:
    m = Match(position([["poison_cloud", "healing_light"], ["shield"]], health=[5, 9]))
    events = m.act(0, PlayCombo(combo="poisoned_blessing", target=1))
    restored = only(events, LifeRestored)
    assert (restored.amount, restored.rule) == (2, "ultimate.combo.poisoned-blessing")
    poison = only(m.act(1, Defend(card="shield")), EffectStarted)
    assert (poison.seat, poison.kind, poison.rule) == (
        1,
        "poison",
        "ultimate.combo.poisoned-blessing",
    )


def test_spectral_summoning_swaps_what_is_left_of_the_hand_with_the_chosen_wizard() -> None:
    m = Match(position([["shadow_veil", "deflection", "fireball"], ["shield", "mirror"]]))
    events = m.act(0, PlayCombo(combo="spectral_summoning", target=1))
    swapped = only(events, HandsSwapped)
    assert (swapped.seat, swapped.other, swapped.rule) == (0, 1, "ultimate.ruling.hand-swap")
    assert "AttackBegan" not in names(events)
    assert m.hand(0) == ("shield", "mirror") and m.hand(1) == ("fireball",)


@pytest.mark.parametrize(
    ("hand", "combo"),
    [
        (["lightning", "mirror"], PlayCombo(combo="electric_veil")),
        (["shield", "arcane_barrier"], PlayCombo(combo="frozen_armour")),
        (["curse", "thorns"], PlayCombo(combo="arcane_trap")),
        (["shadow_veil", "deflection"], PlayCombo(combo="spectral_summoning", target=1)),
    ],
)
def test_combos_with_a_defence_card_are_forbidden_when_the_option_is_off(
    hand: list[str], combo: PlayCombo
) -> None:
    m = Match(position([hand, ["healing_light"]]), options={"defence_in_combos": False})
    assert combo not in m.legal(0)
    refused = m.refuse(0, combo)
    assert (refused.code, refused.rule) == ("combo_forbidden", "ultimate.ruling.defence-in-combos")
    allowed = Match(position([hand, ["healing_light"]]))
    assert combo in allowed.legal(0)


def test_a_combo_is_the_whole_action_of_the_turn() -> None:
    m = Match(position([["fireball", "explosion", "lightning"], ["healing_light"]]))
    m.act(0, PlayCombo(combo="flame_explosion", target=1))
    m.act(1, Decline())
    assert m.waiting_for() == (0, ("Discard", "EndTurn"))
    refused = m.refuse(0, PlayCard(card="lightning"))
    assert (refused.code, refused.rule) == ("wrong_decision", "kernel.turn")


def test_the_shadow_mana_steal_roll_is_private_to_thief_and_victim() -> None:
    m = Match(
        position(
            [["mana_focus", "shadow_hand"], ["shield", "mirror"], ["thorns"]], draw=["fireball"]
        )
    )
    m.act(0, PlayCombo(combo="shadow_mana", target=1))
    roll = only(m.act(1, Decline(), values=[2]), DiceRolled)
    assert (roll.rule, roll.private_to) == ("ultimate.ruling.steal-random", (0, 1))
    assert roll.visibility() == private(0, 1)


def test_electric_veil_skips_a_right_neighbour_already_at_zero_life() -> None:
    # Mid-action a wizard can stand at 0 life, not yet eliminated: the veil's
    # 1 damage goes to the previous *living* seat (ruling right-neighbour). No
    # legal line reaches this with one Éclair in the deck, so the state is built.
    m = Match(position([["shield"], ["healing_light"], [], ["fireball"]], first=3))
    wizards = list(m.state.wizards)
    wizards[2] = replace(wizards[2], life=0)
    state = replace(
        m.state,
        wizards=tuple(wizards),
        effects=(Effect(kind="electric_veil", seat=0, turn=0),),
    )
    assert right_neighbour(state, 3) == 1
    events = GAME.decide(state, 3, PlayCard(card="fireball", target=0), Dice.scripted())
    assert [(d.seat, d.amount, d.rule) for d in each(events, DamageDealt)] == [
        (3, 2, "ultimate.combo.electric-veil"),
        (1, 1, "ultimate.ruling.right-neighbour"),
    ]
