"""Module « renforts »: « Toutes les nouvelles créatures confèrent les mêmes
pouvoirs bonus que celles qu'elles remplacent, mais leurs points de vie et leurs
actions bonus diffèrent. »"""

from __future__ import annotations

import pytest

from domain.orctower import GAME
from domain.orctower.catalogue import CATALOGUE, P
from domain.orctower.data import DATA
from domain.orctower.options import Options
from domain.orctower.setup import types_in_play

OPTION_OF = {"croc": "crocodile", "toad": "toad", "bombardier": "bombardier"}


def _replaced(new: str) -> list[str]:
    """The base types a new creature may replace (its option's values)."""
    spec = next(o for o in GAME.spec.options if o.name == OPTION_OF[new])
    return [v for v in spec.allowed if v != "none"]


@pytest.mark.parametrize("new", sorted(OPTION_OF))
def test_a_new_creature_differs_in_hit_points_and_bonus_action(new: str) -> None:
    for old in _replaced(new):
        types = types_in_play(DATA, Options(**{OPTION_OF[new]: old}))  # type: ignore[arg-type]
        slot = types.index(new)
        base, fresh = DATA.creatures[slot], DATA.creature(new)
        assert base.id == old
        assert fresh.hp != base.hp, f"{new} has the hit points of {old}"
        assert fresh.bonus != base.bonus, f"{new} has the bonus action of {old}"


WORDS = {"draw": "draw", "action": "one action", "discard": "common discard", "energy": "energy"}


def test_the_reinforcements_numbers_are_the_catalogues_assumptions() -> None:
    hit_points = CATALOGUE[P + "assume.reinforcements"]
    bonuses = CATALOGUE[P + "assume.bonus-map"]
    assert hit_points.source == bonuses.source == "assumption"
    for new in OPTION_OF:
        kind = DATA.creature(new)
        assert f"{kind.name} {kind.hp}" in hit_points.summary
        assert f"{kind.name} {WORDS[kind.bonus]}" in bonuses.summary
