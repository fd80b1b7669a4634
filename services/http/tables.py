"""The HTTP operations on games and tables: the same operations as the ``wizards`` CLI.

Most routes are plain ``def`` functions: FastAPI runs them in its thread pool,
which suits the store's blocking drivers (sqlite3, psycopg). The routes of
play (state, legal, act) are ``async`` and make one hop to the thread pool for
all their work, and encode their answer with msgspec: they carry the load. The
costly reads (log, export, replay, verify) are ``async`` too: they check the
caller on the thread pool and have the read made by the read pool, off the
serving process (``services.http.costly_reads``).

What a caller sees is always redacted for the seat its token proves (or for
a spectator): state, log, legal commands, act results, exports and replays of
a running game. Once a game is over, everything is public.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import PlainTextResponse, StreamingResponse
from starlette.concurrency import run_in_threadpool

from domain.games import all_games, get_game
from domain.kernel import IllegalCommand
from domain.kernel.phrases import phrase
from services.http import costly_reads
from services.http import request as carried
from services.http.answers import act_answer, legal_answer, seat_header, state_answer
from services.http.auth import PlayerToken, Token, player_seat, viewer_seat
from services.http.costly_reads import costly, costly_stream
from services.http.errors import COSTLY_RESPONSES, REFUSED, RESPONSES, APIError
from services.http.models import (
    ActRequest,
    ActResult,
    CreatedTable,
    CreateTable,
    SeatToken,
)
from services.http.schemas import (
    HoldsOut,
    LogEntryOut,
    StateOut,
    TableSummaryOut,
    documented,
)
from services.ledger import WizardLedger
from services.limits import MAX_POSITION, MAX_SEAT
from services.problems import extensions, told
from services.reads.hold_record import holds_json
from services.reads.lobby import forked_games, listed_games
from services.reads.views import (
    notes_json,
    summary_json,
)
from services.store.values import Loaded, parse_game_id
from services.words.card_names import table_names
from services.words.rule_words import rule_json, spec_json

router = APIRouter()

MEDIA_TYPES = {
    "json": "application/json",
    "md": "text/markdown; charset=utf-8",
    "html": "text/html; charset=utf-8",
}


async def get_ledger(request: Request) -> WizardLedger:
    # async: a plain ``def`` dependency costs a hop to the thread pool per request.
    ledger: WizardLedger = request.app.state.ledger
    return ledger


class JSONBytes(Response):
    """A JSON answer already encoded (by msgspec, faster than FastAPI's encoder)."""

    media_type = "application/json"


LedgerDep = Annotated[WizardLedger, Depends(get_ledger)]
SeatQuery = Annotated[
    int | None,
    Query(ge=0, le=MAX_SEAT, description=carried.SEAT.description),
]


def _gid(game_id: str) -> UUID:
    return parse_game_id(game_id)  # GameNotFound (404) for a malformed id


def _finished(loaded: Loaded) -> bool:
    return loaded.game.outcome(loaded.fold.state) is not None


# ---------------------------------------------------------------- games


@router.get("/games", tags=["games"], summary="The registered games (wizards games --json)")
def games() -> list[dict[str, Any]]:
    return [spec_json(g.spec, g.catalogue) for g in all_games()]


@router.get("/games/{game}/rules", tags=["games"], responses=RESPONSES)
def rules(game: str) -> list[dict[str, Any]]:
    """The game's rule catalogue: the citations every consequence event carries."""
    return [rule_json(r) for r in get_game(game).catalogue]


@router.get("/tables/{game_id}/rules", tags=["tables"], responses=RESPONSES)
def table_rules(game_id: str, ledger: LedgerDep) -> list[dict[str, Any]]:
    """The rule catalogue as this table reads it: a table playing with its own
    data file reads its card names in our glosses (the rulebook's passages and
    section titles stay as printed)."""
    started = ledger.load(_gid(game_id), 1).fold.started
    names = table_names(started)
    return [rule_json(r, names) for r in get_game(started.game).catalogue]


# --------------------------------------------------------------- tables


@router.post(
    "/tables",
    tags=["tables"],
    status_code=201,
    response_model=CreatedTable,
    responses=RESPONSES,
    summary="Open a game; returns one secret token per seat",
)
def create_table(body: CreateTable, ledger: LedgerDep, response: Response) -> CreatedTable:
    get_game(body.game)  # 404 unknown_game, naming the games there are
    try:
        created = ledger.create_game(
            body.game,
            body.players,
            seed=body.seed,
            table=body.table,
            setup=body.setup,
            options=body.options,
            dice=body.dice,
            orders=body.orders,
            drew=body.drew,
            data=body.data,
            chance_by=body.chance_by,
        )
    except IllegalCommand as e:
        # The opening itself is refused (table mode without the dice it needs):
        # the request cannot be processed as given, keep the rule it cites.
        raise APIError(422, e.code, e.message, rule=e.rule, extra=extensions(e)) from None
    except (ValueError, TypeError, KeyError) as e:
        # A setup position the game cannot read (SetupError is a ValueError too).
        raise APIError(422, "bad_setup", told(e)) from None
    response.headers["Location"] = f"/tables/{created.game_id}"
    return CreatedTable(
        game_id=str(created.game_id),
        seats=[SeatToken(seat=s, token=t) for s, t in created.seats],
    )


@router.get(
    "/tables",
    tags=["tables"],
    summary="The stored games (wizards list --json), a page at a time; X-Total-Count: all of them",
    response_model=None,
    responses=documented(list[TableSummaryOut], "one line per game, oldest first"),
)
def list_tables(
    ledger: LedgerDep,
    response: Response,
    offset: Annotated[int, Query(ge=0, le=MAX_POSITION)] = 0,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
    order: Annotated[
        Literal["oldest", "newest"],
        Query(description="oldest first (the default), or newest first: the latest tables"),
    ] = "oldest",
) -> list[dict[str, Any]]:
    every = listed_games(ledger)
    response.headers["X-Total-Count"] = str(len(every))  # how many pages there are
    if order == "newest":
        every.reverse()
    ids = every[offset : offset + limit]
    forks = forked_games(ledger)
    return [summary_json(ledger, gid, forks) for gid in ids]


@router.get(
    "/tables/{game_id}",
    tags=["tables"],
    response_model=None,
    responses={**RESPONSES, **documented(TableSummaryOut, "the game's summary")},
)
def table_summary(game_id: str, ledger: LedgerDep) -> dict[str, Any]:
    return summary_json(ledger, _gid(game_id))


@router.get(
    "/tables/{game_id}/state",
    tags=["tables"],
    response_model=None,
    responses={**RESPONSES, **documented(StateOut, "the state as the caller may see it")},
    openapi_extra=carried.documented_query("state"),
)
async def state(game_id: str, request: Request, ledger: LedgerDep, token: Token) -> Response:
    """The state at any position, as a seat (with its token) or a spectator sees it."""
    asked = carried.query(request.scope, "state")
    gid = _gid(game_id)
    answer, viewer = await run_in_threadpool(state_answer, ledger, gid, asked, token)
    return JSONBytes(answer, headers={"X-Wizards-Seat": seat_header(viewer)})


@router.get(
    "/tables/{game_id}/legal",
    tags=["tables"],
    responses=RESPONSES,
    response_model=list[dict[str, Any]],
    openapi_extra=carried.documented_query("legal"),
)
async def legal(game_id: str, request: Request, ledger: LedgerDep, token: PlayerToken) -> Response:
    """Every command the seat may send now. Needs the seat's token: commands name its cards."""
    asked = carried.query(request.scope, "legal")
    gid = _gid(game_id)
    return JSONBytes(await run_in_threadpool(legal_answer, ledger, gid, asked.seat, token))


@router.get(
    "/tables/{game_id}/log",
    tags=["tables"],
    response_model=None,
    responses={**COSTLY_RESPONSES, **documented(list[LogEntryOut], "every entry, redacted")},
)
async def log(
    game_id: str,
    request: Request,
    token: Token,
    seat: SeatQuery = None,
    before: Annotated[
        int | None,
        Query(ge=1, le=MAX_POSITION, description="only the entries before this position"),
    ] = None,
    last: Annotated[
        int | None,
        Query(ge=1, le=MAX_POSITION, description="only the last so many entries (a page)"),
    ] = None,
) -> Response:
    """The event log, redacted for the seat (or a spectator) while the game runs; a
    page of it with ``last`` (and ``before``): a long game's end first, older on demand."""
    body, viewer = await costly(
        request, costly_reads.log, _gid(game_id), token, before, last, seat=seat
    )
    return JSONBytes(body, headers={"X-Wizards-Seat": seat_header(viewer)})


@router.get(
    "/tables/{game_id}/holds",
    tags=["tables"],
    response_model=None,
    responses={**RESPONSES, **documented(HoldsOut, "the hold record, as the caller may read it")},
)
def holds(
    game_id: str, ledger: LedgerDep, token: Token, response: Response, seat: SeatQuery = None
) -> dict[str, Any]:
    """At a table whose seats enter their own draws: each command held, each entry
    and each refused entry, who and when. While the game runs a seat's token
    shows the values of its own entries, and of the others' only how many; once
    it is over, everything (as the log). ``wizards holds`` is the operator's view."""
    gid = _gid(game_id)
    viewer = viewer_seat(ledger, gid, seat, token)
    response.headers["X-Wizards-Seat"] = seat_header(viewer)
    return holds_json(ledger, gid, viewer)


async def _act_request(request: Request) -> ActRequest:
    # Read by the fast path already, unless it handed the request over before its body.
    read = carried.act_read(request.scope)
    return read if read is not None else carried.act_request(request.scope, await request.body())


@router.post(
    "/tables/{game_id}/act",
    tags=["tables"],
    response_model=ActResult,
    responses=RESPONSES,
    summary="Send a seat's command (Bearer token required)",
    openapi_extra=carried.documented_act(),
)
async def act(
    game_id: str,
    request: Request,
    ledger: LedgerDep,
    token: PlayerToken,
    body: Annotated[ActRequest, Depends(_act_request)],
) -> Response:
    """Answered once the command is durable (committed and synced). The answer
    carries what follows: the pending decisions and the commands this seat may
    send now, so that one request per command is enough."""
    gid = _gid(game_id)
    key = carried.headers(request.scope).key
    refused = request.scope.get(REFUSED)  # the fast path's try, refused: not tried again
    return JSONBytes(await run_in_threadpool(act_answer, ledger, gid, body, token, key, refused))


@router.get(
    "/tables/{game_id}/export",
    tags=["tables"],
    responses=COSTLY_RESPONSES,
    response_class=PlainTextResponse,
)
async def export(
    game_id: str,
    request: Request,
    token: Token,
    format: Literal["json", "md", "html"] = "json",
    to: Annotated[
        int | None,
        Query(
            ge=1,
            le=MAX_POSITION,
            description="JSON: only the first positions, to the end of this one's action "
            "(the document then says how many the game has, in positions)",
        ),
    ] = None,
    disputes: Annotated[
        Literal["noted", "all", "none"],
        Query(
            description="the dispute panels the JSON and HTML hold: the actions the "
            "referees' notes point at, every action's (slow on a long game), or none "
            "(GET /tables/{id}/dispute gives any action's)"
        ),
    ] = "noted",
) -> Response:
    """The annotated history (rules cited, dice shown). While the game runs it holds
    only the events the caller may see (a seat with its token, or a spectator)."""
    # Streamed as it is made: a long game's first byte leaves at once.
    chunks = await costly_stream(
        request, costly_reads.export, _gid(game_id), token, format, to, disputes
    )
    return StreamingResponse(chunks, media_type=MEDIA_TYPES[format])


@router.get(
    "/tables/{game_id}/replay",
    tags=["tables"],
    responses=COSTLY_RESPONSES,
    response_class=PlainTextResponse,
)
async def replay(
    game_id: str,
    request: Request,
    token: Token,
    to: Annotated[
        int | None, Query(ge=1, le=MAX_POSITION, description="stop at this position")
    ] = None,
) -> PlainTextResponse:
    """The annotated story, one line per event (wizards replay), redacted like the export."""
    body, _ = await costly(request, costly_reads.replay, _gid(game_id), token, to)
    return PlainTextResponse(body)


@router.get(
    "/tables/{game_id}/verify",
    tags=["tables"],
    responses=COSTLY_RESPONSES,
    response_model=dict[str, Any],
)
async def verify(
    game_id: str,
    request: Request,
    expect: Annotated[
        str | None,
        Query(
            max_length=200,
            description="POSITION:HASH kept from a log line: the stream must still hold it",
        ),
    ] = None,
) -> Response:
    """Check hash chain, fold, seed and dice; names the first bad event."""
    # Never kept: verify reads the store as it is now (a record changed under the same head).
    body, _ = await costly(request, costly_reads.verify, _gid(game_id), None, expect, kept=False)
    return JSONBytes(body)


@router.post(
    "/tables/{game_id}/fork",
    tags=["tables"],
    responses=RESPONSES,
    status_code=201,
)
def fork(
    game_id: str,
    ledger: LedgerDep,
    token: PlayerToken,
    at: Annotated[
        int, Query(ge=1, le=MAX_POSITION, description="copy the game up to this position")
    ],
) -> CreatedTable:
    """A what-if branch of a finished game: its events up to ``at``, then new play.

    Needs the Bearer token of any seat of this game: the branch answers with
    every new seat's token, so only the game's own players may open one (anyone
    else could otherwise fill the store with branches of any finished game).

    The branch rolls the same dice the original would have rolled from there, so
    over HTTP only finished games may be forked (a running game's branch would
    preview its future dice). The operator's CLI (`wizards fork`) has no such limit.
    """
    gid = _gid(game_id)
    loaded = ledger.load(gid)  # 404 before asking for a token of a game that does not exist
    player_seat(ledger, gid, token)
    if not _finished(loaded):
        raise APIError(409, "game_running", phrase("only a finished game can be forked over HTTP"))
    try:
        created = ledger.fork(gid, at)
    except ValueError as e:
        raise APIError(422, "bad_position", told(e)) from None
    return CreatedTable(
        game_id=str(created.game_id),
        seats=[SeatToken(seat=s, token=t) for s, t in created.seats],
    )


@router.get("/tables/{game_id}/annotations", tags=["tables"], responses=RESPONSES)
def notes_of(game_id: str, ledger: LedgerDep) -> list[dict[str, Any]]:
    """Referees' notes on positions of this game (written with `wizards annotate`)."""
    gid = _gid(game_id)
    # Notes live in a table of their own, where an unknown game is simply
    # "no notes": load the game so that it is a 404, as everywhere else.
    ledger.load(gid)
    return notes_json(ledger, gid)
