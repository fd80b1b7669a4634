"""A held command as a seat reads it: who acted, whom it waits for, what this seat owes.

Only games whose seats enter their own draws (``services.seats.hold``) have one;
reads of the current position carry it as ``held`` (state, act answers), and
while it stands no seat has a command to send (``legal`` is empty).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel import decode_command
from domain.kernel.chance_needs import needs_phrase
from domain.kernel.phrases import Seat, listed, phrase
from domain.kernel.rules import ENTRY_TRIES
from services.ledger import WizardLedger
from services.seats.hold import OPENING, by_seats
from services.store.values import Loaded
from services.words.naming import typed_card_words
from services.words.refusals import needs_json
from services.words.sentences import Words


def held_json(
    ledger: WizardLedger, gid: UUID, loaded: Loaded, seat: int | None
) -> dict[str, Any] | None:
    """The command the game holds at ``loaded``'s position, as ``seat`` may read
    it (None: a spectator), or None when nothing is held there. An opening held
    for the seats' cards has no acting ``seat`` (None) and no command."""
    started = loaded.fold.started
    if not by_seats(started.setup):
        return None
    hold = ledger.holds.held_at(gid, loaded)
    if hold is None:
        return None
    words = Words.table(loaded.game, started)
    # The reader by "you": "waiting for you and Cleo", "the cards you drew".
    waiting = listed(phrase("you") if s == seat else Seat(s) for s in hold.waiting)
    alone = list(hold.waiting) == [seat]
    out: dict[str, Any] = {"seat": hold.seat, "waiting": list(hold.waiting)}
    if hold.seat == OPENING:
        out["seat"] = None
        out["text"] = words.say(
            phrase(
                "The opening deal — waiting for {waiting} to name the cards you were dealt",
                waiting=waiting,
            )
            if alone
            else phrase(
                "The opening deal — waiting for {waiting} to name the cards they were dealt",
                waiting=waiting,
            )
        )
    else:
        secret = decode_command(loaded.game, hold.command).secret()
        said = (
            phrase("{seat}'s command", seat=Seat(hold.seat))
            if secret and seat != hold.seat
            else words.command(hold.seat, hold.command)
        )
        if alone:
            held = phrase(
                "{said} — waiting for {waiting} to name the cards you drew",
                said=said,
                waiting=waiting,
            )
        elif seat in hold.waiting:
            held = phrase(
                "{said} — waiting for {waiting} to name the cards you each draw",
                said=said,
                waiting=waiting,
            )
        elif len(hold.waiting) > 1:
            held = phrase(
                "{said} — waiting for {waiting} to name the cards they draw",
                said=said,
                waiting=waiting,
            )
        else:
            held = phrase(
                "{said} — waiting for {waiting} to name the cards drawn into their hand",
                said=said,
                waiting=waiting,
            )
        out["text"] = words.say(held)
        if not secret or seat == hold.seat:
            out["command"] = hold.command
    out["entered"] = [s for s in hold.entered_by() if s >= 0]
    if seat is not None and seat in hold.waiting:
        needs = ledger.holds.needs_for(gid, loaded, hold, seat)
        out["needs"] = needs_json(needs, words)
        out["needs_text"] = words.say(needs_phrase(needs))
    if seat is not None and seat in hold.entered_by():
        # What it named, as it typed it (its own), to spot a slip.
        say = typed_card_words(started)
        out["yours"] = [
            say(str(hold.drew[i]))
            for stream, i, by in hold.placed
            if by == seat and stream == "drew"
        ]
    if seat is not None and seat not in hold.waiting and seat in hold.entered_by():
        # Its cards are in; it may send them again (one named wrongly).
        again = ledger.holds.needs_for(gid, loaded, hold, seat)
        if again:
            out["again"] = needs_json(again, words)
    if seat is not None and seat >= 0:
        # Each sending again, and each card refused as not there, is a try.
        out["tries_left"] = max(ENTRY_TRIES - ledger.holds.tries(gid, seat), 0)
    return out
