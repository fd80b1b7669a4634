"""Seeded bot games, run in memory on the kernel (no store): fast and exact.

The bots' own choices use ``random.Random(seed)``: that is the players'
randomness, not the game's chance, which still comes from the seeded dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.kernel import (
    ENGINE_VERSION,
    Command,
    Dice,
    Event,
    Fold,
    Game,
    GameStarted,
    act,
    apply_all,
    commitment,
    open_fold,
    replay,
)
from domain.kernel import start as kernel_start
from domain.kernel.data import data_hash
from domain.kernel.dice import SeededSource
from domain.kernel.errors import no_such_bot

# Who plays a seat in a simulated game: the random bot, or a game's own bot
# (``Game.bots``) behind ``game_bot``; ``rng`` is the simulator's, for the players'
# own randomness (never the game's chance).
Player = Callable[[Game[Any], Any, int, Sequence[Command], random.Random], Command]


def random_bot(
    game: Game[Any], state: Any, seat: int, legal: Sequence[Command], rng: random.Random
) -> Command:
    return rng.choice(legal)


def game_bot(name: str) -> Player:
    """A bot by name: ``random``, or one the game declares (``Game.bots``: ``greedy``).
    A game that declares no bot of that name refuses it when the bot first plays."""
    if name == "random":
        return random_bot

    def play(
        game: Game[Any], state: Any, seat: int, legal: Sequence[Command], rng: random.Random
    ) -> Command:
        try:
            own = game.bots[name]
        except KeyError:
            raise no_such_bot(game.spec.id, name, ["random", *sorted(game.bots)]) from None
        return own(state, seat, legal)

    return play


# A struct, not a dataclass: one is made at every step of a bot game, and a
# struct is made without running Python code.
class Step(msgspec.Struct, gc=False):
    fold: Fold[Any]
    seat: int
    command: Command
    events: list[Event]


@dataclass
class Finished:
    fold: Fold[Any]
    events: list[Event]
    steps: int


def open_game(
    game: Game[Any],
    players: int,
    seed: str,
    options: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> tuple[Fold[Any], list[Event], Dice]:
    """``data``: a table's own data file (``Game.validate_data``'s normal form)."""
    started = GameStarted(
        game=game.spec.id,
        options=game.spec.resolve_options(options),
        players=tuple(f"bot {i}" for i in range(players)),
        mode="seeded",
        seed_commitment=commitment(seed),
        engine_version=ENGINE_VERSION,
        data=data,
        data_hash=data_hash(data) if data is not None else "",
    )
    dice = Dice.seeded(seed)
    events = kernel_start(game, started, dice)
    table = replay(game, events, None) if events else open_fold(game, started)
    return table, events, dice


def steps(
    game: Game[Any],
    players: int,
    seed: str,
    bots: list[Player] | Player = random_bot,
    *,
    options: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
    max_steps: int = 20_000,
) -> Iterator[Step | Finished]:
    """Play one game; yield each step, then ``Finished``.

    Raises ``RuntimeError`` if the game neither ends nor offers a legal move.
    """
    rng = random.Random(f"bots:{seed}")
    table, log, _ = open_game(game, players, seed, options, data)
    seat_bots = bots if isinstance(bots, list) else [bots] * players
    chance = SeededSource(seed)  # what Dice.seeded makes, made once: it holds the seed alone
    # The game's functions looked up once, not at every step.
    outcome, pending_of, legal_commands = game.outcome, game.pending, game.legal_commands
    for n in range(max_steps):
        if outcome(table.state) is not None:
            yield Finished(table, log, n)
            return
        pending = pending_of(table.state)
        if not pending:
            raise RuntimeError(f"{game.spec.id} seed {seed}: no outcome and nobody to move")
        seat = pending[0].seat
        legal = legal_commands(table.state, seat)
        if not legal:
            raise RuntimeError(
                f"{game.spec.id} seed {seed}: seat {seat} pending with no legal move"
            )
        command = seat_bots[seat](game, table.state, seat, legal, rng)
        events = act(game, table, seat, command, Dice(chance, table.counter))
        before = table
        table = apply_all(game, table, events)  # one fold of the action's events
        log.extend(events)
        yield Step(before, seat, command, events)
    raise RuntimeError(f"{game.spec.id} seed {seed}: no end after {max_steps} steps")


def play(
    game: Game[Any],
    players: int,
    seed: str,
    bots: list[Player] | Player = random_bot,
    options: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> Finished:
    for item in steps(game, players, seed, bots, options=options, data=data):
        if isinstance(item, Finished):
            return item
    raise AssertionError("unreachable")


def play_stored(
    ledger: Any,
    game: Game[Any],
    players: int,
    seed: str,
    bot: Player = random_bot,
    options: dict[str, Any] | None = None,
    max_steps: int = 20_000,
    *,
    stop_after: int | None = None,
    names: list[str] | None = None,
) -> Any:
    """Play one bot game through the store, command by command, as players would:
    the game is kept, with its seed, and can be replayed, disputed and verified.
    ``stop_after``: leave the game running after that many commands. Returns the
    game id."""
    rng = random.Random(f"bots:{seed}")
    created = ledger.create_game(
        game.spec.id,
        list(names or [f"bot {i + 1}" for i in range(players)]),
        seed=seed,
        options=options,
    )
    gid = created.game_id
    for step in range(max_steps):
        table = ledger.load(gid).fold
        if game.outcome(table.state) is not None or step == stop_after:
            return gid
        pending = game.pending(table.state)
        if not pending:
            raise RuntimeError(f"{game.spec.id} seed {seed}: no outcome and nobody to move")
        seat = pending[0].seat
        legal = game.legal_commands(table.state, seat)
        command = bot(game, table.state, seat, legal, rng)
        ledger.act(gid, seat, msgspec.to_builtins(command))
    raise RuntimeError(f"{game.spec.id} seed {seed}: no end after {max_steps} steps")
