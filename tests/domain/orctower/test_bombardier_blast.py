"""« Quand un bombardier est vaincu, toutes les créatures situées sur la même case
subissent 1 point de dégâts »: who defeats the creatures the blast kills is
``ruling.bombardier-kills``, and each of them cites it."""

from __future__ import annotations

from typing import Any

import pytest

from domain.orctower.data import DATA
from domain.orctower.events import CreatureDefeated, CreatureRemoved
from tests.domain.orctower.scenario import Scenario, base, of

RULING = "orctower.ruling.bombardier-kills"


def _blast(reading: str) -> tuple[Scenario, list[Any]]:
    creatures = [
        {"id": "bombardier-01", "quarter": 1, "section": 1},
        {"id": "goblin-20", "quarter": 1, "section": 1, "damage": 1},
    ]
    creatures[0]["damage"] = DATA.creature("bombardier").hp - 1
    hand = ["zap.11", "smash.11", "cold_snap.11", "fire_spark.11"]
    options = {"bombardier": "golem", "bonus_actions": True, "blast_kills": reading}
    s = Scenario(2, base(2, creatures=creatures, seats=[{"hand": hand}, {}]), options)
    out = s.play(
        {"type": "Cast", "card": "zap.11"},
        {"type": "Attack", "level": 1, "creature": "bombardier-01"},
    )
    return s, out


@pytest.mark.parametrize(
    ("reading", "kept", "bonuses"),
    [
        ("caster", 1, ("bombardier-01", "goblin-20")),
        ("no_bonus", 1, ("bombardier-01",)),
        ("box", 0, ("bombardier-01",)),
    ],
)
def test_the_blasts_victims_as_read(reading: str, kept: int, bonuses: tuple[str, ...]) -> None:
    s, out = _blast(reading)
    defeated = {e.creature: e.also for e in of(out, CreatureDefeated)}
    assert defeated.pop("bombardier-01") == ()  # defeated by the spell itself
    removed = {e.creature: e.also for e in of(out, CreatureRemoved)}
    assert {**defeated, **removed} == {"goblin-20": (RULING,)}
    assert s.creature("goblin-20") is None
    seat = s.state.seats[0]
    assert seat.defeated[0] == seat.gauges[0] == kept
    assert s.state.bonuses == bonuses
