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
from collections.abc import Mapping, Sequence
from typing import Protocol, overload

from domain.kernel.chance_needs import ChanceNeed, card_key, card_kind, kinds, needs_phrase
from domain.kernel.errors import DiceRequired
from domain.kernel.events import CardsShuffled, DiceRolled
from domain.kernel.phrases import Arg, Card, Purpose, phrase
from domain.kernel.words import pile_text, pile_words

DOMAIN = b"wizard-ledger/chance/v1\x00"
# A table told what a command needs is told at most this many values at once.
MAX_COLLECTED = 200


def commitment(seed: str) -> str:
    """The public commitment to a secret seed: sha256 of its UTF-8 bytes, hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def _prefix(seed: str) -> bytes:
    """What every value of ``seed``'s stream hashes before its counter."""
    return DOMAIN + seed.encode() + b"\x00"


def draw(seed: str, counter: int, n: int) -> int:
    """The uniform value in [0, n) at position ``counter`` of ``seed``'s stream."""
    if n < 1:
        raise ValueError("cannot draw from an empty range")
    digest = hashlib.sha256(_prefix(seed) + counter.to_bytes(8, "big")).digest()
    return int.from_bytes(digest, "big") % n


def permutation(seed: str, counter: int, n: int) -> tuple[tuple[int, ...], int]:
    """Fisher–Yates permutation of range(n) starting at ``counter``.

    Returns the permutation (new position -> old index) and the next counter.
    Uses n - 1 draws: for i from n-1 down to 1, swap i with j in [0, i]. Each
    draw is ``draw``'s, with the seed's prefix built once for the whole deck
    (verify re-derives every shuffle: building it at each draw was a fifth of
    a shuffle's cost).
    """
    prefix, sha256, from_bytes = _prefix(seed), hashlib.sha256, int.from_bytes
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = from_bytes(sha256(prefix + counter.to_bytes(8, "big")).digest(), "big") % (i + 1)
        counter += 1
        order[i], order[j] = order[j], order[i]
    return tuple(order), counter


class ChanceSource(Protocol):
    """Where chance values come from: a seed, or a table's script."""

    kind: str

    def index(self, counter: int, n: int, what: str, seat: int | None = None) -> int: ...

    def perm(
        self, counter: int, n: int, what: str, cards: Sequence[str] = (), pile: str = ""
    ) -> tuple[tuple[int, ...], int]: ...


class SeededSource:
    kind = "seed"

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def index(self, counter: int, n: int, what: str, seat: int | None = None) -> int:
        return draw(self.seed, counter, n)

    def perm(
        self, counter: int, n: int, what: str, cards: Sequence[str] = (), pile: str = ""
    ) -> tuple[tuple[int, ...], int]:
        return permutation(self.seed, counter, n)


