"""Spell Wars played to the end by seeded bots, at every player count: what is this
game's own (the length of its games, how well ``greedy`` plays, two readings the
generic test never pairs).

The checks of every step (legal commands accepted, others refused with a rule,
chance re-derived, replay equal to the live table, round trips, views) are the
generic simulation test's (tests/test_simulation.py), over every registered game
with random bots and the declared ``greedy`` and ``first``, half of the games
under the options' other values.
"""

from __future__ import annotations

import pytest

from domain.spellwars import GAME
from tools.simulation import game_bot, play, random_bot

GAMES = 60


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_last_more_than_ten_commands_at_every_player_count(players: int) -> None:
    steps = sum(play(GAME, players, f"sw-{players}-{i}").steps for i in range(GAMES))
    assert steps > GAMES * 10


@pytest.mark.parametrize("players", range(2, 7))
def test_greedy_bot_plays_legal_spells_and_beats_random(players: int) -> None:
    greedy = game_bot("greedy")
    wins = 0
    for i in range(8):
        bots = [greedy] + [random_bot] * (players - 1)
        done = play(GAME, players, f"greedy-{players}-{i}", bots)
        outcome = GAME.outcome(done.fold.state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 8 // players


# The generic test plays every value of every option, and the fast variant with
# its suicide point, but never these two readings together.
@pytest.mark.parametrize("options", [{"neighbour": "seated", "stolen_gain": "skip"}])
def test_options_play_to_the_end(options: dict[str, object]) -> None:
    for players in (2, 4, 6):
        done = play(GAME, players, f"opt-{players}-{sorted(options)}", options=options)
        assert GAME.outcome(done.fold.state) is not None
