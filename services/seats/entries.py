"""What a seat's entries at a held table meet: whether an entry is the seat's
cards sent again, how many of its tries a seat has spent at a position, and the
words of the refusals an entry gets while a command waits or once its tries are
spent (the same words whatever it names, so that they teach nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel import IllegalCommand
from domain.kernel.phrases import Seat, phrase, seats
from domain.kernel.rules import ENTRY_TRIES
from services.seats.hold import OPENING, Hold, Refused
from services.store.codec import GENESIS
from services.store.values import Loaded


def spent(rows: Sequence[Hold], refused: Sequence[Refused], seat: int) -> int:
    """The tries ``seat`` spent among the rows and refusals of one position: its
    cards sent again, and its entries refused for naming a card not there."""
    return sum(r.entered == seat and r.again for r in rows) + sum(
        r.seat == seat and r.tried for r in refused
    )


def sent_again(hold: Hold | None, seat: int, command: object | None) -> bool:
    """Is this the seat's cards sent again (it entered them, nobody waits for it)?"""
    return (
        hold is not None
        and command is None
        and seat not in hold.waiting
        and seat in hold.entered_by()
    )


def tries_spent(loaded: Loaded, seat: int) -> IllegalCommand:
    """The refusal of an entry from a seat whose tries at this position are
    spent: the same words whatever it names."""
    at = loaded.version
    way = (
        phrase("the way on is the referee's: open the table again")
        if loaded.head == GENESIS
        else phrase(
            "the way on is the referee's: fork the game at position {at} "
            "(`wizards fork GAME --at {at}`) with the cards the table really drew, or settle "
            "it at the dispute desk",
            at=at,
        )
    )
    return IllegalCommand(
        "tries_spent",
        "kernel.entry-tries",
        phrase(
            "{seat} has spent the {tries} tries a seat has at this position (cards sent "
            "again, and entries refused for naming a card that is not there): no more cards "
            "are taken from {seat} here; {way}",
            seat=Seat(seat),
            tries=ENTRY_TRIES,
            way=way,
        ),
    )


def awaited(hold: Hold, seat: int) -> IllegalCommand:
    """The refusal of what ``seat`` sent while ``hold`` waits for seats' cards."""
    waiting = seats(hold.waiting)
    owes = seat in hold.waiting
    if hold.seat == OPENING:
        said = (
            phrase(
                "the opening waits for {waiting} to name the cards dealt to them: send yours "
                "with no command",
                waiting=waiting,
            )
            if owes
            else phrase("the opening waits for {waiting} to name theirs", waiting=waiting)
        )
    else:
        said = (
            phrase(
                "{seat}'s command waits for {waiting} to name the cards you drew: send them "
                "with no command",
                seat=Seat(hold.seat),
                waiting=waiting,
            )
            if owes
            else phrase(
                "{seat}'s command waits for {waiting} to name the cards they drew",
                seat=Seat(hold.seat),
                waiting=waiting,
            )
        )
    return IllegalCommand("chance_awaited", "kernel.table-mode", said)
