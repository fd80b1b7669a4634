"""The shape every game's evolve shares: one handler per event class, and what the
game derives from the rest of its state (the pending decisions) settled after."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.kernel.types import Event


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


S = TypeVar("S")
# A state whose ``pending`` is derived: a msgspec Struct (``replace`` makes the next one).
SP = TypeVar("SP", bound=msgspec.Struct)
T = TypeVar("T", bound=_Identified)
Handlers = Mapping[type[Event], Callable[[S, Any], S]]


def evolve_by_handlers(
    state: S,
    events: Iterable[Event],
    handlers: Handlers[S],
    settle: Callable[[S], S] | None = None,
) -> S:
    """Each event through its class's handler (an event without one changes nothing),
    then ``settle`` once, if any handler ran. No handler may read what ``settle``
    derives: then this is the same as settling after every event, which ``evolve``
    of a single event does."""
    changed = False
    for event in events:
        handler = handlers.get(type(event))
        if handler is not None:
            state = handler(state, event)
            changed = True
    return settle(state) if changed and settle is not None else state


class Evolver(Generic[S]):
    """A game's ``evolve`` and ``evolve_all`` from its handlers, with ``settle`` (if
    any) once per batch, and the working state of its last decision kept (``decided``)."""

    def __init__(self, handlers: Handlers[S], settle: Callable[[S], S] | None = None) -> None:
        self.handlers = handlers
        self.settle = settle
        # The last decision's working state (``decided``): one cell, replaced whole,
        # so that a reader on another thread sees one decision's or another's.
        self._decided: tuple[Any, list[Event], Any] = (None, [], None)

    def evolve(self, state: S, event: Event) -> S:
        return self.evolve_all(state, (event,))

    def evolve_all(self, state: S, events: Iterable[Event]) -> S:
        """``evolve`` over each event in turn. The events a decision has just made,
        from the state it made them from, are not stepped through again: its working
        state is theirs (``decided``)."""
        start, made, worked = self._decided
        if start is state:
            batch = events if isinstance(events, list) else list(events)
            # Lists compare each pair by identity before value: the same objects
            # (the fold of a decision) are told at C speed; equal values fold alike.
            if batch == made:
                # A state changed by the flow had a handler run; only an unchanged
                # one is asked whether any ran (a generator at every act, else).
                if worked is state and not any(type(e) in self.handlers for e in batch):
                    return state
                return worked if self.settle is None else self.settle(worked)
            events = batch
        return evolve_by_handlers(state, events, self.handlers, self.settle)

    def decided(self, start: S, events: Sequence[Event], worked: S) -> None:
        """A decision's working state: ``worked`` is what each of ``events`` did to
        ``start`` through its handler, as the decision's flow stepped through them
        while it made them (a game calls this only where that is how its flow
        changes the state). Folding those events (the same objects, or equal ones)
        onto that very state then takes ``worked`` (settled), where stepping each
        event again was a fifth of a bot's move. States and events are frozen
        values, and evolve a function of them; the state is held, so its identity
        cannot pass to another while it is kept."""
        self._decided = (start, list(events), worked)

    def step(self, state: S, event: Event) -> S:
        """One event through its handler, not settled: for a decision's own working
        state (its flow), which reads what ``settle`` derives only before its first
        event. Deriving it at each event it emits was most of the cost of an emit;
        the events a flow decides do not depend on it."""
        handler = self.handlers.get(type(event))
        return state if handler is None else handler(state, event)

    def step_all(self, state: S, events: Iterable[Event]) -> S:
        """``step`` over each event in turn."""
        return evolve_by_handlers(state, events, self.handlers)


class PendingEvolver(Evolver[SP]):
    """An ``Evolver`` whose state's ``pending`` decisions are derived by
    ``pending_of``: no handler reads ``pending``, so it is derived once, after the
    last event of a batch that changed the state."""

    def __init__(self, handlers: Handlers[SP], pending_of: Callable[[SP], Any]) -> None:
        super().__init__(handlers, self._settle)
        self.pending_of = pending_of

    def _settle(self, state: SP) -> SP:
        pending = self.pending_of(state)
        # A game that makes its decisions by a memo gives the same object for an
        # unchanged one: the state already holds it, and is not copied for it.
        if pending is state.pending:  # type: ignore[attr-defined]
            return state
        return msgspec.structs.replace(state, pending=pending)


_id = attrgetter("id")


def change_by_id(items: tuple[T, ...], item_id: str, change: Callable[[T], T]) -> tuple[T, ...]:
    """``items`` with ``change`` applied to each whose ``id`` is ``item_id``.

    The one such item (the usual case) is found by ``index`` and ``count`` at C
    speed over the ids: evolve does this at most events of a game with many
    pieces. The ids are read by a comprehension (``map`` over ``attrgetter`` is
    about half as slow again: one call per item)."""
    ids = [x.id for x in items]
    if ids.count(item_id) != 1:
        return tuple([change(x) if _id(x) == item_id else x for x in items])
    out = list(items)
    i = ids.index(item_id)
    out[i] = change(out[i])
    return tuple(out)


def without_id(items: tuple[T, ...], item_id: str) -> tuple[T, ...]:
    """``items`` without those whose ``id`` is ``item_id`` (the one found as above)."""
    ids = [x.id for x in items]
    if ids.count(item_id) != 1:
        return tuple([x for x in items if _id(x) != item_id])
    out = list(items)
    del out[ids.index(item_id)]
    return tuple(out)
