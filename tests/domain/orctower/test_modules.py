"""The modules: each « Exemple » as an exact test, and their rules."""

from __future__ import annotations

import pytest

from domain.kernel import IllegalCommand
from domain.orctower import GAME
from domain.orctower import commands as c
from domain.orctower.data import DATA
from domain.orctower.events import (
    ActionGained,
    CardsDrawn,
    CreatureArrived,
    CreatureDefeated,
    CreatureMoved,
    DamageDealt,
    DiscardDemanded,
    EnergyGained,
    MissionsDealt,
    TerrainPlaced,
    ToadTaken,
    ToadTileLaid,
)
from domain.orctower.scoring import mission_points
from tests.domain.orctower.scenario import Scenario, base, of, rules

NEW = {"new_destiny": True}


def cast(card: str) -> dict[str, object]:
    return {"type": "Cast", "card": card}


def upgrade(card: str, energy: str = "") -> dict[str, object]:
    return {"type": "Upgrade", "card": card, "energy": energy}


def targets(s: Scenario, seat: int) -> set[str]:
    return {x.creature for x in GAME.legal_commands(s.state, seat) if isinstance(x, c.Attack)}


# ---- Module : nouvelles cartes destin ---------------------------------------------


def test_front_earthquake_defeats_three_goblins_and_an_orc() -> None:
    """« le joueur vert lance son Earthquake (Séisme) amélioré sur le front, et triomphe
    de 3 gobelins et d‘un orque »."""
    creatures = [
        {"id": "goblin-20", "quarter": 2, "section": 1},
        {"id": "goblin-21", "quarter": 2, "section": 1},
        {"id": "golem-07", "quarter": 2, "section": 0},
        {"id": "goblin-22", "quarter": 3, "section": 1},
        {"id": "orc-20", "quarter": 3, "section": 1},
    ]
    hand = ["earthquake.11", "smash.11", "spell_book_el.11", "zap.11"]
    s = Scenario(2, base(2, active=1, creatures=creatures, seats=[{}, {"hand": hand}]), NEW)
    s.play(cast("earthquake.11"), upgrade("smash.11"), upgrade("spell_book_el.11", "earth"))
    sections = {x.section for x in GAME.legal_commands(s.state, 1) if isinstance(x, c.Blast)}
    assert sections == {1}  # the front only
    out = s.play({"type": "Blast", "level": 2, "section": 1, "side": 1})
    beaten = sorted(e.creature for e in of(out, CreatureDefeated))
    assert beaten == ["goblin-20", "goblin-21", "goblin-22", "orc-20"]


def test_front_lightning_bolt_on_quarter_five_hits_only_the_orc() -> None:
    """« le joueur vert lance son Eclair (Lighting Bolt) sur le quartier 5. Il ne peut
    attaquer que l‘orque, car c‘est la seule créature située sur le front »."""
    creatures = [
        {"id": "orc-20", "quarter": 5, "section": 2},
        {"id": "goblin-20", "quarter": 5, "section": 1},
        {"id": "golem-07", "quarter": 5, "section": 0},
    ]
    hand = ["lightning_bolt.11", "zap.11", "smash.11", "cold_snap.11"]
    s = Scenario(2, base(2, active=1, creatures=creatures, seats=[{}, {"hand": hand}]), NEW)
    s.play(cast("lightning_bolt.11"), upgrade("zap.11"))
    in_five = {t for t in targets(s, 1) if t in ("orc-20", "goblin-20", "golem-07")}
    assert in_five == {"orc-20"}
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "Attack", "level": 1, "creature": "goblin-20"})
    assert refused.value.rule == "orctower.newdestiny.front"


def test_front_rider_first_then_goblin_or_golem() -> None:
    """« le joueur vert ne peut attaquer que le cavalier orque qui se situe sur le front du
    quartier. Une fois qu‘il l‘aura vaincu, il pourra s‘en prendre au gobelin ou au
    golem de lave »."""
    creatures = [
        {"id": "rider-05", "quarter": 2, "section": 2},
        {"id": "goblin-20", "quarter": 2, "section": 1},
        {"id": "golem-07", "quarter": 2, "section": 1},
    ]
    hand = ["fire_spark.11", "fire_spark.12", "spell_book_wf.11", "smash.11"]
    s = Scenario(2, base(2, active=1, creatures=creatures, seats=[{}, {"hand": hand}]), NEW)
    s.play(cast("fire_spark.11"))
    assert targets(s, 1) == {"rider-05"}
    s.play(upgrade("fire_spark.12"), upgrade("spell_book_wf.11", "fire"))
    out = s.play({"type": "Attack", "level": 3, "creature": "rider-05"})
    assert of(out, CreatureDefeated)[0].creature == "rider-05"
    s.play(cast("smash.11"))
    assert targets(s, 1) == {"goblin-20", "golem-07"}


