"""Elfenwizards played to the end by seeded bots: what is this game's own (how long
its games last, how well ``greedy`` plays).

The checks of every step (legal commands accepted, others refused with a rule,
chance re-derived, replay equal to the live table, round trips, views) are the
generic simulation test's (tests/test_simulation.py), over every registered game
with random bots and the declared ``greedy``, half of the games under the options'
other values (each of ``grey_cost``, ``grey_supply`` and ``uncontested_support``
among them, at every player count); ``tests/domain/test_game_contract.py`` plays
``greedy`` at every seat and player count, twice alike.
"""

from __future__ import annotations

import collections

import pytest

from domain.elfenwizards import GAME
from tools.simulation import game_bot, play, random_bot

GAMES = {3: 100, 4: 80, 5: 70}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_last_more_than_a_hundred_commands(players: int) -> None:
    steps = sum(play(GAME, players, f"elfen-{players}-{i}").steps for i in range(GAMES[players]))
    assert steps > 100 * GAMES[players]


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
