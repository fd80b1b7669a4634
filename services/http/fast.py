"""The requests of play, served without FastAPI's routing, dependency solving and validation.

Under load, FastAPI's machinery costs several times what the act it carries
costs (a profile of the server playing 50 games: about 85 % of the time it
holds the interpreter is spent routing, solving dependencies, validating and
encoding, under 7 % in the ledger). So this ASGI middleware answers the
requests a player sends over and over:

- ``POST /tables/{id}/act`` (JSON body, optional ``Idempotency-Key``),
- ``GET /tables/{id}/legal`` (``?seat=``) and ``GET /tables/{id}/state``
  (``?seat=``, ``?at=``),
- ``GET /tables/{id}/events``, the live stream (``?token=``, ``?after=``):
  a process may hold a thousand of them, and FastAPI's streaming machinery
  (a producer task, a memory stream and a timeout scope per event, per stream)
  cost more than the events themselves.

They do exactly what the FastAPI routes of ``services.http.tables`` and
``services.http.events`` do, with the same functions: the request read by
``services.http.request``, the answer made by ``services.http.answers``, a
stream written by ``services.live.sse``; in at most one hop to a thread
(``services.http.play_threads``). On
SQLite, ``legal`` and the current ``state`` take no hop at all: they are answered from the
cached fold after at most a read of the local file, which in WAL mode never
waits for a writer, and costs less than the hop (about 0.1 ms of CPU there and
back under load, measured with an executor). On a PostgreSQL store bound to
this host's counters file (``services.store.host_binding``) they take no hop either
when the game's fold and seat tokens are in memory and the fold is known
current: they are answered from that fold, which asks the store nothing. An
act takes no hop either, on any store: the loop decides it and stages its
rows (``WizardLedger.begin_act``), the group commit's own thread commits them
with the other acts queued meanwhile, and the loop sends the answer once they
are durable. Fifty acts waiting for a sync are then fifty futures, not fifty
threads taking turns at the interpreter (on PostgreSQL each shard's group commit has its own
committing thread). An act that would have to wait on the loop (another act of
the same game under way, a game not in memory, a retried key, a refusal on a
fold not known current, a race lost to another process) goes to a thread.

A request with a query parameter its route does not read, and any error (the
request's refusal by ``services.http.request`` included), is handed to those
routes with the body replayed, so that every error answer (and the OpenAPI at
/docs) comes from one place; what was read of the request goes with it, so
the route does not read it again. An error hands over only what stored
nothing: the ledger refuses before it writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from uuid import UUID

from eventsourcing.persistence import PersistenceError

from domain.kernel import IllegalCommand, SetupError
from services.http import request as carried
from services.http.answers import act_answer, encode, legal_answer, seat_header, state_answer
from services.http.auth import acting_seat
from services.http.errors import REFUSED, APIError
from services.http.events import StreamTarget, stream_target
from services.http.models import ActRequest
from services.http.play_threads import PlayThreads
from services.ledger import WizardLedger
from services.live import sse
from services.live.fanout import Live
from services.live.stream import follow
from services.problems import classify, problem, send_problem
from services.reads.views import act_json
from services.store.host_binding import WriteRefused
from services.store.read_only import ReadOnlyStore
from services.store.values import (
    Acted,
    ActNotStored,
    GameNotFound,
    IdempotencyConflict,
    NotAuthorized,
    Staged,
    parse_game_id,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Errors raised before anything is stored: the FastAPI route answers them.
HANDED_OVER = (
    IllegalCommand,
    SetupError,
    GameNotFound,
    NotAuthorized,
    IdempotencyConflict,
    APIError,
    WriteRefused,  # by the store, which rolled the write back
    ReadOnlyStore,  # the store is open read-only: nothing was decided
)
_ROUTES = {("POST", "act"), ("GET", "legal"), ("GET", "state"), ("GET", "events")}


class _Route:
    """What the outer middlewares read of a route: its path template."""

    def __init__(self, op: str) -> None:
        self.path = f"/tables/{{game_id}}/{op}"


_ROUTE_OF = {op: _Route(op) for _, op in _ROUTES}


class _HandOver(Exception):
    """Not answered here: the route answers. ``refused``: the ledger's refusal of
    the act, which the route gives as it is (``REFUSED``) instead of trying the
    act a second time (a refused entry is recorded once, services.seats.desk)."""

    def __init__(self, refused: IllegalCommand | None = None) -> None:
        super().__init__()
        self.refused = refused


class PlayFastPath:
    def __init__(
        self,
        app: ASGIApp,
        ledger: WizardLedger,
        live: Live,
        open_streams: sse.Counter,
        threads: int = 32,
    ) -> None:
        self.app = app
        self.ledger = ledger
        self.live = live
        self.open_streams = open_streams  # the app's metrics count our streams too
        # Its own threads: anyio's to_thread costs more than the act it carries
        # (capacity limiter, cancel scopes), and so does run_in_executor.
        self.threads = PlayThreads(threads)
        self.durable = Durable(ledger)
        self.inline_reads = ledger.url.split(":", 1)[0] in ("sqlite", "memory")

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self.threads.run(fn, *args)

    async def _act_here(
        self,
        ledger: WizardLedger,
        gid: UUID,
        request: ActRequest,
        token: str | None,
        key: str | None,
    ) -> bytes:
        """An act decided on the loop and committed by the group commit's thread;
        on a thread, as ``_act``, where it would have to wait here."""
        if not self.inline_reads and not ledger.in_memory(gid):
            # A read of a PostgreSQL store (the seat tokens, the game) may wait
            # for a lock, the pool or the network: not on the loop.
            return await self._run(_act, ledger, gid, request, token, key)
        try:
            seat = acting_seat(ledger, gid, request.seat, token)
            carried.check_key(key)
            begun = ledger.begin_act(
                gid,
                seat,
                request.command,
                key=key,
                dice=request.dice,
                orders=request.orders,
                drew=request.drew,
            )
        except HANDED_OVER:
            raise _HandOver from None
        if begun is None:
            return await self._run(_act, ledger, gid, request, token, key)
        staged, committer = begun
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Acted | None] = loop.create_future()

        def finish(error: BaseException | None) -> None:
            # On the loop, whether or not the request still waits: the game's
            # turn is given back and the cache updated either way.
            try:
                acted = ledger.finish_act(staged, error)
            except BaseException as e:
                if not future.cancelled():
                    future.set_exception(e)
                return
            if not future.cancelled():
                future.set_result(acted)

        def durable(error: BaseException | None) -> None:  # on the committing thread
            self.durable.add(loop, staged, error, finish)

        try:
            committer.submit(staged.rows, durable)
        except BaseException as e:  # nothing was queued: the act fails, its turn comes back
            ledger.finish_act(staged, e)
            raise
        try:
            acted = await future
        except WriteRefused:
            raise _HandOver from None
        except PersistenceError as e:  # the store failed: at COMMIT, the rows may be in
            acted = await self._run(ledger.landed, staged, e)
            if acted is None:
                raise ActNotStored(e) from e
        if acted is None:
            # Its position was taken: by another process (decided again), or by
            # its own rows, when a shared transaction failed at COMMIT after all.
            acted = await self._run(ledger.landed, staged)
            if acted is None:
                return await self._run(_act, ledger, gid, request, token, key)
        return encode(act_json(ledger, gid, seat, acted))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        parts = scope["path"].split("/")
        if len(parts) != 4 or parts[1] != "tables" or (scope["method"], parts[3]) not in _ROUTES:
            await self.app(scope, receive, send)
            return
        # As the router would set it: the outer middlewares (metrics, access
        # line) name a request by its route's template.
        scope["route"] = _ROUTE_OF[parts[3]]
        if parts[3] == "events":
            try:
                target = await self._stream_target(scope, parts[2])
            except _HandOver:
                await self.app(scope, receive, send)
                return
            messages = follow(self.ledger, self.live, target.gid, target.seat, target.after)
            await sse.write(messages, receive, send, self.open_streams)
            return
        # The body whole: its size is bounded before (services.http.body_limit).
        body = b""
        more = scope["method"] == "POST"
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
        try:
            answer, headers = await self._serve(scope, parts[2], parts[3], body)
        except _HandOver as over:
            if over.refused is not None:
                scope[REFUSED] = over.refused
            await self.app(scope, _replay(body, receive), send)
            return
        except PersistenceError as e:  # the store failed (``classify`` says how)
            status, code, _, detail = classify(e) or (503, "store_unavailable", "", str(e))
            await send_problem(send, problem(status, code, detail, instance=scope["path"]))
            return
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(answer)).encode()),
                    *headers,
                ],
            }
        )
        await send({"type": "http.response.body", "body": answer})

    async def _stream_target(self, scope: Scope, raw_id: str) -> StreamTarget:
        """The route's own check of a stream's game, token and resume position."""
        try:
            bearer = carried.headers(scope).token
            if carried.query(scope, "events").other:
                raise _HandOver
            target: StreamTarget = await self._run(
                stream_target, self.ledger, raw_id, bearer, scope
            )
        except HANDED_OVER:
            raise _HandOver from None
        return target

    async def _serve(
        self, scope: Scope, raw_id: str, op: str, body: bytes
    ) -> tuple[bytes, list[tuple[bytes, bytes]]]:
        try:
            sent = carried.headers(scope)
            asked = carried.query(scope, op)
            request = carried.act_request(scope, body) if op == "act" else None
            gid = parse_game_id(raw_id)
        except HANDED_OVER:
            raise _HandOver from None
        if asked.other:
            raise _HandOver
        ledger = self.ledger
        if request is not None:
            return await self._act_here(ledger, gid, request, sent.token, sent.key), []
        # A PostgreSQL store bound to this host's counters file: a fold known
        # current, with its seat tokens, is read from memory, here.
        held = None if self.inline_reads else ledger.current_in_memory(gid)
        here = self.inline_reads or held is not None
        if op == "legal":
            legal = (ledger, gid, asked.seat, sent.token, held)
            return (_legal(*legal) if here else await self._run(_legal, *legal)), []
        state = (ledger, gid, asked, sent.token, held)
        # A past position is folded from the store: never on the loop.
        inline = here and asked.at is None
        answer, viewer = _state(*state) if inline else await self._run(_state, *state)
        return answer, [(b"x-wizards-seat", seat_header(viewer).encode())]


class Durable:
    """Acts decided on a loop whose commit has ended, finished there together: the
    committing thread tells each as its commit ends, and the loop, woken once for
    all that came meanwhile (the acts of one group commit), raises their games'
    commit counters at once (one lock of the counters file, ``count_acts``), then
    finishes each in the order they were told."""

    def __init__(self, ledger: WizardLedger) -> None:
        self.ledger = ledger
        self._lock = threading.Lock()
        self._ended: dict[asyncio.AbstractEventLoop, list[_Ended]] = {}

    def add(
        self,
        loop: asyncio.AbstractEventLoop,
        staged: Staged,
        error: BaseException | None,
        finish: Callable[[BaseException | None], None],
    ) -> None:
        """On the committing thread: ``finish(error)`` to be called on ``loop``."""
        with self._lock:
            ended = self._ended.setdefault(loop, [])
            ended.append((staged, error, finish))
            first = len(ended) == 1
        if not first:
            return  # the loop was woken for the first, and finishes this one too
        try:
            loop.call_soon_threadsafe(self._finish, loop)
        except RuntimeError:
            # The loop has closed (a server stopped with acts in flight): nobody
            # waits for their answers, but each game's turn must come back and
            # its counter move, here, for the ledger that outlives the loop.
            with self._lock:
                left = self._ended.pop(loop, [])
            for staged_left, error_left, _ in left:
                with contextlib.suppress(Exception):  # the commit's own error
                    self.ledger.finish_act(staged_left, error_left)

    def _finish(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            ended = self._ended.pop(loop, [])
        # Should raising them together fail, each act raises its own as it is finished.
        with contextlib.suppress(Exception):
            self.ledger.count_acts([staged for staged, error, _ in ended if error is None])
        for _, error, finish in ended:
            try:
                finish(error)
            except Exception as e:  # reported as a callback of its own would be: the others go on
                loop.call_exception_handler({"message": "finishing an act failed", "exception": e})


_Ended = tuple[Staged, BaseException | None, Callable[[BaseException | None], None]]


def _act(
    ledger: WizardLedger, gid: UUID, request: ActRequest, token: str | None, key: str | None
) -> bytes:
    try:
        return act_answer(ledger, gid, request, token, key)
    except IllegalCommand as e:
        raise _HandOver(e) from None
    except HANDED_OVER:
        raise _HandOver from None


def _legal(*args: Any) -> bytes:
    try:
        return legal_answer(*args)
    except HANDED_OVER:
        raise _HandOver from None


def _state(*args: Any) -> tuple[bytes, int | None]:
    try:
        return state_answer(*args)
    except HANDED_OVER:
        raise _HandOver from None


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` that gives the body already read, then the client's messages."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
