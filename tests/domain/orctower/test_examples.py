"""Every « Exemple : … » of the base game, replayed exactly from a setup position.

Seats play blue (0, tower space 1), green (1, space 2), red (2, space 3) and
yellow (3, space 5), as ``orctower.assume.colours`` says.
"""

from __future__ import annotations

import pytest

from domain.kernel import IllegalCommand
from domain.orctower import commands as c
from domain.orctower.events import (
    CardDiscarded,
    CardsDrawn,
    CreatureArrived,
    CreatureDefeated,
    CreatureLost,
    CreatureMoved,
    DamageDealt,
    GameEnded,
    HandDiscarded,
    MarkerRevealed,
    PowerGained,
    SpellLearned,
)
from domain.orctower.scoring import score
from tests.domain.orctower.scenario import Scenario, base, of, rules

GREEN = ["zap.11", "cold_snap.11", "smash.11", "fire_spark.11"]


def cast(card: str) -> dict[str, object]:
    return {"type": "Cast", "card": card}


def attack(creature: str, level: int = 1) -> dict[str, object]:
    return {"type": "Attack", "level": level, "creature": creature}


def upgrade(card: str, energy: str = "") -> dict[str, object]:
    return {"type": "Upgrade", "card": card, "energy": energy}


# ---- Retourner une carte Destin ---------------------------------------------


def test_destiny_plus_one_hit_point() -> None:
    """« durant ce round, toutes les créatures bénéficient de 1 point de vie
    supplémentaire » : 2 damage no longer defeat a goblin (2 hit points)."""
    setup = base(
        2,
        active=1,
        destiny="d02",
        creatures=[{"id": "goblin-20", "quarter": 2, "section": 0}],
        seats=[{}, {"hand": ["cold_snap.11", "cold_snap.12", "smash.11", "zap.11"]}],
    )
    s = Scenario(2, setup)
    out = s.play(cast("cold_snap.11"), upgrade("cold_snap.12"), attack("goblin-20", 2))
    assert of(out, DamageDealt)[0].amount == 2
    assert not of(out, CreatureDefeated)
    assert s.creature("goblin-20").damage == 2
    # The goblin survives by its assumed 2 hit points and the round's +1: both cited.
    assert of(out, DamageDealt)[0].also == ("orctower.assume.creatures", "orctower.change.plus-one")


def test_destiny_moves_strong_and_mighty() -> None:
    """« toutes les créatures fortes (jaune) et puissantes (rouge) avancent d‘une
    section vers la tour »."""
    setup = base(
        2,
        active=1,
        destiny_deck=["d12", "d01"],
        creatures=[
            {"id": "goblin-20", "quarter": 1, "section": 0},
            {"id": "shaman-09", "quarter": 1, "section": 0},
            {"id": "golem-07", "quarter": 2, "section": 1},
        ],
    )
    s = Scenario(2, setup)
    out = s.play({"type": "Pass"})
    moved = {e.creature: e.section for e in of(out, CreatureMoved)}
    assert moved["golem-07"] == 2 and moved["shaman-09"] == 1
    assert "goblin-20" not in moved
    assert s.creature("goblin-20").section == 0
    assert "orctower.round.move" in rules(out)


def test_goblin_reaches_the_tower_and_red_loses_a_goblin() -> None:
    """« le gobelin atteint la tour et retourne dans la boîte de jeu. Le cube blanc
    correspondant du compteur de créature recule de 1 case. Comme le joueur rouge se
    trouve dans cette section, il doit se débarrasser d‘un des gobelins »."""
    setup = base(
        3,
        active=2,
        destiny_deck=["d01"],
        creatures=[{"id": "goblin-20", "quarter": 3, "section": 2}],
        seats=[{}, {}, {"defeated": [2, 0, 0, 0, 0, 0]}],
    )
    s = Scenario(3, setup)
    out = s.play({"type": "Pass"})
    assert of(out, CreatureArrived)[0].creature == "goblin-20"
    assert s.state.counters[0] == 1
    assert [(e.seat, e.slot) for e in of(out, CreatureLost)] == [(2, 0)]
    assert s.state.seats[2].defeated[0] == 1
    assert s.creature("goblin-20") is None


