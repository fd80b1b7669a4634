"""The generic simulation test: every registered game (``domain/games.py``), seeded
random bots and the game's own declared bots (``Game.bots``), to the end, at every
player count, half of the games under the options' other values.

Each game passes ``tests/simulation_checks.py``'s checks: at every step every legal
command is accepted, commands not legal now are refused naming a rule, chance
re-derives from the seed; at the end the fold equals the live state, events and
state round-trip through msgspec, every event says itself in one line, and no view
shows a seat what it must not see.

A game's own folder keeps only what is that game's: how long its games last, how
well its bots play, the combinations of its options that matter together.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.games import all_games
from domain.kernel import Game
from tests.simulation_checks import check_game, option_variant
from tools.simulation import game_bot, random_bot

GAMES_PER_PLAYER_COUNT = {"ultimate": 100, "spellwars": 25, "elfenwizards": 70, "orctower": 20}
BOT_GAMES_PER_PLAYER_COUNT = 2
SLOW_GAMES_PER_PLAYER_COUNT = 3000
CHUNK = 50  # games per test case, so that pytest-xdist can spread them over the cores


def cases(total: dict[str, int] | int) -> list[Any]:
    out = []
    for game in all_games():
        n = total if isinstance(total, int) else total.get(game.spec.id, 100)
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            for first in range(0, n, CHUNK):
                out.append(
                    pytest.param(
                        game,
                        players,
                        range(first, min(first + CHUNK, n)),
                        id=f"{game.spec.id}-{players}p-{first}",
                    )
                )
    return out


@pytest.mark.parametrize(("game", "players", "games"), cases(GAMES_PER_PLAYER_COUNT))
def test_random_bots_play_every_game_to_the_end(
    game: Game[Any], players: int, games: range
) -> None:
    total_steps = 0
    for i in games:
        total_steps += check_game(
            game,
            players,
            f"sim-{game.spec.id}-{players}-{i}",
            check_all_legal=i % 4 == 0,
            options=option_variant(game, i),
        )
    assert total_steps > len(games)  # games are not trivially short


@pytest.mark.parametrize(
    ("game", "bot"),
    [pytest.param(g, name, id=f"{g.spec.id}-{name}") for g in all_games() for name in g.bots],
)
def test_the_declared_bots_play_every_game_to_the_end(game: Game[Any], bot: str) -> None:
    """Each of the game's own bots at the even seats, random bots at the others."""
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        seats = [game_bot(bot) if seat % 2 == 0 else random_bot for seat in range(players)]
        for i in range(BOT_GAMES_PER_PLAYER_COUNT):
            check_game(
                game,
                players,
                f"sim-{game.spec.id}-{bot}-{players}-{i}",
                check_all_legal=i == 0,
                options=option_variant(game, i),
                bots=seats,
            )


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "games"), cases(SLOW_GAMES_PER_PLAYER_COUNT))
def test_many_more_random_games(game: Game[Any], players: int, games: range) -> None:
    rng = random.Random(game.spec.id)
    for i in games:
        check_game(
            game,
            players,
            f"slow-{players}-{i}-{rng.random()}",
            check_all_legal=True,
            options=option_variant(game, i),
        )
