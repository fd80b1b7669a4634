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
from functools import wraps
from typing import Any, TypeVar

S = TypeVar("S")
T = TypeVar("T")


def last_answer(fn: Callable[[S, int], list[T]]) -> Callable[[S, int], list[T]]:
    """``fn`` answering a repeated (state, seat) from memory; each caller gets its
    own list, so that no caller's change to it reaches the next."""
    # One cell, replaced whole: a reader on another thread sees one answer's
    # (state, seat, items) or another's, never a mixture.
    cell: list[tuple[Any, int, tuple[T, ...]]] = [(None, -1, ())]

    @wraps(fn)
    def answer(state: S, seat: int) -> list[T]:
        known, known_seat, items = cell[0]
        if known is state and known_seat == seat:
            return list(items)
        out = fn(state, seat)
        cell[0] = (state, seat, tuple(out))
        return out

    return answer
