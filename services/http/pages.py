"""The web table: pages, their static files, and the two reads only the pages need.

The pages are plain HTML, CSS and JavaScript files in ``services/web/`` (no
build step: native ES modules, each page given the import map that names them,
``services.web.assembly``), served by the same app as the API they call:

- ``/``: the lobby (create a table, hand out seat links, the list of tables);
- ``/play/{game_id}#seat=K&token=T``: the table as seat K (the token stays in
  the URL fragment, which a browser never sends, so no server log holds it);
  without a fragment, a spectator's table;
- ``/replay/{game_id}``: the replay viewer (``viewer.html``, the same page as the
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

import os
from functools import cache
from pathlib import PurePosixPath
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Body, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from domain.kernel import toml_text
from domain.kernel.phrases import phrase
from services.http.errors import RESPONSES, APIError
from services.http.schemas import TableFace, documented
from services.http.tables import LedgerDep
from services.store.values import parse_game_id
from services.web import WEB
from services.web.assembly import PREFIX, module_names, page, viewer_page
from services.words.card_names import started_face
from services.words.faces import table_face
from services.words.telling import page_words, spoken

STATIC_URL = "/static"
MAX_TOML = 1_000_000  # characters: far above any setup or data file

router = APIRouter()


# What ``/static`` serves of the web files' folder: the pages' own kinds of file.
# The folder is also a Python package (its path, the assembly of a page), whose
# sources and caches are not the pages' to hand out.
STATIC_KINDS = frozenset({".js", ".css", ".html", ".svg"})


class PageFiles(StaticFiles):
    """The web files, each of a kind the pages load; anything else is not found."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        if PurePosixPath(path).suffix not in STATIC_KINDS:
            return "", None
        return super().lookup_path(path)


def mount_static(app: FastAPI) -> None:
    app.mount(STATIC_URL, PageFiles(directory=WEB), name="static")


def _served_urls() -> dict[str, str]:
    """Each module's URL on this app, for the pages' import maps."""
    return {name: f"{STATIC_URL}/{name.removeprefix(PREFIX)}" for name in module_names()}


@cache
def _page(name: str) -> str:
    return page(name, _served_urls())


@cache
def served_viewer() -> str:
    """The replay viewer as the app serves it: its data is read from ``?src=``."""
    return viewer_page(_served_urls())


def _html(text: str) -> HTMLResponse:
    # The pages carry no secret and no data: every answer is the same page.
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


@router.get("/", include_in_schema=False)
def lobby() -> HTMLResponse:
    return _html(_page("lobby.html"))


@router.get("/play/{game_id}", include_in_schema=False)
def play(game_id: str) -> HTMLResponse:
    return _html(_page("table.html"))


# Added to the viewer when the app serves it as the replay page: the way back to
# the table, "Save as HTML", and a fork button for a finished game's players. The
# viewer itself stays the page the HTML export is made of.
APP_BAR = f'<script type="module" src="{STATIC_URL}/replay-bar.js"></script>'


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
    return _html(served_viewer().replace("</body>", APP_BAR + "\n</body>", 1))


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    # The pages carry the icon inline; this answers a browser that asks anyway.
    return Response(
        (WEB / "favicon.svg").read_text(encoding="utf-8"),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


@router.get("/scores", include_in_schema=False)
def scores() -> HTMLResponse:
    return _html(_page("scores.html"))


@router.get("/words", tags=["games"])
def words() -> dict[str, object]:
    """What the pages say, in the language asked (``?lang=``, ``Accept-Language``):
    each message of the catalogue (its English id) with its text, and each
    counted one (its English singular) with its forms."""
    return page_words(spoken())


@router.get(
    "/games/{game}/face",
    tags=["games"],
    response_model=None,
    responses={**RESPONSES, **documented(TableFace, "card faces and words for the table")},
)
def face(game: str) -> dict[str, Any]:
    """The card faces (printed names and texts, with the engine's gloss) and the
    words a table shows for a game's commands. Empty for a game that declares none."""
    return table_face(game)  # 404 unknown_game, naming the games there are


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
        raise APIError(422, "bad_toml", phrase("the file is over {most} characters", most=MAX_TOML))
    try:
        return toml_text.read_toml(text)
    except toml_text.TomlError as e:
        raise APIError(422, "bad_toml", e.said or str(e)) from None
