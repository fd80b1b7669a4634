"""The generic simulation checks over Elfenwizards, before it is registered.

``check_game`` is the shared checker of tests/test_simulation.py: every legal
command accepted, stale and out-of-turn commands refused with a rule, chance
re-derived from the seed, replay equal to the live table, msgpack round trips
and views that leak nothing.
"""

from __future__ import annotations

import collections

import pytest

from domain.elfenwizards import GAME
from tests.test_simulation import check_game
from tools.simulation import game_bot, play, random_bot

GAMES = {3: 100, 4: 80, 5: 70}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_bots_play_to_the_end(players: int) -> None:
    steps = 0
    for i in range(GAMES[players]):
        steps += check_game(GAME, players, f"elfen-{players}-{i}", check_all_legal=i % 5 == 0)
    assert steps > 100 * GAMES[players]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(
    "options",
    [{"grey_cost": 3}, {"grey_supply": 0}, {"uncontested_support": "anyone"}],
    ids=["grey-cost-3", "unlimited-grey", "anyone-supports"],
)
def test_every_option_plays_to_the_end(players: int, options: dict[str, object]) -> None:
    for i in range(4):
        finished = play(GAME, players, f"opt-{players}-{i}", options=options)
        assert GAME.outcome(finished.fold.state) is not None


def test_greedy_bot_beats_random_bots() -> None:
    greedy = game_bot("greedy")
    wins: collections.Counter[bool] = collections.Counter()
    for players in (3, 4, 5):
        for i in range(6):
            bots = [greedy, *[random_bot] * (players - 1)]
            outcome = GAME.outcome(play(GAME, players, f"greedy-{players}-{i}", bots).fold.state)
            assert outcome is not None
            wins[0 in outcome.winners] += 1
    assert wins[True] >= 14


def test_greedy_bots_play_each_other_to_the_end() -> None:
    greedy = game_bot("greedy")
    for players in (3, 4, 5):
        finished = play(GAME, players, f"all-greedy-{players}", greedy)
        assert GAME.outcome(finished.fold.state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_more_random_games(players: int) -> None:
    for i in range(500):
        check_game(GAME, players, f"elfen-slow-{players}-{i}", check_all_legal=True)


def test_greedy_is_deterministic() -> None:
    greedy = game_bot("greedy")
    first = play(GAME, 4, "same-seed", greedy)
    second = play(GAME, 4, "same-seed", greedy)
    assert first.events == second.events
