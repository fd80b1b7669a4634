"""A board of the table's own, given in the setup file (issue 3: « Make the
layout and placement table data, so that a table with the real board can enter
its own »): played end to end, recorded in the log, and refused when it
contradicts the rulebook's board."""

from __future__ import annotations

import random
import tomllib
from typing import Any

import msgspec
import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, LAYOUT_TOML, parse_layout
from domain.elfenwizards.bots import greedy
from domain.elfenwizards.competition import award_events
from domain.elfenwizards.state import State, Support
from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    Fold,
    GameStarted,
    IllegalCommand,
    SetupError,
    act,
    apply,
    commitment,
    replay,
    start,
)
from services.store.codec import decode_body, encode_body, topic_of
from tests.domain.elfenwizards.layouts import LEVELS, SMALL
from tests.domain.elfenwizards.scenario import Scenario, of, rearranged
from tests.told import told

P = "elfenwizards."


PLACEMENT = {
    "red": ["D1", "N1", "N3", "M1", "M2"],
    "green": ["D2", "N2", "S1", "M1", "M2"],
    "blue": ["S2", "N4", "M1", "M2", "M2"],
}


def _started(setup: dict[str, Any], seed: str) -> GameStarted:
    return GameStarted(
        game="elfenwizards",
        options=GAME.spec.resolve_options(None),
        players=("a", "b", "c"),
        mode="seeded",
        seed_commitment=commitment(seed),
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(setup, 3),
    )


def _play(setup: dict[str, Any], seed: str, bot: str) -> tuple[Fold[State], list[Any]]:
    """A seeded game on the given setup; every legal command of every tenth
    position is tried (decide must accept each)."""
    rng = random.Random(seed)
    events = start(GAME, _started(setup, seed), Dice.seeded(seed))
    table = replay(GAME, events)
    for n in range(5000):
        state = table.state
        if GAME.outcome(state) is not None:
            return table, events
        seat = state.pending[0].seat
        legal = GAME.legal_commands(state, seat)
        assert legal, (seed, n)
        if n % 10 == 0:
            for command in legal:
                act(GAME, table, seat, command, Dice.seeded(seed, table.counter))
        command = greedy(state, seat, legal) if bot == "greedy" else rng.choice(legal)
        new = act(GAME, table, seat, command, Dice.seeded(seed, table.counter))
        for event in new:
            table = apply(GAME, table, event)
        events.extend(new)
    raise AssertionError(f"{seed}: no end")


def test_the_default_layout_is_still_the_default() -> None:
    assert parse_layout(LAYOUT_TOML) == BOARD
    game = Scenario(3, setup={"dragon": 0})
    assert game.state.board == BOARD
    (laid,) = of(game.events, ev.BoardLaidOut)
    assert laid.board == BOARD and laid.rule == P + "assume.layout"
    line = told(GAME, laid)
    assert "Grand Druide 1" in line and "D1+D2→GD" in line


@pytest.mark.parametrize("form", ["text", "table"])
def test_a_custom_layout_is_taken_as_text_or_table_and_recorded(form: str) -> None:
    given: Any = SMALL if form == "text" else tomllib.loads(SMALL)
    normal = GAME.validate_setup({"layout": given, "placement": PLACEMENT}, 3)
    assert normal["layout"] == parse_layout(SMALL).as_table()  # stored as a table
    game = Scenario(3, setup={**normal, "dragon": 0})
    board = game.state.board
    assert board == parse_layout(SMALL) and board != BOARD
    (laid,) = of(game.events, ev.BoardLaidOut)
    assert laid.rule == P + "setup.layout"
    assert laid.board == board and laid.spaces == tuple(s.id for s in board.spaces)
    assert [len(c.sources) for c in laid.board.contests] == [2, 1, 1, 2, 2, 1, 1]
    # The crossed wiring: S1 competes for D2, S2 for D1.
    assert board.contest_of("S1").titles == ("D2",)
    assert board.contest_of("S2").titles == ("D1",)
    assert GAME.catalogue[P + "setup.layout"].source == "assumption"


def test_the_wiring_of_a_custom_layout_decides_the_titles() -> None:
    game = Scenario(3, setup={"layout": SMALL, "placement": PLACEMENT, "dragon": 0})
    state = game.state
    support = (
        Support(wizard="green-3", seat=1, die=None),  # green-3 on S1, alone below D2
        Support(wizard="blue-1", seat=2, die=4),  # blue-1 on S2, alone below D1
    )
    events = award_events(rearranged(state, support=support, phase="compete", queue=()))
    titles = {e.title: (e.wizard, e.rule) for e in of(events, ev.TitleAwarded)}
    assert titles["D2"] == ("green-3", P + "award.single")
    assert titles["D1"] == ("blue-1", P + "award.single")
    # Nobody cast for red-1 and green-1 on D1/D2: the Grand Druide stays vacant.
    vacant = {e.title: e.rule for e in of(events, ev.TitleLeftVacant)}
    assert vacant["GD"] == P + "award.min-point"


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_game_on_a_custom_layout_plays_to_the_end_and_replays(bot: str) -> None:
    setup = {"layout": SMALL, "placement": PLACEMENT}
    spaces = {s.id for s in parse_layout(SMALL).spaces}
    for i in range(4):
        table, events = _play(setup, f"small-{bot}-{i}", bot)
        state = table.state
        assert GAME.outcome(state) is not None
        assert state.board == parse_layout(SMALL)
        # Every move stayed on the custom board.
        assert all(w.space in spaces for w in state.wizards)
        for e in of(events, ev.TitleAwarded):
            assert e.title in spaces
        assert replay(GAME, events) == table
        encoded = msgspec.msgpack.encode(table)
        assert msgspec.msgpack.decode(encoded, type=Fold[State]) == table
        for event in of(events, ev.BoardLaidOut):
            back = decode_body(topic_of(type(event)), type(event).version, encode_body(event))
            assert back == event


