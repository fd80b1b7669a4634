"""The last answer of a pure function of a state and a seat, kept by the state's identity.

A decision often asks again what was asked just before of the same state: the bots
and the clients ask for a seat's legal commands, then ``decide`` checks the command
against the same list. States are frozen values, so the list made the first time is
the answer the second time; the state is held with it, so its identity cannot pass to
another state while it is kept. A hash of a whole state would cost about what the list
does, so the key is the state's identity, not its value.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Any, Generic, TypeVar

S = TypeVar("S")
T = TypeVar("T")


class LastAnswer(Generic[S, T]):
    """``fn`` answering a repeated (state, seat) from memory; each caller gets its
    own list, so that no caller's change to it reaches the next."""

    def __init__(self, fn: Callable[[S, int], list[T]]) -> None:
        self._fn = fn
        # One cell, replaced whole: a reader on another thread sees one answer's
        # (state, seat, items) or another's, never a mixture.
        self._cell: tuple[Any, int, tuple[T, ...]] = (None, -1, ())
        update_wrapper(self, fn)

    def __call__(self, state: S, seat: int) -> list[T]:
        known, known_seat, items = self._cell
        if known is state and known_seat == seat:
            return list(items)
        out = self._fn(state, seat)
        self._cell = (state, seat, tuple(out))
        return out

    def listed(self, state: S, seat: int, item: T) -> bool:
        """Whether ``item`` is in the answer last made for this very (state, seat);
        False when that answer is not at hand (nothing is worked out to say so)."""
        known, known_seat, items = self._cell
        return known is state and known_seat == seat and item in items


def last_answer(fn: Callable[[S, int], list[T]]) -> LastAnswer[S, T]:
    return LastAnswer(fn)
