"""The orc tower's rulings: each other reading played as its option, the terrain's
hit points, and the default terrain sections as data a table may replace.

Setup files read against a table's own data, and the marker stacks they deal:
``test_positions.py``."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    DiceRolled,
    GameStarted,
    IllegalCommand,
    SetupError,
    start,
)
from domain.orctower import GAME
from domain.orctower import commands as c
from domain.orctower.data import DEFAULT
from domain.orctower.events import (
    ActionGained,
    CardDiscarded,
    CardsDrawn,
    DiscardDemanded,
    ToadTaken,
    UpgradeEffectsLapsed,
)
from tests.domain.orctower.scenario import Scenario, base, of


def cast(card: str) -> dict[str, object]:
    return {"type": "Cast", "card": card}


def upgrade(card: str, energy: str = "") -> dict[str, object]:
    return {"type": "Upgrade", "card": card, "energy": energy}


def _legal(s: Scenario, kind: type) -> list[Any]:
    return [x for x in GAME.legal_commands(s.state, s.state.pending[0].seat) if isinstance(x, kind)]


# ---- The rulings' other readings, as options ----------------------------------------


def test_upgrade_timing_immediate_lets_an_unused_effect_lapse() -> None:
    """ruling.upgrade-timing, reading « only right after its card »: Replenish's
    teleport is no longer offered once another upgrade follows it."""
    hand = ["lightning_bolt.11", "replenish.11", "zap.11", "smash.11"]
    both = []
    for timing in ("any", "immediate"):
        s = Scenario(2, base(2, seats=[{"hand": hand}]), {"upgrade_timing": timing})
        s.play(cast("lightning_bolt.11"), upgrade("replenish.11"))
        assert _legal(s, c.UpgradeTeleport)  # right after its card: both readings
        out = s.play(upgrade("zap.11"))
        both.append((bool(_legal(s, c.UpgradeTeleport)), bool(of(out, UpgradeEffectsLapsed))))
    assert both == [(True, False), (False, True)]


def test_draw_from_any_takes_the_chosen_discard_card() -> None:
    """spell.draw-effect, reading « any card of the discard »: the upgrade draw names
    the card; the top card is no longer forced."""
    setup = base(
        2,
        seats=[
            {
                "hand": ["fireball.11", "wisdom.11", "zap.11", "smash.11"],
                "discard": ["cold_snap.11", "spell_book_wf.11"],
            },
        ],
    )
    s = Scenario(2, setup, {"draw_from": "any"})
    s.play(cast("fireball.11"), upgrade("wisdom.11", "fire"))
    assert {x.card for x in _legal(s, c.UpgradeDraw)} == {"cold_snap.11", "spell_book_wf.11"}
    out = s.play({"type": "UpgradeDraw", "card": "cold_snap.11"})
    assert of(out, CardsDrawn)[0].cards == ("cold_snap.11",)
    assert s.state.seats[0].discard == ("spell_book_wf.11",)


def test_draw_from_any_upgraded_replenish_takes_the_two_chosen_cards() -> None:
    discard = ["cold_snap.11", "spell_book_wf.11", "fire_spark.11"]
    hand = ["replenish.11", "zap.12", "cold_snap.12", "smash.11"]
    s = Scenario(2, base(2, seats=[{"hand": hand, "discard": discard}]), {"draw_from": "any"})
    s.play(cast("replenish.11"), upgrade("zap.12"))
    out = s.play({"type": "Replenish", "level": 2, "cards": ["cold_snap.11", "fire_spark.11"]})
    assert of(out, CardsDrawn)[0].cards == ("cold_snap.11", "fire_spark.11")
    assert of(out, ActionGained)


def test_discard_pick_random_draws_the_victims_card_by_chance() -> None:
    """ruling.victim-chooses, reading « at random »: no decision is asked of the
    victim; a die among its (sorted) hand picks the card, and the roll is recorded."""
    hands = [
        {"hand": ["voodoo.11", "fire_spark.11", "smash.11", "cold_snap.11"]},
        {"hand": ["zap.22", "smash.22", "cold_snap.22", "fire_spark.22"]},
    ]
    s = Scenario(2, base(2, seats=hands), {"discard_pick": "random"}, values=[3])
    out = s.play(cast("voodoo.11"), {"type": "Hex", "level": 1, "seat": 1})
    assert not of(out, DiscardDemanded)
    (roll,) = of(out, DiceRolled)
    assert roll.sides == 4 and roll.values == (3,)
    # sorted hand: cold_snap.22, fire_spark.22, smash.22, zap.22 -> the third
    assert [(e.seat, e.card) for e in of(out, CardDiscarded)] == [(1, "smash.22")]
    assert s.state.stage == "actions" and s.state.active == 0


def _toad_turn(toad_use: str) -> Scenario:
    setup = base(2, toad_supply=[], seats=[{"hand": ["zap.11"], "toads": ["toad_action.01"]}, {}])
    return Scenario(2, setup, {"toad": "shaman", "toad_use": toad_use})


def _next_own_turn(s: Scenario) -> None:
    while True:
        s.play({"type": "Pass"})
        while s.state.stage == "reveal":
            s.play({"type": "RevealMarker", "quarter": _legal(s, c.RevealMarker)[0].quarter})
        if s.state.active == 0:
            return


def test_toad_use_each_turn_keeps_the_tile_for_a_later_turn() -> None:
    """ruling.toad-once, reading « once in each of its owner's turns »."""
    once, each = _toad_turn("once"), _toad_turn("each_turn")
    for s in (once, each):
        s.play({"type": "UseToad", "tile": "toad_action.01"})
        assert s.state.actions == 3
    assert once.state.seats[0].toads == () and each.state.seats[0].toads == ("toad_action.01",)
    with pytest.raises(IllegalCommand) as refused:
        each.play({"type": "UseToad", "tile": "toad_action.01"})
    assert refused.value.rule == "orctower.ruling.toad-once"
    _next_own_turn(each)
    each.play({"type": "UseToad", "tile": "toad_action.01"})
    assert each.state.actions == 3