# ---- 1. Retourner des marqueurs Créature --------------------------------------


def test_reveal_on_each_empty_quarter() -> None:
    """« deux quartiers ne comportent aucune créature. Le joueur révèle un marqueur
    créature sur chacun et place les pions correspondants sur leur section extérieure »."""
    creatures = [{"id": f"orc-{q:02d}", "quarter": q, "section": 1} for q in (1, 2, 3, 5)]
    setup = base(2, fill=False, creatures=creatures, destiny_deck=["d08"])
    s = Scenario(2, setup)
    out = s.play({"type": "Pass"})
    auto = of(out, MarkerRevealed)
    assert [e.quarter for e in auto] == [4, 6]
    assert all(s.creature(e.marker).section == 0 for e in auto)
    assert set(rules(auto)) == {"orctower.turn.reveal-empty"}


def test_green_chooses_quarter_five_not_its_own_four() -> None:
    """« le joueur vert choisit le quartier 5 pour révéler un marqueur Créature. Il
    n‘aurait pas pu choisir le quartier 4, qu‘il occupe actuellement avec son mage »."""
    creatures = [{"id": f"orc-{q:02d}", "quarter": q, "section": 1} for q in range(1, 7)]
    setup = base(2, active=1, stage="reveal", creatures=creatures, seats=[{}, {"space": 4}])
    s = Scenario(2, setup)
    legal = s.state.pending and s.state.stage
    assert legal == "reveal"
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "RevealMarker", "quarter": 4})
    assert refused.value.rule == "orctower.turn.reveal-choice"
    out = s.play({"type": "RevealMarker", "quarter": 5})
    assert of(out, MarkerRevealed)[0].quarter == 5
    assert s.state.stage == "actions"


# ---- 2. Effectuer des actions --------------------------------------------------


def test_red_may_teleport_only_to_spaces_one_and_four() -> None:
    """« le joueur rouge ne peut placer son mage que sur les cases 1 et 4 de la tour.
    Les autres sont déjà occupées »."""
    setup = base(4, active=2, seats=[{"space": 6}, {}, {}, {}])
    s = Scenario(4, setup)
    from domain.orctower import GAME

    spaces = [x.space for x in GAME.legal_commands(s.state, 2) if isinstance(x, c.Teleport)]
    assert spaces == [1, 4]
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "Teleport", "space": 5})
    assert refused.value.code == "space_taken"
    s.play({"type": "Teleport", "space": 4})
    assert s.state.seats[2].space == 4


def test_cold_snap_gives_one_water_energy_and_its_first_effect() -> None:
    """« le joueur lance le sort Cold snap, générant 1 point d‘énergie d‘Eau. Avec
    l‘énergie ainsi produite, il peut ... utiliser le premier effet de ce sort, qui
    inflige 1 point de dégât à une créature »."""
    setup = base(
        2,
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 0}],
        seats=[{"hand": ["cold_snap.11", "zap.11", "smash.11", "fire_spark.11"]}],
    )
    s = Scenario(2, setup)
    s.play(cast("cold_snap.11"))
    assert s.state.casting is not None and s.state.casting.energy == (0, 0, 1, 0)
    with pytest.raises(IllegalCommand) as refused:
        s.play(attack("goblin-20", 2))
    assert refused.value.code == "not_enough_energy"
    out = s.play(attack("goblin-20", 1))
    assert [(e.creature, e.amount) for e in of(out, DamageDealt)] == [("goblin-20", 1)]


