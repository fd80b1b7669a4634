"""Tables where each seat enters its own draws: a command held for others' cards.

In table mode a command asks the table for every value its rules draw. Where the
table was opened with ``chance_by = "seats"``, a card dealt into a seat's hidden
hand is entered by that seat alone (``chance_needs.enterer``): the seat that
acted enters the rest. A command whose draws go to other seats is therefore
held (``Hold``) until each of them has entered its cards; then it is decided
with everything entered, and stored as any command is (``ActionTaken`` with the
table's chance), so replay and verify see nothing new.

The hold is not a game event: it lives in its own record (one row per entry,
each row the hold as it stands), valid while the game is at the version it was
sent at. An entry a seat sends is placed value by value into the slots its
needs name, one at a time, since a value may change what the rules draw next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any, TypeVar
from uuid import UUID

import msgspec

from domain.kernel import DiceRequired, Event, IllegalCommand
from domain.kernel.chance_needs import ChanceNeed, enterer
from domain.kernel.dice import ScriptedSource
from domain.kernel.phrases import Phrase, Seat, listed, phrase, plural, seats
from services.store.chance import counted

# Who enters a table-mode game's chance (``GameStarted.setup["chance_by"]``).
BY_SEATS = "seats"
# The "seat" of a game's opening: whoever opens the table enters its chance but
# for the cards dealt into each seat's hand.
OPENING = -1


def by_seats(setup: Mapping[str, Any] | None) -> bool:
    """Does each seat of this game enter its own draws?"""
    return setup is not None and setup.get("chance_by") == BY_SEATS


class Hold(msgspec.Struct, frozen=True, kw_only=True):
    """A command waiting for chance that other seats enter.

    ``at``: the game's version when it was sent (the hold holds only while the
    game is there). ``dice``, ``orders``, ``drew``: the values entered so far,
    at their places in the command's chance (None: not entered yet).
    ``waiting``: the seats it still waits for. ``entered``: the seat whose
    entry this row records; ``keys``: idempotency keys of the entries."""

    at: int
    seat: int
    command: dict[str, Any]
    key: str | None = None
    dice: tuple[int | None, ...] = ()
    orders: tuple[tuple[int, ...] | None, ...] = ()
    drew: tuple[str | None, ...] = ()
    waiting: tuple[int, ...] = ()
    entered: int = -1
    when: str = ""
    keys: tuple[tuple[str, int], ...] = ()
    done: bool = False
    # Who placed each value: (stream, index, seat). A seat may send its cards
    # again while the command is held (it named one it does not hold).
    placed: tuple[tuple[str, int, int], ...] = ()
    # Whether this row's entry was the seat's cards sent again (its earlier ones
    # dropped): such an entry is one of the seat's tries (``ENTRY_TRIES``).
    again: bool = False
    # The record's own chain (``sealed``): the hash of the row before (GENESIS
    # for the first), this row's hash, and the hash of the last refused entry
    # kept when it was written (binding the refusals in). A row written before
    # the chain has none of them.
    prev: str = ""
    hash: str = ""
    refused: str = ""

    def entered_by(self) -> tuple[int, ...]:
        """The seats that have entered values for it, in order."""
        return tuple(sorted({seat for _, _, seat in self.placed}))


class Refused(msgspec.Struct, frozen=True, kw_only=True):
    """An entry the table refused (a card not there, one the seat cannot have).

    Kept beside the hold record, never in it: the record's rows serialise the
    writes of the game, and a refusal changes nothing there. ``after``: how
    many rows the hold record had when it was sent; ``at``: the game's
    version then. The values are as the seat sent them; ``message`` is what
    it was told."""

    after: int
    at: int
    seat: int
    when: str
    command: Any = None
    dice: tuple[int, ...] = ()
    orders: tuple[tuple[int, ...], ...] = ()
    drew: tuple[str, ...] = ()
    code: str
    message: str
    # Whether it spent one of the seat's tries at that position (``ENTRY_TRIES``):
    # refused for naming a card that is not there, an answer that depends on
    # where the cards lie. Chained as the hold record is (``sealed``).
    tried: bool = False
    prev: str = ""
    hash: str = ""


HoldRow = TypeVar("HoldRow", Hold, Refused)


def sealed(row: HoldRow, gid: UUID, number: int, prev: str) -> HoldRow:
    """``row`` as the ``number``-th row of its stream, linked to the one before
    (``prev``): the hash covers the game, the number, the kind of row and every
    field of it. Deleting, reordering or editing a row breaks the links after it."""
    linked = msgspec.structs.replace(row, prev=prev, hash="")
    return msgspec.structs.replace(linked, hash=row_hash(linked, gid, number))


def row_hash(row: Hold | Refused, gid: UUID, number: int) -> str:
    """The hash a row of the hold record or of its refusals should carry."""
    bare = msgspec.structs.replace(row, hash="")
    head = f"{type(row).__name__}\x1f{gid.hex}\x1f{number}\x1f".encode()
    return sha256(head + msgspec.msgpack.encode(bare)).hexdigest()


@dataclass
class Slots:
    """The chance of one command as entered so far, by place, and who placed each."""

    dice: list[int | None]
    orders: list[tuple[int, ...] | None]
    drew: list[str | None]
    placed: list[tuple[str, int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, hold: Hold | None) -> Slots:
        if hold is None:
            return cls([], [], [])
        return cls(list(hold.dice), list(hold.orders), list(hold.drew), list(hold.placed))

    def put(self, stream: str, index: int, value: Any, seat: int) -> None:
        place: list[Any] = getattr(self, stream)
        place.extend([None] * (index + 1 - len(place)))
        place[index] = value
        self.placed.append((stream, index, seat))

    def without(self, seats: Callable[[int], bool]) -> Slots:
        """A copy with the values of the seats ``seats`` picks taken out (a seat
        asked for its cards is not told others', nor its own when sending again)."""
        out = Slots(list(self.dice), list(self.orders), list(self.drew), [])
        for stream, index, seat in self.placed:
            if seats(seat):
                getattr(out, stream)[index] = None
            else:
                out.placed.append((stream, index, seat))
        return out


@dataclass
class Settled:
    """What a seat's entry led to: ``events`` (the command decided, complete) or
    the seats still ``waiting`` (the command held), with the slots as they are."""

    slots: Slots
    events: list[Event] | None
    waiting: tuple[int, ...]


# One try at deciding the command with the slots as they are: its events, or
# None with the source that noted what is missing.
Attempt = Callable[[Slots], tuple[list[Event] | None, ScriptedSource]]


def settle(
    attempt: Attempt,
    actor: int,
    seat: int,
    slots: Slots,
    dice: Sequence[int] = (),
    orders: Sequence[Sequence[int]] = (),
    drew: Sequence[str] = (),
    subject: str = "this command",
) -> Settled:
    """Place ``seat``'s values into the needs it enters, in the rules' order, and
    decide again. Refuses (``IllegalCommand``, nothing changed) a value the
    rules do not ask of this seat, and ``DiceRequired`` naming what this seat
    still owes; otherwise the command is decided or waits for others."""
    queue: dict[str, list[Any]] = {
        "dice": list(dice),
        "orders": [tuple(o) for o in orders],
        "drew": list(drew),
    }
    while True:
        try:
            events, source = attempt(slots)
        except DiceRequired as wrong:
            twice = len(set(drew)) < len(drew)  # its own card named twice: its own slip
            if not wrong.needs and not twice and any(by != seat for _, _, by in slots.placed):
                # The card may be there after all: named wrongly by a seat before.
                wrong.adding(
                    phrase(
                        "if it is in your hand, a player who named their cards before you "
                        "named one they do not hold: they can send theirs again"
                    )
                )
            raise
        if events is not None:
            break
        offsets = _offsets(source, slots)
        placed = False
        for need, (stream, index) in zip(source.needs, source.slots, strict=True):
            if enterer(need, actor) == seat and queue[stream]:
                slots.put(stream, index - offsets[stream], queue[stream].pop(0), seat)
                placed = True
                break
        if not placed:
            break
    left = {k: v for k, v in queue.items() if v}
    if left:
        why = _asked(source if events is None else None, actor, seat, subject)
        given = listed(counted(len(values), _THINGS[stream]) for stream, values in left.items())
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            phrase("{given} given at the opening but not asked then: {why}", given=given, why=why)
            if seat == OPENING
            else phrase(
                "{given} given by {seat} but not asked of it: {why}",
                given=given,
                seat=Seat(seat),
                why=why,
            ),
        )
    if events is not None:
        return Settled(slots, events, ())
    owed = [n for n in source.needs if enterer(n, actor) == seat]
    owners = [enterer(n, actor) for n in source.needs]
    # What comes after another seat's draw may change once it is named (a card
    # whose effect rolls): a seat that gave its values is asked for more then,
    # not refused now; one that gave none is told all it owes.
    first_other = next((i for i, o in enumerate(owners) if o != seat), len(owners))
    gave = bool(dice or orders or drew)
    if seat in owners[:first_other] or (owed and not gave):
        others = sorted(set(owners) - {seat})
        # No "or the order the deck was shuffled in": an order would say every
        # seat's cards, which here only each seat names.
        refused = DiceRequired.missing(owed, (), subject)
        if others:
            refused.adding(
                plural(
                    "then {seats} enters their own draws",
                    "then {seats} enter their own draws",
                    len(others),
                    seats=seats(others),
                )
            )
        raise refused
    # Held: for the other seats, and for this one again if it owes what follows theirs.
    return Settled(slots, None, tuple(sorted(set(owners))))


def needs_of(source: ScriptedSource, actor: int, seat: int) -> tuple[ChanceNeed, ...]:
    """What ``seat`` still has to enter of a held command's chance."""
    return tuple(n for n in source.needs if enterer(n, actor) == seat)


def _offsets(source: ScriptedSource, slots: Slots) -> dict[str, int]:
    """Where the entered values start in each of the source's streams (after
    the unused part of a setup file's script)."""
    return {
        "dice": len(source.values) - len(slots.dice),
        "orders": len(source.orders) - len(slots.orders),
        "drew": len(source.drew) - len(slots.drew),
    }


_THINGS = {"dice": "die", "orders": "deck order", "drew": "card"}


def _asked(source: ScriptedSource | None, actor: int, seat: int, subject: str) -> Phrase:
    if source is None:
        if subject == "the opening":
            return phrase("the opening is complete without them")
        return phrase("this command is complete without them")
    owed = needs_of(source, actor, seat)
    if not owed:
        return phrase("the cards a seat draws into its hand are entered by that seat")
    return plural("it enters {n} value here", "it enters {n} values here", len(owed))
