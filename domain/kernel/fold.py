"""The kernel's fold: a game's state plus what every game needs around it.

``Fold`` wraps a game state with the position in the stream and where the
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
from domain.kernel.phrases import phrase
from domain.kernel.rules import KERNEL_RULES
from domain.kernel.shape_faults import command_fault
from domain.kernel.types import Command, Consequence, Event

S = TypeVar("S")


class Fold(msgspec.Struct, Generic[S], frozen=True, kw_only=True, gc=False):
    # gc=False, as the games' states and events: values that never refer back to
    # themselves, made anew at every act and every stretch verify folds.
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


def open_fold(game: Game[S], started: GameStarted) -> Fold[S]:
    if started.game != game.spec.id:
        raise ValueError(f"stream of {started.game!r} folded with {game.spec.id!r}")
    return Fold(started=started, state=game.initial(started))


def apply(game: Game[S], fold: Fold[S], event: Event) -> Fold[S]:
    """Apply one event. Kernel bookkeeping first, then the game's evolve."""
    return apply_all(game, fold, (event,))


# What the kernel does with an event, by class: its own bookkeeping, or the game's.
# _GAME is 0: ``apply_all`` tests it by truth, the cheapest test of the commonest kind.
_GAME, _ACTION, _SEED, _FORK, _START, _DICE, _SHUFFLE = range(7)


@cache
def _kind(cls: type) -> int:
    for kernel_class, kind in (
        (ActionTaken, _ACTION),
        (SeedRevealed, _SEED),
        (GameForked, _FORK),
        (GameStarted, _START),
        (DiceRolled, _DICE),
        (CardsShuffled, _SHUFFLE),
    ):
        if issubclass(cls, kernel_class):
            return kind
    return _GAME


class _Kinds(dict[type, int]):
    """``_kind`` of each class met so far: a plain dict read (a pure memo, as
    ``cache`` is, read faster per event than a cached function is called); a
    class not met yet is filled in."""

    def __missing__(self, cls: type) -> int:
        kind = self[cls] = _kind(cls)
        return kind


_KINDS = _Kinds()
# Built once: ``list | tuple`` written in a test builds a union at every call.
_SEQUENCES = (list, tuple)


def apply_all(game: Game[S], fold: Fold[S], events: Iterable[Event]) -> Fold[S]:
    """``apply`` over each event in turn, with the same result. The bookkeeping is
    counted as it goes and the game evolves once over its events, so a long fold
    builds one Fold instead of one per event. The loop does the least per event
    it can (a game's event, most of a stream, is one read and one test)."""
    # Any: the kind read from ``_KINDS`` says each event's class (an isinstance
    # test per event would cost a long fold more, and a ``cast`` is a call).
    batch: Sequence[Any] = events if isinstance(events, _SEQUENCES) else list(events)
    counter, actions, seed = fold.counter, fold.actions, fold.seed
    values, orders = fold.table_values, fold.table_orders
    supplied_values, supplied_orders = fold.supplied_values, fold.supplied_orders
    evolved: list[Event] = []
    append = evolved.append
    kinds = _KINDS
    for event in batch:
        kind = kinds[type(event)]
        if not kind:  # _GAME
            append(event)
        elif kind == _ACTION:
            actions += 1
            supplied_values += len(event.dice)
            supplied_orders += len(event.orders)
        elif kind == _SEED:
            seed = event.seed
        elif kind == _START:
            raise ValueError("GameStarted can only open a stream")
        elif kind != _FORK:
            counter = next_counter(event)
            if event.source == "table":
                if kind == _DICE:
                    values += len(event.values)
                else:
                    orders += 1
            append(event)
    position = fold.position + len(batch)
    state = game.evolve_all(fold.state, evolved) if evolved else fold.state
    return msgspec.structs.replace(
        fold,
        state=state,
        position=position,
        counter=counter,
        actions=actions,
        seed=seed,
        table_values=values,
        table_orders=orders,
        supplied_values=supplied_values,
        supplied_orders=supplied_orders,
    )


def replay(game: Game[S], events: Iterable[Event], fold: Fold[S] | None = None) -> Fold[S]:
    """Fold events; with ``fold``, continue from it (a snapshot)."""
    it = iter(events)
    if fold is None:
        first = next(it, None)
        if not isinstance(first, GameStarted):
            raise ValueError("a game stream must open with GameStarted")
        fold = open_fold(game, first)
    return apply_all(game, fold, it)


def start(game: Game[S], started: GameStarted, dice: Dice) -> list[Event]:
    """The opening events: ``GameStarted`` and the game's setup."""
    fold = open_fold(game, started)
    try:
        events = game.setup(fold.state, dice)
    except IllegalCommand:
        dice.require_complete("the opening")  # a refusal met on a placeholder is a need
        raise
    dice.require_complete("the opening")
    _check_citations(game, events)
    return [started, *events]


