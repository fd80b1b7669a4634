"""The last answer of a pure function of one frozen value, kept by that value's identity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_NOTHING = object()


def by_identity(fn: Callable[[K], V]) -> Callable[[K], V]:
    """``fn`` answering its last argument again from memory. The rules ask some
    questions over and over of one value (a game's data, its GameStarted); a hash
    of the value would cost about what the answer does, so the key is its identity.
    The value is held with its answer, so its identity cannot pass to another while
    it is kept; one cell, replaced whole, so a reader on another thread sees one
    answer or another, never a mixture."""
    cell: list[tuple[Any, Any]] = [(_NOTHING, None)]

    def answer(key: K) -> V:
        known, value = cell[0]
        if known is key:
            return value
        value = fn(key)
        cell[0] = (key, value)
        return value

    answer.__doc__ = fn.__doc__
    return answer
