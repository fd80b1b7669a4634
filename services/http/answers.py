"""The answers of the requests of play (act, legal, state), encoded as JSON: the work
the fast path (``services.http.fast``) and the FastAPI routes
(``services.http.tables``) both do, with what ``services.http.request`` read.

Blocking (they read the store): run on a thread, or on the loop where the fast
path knows the read will not wait. Errors are raised, as the ledger raises them.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.kernel import IllegalCommand
from services.http.auth import acting_seat, viewer_seat
from services.http.errors import APIError
from services.http.models import ActRequest
from services.http.request import Query, check_key
from services.ledger import WizardLedger
from services.problems import told
from services.reads.views import legal_json, legal_of, perform_json, state_json, state_of
from services.seats.hold import by_seats
from services.store.values import Loaded

encode = msgspec.json.encode


def seat_header(viewer: int | None) -> str:
    """``X-Wizards-Seat``: whose view an answer shows."""
    return "spectator" if viewer is None else str(viewer)


def act_answer(
    ledger: WizardLedger,
    gid: UUID,
    request: ActRequest,
    token: str | None,
    key: str | None,
    refused: IllegalCommand | None = None,
) -> bytes:
    """``refused``: the ledger's refusal of this very act (by the fast path's try),
    given as it is rather than the act tried again."""
    seat = acting_seat(ledger, gid, request.seat, token)
    check_key(key)
    if refused is not None:
        raise refused
    return encode(perform_json(ledger, gid, seat, request, key))


def _current(held: Loaded | None) -> Loaded | None:
    """``held``, if the current state may be answered from it: not at a table whose
    seats enter their own draws (its hold record is read from the store)."""
    return held if held is not None and not by_seats(held.fold.started.setup) else None


def legal_answer(
    ledger: WizardLedger,
    gid: UUID,
    seat: int | None,
    token: str | None,
    held: Loaded | None = None,
) -> bytes:
    """``held``: the game's fold, known current, to answer from (else the ledger's ``load``)."""
    acting = acting_seat(ledger, gid, seat, token)
    current = _current(held)
    if current is not None:
        return encode(legal_of(current, acting))
    return encode(legal_json(ledger, gid, acting))


def state_answer(
    ledger: WizardLedger,
    gid: UUID,
    asked: Query,
    token: str | None,
    held: Loaded | None = None,
) -> tuple[bytes, int | None]:
    """The state ``asked`` for (at a position, as a seat), and whose view it is."""
    viewer = viewer_seat(ledger, gid, asked.seat, token)
    current = _current(held) if asked.at is None else None
    if current is not None:
        return encode(state_of(gid, current, viewer)), viewer
    try:
        return encode(state_json(ledger, gid, at=asked.at, seat=viewer)), viewer
    except ValueError as e:  # a position past the end
        raise APIError(422, "bad_position", told(e)) from None