def test_new_destiny_moves_the_middle_of_quarters_three_and_four() -> None:
    """« ici, toutes les créatures situées dans la section médiane des quartiers 3 et 4
    progressent d‘une section vers la tour »."""
    creatures = [
        {"id": "goblin-20", "quarter": 3, "section": 1},
        {"id": "golem-07", "quarter": 4, "section": 1},
        {"id": "orc-20", "quarter": 4, "section": 0},
        {"id": "orc-21", "quarter": 5, "section": 1},
    ]
    s = Scenario(2, base(2, active=1, destiny_deck=["n03"], creatures=creatures), NEW)
    out = s.play({"type": "Pass"})
    moved = {e.creature: (e.quarter, e.section) for e in of(out, CreatureMoved)}
    assert moved == {"goblin-20": (3, 2), "golem-07": (4, 2)}
    assert "orctower.newdestiny.move" in rules(out)


def test_new_destiny_moves_inner_sections_first() -> None:
    """« les créatures se déplacent l‘une après l’autre en commençant par celles qui sont
    les plus proches du centre »: card n07 moves the outer and middle sections of
    quarters 1 and 4."""
    creatures = [
        {"id": "orc-20", "quarter": 1, "section": 0},
        {"id": "goblin-20", "quarter": 1, "section": 1},
    ]
    s = Scenario(2, base(2, active=1, destiny_deck=["n07"], creatures=creatures), NEW)
    out = s.play({"type": "Pass"})
    order = [e.creature for e in of(out, CreatureMoved)]
    assert order[:2] == ["goblin-20", "orc-20"]


# ---- Module : terrain ---------------------------------------------------------------


def test_rider_on_vegetation_has_two_hit_points() -> None:
    """« tant que le cavalier orque demeure sur la végétation, il a 2 points de vie au
    lieu de 3 »."""
    terrain = [{"kind": "vegetation", "quarter": 2, "section": 1}]
    creatures = [{"id": "rider-05", "quarter": 2, "section": 1}]
    hand = ["zap.11", "zap.12", "smash.11", "cold_snap.11"]
    setup = base(2, active=1, terrain=terrain, creatures=creatures, seats=[{}, {"hand": hand}])
    s = Scenario(2, setup, {"terrain": True})
    out = s.play(
        cast("zap.11"), upgrade("zap.12"), {"type": "Attack", "level": 2, "creature": "rider-05"}
    )
    assert of(out, CreatureDefeated)[0].creature == "rider-05"
    assert "orctower.terrain.vegetation" in of(out, DamageDealt)[0].also


def test_goblin_on_stones_has_three_hit_points() -> None:
    """« tant que le gobelin demeure sur les pierres, il a 3 points de vie au lieu de 2 »."""
    terrain = [{"kind": "stones", "quarter": 2, "section": 0}]
    creatures = [{"id": "goblin-20", "quarter": 2, "section": 0}]
    hand = ["zap.11", "zap.12", "smash.11", "cold_snap.11"]
    setup = base(2, active=1, terrain=terrain, creatures=creatures, seats=[{}, {"hand": hand}])
    s = Scenario(2, setup, {"terrain": True})
    out = s.play(
        cast("zap.11"), upgrade("zap.12"), {"type": "Attack", "level": 2, "creature": "goblin-20"}
    )
    assert not of(out, CreatureDefeated)
    assert s.creature("goblin-20").damage == 2
    assert of(out, DamageDealt)[0].also == ("orctower.assume.creatures", "orctower.terrain.stones")


