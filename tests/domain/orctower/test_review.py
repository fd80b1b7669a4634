"""A referee's review of the orc tower: setup files read against a table's own
data, marker stacks dealt as the rules would have them, and the rulings' other
readings played as options."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import ENGINE_VERSION, Dice, GameStarted, SetupError, replay, start
from domain.orctower import GAME
from domain.orctower.data import DEFAULT

# A table's own data: Smash renamed Crush, goblins renamed kobolds with a longer
# counter track.
_SPELLS = [
    dict(s, id="crush", name="Crush") if s["id"] == "smash" else s for s in DEFAULT["spells"]
]
_CREATURES = [
    dict(c, id="kobold", name="Kobold", track=[4, 3, 2, 1, 0]) if c["id"] == "goblin" else c
    for c in DEFAULT["creatures"]
]
TABLE_DATA = GAME.validate_data({"spells": _SPELLS, "creatures": _CREATURES})


def _open(setup: dict[str, Any], players: int = 2, data: dict[str, Any] | None = None) -> Any:
    started = GameStarted(
        game="orctower",
        options=GAME.spec.resolve_options({}),
        players=tuple(f"p{i}" for i in range(players)),
        mode="table",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=setup,
        data=data,
    )
    return replay(GAME, start(GAME, started, Dice.seeded("review")))


def test_a_setup_file_is_read_against_the_tables_own_data() -> None:
    """Names a table's data file defines are accepted, and numbered from it."""
    setup = {
        "seats": [{"hand": ["crush", "zap"]}, {}],
        "creatures": [{"type": "kobold", "quarter": 2, "section": 0}],
        "counters": [4, 0, 0, 0, 0, 0],  # the kobold track has 5 spaces
    }
    normal = GAME.validate_setup(setup, 2, TABLE_DATA)
    assert normal["seats"][0]["hand"] == ["crush.01", "zap.01"]
    assert normal["creatures"][0]["id"] == "kobold-01"
    state = _open(setup, data=TABLE_DATA).state
    assert state.seats[0].hand == ("crush.01", "zap.01")
    assert [c.id for c in state.creatures][:1] == ["kobold-01"]
    assert state.counters[0] == 4


def test_a_setup_naming_what_the_tables_data_lacks_is_refused_at_the_start() -> None:
    with pytest.raises(SetupError, match="unknown card 'smash'"):
        GAME.validate_setup({"seats": [{"hand": ["smash"]}, {}]}, 2, TABLE_DATA)
    with pytest.raises(SetupError, match="unknown card 'smash'"):
        _open({"seats": [{"hand": ["smash"]}, {}]}, data=TABLE_DATA)
    with pytest.raises(SetupError, match="unknown creature 'goblin-01'"):
        _open({"creatures": [{"type": "goblin", "quarter": 1, "section": 0}]}, data=TABLE_DATA)