def test_zap_upgraded_deals_two_to_the_orc() -> None:
    """« le joueur rouge lance le sort Zap et y ajoute une autre carte de sa main en tant
    qu‘amélioration. Il dispose donc désormais de 2 points d‘énergie de Foudre et peut
    utiliser le second effet de Zap, infligeant 2 points de dégâts à l‘orque »."""
    setup = base(
        3,
        active=2,
        creatures=[{"id": "orc-20", "quarter": 3, "section": 1}],
        seats=[{}, {}, {"hand": ["zap.11", "zap.12", "smash.11", "fire_spark.11"]}],
    )
    s = Scenario(3, setup)
    s.play(cast("zap.11"), upgrade("zap.12"))
    assert s.state.casting is not None and s.state.casting.energy == (0, 2, 0, 0)
    out = s.play(attack("orc-20", 2))
    assert [(e.creature, e.amount) for e in of(out, DamageDealt)] == [("orc-20", 2)]
    assert of(out, CreatureDefeated)[0].creature == "orc-20"  # an orc has 2 hit points


def test_end_of_turn_discard_and_draw_four() -> None:
    """« le joueur a utilisé toutes ses actions et défausse les cartes de sa main. Il
    pioche ensuite 4 nouveaux sorts »."""
    hand = ["zap.11", "smash.11", "cold_snap.11", "fire_spark.11"]
    setup = base(2, actions=1, seats=[{"hand": hand}])
    s = Scenario(2, setup)
    out = s.play({"type": "Teleport", "space": 4})
    assert of(out, HandDiscarded)[0].cards == tuple(hand)
    drawn = of(out, CardsDrawn)
    assert [(e.seat, len(e.cards)) for e in drawn] == [(0, 4)]
    assert len(s.state.seats[0].hand) == 4


# ---- Sorts d'attaque -------------------------------------------------------------


def test_zap_then_cold_snap_defeat_the_goblin() -> None:
    """« le joueur vert lance le sort Zap en tant que 1re action et inflige 1 point de
    dégât au gobelin. Avec sa 2e action, il lance Cold Snap et inflige 1 point de dégât
    de plus, ce qui lui permet de vaincre le gobelin »."""
    setup = base(
        2,
        active=1,
        creatures=[{"id": "goblin-20", "quarter": 2, "section": 1}],
        seats=[{}, {"hand": GREEN}],
    )
    s = Scenario(2, setup)
    s.play(cast("zap.11"), attack("goblin-20"))
    assert s.creature("goblin-20").damage == 1
    out = s.play(cast("cold_snap.11"), attack("goblin-20"))
    assert of(out, CreatureDefeated)[0].creature == "goblin-20"
    assert s.state.seats[1].defeated[0] == 1
    assert s.state.seats[1].gauges[0] == 1


def test_upgraded_cold_snap_defeats_the_goblin() -> None:
    """« le joueur vert lance un sort Cold Snap amélioré et inflige 2 points de dégâts
    au gobelin. Celui-ci n‘a que 2 points de vie et il est donc vaincu »."""
    setup = base(
        2,
        active=1,
        creatures=[{"id": "goblin-20", "quarter": 2, "section": 0}],
        seats=[{}, {"hand": ["cold_snap.11", "cold_snap.12", "zap.11", "smash.11"]}],
    )
    s = Scenario(2, setup)
    out = s.play(cast("cold_snap.11"), upgrade("cold_snap.12"), attack("goblin-20", 2))
    defeated = of(out, CreatureDefeated)
    assert [(e.seat, e.creature) for e in defeated] == [(1, "goblin-20")]
    assert s.state.seats[1].defeated == (1, 0, 0, 0, 0, 0)


