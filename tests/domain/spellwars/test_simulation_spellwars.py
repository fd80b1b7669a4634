"""The generic simulation check over Spell Wars at every player count, and the bots."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel import replay
from domain.spellwars import GAME
from tests.test_simulation import check_game
from tools.simulation import game_bot, play, random_bot

GAMES = 60


@pytest.mark.parametrize("players", range(2, 7))
def test_random_bots_play_to_the_end_at_every_player_count(players: int) -> None:
    steps = 0
    for i in range(GAMES):
        # every legal command of a step is tried in one game in ten: a hand of 8 offers
        # 255 placements, and the generic test in tests/test_simulation.py tries more
        steps += check_game(GAME, players, f"sw-{players}-{i}", check_all_legal=i % 10 == 0)
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
        if i == 0:
            folded = replay(GAME, done.events)
            assert msgspec.to_builtins(folded) == msgspec.to_builtins(done.fold)
    assert wins >= 8 // players


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "fast", "fast_suicide": "point"},
        {"neighbour": "seated", "stolen_gain": "skip"},
        {"contest_ties": "none", "tokens_to_win": 1},
        {"trim": "any"},
    ],
)
def test_options_play_to_the_end(options: dict[str, object]) -> None:
    for players in (2, 4, 6):
        done = play(GAME, players, f"opt-{players}-{sorted(options)}", options=options)
        assert GAME.outcome(done.fold.state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_many_more_random_games(players: int) -> None:
    for i in range(400):
        check_game(GAME, players, f"sw-slow-{players}-{i}", check_all_legal=True)
