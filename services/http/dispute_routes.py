"""HTTP routes of the dispute desk: dispute, diff, and the export's JSON Schema.

Redacted like every read: a seat's token shows what that seat may see of a
running game (its own hand and options, never another's); without a token, a
spectator's view; once the game is over, everything.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, PlainTextResponse

from services.http.auth import Token, viewer_seat
from services.http.errors import RESPONSES, APIError
from services.http.tables import LedgerDep, _gid
from services.review.dispute import dispute
from services.review.readjudicate import diff_positions
from services.words.dispute import diff_text, dispute_text

router = APIRouter()


@router.get("/tables/{game_id}/dispute", tags=["dispute"], responses=RESPONSES)
def dispute_route(
    game_id: str,
    ledger: LedgerDep,
    token: Token,
    at: Annotated[int, Query(ge=1, description="the action's position, or a consequence's")],
    format: Literal["json", "text"] = "json",
) -> Any:
    """The dispute of one action (wizards dispute): the position before it, the command,
    the legal alternatives, each consequence with its rule and dice, the notes, and
    each other reading of the rulings that applied, decided again."""
    gid = _gid(game_id)
    viewer = viewer_seat(ledger, gid, None, token)
    try:
        report = dispute(ledger, gid, at, viewer=viewer)
    except ValueError as e:
        raise APIError(422, "bad_position", str(e)) from None
    if format == "text":
        return PlainTextResponse(dispute_text(report))
    return report


@router.get("/tables/{game_id}/diff", tags=["dispute"], responses=RESPONSES)
def diff_route(
    game_id: str,
    ledger: LedgerDep,
    token: Token,
    a: Annotated[int, Query(ge=1, description="one position")],
    b: Annotated[int, Query(ge=1, description="the other position")],
    format: Literal["json", "text"] = "json",
) -> Any:
    """What changed between two positions, in the game's own words (wizards diff)."""
    gid = _gid(game_id)
    viewer = viewer_seat(ledger, gid, None, token)
    try:
        report = diff_positions(ledger, gid, a, b, viewer=viewer)
    except ValueError as e:
        raise APIError(422, "bad_position", str(e)) from None
    if format == "text":
        return PlainTextResponse(diff_text(report))
    return report


@router.get("/schemas/export/{game}", tags=["dispute"], responses=RESPONSES)
def export_schema(game: str) -> dict[str, Any]:
    """The published JSON Schema of a game's JSON export (wizards schema GAME)."""
    from services.review.export_schema import schema

    return schema(game)


@router.get("/viewer", tags=["dispute"], response_class=HTMLResponse)
def viewer_page() -> HTMLResponse:
    """The replay viewer, with no data: give it ``?src=/tables/{id}/export?format=json``
    (URL-encoded) and, for a seat's view of a running game, ``#token=...``."""
    from services.http.pages import served_viewer

    return HTMLResponse(served_viewer())
