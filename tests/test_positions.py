"""Positions round-trip, for every registered game (``Game.position``).

At every position of seeded random-bot games between two commands (mid-action
decisions included), and played on for a while at sampled ones: the position,
written as TOML and read back, opens a game whose state equals the fold at that
position, and the same commands with the same chance give the same events from
there on; the game opened from a position is stored and read back like any other
(its events round-trip through the codec and replay to its fold, which
round-trips through msgpack).

Equality is the game state's, field by field (``msgspec.to_builtins``): a
position holds everything the rules read. The kernel's bookkeeping around the
state (stream position, chance counter) is not part of a position; the
continuation is rolled from the original's seed at the original's counter, so
the same chance meets the same commands.
"""

from __future__ import annotations

import tomllib
from typing import Any

import msgspec
import pytest

from domain.games import all_games
from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    Event,
    Fold,
    Game,
    GameStarted,
    act,
    apply,
    replay,
)
from domain.kernel import start as kernel_start
from services.reads import toml_out
from services.store.codec import decode_body, encode_body, topic_of
from tests.simulation_checks import option_variant
from tools.simulation import Finished, Step, steps

GAMES_PER_PLAYER_COUNT = {"ultimate": 4}  # other games: 2 (their games are longer)
SAMPLES_PER_GAME = 6
FOLLOW_STEPS = 40
MAX_CHECKS_PER_GAME = 400  # positions reopened per game (every one in a shorter game)


def cases() -> list[Any]:
    return [
        pytest.param(game, players, id=f"{game.spec.id}-{players}p")
        for game in all_games()
        for players in range(game.spec.min_players, game.spec.max_players + 1)
    ]


def open_position(game: Game[Any], table: Any) -> tuple[Any, list[Event]]:
    """A new game from the TOML text of the position in ``table``; its fold and the
    events that opened it."""
    text = toml_out.dumps(game.position(table.state))
    players = len(table.started.players)
    started = GameStarted(
        game=game.spec.id,
        options=dict(table.started.options),
        players=table.started.players,
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=game.validate_setup(tomllib.loads(text), players),
        data=table.started.data,
        data_hash=table.started.data_hash,
    )
    # Nothing is left out of a position of a seeded game: no chance is used.
    events = kernel_start(game, started, Dice.seeded("unused"))
    return replay(game, events), events


def check_round_trips(game: Game[Any], players: int, seed: str, options: dict[str, Any]) -> int:
    played: list[Step] = []
    for item in steps(game, players, seed, options=options):
        if isinstance(item, Finished):
            break
        played.append(item)
    stride = max(1, len(played) // SAMPLES_PER_GAME)
    every = max(1, -(-len(played) // MAX_CHECKS_PER_GAME))
    checked = 0
    for i in range(0, len(played), every):
        # Every position between two commands reopens and takes the next command
        # alike; every stride-th one is played on for FOLLOW_STEPS commands.
        original = played[i].fold
        opened, stream = open_position(game, original)
        assert msgspec.to_builtins(opened.state) == msgspec.to_builtins(original.state), (
            f"{game.spec.id} {seed}: the position before step {i} does not reopen the same state"
        )
        follow = FOLLOW_STEPS if i % stride < every else 1
        for step in played[i : i + follow]:
            events = act(
                game, opened, step.seat, step.command, Dice.seeded(seed, step.fold.counter)
            )
            assert [msgspec.to_builtins(e) for e in events] == [
                msgspec.to_builtins(e) for e in step.events
            ], f"{game.spec.id} {seed}: step {played.index(step)} differs after a position"
            for event in events:
                opened = apply(game, opened, event)
            stream += events
        # A game opened from a position is stored and read back like any other.
        for event in stream:
            back = decode_body(topic_of(type(event)), type(event).version, encode_body(event))
            assert back == event, event
        assert msgspec.to_builtins(replay(game, stream)) == msgspec.to_builtins(opened)
        encoded = msgspec.msgpack.encode(opened)
        assert msgspec.msgpack.decode(encoded, type=Fold[game.state_type]) == opened  # type: ignore[name-defined]
        checked += 1
    return checked


@pytest.mark.parametrize(("game", "players"), cases())
def test_positions_round_trip_and_play_on_identically(game: Game[Any], players: int) -> None:
    checked = 0
    games = GAMES_PER_PLAYER_COUNT.get(game.spec.id, 2)
    for i in range(games):
        options = option_variant(game, i)
        checked += check_round_trips(game, players, f"pos-{game.spec.id}-{players}-{i}", options)
    assert checked >= games * 10