def test_fizzle_needs_effect_refuses_a_spell_cast_for_nothing() -> None:
    """ruling.fizzle, reading « a spell must have an effect »: with a goblin to hit,
    Zap cannot be resolved for nothing; with no creature in the quarter it can."""
    setup = base(
        2,
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 0}],
        seats=[{"hand": ["zap.11", "smash.11"]}, {}],
    )
    s = Scenario(2, setup, {"fizzle": "needs_effect"})
    s.play(cast("zap.11"))
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "Fizzle"})
    assert refused.value.rule == "orctower.ruling.fizzle"
    elsewhere = [{"type": "orc", "quarter": q, "section": 0} for q in range(2, 7)]
    nothing = base(2, fill=False, creatures=elsewhere, seats=[{"hand": ["zap.11"]}, {}])
    empty = Scenario(2, nothing, {"fizzle": "needs_effect"})
    empty.play(cast("zap.11"))
    assert [type(x) for x in GAME.legal_commands(empty.state, 0)] == [c.Fizzle]
    allowed = Scenario(2, setup)
    allowed.play(cast("zap.11"), {"type": "Fizzle"})


def test_area_toads_yes_lets_an_ice_storm_take_the_baby_toad() -> None:
    """ruling.toad-area: by default an area spell leaves the tile; with
    ``area_toads = "yes"`` the 2 damage on its section take it."""
    taken = []
    for area in ("no", "yes"):
        setup = base(
            2,
            creatures=[{"id": "goblin-20", "quarter": 1, "section": 2}],
            toad_tiles=[{"kind": "toad_draw.01", "quarter": 1, "section": 2}],
            toad_supply=[],
            seats=[{"hand": ["ice_storm.11", "cold_snap.11", "zap.11"]}, {}],
        )
        s = Scenario(2, setup, {"toad": "shaman", "area_toads": area})
        out = s.play(cast("ice_storm.11"), upgrade("cold_snap.11"))
        out += s.play({"type": "Blast", "level": 1, "section": 2})
        taken.append([e.tile for e in of(out, ToadTaken)])
    assert taken == [[], ["toad_draw.01"]]


