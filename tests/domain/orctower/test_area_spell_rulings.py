"""Blizzard's « derrière » and Séisme's « voisine » are rulings: the second
section of an upgraded area spell is where the reading in force puts it, and each
blow struck there cites that ruling beside the spell's rule."""

from __future__ import annotations

from typing import Any

import pytest

from domain.orctower.events import CreatureDefeated, DamageDealt
from tests.domain.orctower.scenario import Scenario, base, of

ICE = "orctower.ruling.ice-storm-behind"
BESIDE = "orctower.ruling.earthquake-beside"
FRONT = "orctower.ruling.quake-front"


# Where a creature's hit points come from, cited by every blow (test_hit_point_citations).
HIT_POINTS = "orctower.assume.creatures"


def _struck(out: list[Any]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each blow's rule and what put the creature in the way."""
    return {
        e.creature: (e.rule, tuple(a for a in e.also if a != HIT_POINTS))
        for e in of(out, DamageDealt)
    }


@pytest.mark.parametrize(("reading", "behind"), [("outward", "goblin-20"), ("inward", "goblin-22")])
def test_an_upgraded_blizzard_strikes_the_section_behind_as_read(reading: str, behind: str) -> None:
    creatures = [
        {"id": "goblin-20", "quarter": 1, "section": 0},
        {"id": "goblin-21", "quarter": 1, "section": 1},
        {"id": "goblin-22", "quarter": 1, "section": 2},
    ]
    hand = ["ice_storm.11", "cold_snap.11", "spell_book_wf.11", "smash.11"]
    s = Scenario(
        2, base(2, creatures=creatures, seats=[{"hand": hand}]), {"ice_storm_behind": reading}
    )
    out = s.play(
        {"type": "Cast", "card": "ice_storm.11"},
        {"type": "Upgrade", "card": "cold_snap.11"},
        {"type": "Upgrade", "card": "spell_book_wf.11", "energy": "water"},
        {"type": "Blast", "level": 2, "section": 1},
    )
    assert _struck(out) == {
        "goblin-21": ("orctower.attack.ice-storm", ()),
        behind: ("orctower.attack.ice-storm", (ICE,)),
    }
    assert sorted(e.creature for e in of(out, CreatureDefeated)) == sorted(["goblin-21", behind])


EARTHQUAKE = ["earthquake.11", "smash.11", "spell_book_el.11", "zap.11"]


def _quake(options: dict[str, Any], creatures: list[dict[str, Any]], side: int = 1) -> list[Any]:
    setup = base(2, creatures=creatures, seats=[{"hand": EARTHQUAKE}])
    s = Scenario(2, setup, options)
    return s.play(
        {"type": "Cast", "card": "earthquake.11"},
        {"type": "Upgrade", "card": "smash.11"},
        {"type": "Upgrade", "card": "spell_book_el.11", "energy": "earth"},
        {"type": "Blast", "level": 2, "section": 1, "side": side},
    )


@pytest.mark.parametrize(
    ("reading", "side", "beside"),
    [("quarter", 1, "goblin-21"), ("quarter", -1, "goblin-23"), ("section", 1, "goblin-22")],
)
def test_an_upgraded_earthquake_strikes_the_section_beside_as_read(
    reading: str, side: int, beside: str
) -> None:
    creatures = [
        {"id": "goblin-20", "quarter": 1, "section": 1},
        {"id": "goblin-21", "quarter": 2, "section": 1},
        {"id": "goblin-22", "quarter": 1, "section": 2},
        {"id": "goblin-23", "quarter": 6, "section": 1},
    ]
    out = _quake({"earthquake_beside": reading}, creatures, side)
    assert _struck(out) == {
        "goblin-20": ("orctower.attack.earthquake", ()),
        beside: ("orctower.attack.earthquake", (BESIDE,)),
    }


@pytest.mark.parametrize(
    ("reading", "struck"),
    [
        ("any_section", {"goblin-21"}),  # behind quarter 2's front
        ("front_only", set()),
        ("neighbour_front", {"orc-20"}),
    ],
)
def test_with_the_front_rule_the_second_section_is_as_read(reading: str, struck: set[str]) -> None:
    """« ne peuvent viser que le front »: the Séisme aims at quarter 1's front (its
    middle section); beside it, quarter 2's front is its inner section."""
    creatures = [
        {"id": "goblin-20", "quarter": 1, "section": 1},
        {"id": "goblin-21", "quarter": 2, "section": 1},
        {"id": "orc-20", "quarter": 2, "section": 2},
    ]
    out = _quake({"new_destiny": True, "quake_front": reading}, creatures)
    assert _struck(out).pop("goblin-20") == ("orctower.attack.earthquake", ())
    assert {k: v[1] for k, v in _struck(out).items() if k != "goblin-20"} == {
        k: (BESIDE, FRONT) for k in struck
    }
