"""Positions both ways: any position of a game as a setup file, and back.

At sampled positions of seeded bot games (every phase, every option), the
position written by ``GAME.position`` goes through TOML text and opens a new
game whose state equals the fold, and the next commands with the same chance
give the same events. Bad files are refused naming the key at fault.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import events as ev
from domain.elfenwizards.state import State
from domain.kernel import Dice, SetupError, act, apply
from tests.domain.elfenwizards.positions import opened, through_toml
from tools.simulation import Finished, Step, game_bot, random_bot, steps

LOOK_AHEAD = 4  # actions replayed after each sampled position


def _round_trip(players: int, seed: str, options: dict[str, Any], every: int, bot: Any) -> set[str]:
    """Sample every ``every``-th position of one game; return the phases checked."""
    history: list[Step] = []
    phases: set[str] = set()
    for item in steps(GAME, players, seed, bot, options=options):
        if isinstance(item, Finished):
            final = item.fold.state
            assert GAME.outcome(final) is not None
            table, _ = opened(players, GAME.position(final), Dice.seeded(seed), options=options)
            assert table.state == final  # a finished game's position is a finished game
            break
        history.append(item)
    for i in range(0, len(history), every):
        step = history[i]
        phases.add(step.fold.state.phase)
        table, events = opened(
            players, GAME.position(step.fold.state), Dice.seeded(seed), options=options
        )
        assert table.state == step.fold.state, (seed, i, step.fold.state.phase)
        assert [e.phase for e in events if isinstance(e, ev.PlayResumed)] == [step.fold.state.phase]
        for later in history[i : i + LOOK_AHEAD]:
            chance = Dice.seeded(seed, later.fold.counter)
            again = act(GAME, table, later.seat, later.command, chance)
            assert again == later.events, (seed, i, later.command)
            for event in again:
                table = apply(GAME, table, event)
    return phases


# Every phase in which a seat decides.
DECIDING = {
    "retire",
    "roll",
    "reroll",
    "recover",
    "compete",
    "recover2",
    "vacancies",
    "demote",
    "grey",
}


def test_positions_of_random_games_round_trip() -> None:
    phases: set[str] = set()
    for players in (3, 4, 5):
        for i in range(6):
            phases |= _round_trip(players, f"pos-{players}-{i}", {}, 2, random_bot)
    assert phases >= DECIDING - {"retire"}, phases


@pytest.mark.parametrize(
    "options",
    [
        {"grey_cost": 3, "grey_supply": 0},
        {"uncontested_support": "anyone", "phase2_placement": "at_least_one"},
        {"same_owner_tie": "owner_designates"},
    ],
    ids=["grey", "support-and-placement", "designate"],
)
def test_positions_round_trip_under_every_option(options: dict[str, Any]) -> None:
    phases: set[str] = set()
    for players in (3, 4, 5):
        phases |= _round_trip(players, f"pos-opt-{players}", options, 1, game_bot("greedy"))
        phases |= _round_trip(players, f"pos-opt-r-{players}", options, 2, random_bot)
    assert phases >= DECIDING, phases


def _at(seed: str, players: int, phase: str) -> State:
    for item in steps(GAME, players, seed):
        assert not isinstance(item, Finished), f"no {phase} in game {seed}"
        if item.fold.state.phase == phase and item.fold.state.round > 1:
            return item.fold.state
    raise AssertionError("unreachable")


def test_a_position_names_pawns_by_id_so_order_never_moves_them() -> None:
    state = _at("order", 3, "compete")
    position = GAME.position(state)
    wizards = position["wizards"]
    shuffled = dict(reversed(list(wizards.items())))
    grey = position.get("grey", {})
    again, _ = opened(
        3,
        {**position, "wizards": shuffled, "grey": dict(reversed(list(grey.items())))},
        Dice.seeded("x"),
    )
    assert again.state == state


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"phase": "duel"}, "phase must be one of"),
        ({"queue": [0, 0]}, "a seat appears twice"),
        ({"pool": 3}, r"pool belongs to a position in phase\(s\)"),
        ({"wizards": {"red-1": "D1", "mauve-1": "M1"}}, "'mauve-1' is not a pawn id"),
        ({"wizards": {"red-1": "D1", "green-1": "D1", "blue-1": "M1"}}, "space D1 holds"),
        ({"wizards": {"red-9": "M1", "green-1": "M1", "blue-1": "M1"}}, "box holds 8 red"),
        ({"wizards": {"red-1": "X9", "green-1": "M1", "blue-1": "M1"}}, "unknown space 'X9'"),
        ({"major_dice": {"red": {"druide": [6] * 8}}}, "red has 7 major spells, not 8"),
        ({"major_dice": {"red": {"dragon": [6]}}}, "'dragon' is not a major-spell level"),
        ({"minor_spells_on_space": [7, 0, 0], "round_counter": {"1": "red"}}, "7 minor spells"),
        ({"round_counter": {"3": "red"}}, "not a round before round 3"),
        ({"support": [{"wizard": "red-1", "caster": "red", "die": 9}]}, "support.0.die|die must"),
        ({"support": [{"wizard": "nobody-1", "caster": "red"}]}, "support.0..wizard: no wizard"),
        ({"grey": {"red-8": 1}}, "grey: no wizard 'red-8'"),
        ({"hands": {"red": [3]}}, r"hands belongs to a position in phase\(s\)"),
        ({"placement": {"red": ["M1"], "green": ["M1"], "blue": ["M1"]}}, "placement .* or"),
        ({"designated": ["red-7"]}, "designated: no wizard 'red-7'"),
    ],
)
def test_a_bad_position_is_refused_naming_the_key(change: dict[str, Any], words: str) -> None:
    base: dict[str, Any] = {
        "round": 3,
        "phase": "compete",
        "dragon": 0,
        "queue": [0, 1, 2],
        "grand_druide_titles": [0, 0, 0],
        "wizards": {"red-1": "D1", "red-2": "M1", "green-1": "D2", "blue-1": "M2"},
    }
    with pytest.raises(SetupError, match=words):
        opened(3, {**base, **change}, Dice.scripted([1] * 10))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"queue": [0, 2, 1]}, "not in turn order from the dragon"),
        ({"phase": "recover2", "queue": [0, 2]}, "not in turn order"),
        ({"phase": "roll", "queue": [0], "rolled": True, "hands": {"green": [3]}}, "hands: only"),
        ({"phase": "roll", "queue": [0], "may_reroll": True}, "may_reroll belongs"),
        (
            {"phase": "reroll", "queue": [0], "rolled": True, "may_reroll": True, "placed": 1},
            "before any die is placed",
        ),
        ({"wizards": {"red-1": "GD", "green-1": "M1", "blue-1": "M1"}}, "retires in phase 1"),
        (
            {"wizards": {"red-1": "defeat-druide", "green-1": "M1", "blue-1": "M1"}},
            "outside phases 6",
        ),
        ({"support": [{"wizard": "blue-1", "caster": "red"}]}, "competes for nothing|forbidden"),
        ({"phase": "over"}, "end_reason: a finished game"),
        ({"dragon": None}, "dragon must be"),
    ],
)
def test_positions_that_break_the_rules_are_refused(change: dict[str, Any], words: str) -> None:
    base: dict[str, Any] = {
        "round": 3,
        "phase": "compete",
        "dragon": 1,
        "queue": [1, 2, 0],
        "wizards": {"red-1": "D1", "green-1": "D2", "blue-1": "M2", "blue-2": "M2"},
    }
    given = {k: v for k, v in {**base, **change}.items() if v is not None}
    if change.get("dragon", 0) is None:
        given["dragon"] = "seat one"
    with pytest.raises(SetupError, match=words):
        opened(3, given, Dice.scripted([1] * 10))


def test_the_setup_files_of_before_still_open() -> None:
    # An opening (no phase) keeps its meaning: the round begins, phase 1 first.
    table, events = opened(3, {"round": 2, "dragon": 2, "scores": [3, 4, 5]}, Dice.scripted([]))
    assert table.state.phase == "roll" and table.state.round == 2
    assert not any(isinstance(e, ev.PlayResumed) for e in events)
    assert through_toml(GAME.position(table.state))["phase"] == "roll"