class ScriptedSource:
    """Table mode: values supplied from outside, consumed in order.

    ``values`` are die faces (1..sides) for rolls and 1-based positions for
    choices; ``orders`` are permutations (lists of 0-based old indexes) for
    shuffles; ``drew`` are the cards actually drawn from face-down piles whose
    order is unknown (see ``Dice.draw``). A missing or out-of-range value raises
    ``DiceRequired``, which refuses the command and appends nothing.

    With ``collect=True`` a missing value is noted instead and a placeholder is
    used (face 1, the order as it stands, the first card that could be there),
    so that one refusal can name everything the command needs
    (``Dice.require_complete``): the table enters a command in one try.

    A card drawn may be named by its id, by the kind it is a copy of, or by a
    printed name found in ``names`` (``card_key(name)`` -> kind); ``drew`` then
    holds the id the engine took, which is what a record keeps.
    """

    kind = "table"

    def __init__(
        self,
        values: Sequence[int | None] = (),
        orders: Sequence[Sequence[int] | None] = (),
        drew: Sequence[str | None] = (),
        *,
        collect: bool = False,
        names: Mapping[str, str] | None = None,
        picks_named: bool = True,
    ) -> None:
        # A None is a value not entered yet (a seat still to name its cards):
        # missing, like one past the end, but it keeps the place of those after it.
        self.values = list(values)
        self.orders = [None if o is None else tuple(o) for o in orders]
        self.drew = list(drew)
        self.used_values = 0
        self.used_orders = 0
        self.used_drew = 0
        self.collect = collect
        self.names = names or {}
        # Engines before 0.3.0 took a card picked from a hand as a die face only:
        # their records are decided again that way.
        self.picks_named = picks_named
        # Seats entering their own draws: a refused card says nothing of the
        # cards others named (which one, at which place in the deal).
        self.private = False
        self.needs: list[ChanceNeed] = []
        # Where each need's value goes: its stream (dice, orders, drew) and index.
        self.slots: list[tuple[str, int]] = []
        # Piles this command shuffled face down ("the deck", cards): a table may
        # give their order instead of naming each card drawn from them.
        self.face_down: list[tuple[str, int]] = []

    def _need(self, need: ChanceNeed, stream: str, slot: int) -> None:
        if not self.collect:
            raise DiceRequired(needs_phrase([need]), [need])
        self.needs.append(need)
        self.slots.append((stream, slot))
        if len(self.needs) >= MAX_COLLECTED:
            # Rules that roll until something happens (ties re-rolled) might not stop
            # on placeholders: name what is known so far.
            raise DiceRequired(needs_phrase(self.needs, more=True), self.needs)

    def index(self, counter: int, n: int, what: str, seat: int | None = None) -> int:
        """The face (0-based) the table rolled; ``seat``: whose roll it is."""
        value = self.values[self.used_values] if self.used_values < len(self.values) else None
        if value is None:
            need = ChanceNeed(kind="die", what=what, sides=n, seat=seat)
            self._need(need, "dice", self.used_values)
            self.used_values += 1
            # Placeholders differ from one to the next, so a tie re-rolled on them ends.
            return len(self.needs) % n
        if not 1 <= value <= n:
            raise DiceRequired(
                phrase(
                    "a die from 1 to {sides} ({what}), not {value}",
                    sides=n,
                    what=Purpose(what),
                    value=value,
                )
            )
        self.used_values += 1
        return value - 1

    def perm(
        self, counter: int, n: int, what: str, cards: Sequence[str] = (), pile: str = ""
    ) -> tuple[tuple[int, ...], int]:
        order = self.orders[self.used_orders] if self.used_orders < len(self.orders) else None
        if order is None:
            need = ChanceNeed(kind="order", what=what, size=n, cards=tuple(cards), pile=pile)
            self._need(need, "orders", self.used_orders)
            self.used_orders += 1
            return tuple(range(n)), counter + max(n - 1, 0)
        if sorted(order) != list(range(n)):
            raise DiceRequired(
                phrase(
                    "a permutation of 0..{last} ({pile}), not {order}",
                    last=n - 1,
                    pile=pile_words(pile, what),
                    order=str(list(order)),
                )
            )
        self.used_orders += 1
        return order, counter + max(n - 1, 0)

    def picked(self, cards: Sequence[str], what: str) -> int | None:
        """The index in ``cards`` of the card the table says was picked from a
        hand: the next card named (``drew``). None where a die gives it instead
        (the next die value, as such a pick was entered before 0.3.0: a face per
        card in the hand's order). With neither, the need of a card is noted and
        a stand-in (the first card) returned."""
        if not self.picks_named:
            return None
        if self.used_drew < len(self.drew) and self.drew[self.used_drew] is not None:
            return self.named(cards, None, what, hand=True)
        if self.used_drew >= len(self.drew) and self.used_values < len(self.values):
            return None  # a die: ``Dice.pick`` rolls it
        need = ChanceNeed(kind="card", what=what, cards=tuple(kinds(cards)), hand=True)
        self._need(need, "drew", self.used_drew)
        self.used_drew += 1
        return 0

    def has_order(self) -> bool:
        """Is a deck order left for the next shuffle?"""
        return self.used_orders < len(self.orders) and self.orders[self.used_orders] is not None

    def _resolve(self, given: str, candidates: Sequence[str]) -> str | None:
        """The id among ``candidates`` that ``given`` names: itself, or the
        first copy of the kind it names (by kind id or printed name)."""
        if given in candidates:
            return given
        kind = self.names.get(card_key(given), given)
        return next((c for c in candidates if card_kind(c) == kind), None)

    def _could(self, candidates: Sequence[str]) -> tuple[str, ...]:
        """The kinds a missing draw could be: sorted, since a copy's number and the
        order the cards were handed in say nothing, and a kind names a card. A
        later draw from the same pile is offered the pile's kinds as first asked:
        stand-ins took cards from it, and the table may have drawn those."""
        could = set(kinds(candidates))
        for earlier in reversed(self.needs):
            if earlier.kind == "card" and could <= set(earlier.cards):
                return earlier.cards
        return tuple(sorted(could))

    def _stand_in(self, candidates: Sequence[str]) -> int:
        """The index of the card a missing draw stands at: one of a kind no later
        draw is named as (a seat entering its own cards names them while
        another's, drawn before, are still to come), else the first."""
        later = {card_kind(c) for c in self.drew[self.used_drew :] if c is not None}
        if later:
            for i, card in enumerate(candidates):
                if card_kind(card) not in later:
                    return i
        return 0

    def _not_there(self, given: str, candidates: Sequence[str], where: Arg) -> DiceRequired:
        """Why a named card cannot be the one drawn, without saying which cards
        are there (a seat would learn others' hands): no card has that name, it
        was named already, or it is simply not in the pile."""
        nth = self.used_drew + 1
        kind = self.names.get(card_key(given), card_kind(given))
        known = set(self.names.values())
        # Only where the names cover this pile can a name be said to be no card's.
        if known and set(kinds(candidates)) <= known and kind not in known:
            if self.private:
                return DiceRequired.wrong(phrase("no card is called {given}", given=repr(given)))
            return DiceRequired.wrong(
                phrase(
                    "no card is called {given} (card {nth} of those named as drawn)",
                    given=repr(given),
                    nth=nth,
                )
            )
        # A card there is, by the name the table reads; anything else as typed.
        card: Arg = Card(kind) if kind in known else given
        if self.private:
            # The same words wherever the card is (another seat's hand, a pile
            # the seat sees, or nowhere left): only the pile is named.
            return DiceRequired.wrong(
                phrase(
                    "'{given}' cannot have come from {pile}: it is not there",
                    given=card,
                    pile=where,
                ),
                unseen=True,
            )
        before = [card_kind(c) if c else "" for c in self.drew[: self.used_drew]]
        said = phrase(
            "card {nth} of those named as drawn, '{given}', cannot have come from {pile}: "
            "it is not there",
            nth=nth,
            given=card,
            pile=where,
        )
        if kind in before:
            said = phrase(
                "{said} (already named as card {first})", said=said, first=before.index(kind) + 1
            )
        return DiceRequired.wrong(said, unseen=True)

    def named(
        self,
        candidates: Sequence[str],
        known_top: str | None,
        what: str,
        seat: int | None = None,
        pile: str = "",
        hand: bool = False,
    ) -> int:
        """The index in ``candidates`` of the card the table says was drawn.

        ``known_top``: the card known to be on top (its order was given), or
        None when the pile's order is unknown and a named card is required."""
        given = self.drew[self.used_drew] if self.used_drew < len(self.drew) else None
        if given is None:
            if known_top is not None:
                return 0
            need = ChanceNeed(
                kind="card", what=what, cards=self._could(candidates), seat=seat, pile=pile
            )
            self._need(need, "drew", self.used_drew)
            self.used_drew += 1
            return self._stand_in(candidates)
        card = self._resolve(given, candidates)
        if card is None:
            where = Purpose(what) if hand else pile_words(pile, what)
            if known_top is not None:
                raise DiceRequired(
                    phrase(
                        "the card on top of {pile}, {top} (its order is known), not {given}",
                        pile=where,
                        top=Card(card_kind(known_top)),
                        given=repr(given),
                    )
                )
            raise self._not_there(given, candidates, where)
        self.drew[self.used_drew] = card  # the record keeps the card taken
        self.used_drew += 1
        return list(candidates).index(card)


