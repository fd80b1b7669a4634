"""Seat tokens over HTTP: ``Authorization: Bearer <token>`` (or ``?token=`` for SSE).

A seat's private view (its hand, its legal commands) and its actions need
that seat's token. Reading without a token gives the spectator view, which
shows only public information, so no token is ever needed just to watch.

``?token=`` exists only because a browser's ``EventSource`` cannot send
headers; other clients should use the header, and the access log never shows
query strings (see ``services.http.app.StripQueryStrings``).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Depends, Request
from fastapi.security import HTTPBearer

from domain.kernel.phrases import phrase
from services.http.errors import APIError, token_required
from services.http.request import headers
from services.ledger import WizardLedger

# The bearer scheme as the OpenAPI names it; routes that serve a spectator
# without a token are declared under a name of their own, which
# ``optional_tokens`` folds into this one, marked optional.
SCHEME = "HTTPBearer"
_OPTIONAL = "HTTPBearerOrNone"


class SeatBearer(HTTPBearer):
    """The seat's token, as ``services.http.request`` reads it (the one reading of a
    request's headers); declared as FastAPI's bearer scheme so that the OpenAPI
    documents it. ``required``: the route refuses a request without one (401);
    else it serves it as a spectator, and the OpenAPI says so."""

    def __init__(self, *, required: bool) -> None:
        super().__init__(
            scheme_name=SCHEME if required else _OPTIONAL,
            auto_error=False,  # the route says what a missing token means
            description="the seat's secret token, as returned by POST /tables",
        )

    # FastAPI calls a security scheme for what the route receives; the route
    # receives the token itself, not FastAPI's credentials object.
    async def __call__(self, request: Request) -> str | None:  # type: ignore[override]  # the token, not credentials
        return headers(request.scope).token


# A seat's token where the route serves a spectator without one.
Token = Annotated[str | None, Depends(SeatBearer(required=False))]
# A seat's token where the route needs one (401 without it: an act, a seat's legal
# commands, a fork).
PlayerToken = Annotated[str | None, Depends(SeatBearer(required=True))]


def optional_tokens(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (the app's OpenAPI) with one bearer scheme, optional where a route
    serves a spectator without a token: an empty requirement beside the bearer's,
    OpenAPI's way of saying "or none" (FastAPI marks every scheme required)."""
    for item in schema.get("paths", {}).values():
        for operation in item.values():
            security = operation.get("security") if isinstance(operation, dict) else None
            if not security or {_OPTIONAL: []} not in security:
                continue
            required = {SCHEME: []} in security
            operation["security"] = [{SCHEME: []}] if required else [{SCHEME: []}, {}]
    schemes = schema.get("components", {}).get("securitySchemes", {})
    if _OPTIONAL in schemes:
        schemes.setdefault(SCHEME, schemes.pop(_OPTIONAL))
    return schema


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
        raise token_required(phrase("this needs the seat's token: Authorization: Bearer <token>"))
    resolved = viewer_seat(ledger, gid, seat, token)
    assert resolved is not None
    return resolved


def stream_token(header: str | None, query: str | None) -> str | None:
    """The token of a live stream: the Bearer header, else ``?token=`` (browsers).

    Two different tokens are refused rather than one silently preferred: the
    caller would otherwise get a view it did not ask for.
    """
    query = query.strip() if query else None
    if header is not None and query and query != header:
        raise APIError(
            422,
            "conflicting_tokens",
            phrase("send the token once: Authorization: Bearer or ?token="),
        )
    return header or query or None


def player_seat(ledger: WizardLedger, gid: UUID, token: str | None) -> int:
    """The seat of ``token`` in this game, whichever it is: 401 without a token,
    403 for a token of no seat of this game."""
    if token is None:
        raise token_required(
            phrase("this needs the token of one of the game's seats: Authorization: Bearer <token>")
        )
    return ledger.seat_of_token(gid, token)
