"""Seat tokens over HTTP: ``Authorization: Bearer <token>`` (or ``?token=`` for SSE).

A seat's private view (its hand, its legal commands) and its actions need
that seat's token. Reading without a token gives the spectator view, which
shows only public information, so no token is ever needed just to watch.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from services.api_errors import token_required
from services.ledger import WizardLedger

_bearer = HTTPBearer(
    auto_error=False,
    description="the seat's secret token, as returned by POST /tables",
)


def bearer_token(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> str | None:
    if credentials is None or not credentials.credentials.strip():
        return None
    return credentials.credentials.strip()


Token = Annotated[str | None, Depends(bearer_token)]


def viewer_seat(ledger: WizardLedger, gid: UUID, seat: int | None, token: str | None) -> int | None:
    """The seat whose view to show: None (spectator) without a token.

    With a token, ``seat`` must be the token's seat (403 otherwise); without
    ``seat`` the token's own seat is used.
    """
    if token is None:
        return None
    if seat is None:
        return ledger.seat_of_token(gid, token)
    ledger.check_token(gid, seat, token)
    return seat


def acting_seat(ledger: WizardLedger, gid: UUID, seat: int | None, token: str | None) -> int:
    """Like ``viewer_seat`` but a token is required (401 without one)."""
    if token is None:
        raise token_required("this needs the seat's token: Authorization: Bearer <token>")
    resolved = viewer_seat(ledger, gid, seat, token)
    assert resolved is not None
    return resolved