def test_golem_does_not_stop_on_the_road() -> None:
    """« le golem de lave avance de 2 sections, car il ne s‘arrête pas sur la route »;
    a road on the inner ring sends a creature straight to the tower."""
    terrain = [
        {"kind": "road", "quarter": 1, "section": 1},
        {"kind": "road", "quarter": 4, "section": 2},
    ]
    creatures = [
        {"id": "golem-07", "quarter": 1, "section": 0},
        {"id": "golem-08", "quarter": 4, "section": 1},
    ]
    setup = base(2, active=1, destiny_deck=["d08"], terrain=terrain, creatures=creatures)
    s = Scenario(2, setup, {"terrain": True})
    out = s.play({"type": "Pass"})
    assert s.creature("golem-07").section == 2
    assert [e.creature for e in of(out, CreatureArrived)] == ["golem-08"]
    assert s.state.counters[4] == 1


def test_terrain_setup_lays_one_tile_per_quarter() -> None:
    """« placez-en une au hasard sur chaque quartier, sur la section de votre choix »."""
    from tools.simulation import open_game

    table, events, _ = open_game(GAME, 2, "terrain-seed", {"terrain": True})
    placed = of(events, TerrainPlaced)
    assert [e.quarter for e in placed] == [1, 2, 3, 4, 5, 6]
    assert {e.section for e in placed} == {1}  # the middle section unless the setup says
    assert "orctower.assume.terrain-sections" in rules(placed)
    assert len(table.state.terrain) == 6


# ---- Module : missions secrètes -------------------------------------------------------


def test_missions_dealt_two_keep_one_secret() -> None:
    """« distribuez-en 2 à chaque joueur. Chacun doit alors choisir une des 2 Missions
    secrètes, qu’il garde face cachée »."""
    from domain.kernel import act, apply
    from domain.kernel.dice import Dice
    from tools.simulation import open_game

    table, events, _ = open_game(GAME, 3, "missions-seed", {"missions": True})
    dealt = of(events, MissionsDealt)
    assert [len(e.missions) for e in dealt] == [2, 2, 2]
    assert all(e.visibility().kind == "seats" for e in dealt)
    assert table.state.stage == "missions"
    for seat in range(3):
        keep = dealt[seat].missions[0]
        other_views = [GAME.view(table.state, s) for s in range(3) if s != seat]
        assert all(keep not in str(v) for v in other_views)
        new = act(GAME, table, seat, c.KeepMission(mission=keep), Dice.seeded("missions-seed"))
        assert new[0].visibility().kind == "seats"  # the choice is secret
        for event in new:
            table = apply(GAME, table, event)
    assert table.state.stage in ("reveal", "actions") and table.state.round == 1
    assert [p.mission for p in table.state.seats] == [e.missions[0] for e in dealt]


@pytest.mark.parametrize(
    ("mission", "defeated", "learned", "points"),
    [
        ("weak", [3, 2, 0, 0, 0, 0], 0, 4),  # 5 weak: 2 pairs × 2
        ("strong", [0, 0, 2, 1, 0, 0], 0, 3),
        ("mighty", [0, 0, 0, 0, 2, 1], 0, 6),
        ("sets", [2, 0, 1, 1, 1, 0], 0, 3),  # weak 2, strong 2, mighty 1: one set
        ("groups", [2, 2, 2, 1, 1, 1], 0, 6),  # 9 creatures: 2 groups of 4
        ("spells", [0] * 6, 5, 6),  # 5 learned: 2 pairs × 3
    ],
)
def test_mission_scores(mission: str, defeated: list[int], learned: int, points: int) -> None:
    seat = {"defeated": defeated, "learned": learned, "mission": f"mission.{mission}"}
    s = Scenario(2, base(2, seats=[seat, {}]), {"missions": True})
    assert mission_points(s.state, 0) == points


def test_mission_maximum_counts_ties() -> None:
    """« le joueur remporte 3 points chaque fois qu’il a vaincu plus de créatures d’un type
    que tous les autres joueurs. En cas d’égalité, les joueurs ex aequo marquent chacun 3
    points »."""
    seats = [
        {"defeated": [2, 1, 0, 0, 0, 0], "mission": "mission.maximum"},
        {"defeated": [2, 0, 0, 0, 0, 1], "mission": "mission.maximum"},
    ]
    s = Scenario(2, base(2, seats=seats), {"missions": True})
    assert mission_points(s.state, 0) == 6  # goblins (tie) and orcs
    assert mission_points(s.state, 1) == 6  # goblins (tie) and chiefs


