"""HTTP routes for positions and a table's own data (the CLI's ``position`` and ``data``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Response
from fastapi.responses import PlainTextResponse

from domain.games import get_game
from domain.kernel import SetupError
from services.http.auth import Token, viewer_seat
from services.http.errors import RESPONSES, APIError
from services.http.tables import LedgerDep, SeatQuery
from services.problems import told
from services.reads.positions import as_toml, data_template, position_json
from services.store.values import parse_game_id

router = APIRouter()


@router.get("/tables/{game_id}/position", tags=["tables"], responses=RESPONSES)
def position(
    game_id: str,
    ledger: LedgerDep,
    token: Token,
    response: Response,
    seat: SeatQuery = None,
    at: Annotated[int | None, Query(ge=1, description="position (1 = GameStarted)")] = None,
    format: Literal["json", "toml"] = "json",
) -> Any:
    """The position at ``at`` as a setup file (``new --setup`` opens it).

    Redacted like the state while the game runs: what the caller may not see
    (another seat's cards, the draw pile's order) is ``"?"``. Whole once over."""
    gid = parse_game_id(game_id)
    viewer = viewer_seat(ledger, gid, seat, token)
    response.headers["X-Wizards-Seat"] = "spectator" if viewer is None else str(viewer)
    try:
        shown = position_json(ledger, gid, at=at, seat=viewer)
    except SetupError as e:
        raise APIError(409, "no_positions", told(e)) from None
    except ValueError as e:
        raise APIError(422, "bad_position", told(e)) from None
    if format == "toml":
        return PlainTextResponse(as_toml(shown), media_type="application/toml")
    return shown


@router.get("/games/{game}/data", tags=["games"], responses=RESPONSES)
def game_data(game: str) -> dict[str, Any]:
    """The game's built-in data file (what a table may replace with its own: ``data``
    in ``POST /tables``)."""
    get_game(game)  # 404 unknown_game, naming the games there are
    try:
        return data_template(game)
    except SetupError as e:
        raise APIError(409, "no_data", told(e)) from None
