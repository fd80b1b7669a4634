"""Size bounds on everything a request or a setup file may carry.

Each bound is checked before anything is built from the value: a count before
the seats it names, a body's length before it is read. The numbers are far
above any real table (a game has at most 6 seats, a rulebook's deck a few
hundred cards) and far below what would hurt the service.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import SetupError
from domain.kernel.phrases import Phrase, phrase

# Nesting of any JSON or TOML value (setup, options, data, command): the kernel's
# bound, which a TOML text meets before it is parsed (domain.kernel.toml_text).
from domain.kernel.toml_text import MAX_DEPTH as MAX_DEPTH

# A request body (JSON) as read from the socket: 413 above this.
MAX_BODY_BYTES = 1_000_000
# Characters of a seed: it is stored, and published in SeedRevealed at the end.
MAX_SEED = 256
# Names in a list of players (a count is checked against the game's own range).
MAX_PLAYER_NAMES = 64
# Scripted dice values, deck orders, and cards in one deck order.
MAX_DICE = 10_000
MAX_ORDERS = 1_000
MAX_ORDER_LENGTH = 10_000
# Characters of an idempotency key (it is stored with the action).
MAX_KEY_LENGTH = 200
# Keys in the options of a table.
MAX_OPTIONS = 100
# Positions and counts in query strings and headers: far below 2**63 (the
# stores' BIGINT), so that no integer ever overflows on its way to SQL.
MAX_POSITION = 2**31 - 1
# Seats in a query or a body: no game seats more than a handful.
MAX_SEAT = 1_000


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deep ``value`` nests (a scalar is 0), counting no further than ``limit + 1``.

    Iterative, so that a value nested thousands deep cannot exhaust the stack
    while it is being measured.
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest


def check_depth(what: Phrase, value: Any, limit: int = MAX_DEPTH) -> None:
    """SetupError when ``value`` nests deeper than ``limit``."""
    if nesting_depth(value, limit) > limit:
        raise SetupError(
            phrase("{what}: nested more than {most} levels deep", what=what, most=limit)
        )


# Any number of a setup file or of a table's options: far beyond any position (a
# round, life, damage), far below the 64-bit integers every encoder and store
# holds (a setup's 2**64 used to pass the game's checks and fail at the append).
MAX_NUMBER = 2**31 - 1


def check_numbers(what: Phrase, value: Any, limit: int = MAX_NUMBER) -> None:
    """SetupError naming the first whole number of ``value`` beyond ±``limit``."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in item.items())
        elif isinstance(item, list | tuple):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > limit:
            where = phrase("{what}: {path}", what=what, path=path) if path else what
            raise SetupError(
                phrase(
                    "{where} is a number beyond ±{most}, more than any game uses",
                    where=where,
                    most=limit,
                )
            )


def check_seed(seed: str | None) -> None:
    if seed is not None and len(seed) > MAX_SEED:
        raise SetupError(
            phrase("seed of {length} characters: at most {most}", length=len(seed), most=MAX_SEED)
        )
