"""Every printed Delivery (creature) card, as printed, row by row of its power table."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_game
from domain.kernel import DiceRolled, Event, IllegalCommand
from domain.spellwars import events as ev
from tests.domain.spellwars.scenario import cast, of, upto_spell_end


def hits(events: list[Any], slug: str) -> list[tuple[int, int]]:
    return [
        (d.target, d.amount)
        for d in of(upto_spell_end(events), ev.DamageDealt)
        if d.rule == f"sw.card.{slug}"
    ]


def kept(events: list[Any]) -> bool:
    return bool(of(upto_spell_end(events), ev.KeepEarned))


def power(events: list[Any]) -> list[tuple[int, ...]]:
    return [
        e.values
        for e in upto_spell_end(events)
        if isinstance(e, DiceRolled) and e.rule == "sw.power.roll"
    ]


def test_cubengelus_left_rows() -> None:
    _, events = cast({"delivery": "cubengelus#1"}, values=[3])
    assert hits(events, "cubengelus") == [(1, 2)] and not kept(events)
    _, events = cast({"delivery": "cubengelus#1"}, values=[5])
    assert hits(events, "cubengelus") == [(1, 3)]
    # two Arcane glyphs: two dice; 10+ deals 4, gains a treasure and keeps
    _, events = cast({"source": "tikerestox#1", "delivery": "cubengelus#1"}, values=[5, 6])
    assert power(events) == [(5, 6)]
    assert hits(events, "cubengelus") == [(1, 4)] and kept(events)
    assert len([t for t in of(upto_spell_end(events), ev.TreasureGained) if t.seat == 0]) == 2


def test_ecrabouillax_most_treasures_discards_on_5_to_9() -> None:
    setup = {"treasures": [[], [], ["chalisman#1", "chipodada#1"]]}
    _, events = cast(
        {"delivery": "ecrabouillax#1"},
        setup=setup,
        values=[6],
        answers=[{"type": "Choose", "choice": "chipodada#1"}],
    )
    assert hits(events, "ecrabouillax") == [(2, 3)]
    gone = of(upto_spell_end(events), ev.TreasureDiscarded)
    assert [(t.seat, t.treasure) for t in gone] == [(2, "chipodada#1")]
    _, events = cast(
        {"source": "tikerestox#1", "delivery": "ecrabouillax#1"}, setup=setup, values=[6, 6]
    )
    assert hits(events, "ecrabouillax") == [(2, 7)] and not kept(events)


def test_gracula_keep_is_paid_not_rolled() -> None:
    setup = {"blood": [1, 0, 0], "life": [20, 15, 18]}
    _, events = cast(
        {"delivery": "gracula#1"}, setup=setup, values=[2], answers=[{"type": "Pay", "amount": 1}]
    )
    assert hits(events, "gracula") == [(2, 1)] and kept(events)
    _, events = cast(
        {"delivery": "gracula#1"}, setup=setup, values=[6], answers=[{"type": "Pay", "amount": 0}]
    )
    assert hits(events, "gracula") == [(2, 2)] and not kept(events)


def test_canibalocircus_kills_a_creature_before_the_3_damage() -> None:
    setup = {"creatures": [[], ["gracula#1", "gracula#2"], []]}
    g, events = cast(
        {"delivery": "canibalocircus#1"},
        setup=setup,
        values=[6],
        answers=[{"type": "Choose", "choice": "gracula#2"}],
    )
    upto = upto_spell_end(events)
    assert [(k.seat, k.creature) for k in of(upto, ev.CreatureKilled)] == [(1, "gracula#2")]
    # the other creature may still block the 3 damage: the target is asked
    assert g.state.flow.choice is not None and g.state.flow.choice.kind == "block"
    events = g.send(1, {"type": "Block", "creature": None})
    assert next((d.target, d.amount) for d in of(events, ev.DamageDealt)) == (1, 3)
    # nobody has a creature: all tie for "the most", the caster picks
    _, events = cast(
        {"delivery": "canibalocircus#1"}, values=[2], answers=[{"type": "PickTarget", "seat": 2}]
    )
    assert [(d.target, d.amount) for d in of(upto_spell_end(events), ev.DamageDealt)] == [(0, 1)]


def test_shub_niggurath_extra_die_and_another_creature_from_hand() -> None:
    spells = {1: {"source": "hydraponix#1"}}
    setup = {"blood": [1, 0, 0], "hands": [["gracula#2"], [], []]}
    g, events = cast(
        {"source": "flaminus#1", "delivery": "shub-niggurath#1"},
        setup=setup,
        spells=spells,
        values=[5, 5],
        answers=[{"type": "Pay", "amount": 1}],
    )
    # Pay 1: one more die (1 Ténèbres glyph + 1): 5 + 5 = 10+
    assert power(events)[0] == (5, 5)
    assert hits(events, "shub-niggurath") == [(1, 2)]
    assert g.state.flow.choice is not None and g.state.flow.choice.kind == "play"
    events = g.send(0, {"type": "Choose", "choice": "gracula#2"})
    added = of(events, ev.CreatureAdded)
    assert [(a.creature, a.rule) for a in added] == [("gracula#2", "sw.resolve.added")]
    started = [c.card for c in of(events, ev.ComponentStarted) if c.seat == 0]
    assert started[0] == "gracula#2"


def test_mecha_satana_rows() -> None:
    setup = {"life": [20, 12, 18]}
    _, events = cast({"delivery": "mecha-satana#1"}, setup=setup, values=[6])
    assert [(d.target, d.amount) for d in of(upto_spell_end(events), ev.DamageDealt)] == [
        (1, 2),
        (0, 1),
    ]
    _, events = cast(
        {"source": "castoramax#1", "delivery": "mecha-satana#1"}, setup=setup, values=[1, 1, 5, 5]
    )
    assert hits(events, "mecha-satana") == [(1, 4), (2, 2)] and kept(events)


def test_beeeh_zerker_six_against_the_last_opponent() -> None:
    _, events = cast(
        {"source": "flaminus#1", "delivery": "beeeh-zerker#1"}, players=2, values=[5, 5]
    )
    assert hits(events, "beeeh-zerker") == [(1, 6)] and kept(events)
    _, events = cast(
        {"source": "flaminus#1", "delivery": "beeeh-zerker#1"}, values=[5, 5], setup={"dungeon": 1}
    )
    assert hits(events, "beeeh-zerker") == [(2, 3)]


def test_tabapassif_hits_token_holders_on_10_plus() -> None:
    spells = {1: {"source": "hydraponix#1"}}
    _, events = cast(
        {"source": "flaminus#1", "delivery": "tabapassif#1"},
        spells=spells,
        setup={"tokens": [0, 0, 1]},
        values=[6, 6],
    )
    assert hits(events, "tabapassif") == [(1, 3), (2, 3)] and kept(events)


def test_golemacifas_a_die_of_damage_on_10_plus() -> None:
    _, events = cast(
        {"source": "flaminus#1", "delivery": "golemacifas#1"},
        setup={"life": [20, 19, 20]},
        values=[4, 6, 5],
    )
    assert hits(events, "golemacifas") == [(2, 5)] and kept(events)


def _gaztoxicus(
    answers: list[dict[str, object]],
    extra_die: bool = False,
    options: dict[str, object] | None = None,
) -> list[Event]:
    """Seats 2 and 1 play first (size 1; the 5-5 tie, then 1-3); seat 0 pays 2 and targets
    seat 1. Peutidardus rolls 2; Multitax + Gaztoxicus give 2 Illusion dice: 1 and 6 (and a
    third, 3, with Dés Pipés)."""
    spells = {1: {"source": "hydraponix#1"}, 2: {"quality": "tresormodix#1"}}
    spell = {"source": "multitax#1", "quality": "peutidardus#1", "delivery": "gaztoxicus#1"}
    setup: dict[str, object] = {"blood": [2, 0, 0, 0]}
    if extra_die:
        setup["treasures"] = [["des-pipes#1"], [], [], []]
    _, events = cast(
        spell,
        players=4,
        spells=spells,
        setup=setup,
        values=[5, 5, 1, 3, 2, 1, 6, 3],
        answers=[{"type": "Pay", "amount": 2}, {"type": "PickTarget", "seat": 1}, *answers],
        options=options,
    )
    assert [c.seat for c in of(events, ev.CasterChosen)][:3] == [2, 1, 0]
    return events


def _split(events: list[Event]) -> list[tuple[tuple[int, ...], str]]:
    return [(t.targets, t.how) for t in of(events, ev.TargetChosen) if t.rule == "sw.split"]


def test_gaztoxicus_paid_may_still_resolve_the_roll_whole() -> None:
    # sw.split: "Vous pouvez": paying never forces the split; 1 + 6 = 7 (5-9: 2 damage)
    events = _gaztoxicus([{"type": "Choose", "choice": "whole"}])
    assert power(events) == [(1, 6)]
    chosen = [(o.option, o.rule) for o in of(events, ev.OptionChosen)]
    assert chosen == [("whole", "sw.split")]
    assert hits(events, "gaztoxicus") == [(1, 2)] and not kept(events)


def test_gaztoxicus_paid_splits_the_dice_over_different_opponents() -> None:
    # the caster gives the 6 (5-9: 2 damage) to seat 2 and the 1 (1-4: 1 damage, KEEP) to seat 1
    events = _gaztoxicus(
        [{"type": "Choose", "choice": "split"}, {"type": "Choose", "choice": "6>2"}]
    )
    assert power(events) == [(1, 6)]
    assert hits(events, "gaztoxicus") == [(2, 2), (1, 1)] and kept(events)
    assert _split(events) == [((2,), "split die 6"), ((1,), "split die 1")]
    assert not of(events, ev.SplitDiceUnused)


def test_gaztoxicus_paid_splits_by_force_under_its_option() -> None:
    # split_paid=forced: no whole-or-split question; the first die (1) goes to the card's
    # target, seat 1, and the 6 to the one opponent left that has played
    events = _gaztoxicus([], options={"split_paid": "forced"})
    assert not of(events, ev.OptionChosen)
    assert _split(events) == [((1,), "split die 1"), ((2,), "split die 6")]
    assert hits(events, "gaztoxicus") == [(1, 1), (2, 2)]


def test_gaztoxicus_split_dice_without_an_opponent_are_named_not_dropped_silently() -> None:
    # three dice (Dés Pipés), two opponents that have played: the third die is set aside openly
    events = _gaztoxicus(
        [
            {"type": "Choose", "choice": "split"},
            {"type": "Choose", "choice": "6>1"},
            {"type": "Choose", "choice": "3>2"},
        ],
        extra_die=True,
    )
    assert power(events) == [(1, 6, 3)]
    assert hits(events, "gaztoxicus") == [(1, 2), (2, 1)]
    unused = of(events, ev.SplitDiceUnused)
    assert [(u.dice, u.rule) for u in unused] == [((1,), "sw.split")]


def test_logocrypto_steals_blood_from_the_richest() -> None:
    _, events = cast({"delivery": "logocrypto#1"}, setup={"blood": [0, 2, 5]}, values=[2])
    moved = of(upto_spell_end(events), ev.BloodMoved)
    assert [(m.source, m.target, m.amount) for m in moved] == [(2, 0, 1)]


def test_ignominus_low_roll_heals_every_opponent() -> None:
    _, events = cast({"delivery": "ignominus#1"}, setup={"life": [20, 10, 12]}, values=[1])
    healed = of(upto_spell_end(events), ev.Healed)
    assert [(h.seat, h.amount) for h in healed] == [(1, 1), (2, 1)]
    _, events = cast({"delivery": "ignominus#1"}, setup={"life": [20, 10, 12]}, values=[5])
    assert hits(events, "ignominus") == [(1, 3)] and kept(events)


def test_coco_cocoricus_keeps_on_a_low_roll() -> None:
    _, events = cast({"delivery": "coco-cocoricus#1"}, setup={"life": [20, 19, 20]}, values=[3])
    assert hits(events, "coco-cocoricus") == [] and kept(events)
    _, events = cast({"delivery": "coco-cocoricus#1"}, setup={"life": [20, 19, 20]}, values=[5])
    assert hits(events, "coco-cocoricus") == [(2, 2)] and not kept(events)


def test_ecrabouillax_discard_choice_cites_the_card() -> None:
    # the target picks which treasure goes (5-9 row); the choice cites the card, not a steal
    g, _ = cast(
        {"delivery": "ecrabouillax#1"},
        setup={"treasures": [[], ["des-pipes#1", "granoloup#1"], []]},
        values=[5],
    )
    choice = g.state.flow.choice
    assert choice is not None
    assert (choice.seat, choice.rule, choice.labels) == (
        1,
        "sw.card.ecrabouillax",
        ("des-pipes#1", "granoloup#1"),
    )
    with pytest.raises(IllegalCommand) as refused:
        g.send(1, {"type": "Choose", "choice": "chalisman#1"})
    assert (refused.value.code, refused.value.rule) == ("not_offered", "sw.card.ecrabouillax")
    gone = of(g.send(1, {"type": "Choose", "choice": "granoloup#1"}), ev.TreasureDiscarded)
    assert [(t.seat, t.treasure, t.rule) for t in gone] == [
        (1, "granoloup#1", "sw.card.ecrabouillax")
    ]


def test_a_choice_between_two_dice_says_its_options_are_dice() -> None:
    # Castoramax rolls 4 and 2: which deals the damage is asked with the dice's values,
    # which the page says as dice (« le 4 »), not as a card's numbered options.
    g, _ = cast({"source": "castoramax#1"}, players=2, values=[4, 2])
    choice = get_game("spellwars").view(g.state, 0)["choice"]
    assert choice["options"] == ["4", "2"] and choice["dice"] is True
    # A card's numbered options (Groclonar without the Dungeon) are not dice.
    g, _ = cast({"quality": "groclonar#1"}, players=2)
    numbered = get_game("spellwars").view(g.state, 0)["choice"]
    assert numbered["options"] == ["1", "2"] and "dice" not in numbered