def test_gauge_top_gives_draw_five() -> None:
    """« Comme il est arrivé à la case du haut, le joueur gagne le pouvoir
    correspondant, qui lui permet de piocher 5 sorts au lieu de 4 à la fin de son
    tour »."""
    setup = base(
        2,
        active=1,
        actions=1,
        creatures=[{"id": "goblin-20", "quarter": 2, "section": 0}],
        seats=[
            {},
            {"hand": ["cold_snap.11", "cold_snap.12", "zap.11"], "gauges": [3, 0, 0, 0, 0, 0]},
        ],
    )
    s = Scenario(2, setup)
    out = s.play(cast("cold_snap.11"), upgrade("cold_snap.12"), attack("goblin-20", 2))
    assert [(e.seat, e.power) for e in of(out, PowerGained)] == [(1, "draw5")]
    assert [len(e.cards) for e in of(out, CardsDrawn) if e.seat == 1] == [5]
    assert "orctower.power.draw5" in rules(of(out, CardsDrawn))


def test_upgraded_fireball_defeats_the_lava_golem() -> None:
    """« le joueur vert améliore son sort Fireball et inflige 5 points de dégâts au golem
    de lave. Comme celui-ci n‘a que 4 points de vie, il est vaincu »."""
    hand = ["fireball.11", "fire_spark.11", "spell_book_wf.11", "zap.11"]
    setup = base(
        2,
        active=1,
        creatures=[{"id": "golem-07", "quarter": 2, "section": 2}],
        seats=[{}, {"hand": hand}],
    )
    s = Scenario(2, setup)
    s.play(cast("fireball.11"))
    assert s.state.casting is not None
    from domain.orctower import GAME

    assert not [x for x in GAME.legal_commands(s.state, 1) if isinstance(x, c.Attack)]
    out = s.play(
        upgrade("fire_spark.11"), upgrade("spell_book_wf.11", "fire"), attack("golem-07", 2)
    )
    assert [e.amount for e in of(out, DamageDealt)] == [5]
    assert of(out, CreatureDefeated)[0].creature == "golem-07"


def test_upgraded_lightning_bolt_on_a_neighbouring_quarter() -> None:
    """« le joueur vert lance un Lightning Bolt amélioré et triomphe du shaman gobelin
    situé sur un quartier voisin »: two lightning upgrades reach the second effect, 4
    damage, past the Shaman gobelin's 3 hit points (one reaches the first, 2 damage,
    as the Replenish example says)."""
    hand = ["lightning_bolt.11", "zap.11", "spell_book_el.11", "cold_snap.11"]
    setup = base(
        2,
        active=1,
        creatures=[{"id": "shaman-09", "quarter": 3, "section": 1}],
        seats=[{}, {"hand": hand}],
    )
    s = Scenario(2, setup)
    out = s.play(
        cast("lightning_bolt.11"),
        upgrade("zap.11"),
        upgrade("spell_book_el.11", "lightning"),
        attack("shaman-09", 2),
    )
    assert of(out, CreatureDefeated)[0].creature == "shaman-09"
    assert "orctower.attack.bolt" in rules(out)


def test_smash_cannot_reach_another_quarter() -> None:
    """« Un joueur ne peut lancer des sorts d‘Attaque que contre les créatures situées
    dans le même quartier que son mage »."""
    setup = base(
        2,
        active=1,
        creatures=[{"id": "goblin-20", "quarter": 3, "section": 1}],
        seats=[{}, {"hand": GREEN}],
    )
    s = Scenario(2, setup)
    s.play(cast("smash.11"))
    with pytest.raises(IllegalCommand) as refused:
        s.play(attack("goblin-20"))
    assert refused.value.rule == "orctower.attack.quarter"


def _earthquake_hand() -> list[str]:
    return ["earthquake.11", "smash.11", "spell_book_el.11", "zap.11"]


