"""The shape every game's evolve shares: one handler per event class, and what the
game derives from the rest of its state (the pending decisions) settled after."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from domain.kernel.types import Event

S = TypeVar("S")
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
