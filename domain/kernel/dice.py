"""Seeded, counter-based chance, and table mode.

The generator is a pure function of (seed, counter): the value at counter c is
``int(sha256(DOMAIN | seed | c)) mod n``. It is the same on any machine and
Python version, needs no state beyond the counter, and lets ``verify``
re-derive every recorded roll and shuffle from the revealed seed. The modulo
bias is below n / 2**256: nil for dice and decks.

Every draw returns the event that records it; the rules append that event to
their output, so replay needs no generator at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol

from domain.kernel.errors import DiceRequired
from domain.kernel.events import CardsShuffled, DiceRolled

DOMAIN = b"wizard-ledger/chance/v1\x00"


def commitment(seed: str) -> str:
    """The public commitment to a secret seed: sha256 of its UTF-8 bytes, hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def draw(seed: str, counter: int, n: int) -> int:
    """The uniform value in [0, n) at position ``counter`` of ``seed``'s stream."""
    if n < 1:
        raise ValueError("cannot draw from an empty range")
    digest = hashlib.sha256(DOMAIN + seed.encode() + b"\x00" + counter.to_bytes(8, "big")).digest()
    return int.from_bytes(digest, "big") % n


def permutation(seed: str, counter: int, n: int) -> tuple[tuple[int, ...], int]:
    """Fisher–Yates permutation of range(n) starting at ``counter``.

    Returns the permutation (new position -> old index) and the next counter.
    Uses n - 1 draws: for i from n-1 down to 1, swap i with j in [0, i].
    """
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = draw(seed, counter, i + 1)
        counter += 1
        order[i], order[j] = order[j], order[i]
    return tuple(order), counter


class ChanceSource(Protocol):
    """Where chance values come from: a seed, or a table's script."""

    kind: str

    def index(self, counter: int, n: int, what: str) -> int: ...

    def perm(self, counter: int, n: int, what: str) -> tuple[tuple[int, ...], int]: ...


class SeededSource:
    kind = "seed"

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def index(self, counter: int, n: int, what: str) -> int:
        return draw(self.seed, counter, n)

    def perm(self, counter: int, n: int, what: str) -> tuple[tuple[int, ...], int]:
        return permutation(self.seed, counter, n)


class ScriptedSource:
    """Table mode: values supplied from outside, consumed in order.

    ``values`` are die faces (1..sides) for rolls and 1-based positions for
    choices; ``orders`` are permutations (lists of 0-based old indexes) for
    shuffles. A missing or out-of-range value raises ``DiceRequired``, which
    refuses the command and appends nothing.
    """

    kind = "table"

    def __init__(self, values: Sequence[int] = (), orders: Sequence[Sequence[int]] = ()) -> None:
        self.values = list(values)
        self.orders = [tuple(o) for o in orders]
        self.used_values = 0
        self.used_orders = 0

    def index(self, counter: int, n: int, what: str) -> int:
        if self.used_values >= len(self.values):
            raise DiceRequired(f"a value 1..{n} ({what})")
        value = self.values[self.used_values]
        if not 1 <= value <= n:
            raise DiceRequired(f"a value 1..{n} ({what}), not {value}")
        self.used_values += 1
        return value - 1

    def perm(self, counter: int, n: int, what: str) -> tuple[tuple[int, ...], int]:
        if self.used_orders >= len(self.orders):
            raise DiceRequired(f"an order of {n} cards ({what})")
        order = self.orders[self.used_orders]
        if sorted(order) != list(range(n)):
            raise DiceRequired(f"a permutation of 0..{n - 1} ({what}), not {list(order)}")
        self.used_orders += 1
        return order, counter + max(n - 1, 0)


class Dice:
    """The chance the rules may use for one command (or one setup).

    ``counter`` starts where the game's recorded chance left off and is
    advanced by every draw; the returned events carry it, so the fold of the
    events knows where the next command starts.
    """

    def __init__(self, source: ChanceSource, counter: int = 0) -> None:
        self.source = source
        self.counter = counter

    @classmethod
    def seeded(cls, seed: str, counter: int = 0) -> Dice:
        return cls(SeededSource(seed), counter)

    @classmethod
    def scripted(cls, values: Sequence[int] = (), orders: Sequence[Sequence[int]] = ()) -> Dice:
        return cls(ScriptedSource(values, orders), 0)

    @property
    def kind(self) -> str:
        return self.source.kind

    def roll(
        self,
        *,
        purpose: str,
        rule: str,
        seat: int | None = None,
        count: int = 1,
        sides: int = 6,
        private_to: tuple[int, ...] = (),
    ) -> DiceRolled:
        """Roll ``count`` dice of ``sides`` faces; values are 1..sides.

        ``private_to``: seats that alone may see the roll until the end."""
        start = self.counter
        values = []
        for _ in range(count):
            values.append(self.source.index(self.counter, sides, purpose) + 1)
            self.counter += 1
        return DiceRolled(
            rule=rule,
            seat=seat,
            purpose=purpose,
            sides=sides,
            values=tuple(values),
            counter=start,
            source="seed" if self.kind == "seed" else "table",
            private_to=tuple(sorted(set(private_to))),
        )

    def choose(
        self,
        n: int,
        *,
        purpose: str,
        rule: str,
        seat: int | None = None,
        private_to: tuple[int, ...] = (),
    ) -> DiceRolled:
        """A uniform choice among n candidates: a roll of one n-sided die.

        The chosen index is ``event.values[0] - 1``.
        """
        return self.roll(
            purpose=purpose, rule=rule, seat=seat, count=1, sides=n, private_to=private_to
        )

    def shuffle(self, cards: Sequence[str], *, pile: str, rule: str) -> CardsShuffled:
        """Shuffle ``cards`` (top first). The new order is ``event.order``."""
        start = self.counter
        perm, after = self.source.perm(self.counter, len(cards), f"shuffle of {pile}")
        self.counter = after
        return CardsShuffled(
            rule=rule,
            pile=pile,
            order=tuple(cards[i] for i in perm),
            permutation=perm,
            counter=start,
            source="seed" if self.kind == "seed" else "table",
        )


def rederive(seed: str, event: DiceRolled | CardsShuffled) -> bool:
    """Does the recorded chance match what the seed gives at its counter?"""
    if event.source != "seed":
        return True
    if isinstance(event, DiceRolled):
        expected = tuple(
            draw(seed, event.counter + i, event.sides) + 1 for i in range(len(event.values))
        )
        return expected == event.values
    perm, _ = permutation(seed, event.counter, len(event.order))
    return perm == event.permutation


def next_counter(event: DiceRolled | CardsShuffled) -> int:
    """Where the generator stands after this recorded chance."""
    if isinstance(event, DiceRolled):
        return event.counter + len(event.values)
    return event.counter + max(len(event.order) - 1, 0)