def test_upgraded_earthquake_defeats_three_goblins_and_an_orc() -> None:
    """« le joueur vert lance Earthquake (Séisme) et triomphe de 3 gobelins et de 1
    orque en une seule action »."""
    creatures = [
        {"id": "goblin-20", "quarter": 2, "section": 1},
        {"id": "goblin-21", "quarter": 2, "section": 1},
        {"id": "goblin-22", "quarter": 3, "section": 1},
        {"id": "orc-20", "quarter": 3, "section": 1},
        {"id": "golem-07", "quarter": 3, "section": 0},
    ]
    setup = base(2, active=1, creatures=creatures, seats=[{}, {"hand": _earthquake_hand()}])
    s = Scenario(2, setup)
    out = s.play(
        cast("earthquake.11"),
        upgrade("smash.11"),
        upgrade("spell_book_el.11", "earth"),
        {"type": "Blast", "level": 2, "section": 1, "side": 1},
    )
    beaten = sorted(e.creature for e in of(out, CreatureDefeated))
    assert beaten == ["goblin-20", "goblin-21", "goblin-22", "orc-20"]
    assert s.creature("golem-07") is not None


def test_earthquake_on_the_middle_section() -> None:
    """« le joueur vert lance le sort Earthquake (Séisme) et inflige 2 points de dégâts à
    toutes les créatures de la section médiane, ce qui lui permet de vaincre les deux
    gobelins. Il reste 1 point de vie au cavalier orque »."""
    creatures = [
        {"id": "goblin-20", "quarter": 2, "section": 1},
        {"id": "goblin-21", "quarter": 2, "section": 1},
        {"id": "rider-05", "quarter": 2, "section": 1},
    ]
    setup = base(2, active=1, creatures=creatures, seats=[{}, {"hand": _earthquake_hand()}])
    s = Scenario(2, setup)
    out = s.play(
        cast("earthquake.11"),
        upgrade("smash.11"),
        {"type": "Blast", "level": 1, "section": 1},
    )
    assert sorted(e.creature for e in of(out, CreatureDefeated)) == ["goblin-20", "goblin-21"]
    rider = s.creature("rider-05")
    assert rider.damage == 2  # 3 hit points: 1 left


def test_ice_storm_then_smash() -> None:
    """« le joueur bleu utilise sa 1re action pour lancer un sort Ice Storm (blizzard)
    infligeant 2 points de dégâts à toutes les créatures des sections intérieure et
    médiane. Les 2 gobelins sont immédiatement vaincus. Pour sa 2e action, il lance
    Smash et triomphe ainsi du shaman gobelin de la section intérieure »."""
    creatures = [
        {"id": "goblin-20", "quarter": 1, "section": 2},
        {"id": "goblin-21", "quarter": 1, "section": 1},
        {"id": "shaman-09", "quarter": 1, "section": 2},
    ]
    hand = ["ice_storm.11", "cold_snap.11", "spell_book_wf.11", "smash.11"]
    s = Scenario(2, base(2, creatures=creatures, seats=[{"hand": hand}]))
    out = s.play(
        cast("ice_storm.11"),
        upgrade("cold_snap.11"),
        upgrade("spell_book_wf.11", "water"),
        {"type": "Blast", "level": 2, "section": 2},
    )
    assert sorted(e.creature for e in of(out, CreatureDefeated)) == ["goblin-20", "goblin-21"]
    assert s.creature("shaman-09").damage == 2
    out = s.play(cast("smash.11"), attack("shaman-09"))
    assert of(out, CreatureDefeated)[0].creature == "shaman-09"


# ---- Sorts de savoir -------------------------------------------------------------


def test_spell_book_learns_fireball() -> None:
    """« le joueur lance le sort Spell Book (Grimoire) et décide de prendre Fireball
    (Boule de feu) dans la palette. Il renvoie ensuite Spell Book et Fireball dans sa
    défausse, puis on remplit l‘emplacement désormais vide de la palette de sorts »."""
    hand = ["spell_book_el.11", "zap.11", "smash.11", "cold_snap.11"]
    s = Scenario(2, base(2, seats=[{"hand": hand}]))
    top = s.state.piles[0][0]
    out = s.play(cast("spell_book_el.11"), {"type": "Learn", "slot": 0})
    learned = of(out, SpellLearned)[0]
    assert learned.card.startswith("fireball.")
    assert s.state.seats[0].discard[-2:] == (learned.card, "spell_book_el.11")
    assert s.state.palette[0] == top