@cache
def _command_decoder(command_type: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(command_type)


def decode_command(game: Game[Any], data: object) -> Command:
    """A command from its JSON form, or ``IllegalCommand`` naming what is wrong.

    A game's command type is a union, where msgspec has nowhere to keep what it
    learns of a type: ``convert`` learns it again at every call (some 15 µs, about
    a command's whole decision). A decoder built once per type keeps it, so a
    mapping goes to it through JSON."""
    decoder = _command_decoder(game.command_type)
    try:
        return decoder.decode(data if isinstance(data, bytes | str) else msgspec.json.encode(data))
    except (msgspec.ValidationError, msgspec.DecodeError, TypeError) as e:
        # What is wrong, from the command types' structure; msgspec's own
        # account (English, in its terms) only where that reading finds nothing.
        problem = command_fault(game.command_type, data) or str(e)
        raise IllegalCommand(
            "malformed_command",
            "kernel.malformed",
            phrase("not a valid {game} command: {problem}", game=game.spec.name, problem=problem),
        ) from None


class _StoredForms(dict[Command, "dict[str, Any] | bytes"]):
    """Each command's stored form, worked out once per command value (a frozen value:
    equal commands store alike), as a dict of scalars to copy, or as its JSON where
    it holds a list (decoded anew, so that no caller shares one). Every act stores
    its command, and a game's commands are few; forgotten at ``_FORMS_KEPT``, so that
    a long-lived server's memory stays bounded."""

    def __missing__(self, command: Command) -> dict[str, Any] | bytes:
        text = msgspec.json.encode(command)
        data: dict[str, Any] = msgspec.json.decode(text)
        if len(self) >= _FORMS_KEPT:
            self.clear()
        form = self[command] = data if all(type(v) in _SCALARS for v in data.values()) else text
        return form


_FORMS_KEPT = 4096
_SCALARS = (str, int, bool, float, type(None))
_STORED_FORMS = _StoredForms()


def stored_command(command: Command) -> dict[str, Any]:
    """A command as ``ActionTaken`` stores it: through JSON, so that it equals what
    a store round trip gives back (tuples would come back as lists)."""
    try:
        form = _STORED_FORMS[command]
    except TypeError:  # a command holding a list has no hash: its form made each time
        form = msgspec.json.encode(command)
    if isinstance(form, bytes):
        data: dict[str, Any] = msgspec.json.decode(form)
        return data
    return form.copy()


def act(
    game: Game[S],
    fold: Fold[S],
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
    if game.outcome(fold.state) is not None:
        raise IllegalCommand("game_over", "kernel.game-over", phrase("the game is over"))
    players = len(fold.started.players)
    if not 0 <= seat < players:
        raise IllegalCommand(
            "no_such_seat",
            "kernel.turn",
            phrase("seat {seat} does not exist (seats 0–{last})", seat=str(seat), last=players - 1),
        )
    try:
        consequences = game.decide(fold.state, seat, command, dice)
    except IllegalCommand:
        # A table that left chance out: name all of it, not the first refusal a
        # placeholder value led to.
        dice.require_complete()
        raise
    dice.require_complete()
    _check_citations(game, consequences)
    # A seeded act supplies nothing: its empty fields are not built through a
    # generator and a call each (an act's bookkeeping is a tenth of a bot's move).
    action = ActionTaken(
        seat=seat,
        command=stored_command(command),
        dice=tuple(supplied) if supplied else (),
        key=key,
        secret=command.secret(),
        orders=tuple(map(tuple, supplied_orders)) if supplied_orders else (),
        drew=dice.named_cards(supplied_drew) if supplied_drew else (),
    )
    return [action, *consequences]


class _Cites(dict[type, bool]):
    """Whether each event class met so far cites a rule (is a ``Consequence``): a
    plain dict read, as ``_KINDS`` is (a class test against a msgspec class costs
    0.2–0.4 µs, and this runs at every event of every decision, and of verify's,
    every action's again); a class not met yet is filled in."""

    def __missing__(self, cls: type) -> bool:
        citing = self[cls] = issubclass(cls, Consequence)
        return citing


_CITES = _Cites()


def _check_citations(game: Game[Any], events: Iterable[Any]) -> None:
    # ``events`` as Any: ``_CITES`` says which are Consequences (a ``cast`` would
    # be a call at every event).
    known = game.catalogue.ids
    cites = _CITES
    for consequence in events:
        if cites[type(consequence)] and (
            consequence.rule not in known
            or (consequence.also and not known.issuperset(consequence.also))
        ):
            for rule in consequence.citations():
                if rule not in known and rule not in KERNEL_RULES.ids:
                    raise ValueError(
                        f"{game.spec.id}: {type(consequence).__name__} cites unknown rule {rule!r}"
                    )
