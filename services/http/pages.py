"""The web table: pages, their static files, and the two reads only the pages need.

The pages are plain HTML, CSS and JavaScript files in ``services/web/`` (no
build step), served by the same app as the API they call:

- ``/``: the lobby (create a table, hand out seat links, the list of tables);
- ``/play/{game_id}#seat=K&token=T``: the table as seat K (the token stays in
  the URL fragment, which a browser never sends, so no server log holds it);
  without a fragment, a spectator's table;
- ``/replay/{game_id}``: the replay viewer (``viewer.html``, the same file as the
  HTML export's) fed by the JSON export, as the seat of the token in the
  fragment may see it, with the app's bar (back to the table; "fork before action #N"
  for a finished game's players);
- ``/scores``: scoreboard and statistics;
- ``/favicon.ico``: the icon every page also carries inline (``web/favicon.svg``).

The pages read the API like any client. ``GET /games/{game}/face`` gives the
card faces a page draws (``GET /tables/{id}/face`` those of one table, which may
play with its own data file), ``POST /toml`` reads an uploaded setup or data file.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Body, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from domain.kernel import all_games
from services.http.errors import RESPONSES, APIError
from services.http.schemas import TableFace, documented
from services.http.tables import LedgerDep
from services.review.exports import viewer_page
from services.store.values import parse_game_id
from services.web import WEB
from services.words.card_names import started_face
from services.words.faces import table_face

STATIC_URL = "/static"
MAX_TOML = 1_000_000  # characters: far above any setup or data file

router = APIRouter()


def mount_static(app: FastAPI) -> None:
    app.mount(STATIC_URL, StaticFiles(directory=WEB), name="static")


@cache
def _page(name: str) -> str:
    return (WEB / name).read_text(encoding="utf-8")


def _html(name: str) -> HTMLResponse:
    # The pages carry no secret and no data: every answer is the same file.
    return HTMLResponse(_page(name), headers={"Cache-Control": "no-cache"})


@router.get("/", include_in_schema=False)
def lobby() -> HTMLResponse:
    return _html("lobby.html")


@router.get("/play/{game_id}", include_in_schema=False)
def play(game_id: str) -> HTMLResponse:
    return _html("table.html")


# Added to the viewer when the app serves it: the way back to the table, and a
# fork button for a finished game's players. The viewer itself stays the file
# the HTML export embeds.
VIEWER_EXTRAS = '<script src="/static/replay-extras.js" defer></script>'


@router.get("/replay/{game_id}", include_in_schema=False)
def replay_page(game_id: str, request: Request) -> Response:
    gid = parse_game_id(game_id)  # 404 for a malformed id, before any page
    if "src" not in request.query_params:
        # The viewer reads its data from ?src=; a redirect keeps the fragment
        # (and so the token) where it is, in the browser.
        src = quote(f"/tables/{gid}/export?format=json", safe="")
        # A position asked for (the table's link opens at the table's position) stays.
        at = request.query_params.get("at", "")
        then = f"&at={at}" if at.isdigit() else ""
        return RedirectResponse(f"/replay/{gid}?src={src}{then}", status_code=307)
    if not (WEB / "viewer.html").exists():
        # Without the viewer (an install without it): the HTML export, as the seat sees it.
        return _html("export-shell.html")
    page = viewer_page(inline=False)
    return HTMLResponse(
        page.replace("</body>", VIEWER_EXTRAS + "\n</body>", 1),
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    # The pages carry the icon inline; this answers a browser that asks anyway.
    return Response(
        _page("favicon.svg"),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


@router.get("/scores", include_in_schema=False)
def scores() -> HTMLResponse:
    return _html("scores.html")


@router.get(
    "/games/{game}/face",
    tags=["games"],
    response_model=None,
    responses={**RESPONSES, **documented(TableFace, "card faces and words for the table")},
)
def face(game: str) -> dict[str, Any]:
    """The card faces (printed names and texts, with the engine's gloss) and the
    words a table shows for a game's commands. Empty for a game that declares none."""
    if game not in {g.spec.id for g in all_games()}:
        raise APIError(404, "unknown_game", f"unknown game {game!r}")
    return table_face(game)


@router.get(
    "/tables/{game_id}/face",
    tags=["tables"],
    response_model=None,
    responses={**RESPONSES, **documented(TableFace, "card faces and words for this table")},
)
def table_face_of(game_id: str, ledger: LedgerDep) -> dict[str, Any]:
    """The faces this table shows: a table playing with its own data file sees
    its file's card names and texts, not the built-in ones."""
    return started_face(ledger.load(parse_game_id(game_id)).fold.started)


@router.post(
    "/toml",
    tags=["games"],
    response_model=None,
    responses=RESPONSES,
    summary="Read a TOML file (a setup or data file) into JSON",
)
def read_toml(
    text: Annotated[str, Body(media_type="text/plain", description="the file's text")],
) -> dict[str, Any]:
    """For browsers, which cannot read TOML: the lobby sends an uploaded setup or
    data file here and puts the mapping into ``POST /tables``. Nothing is stored."""
    if len(text) > MAX_TOML:
        raise APIError(422, "bad_toml", f"the file is over {MAX_TOML} characters")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise APIError(422, "bad_toml", f"not a TOML file: {e}") from None