def test_spell_book_upgrade_gives_earth() -> None:
    """« le joueur décide d‘obtenir 1 point d‘énergie de la Terre »: a Spell Book
    played as an upgrade gives one of its two types, the player's choice."""
    hand = ["smash.11", "spell_book_el.11", "zap.11", "cold_snap.11"]
    s = Scenario(2, base(2, seats=[{"hand": hand}]))
    s.play(cast("smash.11"))
    from domain.orctower import GAME

    offered = {
        x.energy
        for x in GAME.legal_commands(s.state, 0)
        if isinstance(x, c.Upgrade) and x.card == "spell_book_el.11"
    }
    assert offered == {"earth", "lightning"}
    with pytest.raises(IllegalCommand):
        s.play(upgrade("spell_book_el.11", "fire"))
    s.play(upgrade("spell_book_el.11", "earth"))
    assert s.state.casting is not None and s.state.casting.energy == (2, 0, 0, 0)


def test_wisdom_upgrade_gives_any_type() -> None:
    """« le joueur peut choisir quel type d‘énergie lui confère cette amélioration »."""
    hand = ["fire_spark.11", "wisdom.11", "zap.11", "cold_snap.11"]
    s = Scenario(2, base(2, seats=[{"hand": hand}]))
    s.play(cast("fire_spark.11"))
    from domain.orctower import GAME

    offered = {
        x.energy
        for x in GAME.legal_commands(s.state, 0)
        if isinstance(x, c.Upgrade) and x.card == "wisdom.11"
    }
    assert offered == {"earth", "lightning", "water", "fire"}
    s.play(upgrade("wisdom.11", "fire"))
    assert s.state.casting is not None and s.state.casting.energy == (0, 0, 0, 2)


# ---- Sorts de soutien ------------------------------------------------------------


def test_switch_brings_the_golem_to_red_inner_section() -> None:
    """« le joueur rouge prend le golem de lave pour l‘amener sur la section intérieure
    du quartier qu‘occupe son mage »."""
    setup = base(
        3,
        active=2,
        creatures=[{"id": "golem-07", "quarter": 5, "section": 0}],
        seats=[{}, {}, {"hand": ["switch.11", "zap.11", "smash.11", "cold_snap.11"]}],
    )
    s = Scenario(3, setup)
    out = s.play(
        cast("switch.11"),
        upgrade("zap.11"),
        {"type": "Place", "creature": "golem-07", "section": 2},
    )
    golem = s.creature("golem-07")
    assert (golem.quarter, golem.section) == (3, 2)
    assert "orctower.support.switch" in rules(out)


def test_replenish_draws_two_from_the_deck() -> None:
    """« le joueur lance Replenish et pioche 2 cartes de sa pioche »."""
    hand = ["replenish.11", "zap.11", "smash.11", "cold_snap.11"]
    s = Scenario(2, base(2, seats=[{"hand": hand}]))
    deck = s.state.seats[0].deck
    out = s.play(cast("replenish.11"), {"type": "Replenish", "level": 1})
    assert of(out, CardsDrawn)[0].cards == deck[:2]
    assert len(s.state.seats[0].hand) == 5


def test_magic_bonds_sends_the_shaman_into_the_tower() -> None:
    """« le joueur lance Magic Bonds et fait avancer le shaman gobelin d‘une section.
    Ce dernier atteint la tour : on le remet dans la boîte et le cube correspondant du
    compteur de créatures descend d‘une case »."""
    setup = base(
        2,
        creatures=[{"id": "shaman-09", "quarter": 4, "section": 2}],
        seats=[{"hand": ["magic_bonds.11", "zap.11", "smash.11", "cold_snap.11"]}],
    )
    s = Scenario(2, setup)
    out = s.play(cast("magic_bonds.11"), {"type": "Advance", "level": 1, "creature": "shaman-09"})
    assert of(out, CreatureArrived)[0].creature == "shaman-09"
    assert s.state.counters[2] == 1


