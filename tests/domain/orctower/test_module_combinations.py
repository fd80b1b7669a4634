"""Every combination of the orc tower's modules (and of its reinforcements) played to
the end by seeded bots, under the generic simulation checks (legal commands
accepted, others refused with a rule, chance re-derived, fold equals live state,
no view shows a hidden card or marker): the generic test walks each option's
values, not the modules' combinations."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from domain.orctower import GAME
from tests.simulation_checks import check_game

MODULES = ("missions", "bonus_actions", "new_destiny", "terrain")
REINFORCEMENTS = (
    {"crocodile": "none", "toad": "none", "bombardier": "none"},
    {"crocodile": "goblin", "toad": "shaman", "bombardier": "golem"},
)


def combinations() -> list[Any]:
    out = []
    for i, (flags, extra) in enumerate(product(product((False, True), repeat=4), REINFORCEMENTS)):
        options: dict[str, Any] = dict(zip(MODULES, flags, strict=True)) | extra
        if i % 2:
            options["crocodile"] = "orc"
            options["bombardier"] = "chief" if extra["bombardier"] != "none" else "none"
        players = 2 + i % 3
        name = "-".join(k for k, v in options.items() if v not in (False, "none")) or "base"
        out.append(pytest.param(options, players, id=f"{players}p-{name}"))
    return out


@pytest.mark.parametrize(("options", "players"), combinations())
def test_every_module_combination(options: dict[str, Any], players: int) -> None:
    steps = check_game(
        GAME, players, f"modules-{sorted(options.items())}", check_all_legal=True, options=options
    )
    assert steps > 20
