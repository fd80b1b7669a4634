"""The costly reads over HTTP: what each computes, and the key its answer is kept under.

``GET /tables/{id}/export``, ``/replay``, ``/log``, ``/verify``, ``/dispute`` and
``/diff`` read a whole game. Their routes (``services.http.tables``,
``services.http.dispute_routes``) call ``costly``: the caller is checked on a
thread of the server (the seat its token proves, the game's existence and head),
then the read is made by the read pool (``services.http.read_pool``), off the
serving process: each function below runs there, on the worker's own ledger,
and gives the answer's bytes (the export gives them in chunks as it makes them,
streamed to the caller: ``costly_stream``).

An answer depends on the game's events up to its head, its notes, the viewer
and the read's parameters, and on nothing else: that is the key it is kept
under, so the same read at the same head is computed once. Once the game is
over, every viewer may see everything: one answer for all of them. Verify is never
kept: it reads the store as it is now, to find a record changed under the same
head. The rate limiter gives these routes a limit of their own
(``WIZARDS_RATE_READ``, ``services.http.rate_limits``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from functools import partial
from typing import Any
from uuid import UUID

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from starlette.concurrency import run_in_threadpool

from domain.games import all_games
from domain.kernel import SetupError
from services.http.auth import viewer_seat
from services.http.errors import APIError
from services.http.read_pool import Job, ReadPool, StreamedJob
from services.ledger import WizardLedger
from services.problems import told
from services.reads.views import log_json, notes_by_position, visible_entries
from services.review.dispute import dispute as dispute_of
from services.review.exports import export_chunks
from services.review.readjudicate import diff_positions
from services.review.story import StoryLines, walk
from services.review.verify import record_words, verify_game
from services.words.dispute import diff_text, dispute_text
from services.words.telling import speaking, spoken
from services.words.verify_words import problem_text

# The last part of each costly route's path (/tables/{id}/<name>).
ROUTES = frozenset({"export", "replay", "log", "verify", "dispute", "diff"})


async def costly(
    request: Request,
    job: Job,
    gid: UUID,
    token: str | None,
    *params: Any,
    seat: int | None = None,
    kept: bool = True,
) -> tuple[bytes, int | None]:
    """``job(ledger, gid, viewer, *params)`` made by the read pool (or its answer
    kept from the same read at the same head, with ``kept``); and the viewer."""
    ledger: WizardLedger = request.app.state.ledger
    pool: ReadPool = request.app.state.reads
    viewer, head, finished = await run_in_threadpool(_standing, ledger, gid, seat, token)
    # Once a game is over everything is public: every viewer reads the same answer.
    reader = "everyone" if finished else viewer
    # The words in the reader's language, in the worker too (``in_language``).
    lang = spoken()
    key = (job.__name__, gid, reader, params, head, lang) if kept else None
    return await pool.read(key, partial(in_language, lang, job), gid, viewer, *params), viewer


async def costly_stream(
    request: Request, job: StreamedJob, gid: UUID, token: str | None, *params: Any
) -> AsyncIterator[bytes]:
    """``job(ledger, gid, viewer, *params)``'s chunks, streamed by the read pool as
    they are made (or its answer kept from the same read at the same head), with
    the same key as ``costly``'s. The read's problem is raised here, before any
    byte is sent."""
    ledger: WizardLedger = request.app.state.ledger
    pool: ReadPool = request.app.state.reads
    viewer, head, finished = await run_in_threadpool(_standing, ledger, gid, None, token)
    reader = "everyone" if finished else viewer
    lang = spoken()
    key = (job.__name__, gid, reader, params, head, lang)
    chunks = pool.stream(key, partial(in_language_chunks, lang, job), gid, viewer, *params)
    first = await anext(chunks)
    return _then(first, chunks)


async def _then(first: bytes, rest: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    yield first
    async for chunk in rest:
        yield chunk


def _standing(
    ledger: WizardLedger, gid: UUID, seat: int | None, token: str | None
) -> tuple[int | None, tuple[int, str, int], bool]:
    """The viewer the token proves, where the game stands (its head, position and
    hash, and how many notes it has) and whether it is over. A game that does not
    exist is 404 here."""
    viewer = viewer_seat(ledger, gid, seat, token)
    loaded = ledger.load(gid)
    finished = loaded.game.outcome(loaded.fold.state) is not None
    return viewer, (loaded.version, loaded.head, len(ledger.annotations(gid))), finished


def _json(content: Any) -> bytes:
    """As FastAPI encodes what a route returns (the same bytes as before these reads
    left the server's process)."""
    return json.dumps(
        jsonable_encoder(content),
        ensure_ascii=False,
        allow_nan=False,
        indent=None,
        separators=(",", ":"),
    ).encode("utf-8")


# ---------------------------------------------------- made by a read worker


def ready(ledger: WizardLedger) -> bytes:
    """Nothing, once the games are imported: a worker's first read (a replay page's
    first part) no longer waits for its imports (``ReadPool.warm``)."""
    all_games()
    return b""


def in_language(lang: str, job: Job, ledger: WizardLedger, *args: Any) -> bytes:
    """``job`` with its words in ``lang`` (a worker has no request to ask)."""
    with speaking(lang):
        return job(ledger, *args)


def in_language_chunks(
    lang: str, job: StreamedJob, ledger: WizardLedger, *args: Any
) -> Iterator[bytes]:
    """``job``'s chunks with their words in ``lang``, while each is made."""
    with speaking(lang):
        yield from job(ledger, *args)


def export(
    ledger: WizardLedger,
    gid: UUID,
    viewer: int | None,
    fmt: str,
    to: int | None = None,
    disputes: str = "noted",
) -> Iterator[bytes]:
    """The export's chunks as it is made: the CLI's bytes."""
    for chunk in export_chunks(ledger, gid, fmt, viewer=viewer, to=to, disputes=disputes):
        yield chunk.encode("utf-8")


def replay(ledger: WizardLedger, gid: UUID, viewer: int | None, to: int | None) -> bytes:
    finished = (current := ledger.load(gid)).game.outcome(current.fold.state) is not None
    try:
        loaded = ledger.load(gid, to)
    except ValueError as e:
        raise APIError(422, "bad_position", told(e)) from None
    entries = visible_entries(ledger.entries(gid, lte=to), viewer, finished)
    outcome = loaded.game.outcome(loaded.fold.state)
    notes = notes_by_position(ledger, gid)
    return walk(loaded.game, entries, outcome, StoryLines(), notes=notes).encode("utf-8")


def log(
    ledger: WizardLedger,
    gid: UUID,
    viewer: int | None,
    before: int | None = None,
    last: int | None = None,
) -> bytes:
    return _json(log_json(ledger, gid, seat=viewer, before=before, last=last))


def verify(ledger: WizardLedger, gid: UUID, viewer: int | None, expect: str | None) -> bytes:
    try:
        words = record_words(ledger, gid)
        report = verify_game(ledger, gid, expect=expect)
        return _json(report.as_json(lambda said: problem_text(said, words)))
    except ValueError as e:  # a malformed expect
        raise APIError(422, "bad_expect", told(e)) from None


def dispute(
    ledger: WizardLedger, gid: UUID, viewer: int | None, at: int, fmt: str, engine: str | None
) -> bytes:
    try:
        report = dispute_of(ledger, gid, at, viewer=viewer, engine=engine)
    except SetupError as e:  # an engine version the game's changelog does not know
        raise APIError(422, "unknown_engine", told(e)) from None
    except ValueError as e:
        raise APIError(422, "bad_position", told(e)) from None
    return dispute_text(report).encode("utf-8") if fmt == "text" else _json(report)


def diff(ledger: WizardLedger, gid: UUID, viewer: int | None, a: int, b: int, fmt: str) -> bytes:
    try:
        report = diff_positions(ledger, gid, a, b, viewer=viewer)
    except ValueError as e:
        raise APIError(422, "bad_position", told(e)) from None
    return diff_text(report).encode("utf-8") if fmt == "text" else _json(report)