def test_upgraded_voodoo() -> None:
    """« le joueur rouge lance un sort Voodoo amélioré. Il gagne 1 action tandis que ses
    adversaires doivent se défausser d‘une carte de leur main »."""
    hands = [
        {"hand": ["zap.21", "smash.21", "cold_snap.21", "fire_spark.21"]},
        {"hand": ["zap.22", "smash.22", "cold_snap.22", "fire_spark.22"]},
        {"hand": ["voodoo.11", "fire_spark.11", "smash.11", "cold_snap.11"]},
    ]
    s = Scenario(3, base(3, active=2, seats=hands))
    s.play(cast("voodoo.11"), upgrade("fire_spark.11"), {"type": "Hex", "level": 2})
    assert s.state.actions == 2  # one spent, one gained
    assert s.state.stage == "demand"
    assert {p.seat for p in s.state.pending} == {0, 1}
    out = s.send(0, {"type": "DiscardCard", "card": "zap.21"})
    out += s.send(1, {"type": "DiscardCard", "card": "smash.22"})
    assert [(e.seat, e.card) for e in of(out, CardDiscarded)] == [(0, "zap.21"), (1, "smash.22")]
    assert s.state.stage == "actions" and s.state.active == 2


# ---- Effets des améliorations ----------------------------------------------------


def test_replenish_cast_has_no_upgrade_effect_but_as_upgrade_teleports() -> None:
    """« A) Si un joueur lance Replenish pour piocher des cartes, il ne peut pas utiliser
    l‘effet d‘amélioration de ce sort. B) Si un joueur joue Replenish en tant
    qu‘amélioration, il peut placer son mage sur une case inoccupée de la tour avant de
    lancer son sort (Lightning Bolt dans ce cas) »."""
    from domain.orctower import GAME

    hand = ["replenish.11", "lightning_bolt.11", "zap.11", "smash.11"]
    a = Scenario(2, base(2, seats=[{"hand": hand}]))
    a.play(cast("replenish.11"))
    assert not [x for x in GAME.legal_commands(a.state, 0) if isinstance(x, c.UpgradeTeleport)]
    creatures = [{"id": "goblin-20", "quarter": 3, "section": 1}]
    b = Scenario(2, base(2, creatures=creatures, seats=[{"hand": hand}]))
    b.play(cast("lightning_bolt.11"), upgrade("replenish.11"))
    spaces = [x.space for x in GAME.legal_commands(b.state, 0) if isinstance(x, c.UpgradeTeleport)]
    assert spaces == [3, 4, 5, 6]
    # … « avant de lancer son sort »: the teleport, then the Lightning Bolt itself.
    out = b.play({"type": "UpgradeTeleport", "space": 3}, attack("goblin-20"))
    assert b.state.seats[0].space == 3
    assert [(e.creature, e.amount) for e in of(out, DamageDealt)] == [("goblin-20", 2)]


def test_red_teleports_with_replenish_then_defeats_the_goblin() -> None:
    """« le joueur rouge utilise l‘effet d‘amélioration de Replenish et téléporte son mage
    sur la case 3 de la tour. Il inflige ensuite 2 dégâts au gobelin, qui est vaincu »,
    with the spell the example names (« Lightning Bolt dans ce cas »): Éclair and
    Réapprovisionnement as its one upgrade, 2 lightning energy, Éclair's first effect
    (``orctower.assume.spells``)."""
    setup = base(
        3,
        active=2,
        creatures=[{"id": "goblin-20", "quarter": 3, "section": 1}],
        seats=[
            {},
            {},
            {"space": 4, "hand": ["lightning_bolt.11", "replenish.11", "zap.11", "smash.11"]},
        ],
    )
    s = Scenario(3, setup)
    out = s.play(
        cast("lightning_bolt.11"),
        upgrade("replenish.11"),
        {"type": "UpgradeTeleport", "space": 3},
        attack("goblin-20", 1),
    )
    assert s.state.seats[2].space == 3
    assert [(e.creature, e.amount) for e in of(out, DamageDealt)] == [("goblin-20", 2)]
    assert [(e.seat, e.creature) for e in of(out, CreatureDefeated)] == [(2, "goblin-20")]
    assert s.state.seats[2].defeated[0] == 1 and s.state.seats[2].gauges[0] == 1
    assert s.creature("goblin-20") is None
    assert s.state.actions == 1  # the teleport of an upgrade costs no action
    assert s.state.seats[2].discard[-2:] == ("lightning_bolt.11", "replenish.11")


