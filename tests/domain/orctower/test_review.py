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


def test_a_setup_giving_creatures_but_no_markers_deals_each_quarter_what_it_has_left() -> None:
    """At 2 players each quarter starts with 8 markers; the creatures already on a
    quarter came from its stacks, so quarter 1 (3 creatures) keeps 5 and quarter 2
    (one) keeps 7."""
    creatures = [{"type": "orc", "quarter": 1, "section": 0} for _ in range(3)]
    creatures.append({"type": "chief", "quarter": 2, "section": 1})
    state = _open({"creatures": creatures, "stage": "actions"}).state
    assert [len(s) for s in state.stacks] == [5, 7, 8, 8, 8, 8]
    on_board = {c.id for c in state.creatures}
    assert not on_board & {m for s in state.stacks for m in s}


def test_markers_of_defeated_and_arrived_creatures_are_not_dealt_again() -> None:
    """48 markers at 2 players: 4 on the board, 2 goblins defeated and 1 orc past the
    tower leave 41 for stacks of 44; the shortfall of 3 comes off the fullest stacks."""
    creatures = [{"type": "orc", "quarter": 1, "section": 0} for _ in range(3)]
    creatures.append({"type": "chief", "quarter": 2, "section": 1})
    setup = {
        "creatures": creatures,
        "stage": "actions",
        "counters": [0, 1, 0, 0, 0, 0],
        "seats": [{"defeated": [2, 0, 0, 0, 0, 0]}, {}],
    }
    state = _open(setup).state
    assert [len(s) for s in state.stacks] == [5, 7, 7, 7, 7, 8]
    stacked = [m for s in state.stacks for m in s]
    goblins, orcs = 10, 10  # unnumbered markers of each weak type, all in play at 2
    assert sum(m.startswith("goblin-") for m in stacked) == goblins - 2
    assert sum(m.startswith("orc-") for m in stacked) == orcs - 3 - 1