def test_terrain_hit_points_are_exact_and_come_back_once_the_creature_leaves() -> None:
    """« tant que le cavalier orque demeure sur la végétation, il a 2 points de vie au
    lieu de 3 »; « tant que le gobelin demeure sur les pierres, il a 3 points de vie au
    lieu de 2 »; « Dès que la créature quitte la tuile ..., ses points de vie
    reviennent cependant à la normale »: the middle sections move (card n01)."""
    from domain.orctower.queries import hit_points

    terrain = [
        {"kind": "vegetation", "quarter": 1, "section": 1},
        {"kind": "stones", "quarter": 2, "section": 1},
    ]
    creatures = [
        {"id": "rider-05", "quarter": 1, "section": 1},
        {"id": "goblin-20", "quarter": 2, "section": 1},
    ]
    setup = base(2, active=1, destiny_deck=["n01"], terrain=terrain, creatures=creatures)
    s = Scenario(2, setup, {"terrain": True, "new_destiny": True})
    assert hit_points(s.state, s.creature("rider-05"), 1) == 2
    assert hit_points(s.state, s.creature("goblin-20"), 1) == 3
    s.play({"type": "Pass"})  # round 2: n01 moves the middle sections of quarters 1, 2
    assert s.creature("rider-05").section == 2 and s.creature("goblin-20").section == 2
    assert hit_points(s.state, s.creature("rider-05"), 0) == 3
    assert hit_points(s.state, s.creature("goblin-20"), 0) == 2


def test_road_placed_moves_on_carries_a_switched_creature_toward_the_tower() -> None:
    """ruling.road-placed: Switch's second effect puts the golem on the road of red's
    middle section; it stays there by default, and moves on to the inner section
    with ``road_placed = "moves_on"``."""
    landed = []
    for reading in ("stays", "moves_on"):
        setup = base(
            3,
            active=2,
            terrain=[{"kind": "road", "quarter": 3, "section": 1}],
            creatures=[{"id": "golem-07", "quarter": 5, "section": 0}],
            seats=[{}, {}, {"hand": ["switch.11", "zap.11", "smash.11", "cold_snap.11"]}],
        )
        s = Scenario(3, setup, {"terrain": True, "road_placed": reading})
        s.play(cast("switch.11"), upgrade("zap.11"))
        s.play({"type": "Place", "creature": "golem-07", "section": 1})
        golem = s.creature("golem-07")
        landed.append((golem.quarter, golem.section))
    assert landed == [(3, 1), (3, 2)]


@pytest.mark.parametrize(
    ("draw_from", "command", "code"),
    [
        ("top", {"type": "UpgradeDraw", "card": "cold_snap.11"}, "top_card"),
        ("any", {"type": "UpgradeDraw"}, "name_cards"),
        ("any", {"type": "UpgradeDraw", "card": "zap.99"}, "not_in_discard"),
    ],
)
def test_a_wrong_draw_from_the_discard_is_refused_by_name(
    draw_from: str, command: dict[str, Any], code: str
) -> None:
    setup = base(
        2,
        seats=[{"hand": ["fireball.11", "wisdom.11", "zap.11"], "discard": ["cold_snap.11"]}],
    )
    s = Scenario(2, setup, {"draw_from": draw_from})
    s.play(cast("fireball.11"), upgrade("wisdom.11", "fire"))
    with pytest.raises(IllegalCommand) as refused:
        s.play(command)
    assert (refused.value.code, refused.value.rule) == (code, "orctower.spell.draw-effect")


def test_the_default_terrain_sections_are_data_a_table_may_replace() -> None:
    """assume.terrain-sections is a number of ours: kept as data, not in the code."""
    from domain.orctower.events import TerrainPlaced

    assert DEFAULT["terrain_sections"] == [1] * 6
    data = GAME.validate_data({"terrain_sections": [0, 2, 0, 2, 0, 2]})
    started = GameStarted(
        game="orctower",
        options=GAME.spec.resolve_options({"terrain": True}),
        players=("a", "b"),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        data=data,
    )
    placed = of(start(GAME, started, Dice.seeded("tiles")), TerrainPlaced)
    assert [e.section for e in placed] == [0, 2, 0, 2, 0, 2]
    with pytest.raises(SetupError, match="terrain_sections"):
        GAME.validate_data({"terrain_sections": [1, 1, 3, 1, 1, 1]})


def test_hit_points_never_fall_below_one_as_a_catalogued_assumption() -> None:
    """A goblin (2) on vegetation (−1) under a baby toad's −1 keeps 1 hit point: the
    rulebook prints no floor, so the catalogue marks it."""
    from domain.orctower.queries import hit_points

    rule = GAME.catalogue["orctower.assume.min-hp"]
    assert rule.source == "assumption"
    setup = base(
        2,
        terrain=[{"kind": "vegetation", "quarter": 1, "section": 0}],
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 0}],
        minus_hp=["goblin-20"],
    )
    s = Scenario(2, setup, {"terrain": True})
    assert hit_points(s.state, s.creature("goblin-20"), 0) == 1
