"""HTTP routes of the dispute desk: dispute, diff, and the export's JSON Schema.

Redacted like every read: a seat's token shows what that seat may see of a
running game (its own hand and options, never another's); without a token, a
spectator's view; once the game is over, everything.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse

from services.http import costly_reads
from services.http.auth import Token
from services.http.costly_reads import costly
from services.http.errors import COSTLY_RESPONSES, RESPONSES
from services.http.tables import JSONBytes, _gid

router = APIRouter()


@router.get("/tables/{game_id}/dispute", tags=["dispute"], responses=COSTLY_RESPONSES)
async def dispute_route(
    game_id: str,
    request: Request,
    token: Token,
    at: Annotated[int, Query(ge=1, description="the action's position, or a consequence's")],
    format: Literal["json", "text"] = "json",
    engine: Annotated[
        str | None,
        Query(
            max_length=32,
            description="decide under this engine version's rules profile, or "
            "VERSION@REVISION for a revision variant of it (default: the record's own)",
        ),
    ] = None,
) -> Any:
    """The dispute of one action (wizards dispute): the position before it, the command,
    the legal alternatives, each consequence with its rule and dice, the notes, and
    each other reading of the rulings that applied, decided again under the record's
    own engine version's rules, or ``engine``'s (as ``wizards dispute --engine``)."""
    body, _ = await costly(request, costly_reads.dispute, _gid(game_id), token, at, format, engine)
    return _answer(body, format)


@router.get("/tables/{game_id}/diff", tags=["dispute"], responses=COSTLY_RESPONSES)
async def diff_route(
    game_id: str,
    request: Request,
    token: Token,
    a: Annotated[int, Query(ge=1, description="one position")],
    b: Annotated[int, Query(ge=1, description="the other position")],
    format: Literal["json", "text"] = "json",
) -> Any:
    """What changed between two positions, in the game's own words (wizards diff)."""
    body, _ = await costly(request, costly_reads.diff, _gid(game_id), token, a, b, format)
    return _answer(body, format)


def _answer(body: bytes, format: str) -> Response:
    if format == "text":
        return PlainTextResponse(body)
    return JSONBytes(body)


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
