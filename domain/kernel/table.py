"""The kernel's fold: a game's state plus what every game needs around it.

``Table`` wraps a game state with the position in the stream and where the
chance generator stands. ``apply`` is the only way state changes; ``act`` is
the only way a command becomes events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Generic, TypeVar

import msgspec

from domain.kernel.dice import Dice, next_counter
from domain.kernel.errors import IllegalCommand
from domain.kernel.events import (
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    GameForked,
    GameStarted,
    SeedRevealed,
)
from domain.kernel.game import Game
from domain.kernel.rules import KERNEL_RULES
from domain.kernel.types import Command, Consequence, Event

S = TypeVar("S")


class Table(msgspec.Struct, Generic[S], frozen=True, kw_only=True):
    started: GameStarted
    state: S
    position: int = 1
    counter: int = 0
    actions: int = 0
    seed: str | None = None
    # Table mode: how many chance values and orders the game has consumed,
    # and how many values came with commands; the rest came from the setup's
    # script, so the script's next unused value is known from the fold alone.
    table_values: int = 0
    table_orders: int = 0
    supplied_values: int = 0
    supplied_orders: int = 0

    def script_position(self) -> tuple[int, int]:
        """(values, orders) of the setup script already consumed."""
        return (
            self.table_values - self.supplied_values,
            self.table_orders - self.supplied_orders,
        )


def open_table(game: Game[S], started: GameStarted) -> Table[S]:
    if started.game != game.spec.id:
        raise ValueError(f"stream of {started.game!r} folded with {game.spec.id!r}")
    return Table(started=started, state=game.initial(started))


def apply(game: Game[S], table: Table[S], event: Event) -> Table[S]:
    """Apply one event. Kernel bookkeeping first, then the game's evolve."""
    position = table.position + 1
    if isinstance(event, ActionTaken):
        return msgspec.structs.replace(
            table,
            position=position,
            actions=table.actions + 1,
            supplied_values=table.supplied_values + len(event.dice),
            supplied_orders=table.supplied_orders + len(event.orders),
        )
    if isinstance(event, SeedRevealed):
        return msgspec.structs.replace(table, position=position, seed=event.seed)
    if isinstance(event, GameForked):
        return msgspec.structs.replace(table, position=position)
    if isinstance(event, GameStarted):
        raise ValueError("GameStarted can only open a stream")
    counter, values, orders = table.counter, table.table_values, table.table_orders
    if isinstance(event, DiceRolled | CardsShuffled):
        counter = next_counter(event)
        if isinstance(event, DiceRolled) and event.source == "table":
            values += len(event.values)
        elif isinstance(event, CardsShuffled) and event.source == "table":
            orders += 1
    return msgspec.structs.replace(
        table,
        state=game.evolve(table.state, event),
        position=position,
        counter=counter,
        table_values=values,
        table_orders=orders,
    )


def replay(game: Game[S], events: Iterable[Event], table: Table[S] | None = None) -> Table[S]:
    """Fold events; with ``table``, continue from it (a snapshot)."""
    it = iter(events)
    if table is None:
        first = next(it, None)
        if not isinstance(first, GameStarted):
            raise ValueError("a game stream must open with GameStarted")
        table = open_table(game, first)
    for event in it:
        table = apply(game, table, event)
    return table


def start(game: Game[S], started: GameStarted, dice: Dice) -> list[Event]:
    """The opening events: ``GameStarted`` and the game's setup."""
    table = open_table(game, started)
    try:
        events = game.setup(table.state, dice)
    except IllegalCommand:
        dice.require_complete()  # a refusal met on a placeholder is a need for chance
        raise
    dice.require_complete()
    _check_citations(game, events)
    return [started, *events]


@cache
def _command_decoder(command_type: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(command_type)


def _json_native(value: object, depth: int = 0) -> bool:
    """Only str, int, bool, None, lists and str-keyed dicts of them, a few levels
    deep: values that come back from JSON as they went in (bytes would come back
    as base64 text)."""
    kind = type(value)
    if kind is int:
        return -(2**63) <= value < 2**63  # type: ignore[operator]  # larger: read back as float
    if kind is str or kind is bool or value is None:
        return True
    if depth > 8:
        return False
    if kind is list:
        return all(_json_native(v, depth + 1) for v in value)  # type: ignore[attr-defined]
    if kind is dict:
        items = value.items()  # type: ignore[attr-defined]
        return all(type(k) is str and _json_native(v, depth + 1) for k, v in items)
    return False


def _as_json(data: object) -> bytes | None:
    """``data`` as JSON if it is plain JSON data (None: leave it to ``convert``)."""
    if not _json_native(data):
        return None
    try:
        return msgspec.json.encode(data)
    except (OverflowError, UnicodeEncodeError):
        return None


def decode_command(game: Game[Any], data: object) -> Command:
    """A command from its JSON form, or ``IllegalCommand`` naming what is wrong."""
    try:
        if isinstance(data, bytes | str):
            return _command_decoder(game.command_type).decode(data)
        encoded = _as_json(data)
        if encoded is not None:
            # Through a decoder built once: ``convert`` builds the command union's
            # type information anew on every call (most of a small command's cost).
            return _command_decoder(game.command_type).decode(encoded)
        return msgspec.convert(data, type=game.command_type)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise IllegalCommand(
            "malformed_command", "kernel.malformed", f"not a valid {game.spec.id} command: {e}"
        ) from None


def stored_command(command: Command) -> dict[str, Any]:
    """A command as ``ActionTaken`` stores it: through JSON, so that it equals what
    a store round trip gives back (tuples would come back as lists)."""
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(command))
    return data


def act(
    game: Game[S],
    table: Table[S],
    seat: int,
    command: Command,
    dice: Dice,
    *,
    supplied: Sequence[int] = (),
    supplied_orders: Sequence[Sequence[int]] = (),
    supplied_drew: Sequence[str] = (),
    key: str | None = None,
) -> list[Event]:
    """Validate ``command`` and return ``ActionTaken`` and its consequences.

    Raises ``IllegalCommand`` and returns nothing on refusal.
    """
    if game.outcome(table.state) is not None:
        raise IllegalCommand("game_over", "kernel.game-over", "the game is over")
    players = len(table.started.players)
    if not 0 <= seat < players:
        raise IllegalCommand(
            "no_such_seat", "kernel.turn", f"seat {seat} does not exist (seats 0–{players - 1})"
        )
    try:
        consequences = game.decide(table.state, seat, command, dice)
    except IllegalCommand:
        # A table that left chance out: name all of it, not the first refusal a
        # placeholder value led to.
        dice.require_complete()
        raise
    dice.require_complete()
    _check_citations(game, consequences)
    action = ActionTaken(
        seat=seat,
        command=stored_command(command),
        dice=tuple(supplied),
        key=key,
        secret=command.secret(),
        orders=tuple(tuple(o) for o in supplied_orders),
        drew=tuple(supplied_drew),
    )
    return [action, *consequences]


def _check_citations(game: Game[Any], events: Iterable[Event]) -> None:
    for event in events:
        if (
            isinstance(event, Consequence)
            and event.rule not in game.catalogue
            and event.rule not in KERNEL_RULES
        ):
            raise ValueError(
                f"{game.spec.id}: {type(event).__name__} cites unknown rule {event.rule!r}"
            )