def test_mission_powers() -> None:
    seat = {"powers": ["draw5", "poison"], "mission": "mission.powers"}
    s = Scenario(2, base(2, seats=[seat, {}]), {"missions": True})
    assert mission_points(s.state, 0) == 4


# ---- Module : actions bonus -----------------------------------------------------------


def _two_defeats(options: dict[str, object]) -> Scenario:
    creatures = [
        {"id": "goblin-20", "quarter": 1, "section": 1},
        {"id": "orc-20", "quarter": 1, "section": 1},
    ]
    hand = ["earthquake.11", "smash.11", "zap.11", "cold_snap.11"]
    s = Scenario(2, base(2, creatures=creatures, seats=[{"hand": hand}, {}]), options)
    s.play(cast("earthquake.11"), upgrade("smash.11"), {"type": "Blast", "level": 1, "section": 1})
    return s


def test_bonus_actions_in_any_order_or_renounced() -> None:
    """« Si le joueur triomphe de plusieurs créatures en une seule action, il peut
    effectuer les actions bonus correspondantes dans l’ordre de son choix »."""
    s = _two_defeats({"bonus_actions": True})
    assert s.state.stage == "bonus"
    offered = [x.creature for x in GAME.legal_commands(s.state, 0) if isinstance(x, c.TakeBonus)]
    assert sorted(offered) == ["goblin-20", "orc-20"]
    out = s.play({"type": "TakeBonus", "creature": "orc-20"})
    assert of(out, EnergyGained) and s.state.bonus_energy == 1
    out = s.play({"type": "TakeBonus", "creature": "goblin-20"})
    assert [len(e.cards) for e in of(out, CardsDrawn)] == [1]
    assert s.state.stage == "actions"
    s.play(cast("zap.11"))
    assert s.state.casting is not None and s.state.casting.wild == 1  # the bonus energy


def test_bonus_actions_skipped() -> None:
    s = _two_defeats({"bonus_actions": True})
    s.play({"type": "SkipBonuses"})
    assert s.state.stage == "actions" and s.state.bonuses == ()


def test_no_bonus_actions_without_the_module() -> None:
    s = _two_defeats({})
    assert s.state.stage == "actions" and s.state.bonuses == ()


def test_common_discard_and_one_action_bonuses() -> None:
    """« Tous les autres joueurs doivent prendre une carte de leur main et la mettre dans
    leur défausse personnelle » (only those above 3 cards); « 1 action »."""
    creatures = [
        {"id": "shaman-09", "quarter": 1, "section": 1},
        {"id": "rider-05", "quarter": 1, "section": 1},
    ]
    hand = ["earthquake.11", "smash.11", "spell_book_el.11", "zap.11"]
    others = [
        {"hand": ["zap.21", "smash.21", "cold_snap.21", "fire_spark.21"]},
        {"hand": ["zap.22"]},
    ]
    setup = base(3, creatures=creatures, seats=[{"hand": hand}, *others])
    s = Scenario(3, setup, {"bonus_actions": True})
    s.play(
        cast("earthquake.11"),
        upgrade("smash.11"),
        upgrade("spell_book_el.11", "earth"),
        {"type": "Blast", "level": 2, "section": 1, "side": 1},
    )
    assert s.state.creatures and s.state.stage == "actions"  # 2 damage: not enough for 3 hp
    s2 = Scenario(
        3,
        base(
            3,
            creatures=[{"id": "shaman-09", "quarter": 1, "section": 1, "damage": 1}],
            seats=[{"hand": hand}, *others],
        ),
        {"bonus_actions": True},
    )
    s2.play(cast("earthquake.11"), upgrade("smash.11"), {"type": "Blast", "level": 1, "section": 1})
    out = s2.play({"type": "TakeBonus", "creature": "shaman-09"})
    assert of(out, DiscardDemanded)[0].seats == (1,)
    s2.send(1, {"type": "DiscardCard", "card": "zap.21"})
    assert s2.state.stage == "actions"


# ---- Module : renforts -------------------------------------------------------------