class Dice:
    """The chance the rules may use for one command (or one setup).

    ``counter`` starts where the game's recorded chance left off and is
    advanced by every draw; the returned events carry it, so the fold of the
    events knows where the next command starts.
    """

    # Slots: one is made at every command (a bot game's every step), and its
    # counter is read and written at every draw.
    __slots__ = ("counter", "source")

    def __init__(self, source: ChanceSource, counter: int = 0) -> None:
        self.source = source
        self.counter = counter

    @classmethod
    def seeded(cls, seed: str, counter: int = 0) -> Dice:
        return cls(SeededSource(seed), counter)

    @classmethod
    def scripted(
        cls,
        values: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
        *,
        collect: bool = False,
        names: Mapping[str, str] | None = None,
        picks_named: bool = True,
    ) -> Dice:
        source = ScriptedSource(
            values, orders, drew, collect=collect, names=names, picks_named=picks_named
        )
        return cls(source, 0)

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
            values.append(self.source.index(self.counter, sides, purpose, seat) + 1)
            self.counter += 1
        return self._rolled(start, values, sides, purpose, rule, seat, private_to)

    def _rolled(
        self,
        start: int,
        values: Sequence[int],
        sides: int,
        purpose: str,
        rule: str,
        seat: int | None,
        private_to: tuple[int, ...],
    ) -> DiceRolled:
        """The event of a roll whose values were read from counter ``start`` on."""
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

    def pick(
        self,
        cards: Sequence[str],
        *,
        purpose: str,
        rule: str,
        seat: int | None = None,
        private_to: tuple[int, ...] = (),
    ) -> DiceRolled:
        """A card picked by chance from ``cards`` (a hand), as a roll of one
        ``len(cards)``-sided die: ``cards[event.values[0] - 1]``. Seeded, it is
        ``choose``. At a table, the card taken blind is named (by id, kind or
        printed name), not a die face nobody could map to a card."""
        source = self.source
        if isinstance(source, ScriptedSource):
            index = source.picked(cards, purpose)
            if index is not None:
                start = self.counter
                self.counter += 1  # as the roll it stands for
                return self._rolled(
                    start, (index + 1,), len(cards), purpose, rule, seat, private_to
                )
        return self.choose(len(cards), purpose=purpose, rule=rule, seat=seat, private_to=private_to)

    def shuffle(
        self, cards: Sequence[str], *, pile: str, rule: str, follow: bool = False
    ) -> CardsShuffled:
        """Shuffle ``cards`` (top first). The new order is ``event.order``.

        ``follow=True`` (a game that draws from this pile with ``Dice.draw``):
        in table mode, when the table gives no order for this shuffle, the pile
        stays face down with its order unknown (``event.unknown``; ``order`` is
        then the cards as handed, not an order) and each later draw names the
        card actually drawn."""
        start = self.counter
        source = self.source
        if follow and isinstance(source, ScriptedSource) and not source.has_order():
            self.counter = start + max(len(cards) - 1, 0)
            source.face_down.append((pile, len(cards)))
            return CardsShuffled(
                rule=rule,
                pile=pile,
                order=tuple(cards),
                permutation=(),
                counter=start,
                source="table",
                unknown=True,
            )
        perm, after = source.perm(self.counter, len(cards), pile_text(pile), cards, pile)
        self.counter = after
        return CardsShuffled(
            rule=rule,
            pile=pile,
            order=tuple(cards[i] for i in perm),
            permutation=perm,
            counter=start,
            source="seed" if self.kind == "seed" else "table",
        )

    def draw(
        self,
        pile: Sequence[str],
        *,
        unknown: int = 0,
        what: str = "the draw pile",
        seat: int | None = None,
        kept: str = "",
    ) -> int:
        """The index in ``pile`` (top first) of the card drawn from its top.

        ``unknown``: how many cards at the bottom of ``pile`` lie in an order
        nobody knows (table mode, after a shuffle the table did not order).
        While the top is known it is drawn (a named card must be that one);
        once only unknown cards are left, the table names the card actually
        drawn (``drew``) and the engine checks that it could be there. Seeded
        games always know their order: the top card, index 0. ``seat``: who
        the card goes to, where the rules say (a table deals in that order);
        ``kept``: the pile's id where it is kept per seat (``deck.1``), so that a
        table is told whose pile it is by the player's name."""
        if not pile:
            raise ValueError(f"cannot draw from an empty {what}")
        source = self.source
        if not isinstance(source, ScriptedSource):
            return 0
        known = len(pile) - unknown
        if known > 0:
            return source.named(pile[:1], pile[0], what, pile=kept)
        return source.named(pile, None, what, seat, kept)

    @overload
    def named_cards(self, supplied: Sequence[str]) -> tuple[str, ...]: ...

    @overload
    def named_cards(self, supplied: Sequence[str | None]) -> tuple[str | None, ...]: ...

    def named_cards(self, supplied: Sequence[str | None]) -> tuple[str | None, ...]:
        """The ids of the cards a table named as drawn (``supplied``, each a card's
        id, kind or printed name), as the engine took them: what a record keeps.
        A card not named yet (None: a seat still to enter its draw) stays None."""
        source = self.source
        if isinstance(source, ScriptedSource) and len(source.drew) == len(supplied):
            return tuple(source.drew)
        return tuple(supplied)

    def require_complete(self, subject: str = "this command") -> None:
        """Refuse, naming everything that was missing, when a table left chance out."""
        source = self.source
        if not isinstance(source, ScriptedSource) or not source.needs:
            return
        raise DiceRequired.missing(source.needs, tuple(source.face_down), subject)


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
