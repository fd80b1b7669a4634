"""A table's own data: our assumed board, placement table and pawns as a file,
validated key by key, and whole games played with another one."""

from __future__ import annotations

from typing import Any

import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, LAYOUT_TOML, parse_layout
from domain.elfenwizards.placement import PAWNS_IN_BOX, PLACEMENT
from domain.elfenwizards.setup import _opening, initial
from domain.elfenwizards.table_data import TableData
from domain.kernel import Dice, SetupError, apply
from tests.domain.elfenwizards.layouts import SMALL
from tests.domain.elfenwizards.positions import opened, play_on, started, through_toml
from tests.domain.elfenwizards.scenario import of

# The smaller board, six pawns a colour, and a placement table of its own.
DATA: dict[str, Any] = {
    "layout": SMALL,
    "pawns": {"red": 6, "green": 6, "blue": 6, "yellow": 6, "black": 5},
    "placement": {
        "3": {
            "red": ["D1", "N1", "N3", "M1", "M2", "M2"],
            "green": ["D2", "N2", "S1", "M1", "M2", "M1"],
            "blue": ["S2", "N4", "M1", "M2", "M2", "M1"],
        },
        "4": {
            "red": ["D1", "N1", "M1", "M2"],
            "green": ["D2", "N2", "M1", "M2"],
            "blue": ["S1", "N3", "M1", "M2"],
            "yellow": ["S2", "N4", "M1", "M2"],
        },
        "5": {
            "red": ["D1", "M1", "M2"],
            "green": ["D2", "N1", "M1"],
            "blue": ["S1", "N2", "M2"],
            "yellow": ["S2", "N3", "M1"],
            "black": ["N4", "M1", "M2", "M2", "M1"],
        },
    },
}


def test_the_template_is_our_data_and_is_accepted_back() -> None:
    template = GAME.data_template()
    assert set(template) == {"layout", "placement", "pawns"}
    assert template["pawns"] == PAWNS_IN_BOX
    assert template["placement"]["4"] == PLACEMENT[4]
    assert parse_layout(LAYOUT_TOML).as_table() == template["layout"]
    assert GAME.validate_data(through_toml(template)) == template


def test_a_data_file_is_normalised() -> None:
    normal = GAME.validate_data(DATA)
    assert normal["layout"] == parse_layout(SMALL).as_table()  # text becomes a table
    assert GAME.validate_data(through_toml(normal)) == normal


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"cards": []}, r"unknown data key\(s\) \['cards'\]"),
        ({"layout": "[[level]]\nid = 3"}, r"layout.level\[0\].id is 3, where the file takes no"),
        ({"pawns": {"red": 6}}, "pawns must give the pawns of every colour"),
        ({"pawns": {**DATA["pawns"], "black": 0}}, "pawns.black is 0; the rules use pawns of a"),
        ({"placement": {"3": DATA["placement"]["3"]}}, "one table per player count"),
        (
            {"placement": {**DATA["placement"], "4": {**DATA["placement"]["4"], "yellow": ["S9"]}}},
            "placement.4.yellow: unknown space 'S9'",
        ),
        (
            {"placement": {**DATA["placement"], "3": {**DATA["placement"]["3"], "red": ["GD"]}}},
            "placement.3: nobody starts on the Grand Druide",
        ),
        (
            {"placement": {**DATA["placement"], "5": {**DATA["placement"]["5"], "red": ["D2"]}}},
            "placement.5: space D2 holds",
        ),
        (
            {"pawns": {**DATA["pawns"], "red": 3}},
            "placement.3.red: 1 to 3 pawns, not 6",
        ),
        ({"placement": None, "pawns": None}, "a layout of your own needs a placement of its own"),
    ],
)
def test_a_bad_data_file_is_refused_naming_the_key(change: dict[str, Any], words: str) -> None:
    given = {k: v for k, v in {**DATA, **change}.items() if v is not None}
    with pytest.raises(SetupError, match=words):
        GAME.validate_data(given)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_games_are_played_with_the_tables_data(players: int) -> None:
    seed = f"data-{players}"
    table, opening = opened(players, None, Dice.seeded(seed), data=DATA)
    assert table.started.data_hash and table.started.data == GAME.validate_data(DATA)
    (laid,) = of(opening, ev.BoardLaidOut)
    assert laid.board == parse_layout(SMALL) != BOARD and laid.rule == "elfenwizards.setup.layout"
    (placed,) = of(opening, ev.WizardsPlaced)
    table_of = DATA["placement"][str(players)]
    assert placed.rule == "elfenwizards.setup.placement"
    assert [w.space for w in placed.wizards] == [s for c in table_of for s in table_of[c]]
    finished, events = play_on(table, seed)
    assert GAME.outcome(finished.state) is not None
    titles = {e.title for e in of(events, ev.TitleAwarded)}
    assert titles <= {s.id for s in parse_layout(SMALL).spaces}
    # A position of a game played with data carries the board: it opens alone.
    for event in events[: len(events) // 2]:
        table = apply(GAME, table, event)
    middle = table.state
    position = GAME.position(middle)
    assert "layout" in position
    again, _ = opened(players, position, Dice.seeded(seed))
    assert again.state.board == middle.board and again.state.wizards == middle.wizards


def test_a_setup_on_the_tables_board_needs_no_layout_of_its_own() -> None:
    setup = {"round": 2, "dragon": 0, "wizards": {"red-6": "S1", "green-1": "N4", "blue-1": "M2"}}
    table, _ = opened(3, setup, Dice.scripted([]), data=DATA)
    assert table.state.wizard("red-6").space == "S1"  # type: ignore[union-attr]
    for wizards, words in (
        ({"red-7": "S1", "green-1": "N4", "blue-1": "M1"}, "box holds 6 red"),
        ({"red-1": "S3", "green-1": "N4", "blue-1": "M1"}, "unknown space 'S3'"),
    ):
        with pytest.raises(SetupError, match=words):
            opened(3, {**setup, "wizards": wizards}, Dice.scripted([]), data=DATA)


def test_the_plain_opening_is_built_once_and_equals_one_built_from_our_data() -> None:
    """Without a position or data of its own, every game of that many players under
    those options opens the same: one state, built once (a fold from zero asks for
    it each time), equal to the opening made from our data explicitly."""
    plain = initial(started(4))
    assert initial(started(4)) is plain
    options = GAME.initial(started(4)).options
    assert plain == _opening(4, options, TableData(), {})
    assert initial(started(5)).players == 5
    assert initial(started(4, options={"grey_cost": 3})).options.grey_cost == 3
    # A table's own data, or a position, is read from its GameStarted every time.
    assert initial(started(4, data=DATA)) is not initial(started(4, data=DATA))
    assert initial(started(4, data=DATA)).board != plain.board