def test_crocodile_replaces_a_weak_type_with_three_hit_points() -> None:
    """« Ses 3 points de vie le rendent bien plus robuste »; it takes the goblin's slot
    and bonus power."""
    creatures = [{"id": "croc-20", "quarter": 1, "section": 0}]
    hand = ["zap.11", "zap.12", "smash.11", "cold_snap.11"]
    s = Scenario(
        2, base(2, creatures=creatures, seats=[{"hand": hand}, {}]), {"crocodile": "goblin"}
    )
    assert s.state.types[0] == "croc"
    out = s.play(
        cast("zap.11"), upgrade("zap.12"), {"type": "Attack", "level": 2, "creature": "croc-20"}
    )
    assert not of(out, CreatureDefeated)
    from tools.simulation import open_game

    table, _, _ = open_game(GAME, 2, "croc", {"crocodile": "orc"})
    ids = [m for stack in table.state.stacks for m in stack] + [x.id for x in table.state.creatures]
    assert any(i.startswith("croc-") for i in ids) and not any(i.startswith("orc-") for i in ids)


def _one_short(kind: str) -> int:
    """The damage that leaves a creature of ``kind`` one hit point (assumed numbers)."""
    return DATA.creature(kind).hp - 1


def test_bombardier_explodes_on_its_section() -> None:
    """« Quand un bombardier est vaincu, toutes les créatures situées sur la même case
    subissent 1 point de dégâts »."""
    creatures = [
        {"id": "bombardier-01", "quarter": 1, "section": 1, "damage": _one_short("bombardier")},
        {"id": "goblin-20", "quarter": 1, "section": 1, "damage": 1},
        {"id": "orc-20", "quarter": 1, "section": 1},
        {"id": "orc-21", "quarter": 1, "section": 0},
    ]
    hand = ["zap.11", "smash.11", "cold_snap.11", "fire_spark.11"]
    s = Scenario(
        2, base(2, creatures=creatures, seats=[{"hand": hand}, {}]), {"bombardier": "golem"}
    )
    out = s.play(cast("zap.11"), {"type": "Attack", "level": 1, "creature": "bombardier-01"})
    assert [e.creature for e in of(out, CreatureDefeated)] == ["bombardier-01", "goblin-20"]
    assert s.creature("orc-20").damage == 1 and s.creature("orc-21").damage == 0
    assert "orctower.reinforce.bombardier" in rules(of(out, DamageDealt))


def test_brooding_toad_leaves_a_baby_toad() -> None:
    """« le joueur prend une tuile Bébé Crapaud et la pose sur la case où elle se
    trouvait. Si un joueur inflige 1 point de dégâts à cette tuile, il la prend »; then
    its ability, once."""
    creatures = [{"id": "toad-01", "quarter": 1, "section": 2, "damage": _one_short("toad")}]
    hand = ["zap.11", "smash.11", "cold_snap.11", "fire_spark.11"]
    setup = base(
        2,
        creatures=creatures,
        toad_supply=["toad_action.01", "toad_draw.01"],
        seats=[{"hand": hand}, {}],
    )
    s = Scenario(2, setup, {"toad": "shaman"})
    out = s.play(cast("zap.11"), {"type": "Attack", "level": 1, "creature": "toad-01"})
    laid = of(out, ToadTileLaid)[0]
    assert (laid.tile, laid.quarter, laid.section) == ("toad_action.01", 1, 2)
    out = s.play(cast("smash.11"), {"type": "Attack", "level": 1, "creature": "toad_action.01"})
    assert of(out, ToadTaken)[0].tile == "toad_action.01"
    # The turn ended (2 actions); on the next turn of seat 0 the tile gives an action.
    assert s.state.seats[0].toads == ("toad_action.01",)
    s.state  # noqa: B018
    while s.state.active != 0 or s.state.stage != "actions":
        s.play(
            {"type": "Pass"}
            if s.state.stage == "actions"
            else {
                "type": "RevealMarker",
                "quarter": next(
                    x.quarter
                    for x in GAME.legal_commands(s.state, s.state.active)
                    if isinstance(x, c.RevealMarker)
                ),
            }
        )
    out = s.play({"type": "UseToad", "tile": "toad_action.01"})
    assert of(out, ActionGained) and s.state.actions == 3
    assert s.state.seats[0].toads == ()