def test_moves_are_judged_on_the_custom_board() -> None:
    game = Scenario(
        3,
        setup={
            "layout": SMALL,
            "round": 2,
            "dragon": 1,
            "grand_druide_titles": [1, 0, 0],
            "placement": {**PLACEMENT, "red": ["GD", "N1", "M1"]},
        },
    )
    assert game.seat == 0  # red retires its Grand Druide
    retire = {"type": "RetireGrandDruide", "source": "reserve"}
    # M3 is a Magicien space of the default board, not of this one.
    with pytest.raises(IllegalCommand) as error:
        game.send(0, {**retire, "space": "M3"})
    assert (error.value.code, error.value.rule) == ("not_a_magician_space", P + "retire.move")
    spaces = {x.space for x in GAME.legal_commands(game.state, 0)}  # type: ignore[attr-defined]
    assert spaces == {"M1", "M2"}
    out = game.send(0, {**retire, "space": "M2"})
    assert of(out, ev.GrandDruideRetired)[0].space == "M2"


def test_games_stored_before_layouts_still_replay() -> None:
    """A log whose BoardLaidOut has no board, and a state snapshot without the
    board field, both come back on the default board."""
    game = Scenario(3, setup={"dragon": 0})
    game.until_phase("compete")
    old = [
        ev.BoardLaidOut(rule=e.rule, spaces=e.spaces) if isinstance(e, ev.BoardLaidOut) else e
        for e in game.events
    ]
    assert replay(GAME, old) == game.fold
    snapshot = msgspec.to_builtins(game.state)
    del snapshot["board"]
    assert msgspec.convert(snapshot, State) == game.state


def _layout(text: str) -> dict[str, Any]:
    return {"layout": text, "placement": PLACEMENT}


def _swap(old: str, new: str) -> str:
    assert old in SMALL
    return SMALL.replace(old, new, 1)


@pytest.mark.parametrize(
    ("layout", "words"),
    [
        ("[[level", "not valid TOML"),
        ('x = 1\n[[level]]\nid="a"\nname="A"\npoints=1', "unknown key"),
        (LEVELS, r"needs a non-empty \[\[space\]\] array"),
        (_swap("points = 10", 'points = "ten"'), "level #1"),
        (_swap('contests = ["D2"]', 'contests = ["D2"]\ncolour = "red"'), "space #4"),
        (_swap('id = "sorcier"', 'id = "druide"'), "duplicate level ids"),
        (_swap('id = "D2"', 'id = "D1"'), "duplicate space ids"),
        (_swap('id = "N4"', 'id = "defeat-x"'), "reserved for a defeat space"),
        (_swap('id = "magicien"', 'id = "minor"'), "reserved for a spell space"),
        (_swap("points = 10", "points = 10\nmajor = true"), "top level"),
        (_swap("points = 2\nshared = true", "points = 2"), "bottom level, and only it"),
        (_swap("points = 3\nmajor = true", "points = 3"), "needs a major-spell space"),
        (_swap("points = 2\nshared = true", "points = 2\nshared = true\ngrey = true"), "no grey"),
        (_swap('level = "druide"\ncontests = ["GD"]', 'level = "sorcier"'), "top-down"),
        (_swap('contests = ["D2"]', 'contests = ["GD"]'), "one level above"),
        (_swap('contests = ["D2"]', 'contests = ["Z9"]'), "unknown title Z9"),
        (_swap('contests = ["N1", "N2"]', 'contests = ["N2", "N1"]'), "left to right"),
        (_swap('contests = ["N1", "N2"]', 'contests = ["N1"]'), "contests two titles"),
        (_swap('contests = ["D1"]', 'contests = ["D2"]'), "nobody contests the title"),
        (
            _swap(
                'contests = ["S1"]\n\n[[space]]\nid = "N2"',
                'contests = ["S1", "S2"]\n\n[[space]]\nid = "N2"',
            ),
            "contests one title",
        ),
        (
            _swap(
                'id = "D2"\nlevel = "druide"\ncontests = ["GD"]',
                'id = "D2"\nlevel = "druide"\ncontests = ["GD"]\n\n[[space]]\nid = "D3"\n'
                'level = "druide"\ncontests = ["GD"]',
            ),
            "more than two candidates",
        ),
    ],
)
def test_malformed_layouts_are_refused_with_the_reason(layout: str, words: str) -> None:
    with pytest.raises(SetupError, match=words):
        GAME.validate_setup(_layout(layout), 3)


def test_a_layout_given_as_a_table_is_checked_too() -> None:
    table = tomllib.loads(SMALL)
    table["space"][3]["contests"] = ["GD"]
    with pytest.raises(SetupError, match="one level above"):
        GAME.validate_setup({"layout": table, "placement": PLACEMENT}, 3)
    with pytest.raises(SetupError, match="a table with"):
        GAME.validate_setup({"layout": 3, "placement": PLACEMENT}, 3)


def test_a_custom_layout_needs_a_placement_that_fits_it() -> None:
    with pytest.raises(SetupError, match="needs a placement of its own"):
        Scenario(3, setup={"layout": SMALL})
    with pytest.raises(SetupError, match="unknown space 'S3'"):
        GAME.validate_setup({"layout": SMALL, "placement": {**PLACEMENT, "red": ["S3"]}}, 3)