def test_green_draws_a_spell_book_and_upgrades_fireball_to_five() -> None:
    """« le joueur vert utilise l‘amélioration Piocher une carte et pioche un Spell Book
    (Grimoire). Il le joue immédiatement en tant qu‘amélioration, et fait passer les
    dégâts de sa Fireball (Boule de feu) de 3 à 5 »."""
    setup = base(
        2,
        active=1,
        creatures=[{"id": "golem-07", "quarter": 2, "section": 0}],
        seats=[
            {},
            {
                "hand": ["fireball.11", "wisdom.11", "zap.11", "smash.11"],
                "discard": ["cold_snap.11", "spell_book_wf.11"],
            },
        ],
    )
    s = Scenario(2, setup)
    s.play(cast("fireball.11"), upgrade("wisdom.11", "fire"))
    from domain.orctower import GAME

    amounts = {x.level for x in GAME.legal_commands(s.state, 1) if isinstance(x, c.Attack)}
    assert amounts == {1}  # 3 damage
    out = s.play({"type": "UpgradeDraw"})
    assert of(out, CardsDrawn)[0].cards == ("spell_book_wf.11",)
    out = s.play(upgrade("spell_book_wf.11", "fire"), attack("golem-07", 2))
    assert [e.amount for e in of(out, DamageDealt)] == [5]


# ---- Fin du jeu et score -------------------------------------------------------


SCORING = {
    # The example's multipliers 1, 2, 4, 5, 5, 7 are these counter positions.
    "counters": [2, 1, 1, 0, 2, 0],
    "last_round": True,
    "active": 1,
    "actions": 1,
    "creatures": [{"id": "orc-20", "quarter": 6, "section": 0}],
}


def test_scoring_example_fifty_one() -> None:
    """« Exemple : le joueur totalise 47 points pour les créatures qu‘il a vaincues. Le
    joueur marque 8 points pour les sorts de Soutien de son paquet. Le joueur doit
    retirer 4 points à son total, qui s‘élève donc à 51 points au final »."""
    seat0 = {
        "defeated": [5, 2, 1, 3, 1, 2],
        "hand": ["replenish.11", "switch.11"],
        "discard": ["voodoo.11", "magic_bonds.11", "poison.01", "poison.02"],
    }
    s = Scenario(2, base(2, seats=[seat0, {}], **SCORING))
    total, parts = score(s.state, 0)
    assert parts == {"creatures": 47, "support": 8, "poison": -4, "mission": 0}
    assert total == 51
    out = s.play({"type": "Pass"})
    ended = of(out, GameEnded)[0]
    assert ended.scores[0] == 51
    from domain.orctower import GAME

    outcome = GAME.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)


def test_ties_share_the_victory() -> None:
    """« En cas d’égalité, les joueurs ex aequo se partagent la victoire »."""
    seats = [{"defeated": [1, 0, 0, 0, 0, 0]}, {"defeated": [1, 0, 0, 0, 0, 0]}]
    s = Scenario(2, base(2, seats=seats, **SCORING))
    s.play({"type": "Pass"})
    from domain.orctower import GAME

    outcome = GAME.outcome(s.state)
    assert outcome is not None and outcome.winners == (0, 1)
