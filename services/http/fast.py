"""The requests of play, served without FastAPI's routing, dependency solving and validation.

Under load, FastAPI's machinery costs several times what the act it carries
costs (a profile of the server playing 50 games: about 85 % of the time it
holds the interpreter is spent routing, solving dependencies, validating and
encoding, under 7 % in the ledger). So this ASGI middleware answers the three
requests a player sends over and over, when they are plainly well-formed:

- ``POST /tables/{id}/act`` (JSON body, optional ``Idempotency-Key``),
- ``GET /tables/{id}/legal`` and ``GET /tables/{id}/state`` (at most ``?seat=``),
- ``GET /tables/{id}/events``, the live stream (at most ``?token=`` and ``?after=``):
  a process may hold a thousand of them, and FastAPI's streaming machinery
  (a producer task, a memory stream and a timeout scope per event, per stream)
  cost more than the events themselves.

They do exactly what the FastAPI routes of ``services.http.tables`` do, with the
same functions, in at most one hop to a thread (``services.http.play_threads``). On
SQLite, ``legal`` and ``state`` take no hop at all: they are answered from the
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

Anything else — another query parameter, a body msgspec does not read as the
route's model, or any error — is handed to those routes with the body
replayed, so that every error answer (and the OpenAPI at /docs) comes from one
place. An error hands over only what stored nothing: the ledger refuses before
it writes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl
from uuid import UUID

import msgspec
from eventsourcing.persistence import PersistenceError

from domain.kernel import IllegalCommand, SetupError
from services.http.auth import acting_seat, viewer_seat
from services.http.errors import REFUSED, APIError
from services.http.events import StreamTarget, _stream_target
from services.http.play_threads import PlayThreads
from services.ledger import WizardLedger
from services.limits import MAX_KEY_LENGTH
from services.live.fanout import Live
from services.live.stream import Message as LiveMessage
from services.live.stream import follow
from services.problems import classify, problem, send_problem
from services.reads.views import act_json, legal_json, legal_of, perform_json, state_json, state_of
from services.seats.hold import by_seats
from services.store.host_binding import WriteRefused
from services.store.values import (
    Acted,
    ActNotStored,
    GameNotFound,
    IdempotencyConflict,
    Loaded,
    NotAuthorized,
    parse_game_id,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Acts are small; a larger body is read no further here and goes to the route.
MAX_BODY = 64 * 1024
# Errors raised before anything is stored: the FastAPI route answers them.
HANDED_OVER = (
    IllegalCommand,
    SetupError,
    GameNotFound,
    NotAuthorized,
    IdempotencyConflict,
    APIError,
    WriteRefused,  # by the store, which rolled the write back
)
_ROUTES = {("POST", "act"), ("GET", "legal"), ("GET", "state"), ("GET", "events")}
# As FastAPI's EventSourceResponse: a comment after this many idle seconds.
PING_INTERVAL = 15.0
_SSE_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]


class _Route:
    """What the outer middlewares read of a route: its path template."""

    def __init__(self, op: str) -> None:
        self.path = f"/tables/{{game_id}}/{op}"


_ROUTE_OF = {op: _Route(op) for _, op in _ROUTES}


class ActBody(msgspec.Struct, forbid_unknown_fields=True):
    """``services.http.models.ActRequest``, as msgspec reads it (stricter than
    pydantic: what it refuses goes to the route, which answers as always)."""

    seat: int
    command: dict[str, Any] | None = None
    orders: list[list[int]] = []
    dice: list[int] = []
    drew: list[str] = []


_act_body = msgspec.json.Decoder(ActBody)
_encode = msgspec.json.encode


class _HandOver(Exception):
    """Not answered here: the route answers. ``refused``: the ledger's refusal of
    the act, which the route gives as it is (``REFUSED``) instead of trying the
    act a second time (a refused entry is recorded once, services.seats.desk)."""

    def __init__(self, refused: IllegalCommand | None = None) -> None:
        super().__init__()
        self.refused = refused


def _seat_query(raw: bytes) -> int | None:
    """``?seat=N`` or nothing; anything else is the route's to answer."""
    if not raw:
        return None
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    if len(pairs) != 1 or pairs[0][0] != "seat":
        raise _HandOver
    value = pairs[0][1]
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        raise _HandOver
    return int(value)


def _stream_query(raw: bytes) -> tuple[str | None, int | None]:
    """``?token=`` and ``?after=`` of a live stream, each at most once."""
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    found = dict(pairs)
    if len(found) != len(pairs) or not set(found) <= {"token", "after"}:
        raise _HandOver
    after = found.get("after")
    if after is not None and not (after.isascii() and after.isdigit() and len(after) <= 15):
        raise _HandOver
    return found.get("token"), None if after is None else int(after)


def _sse(message: LiveMessage) -> bytes:
    """One event in the SSE wire format, as FastAPI writes it (our data is one line)."""
    data = message.raw if message.raw is not None else msgspec.json.encode(message.data).decode()
    out = f"event: {message.kind}\ndata: {data}\n"
    if message.id is not None:
        out += f"id: {message.id}\n"
    return (out + "\n").encode()


def _headers(scope: Scope) -> tuple[str | None, str | None, str | None]:
    """(bearer token, idempotency key, content type) as the route's dependencies read them."""
    token = key = ctype = None
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, _, credentials = value.decode("latin-1").partition(" ")
            if scheme.lower() != "bearer":
                raise _HandOver
            token = credentials.strip() or None
        elif name == b"idempotency-key":
            key = value.decode("latin-1")
        elif name == b"content-type":
            ctype = value.decode("latin-1")
    return token, key, ctype


def _last_event_id(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"last-event-id":
            return str(value.decode("latin-1"))
    return None


class PlayFastPath:
    def __init__(
        self, app: ASGIApp, ledger: WizardLedger, live: Live, state: Any = None, threads: int = 32
    ) -> None:
        self.app = app
        self.ledger = ledger
        self.live = live
        self.state = state  # the app's state: its metrics count our streams too
        # Its own threads: anyio's to_thread costs more than the act it carries
        # (capacity limiter, cancel scopes), and so does run_in_executor.
        self.threads = PlayThreads(threads)
        self.inline_reads = ledger.url.split(":", 1)[0] in ("sqlite", "memory")

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self.threads.run(fn, *args)

    async def _act_here(
        self,
        ledger: WizardLedger,
        gid: UUID,
        request: ActBody,
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
            try:
                loop.call_soon_threadsafe(finish, error)
            except RuntimeError:
                # The loop has closed (a server stopped with the act in flight):
                # nobody waits for the answer, but the turn must come back and
                # the counter move, here, for the ledger that outlives the loop.
                with contextlib.suppress(Exception):  # the commit's own error
                    ledger.finish_act(staged, error)

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
        return _encode(act_json(ledger, gid, seat, acted))

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
            await self._stream(target, receive, send)
            return
        body = b""
        more = scope["method"] == "POST"
        while more and len(body) <= MAX_BODY:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
        try:
            if len(body) > MAX_BODY:
                raise _HandOver  # a body this large is the route's to bound or refuse
            answer, headers = await self._serve(scope, parts[2], parts[3], body)
        except _HandOver as over:
            if over.refused is not None:
                scope[REFUSED] = over.refused
            await self.app(scope, _replay(body, more, receive), send)
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
        bearer, _, _ = _headers(scope)
        token, after = _stream_query(scope["query_string"])
        last = _last_event_id(scope)
        try:
            target: StreamTarget = await self._run(
                _stream_target, raw_id, self.ledger, bearer, token, after, last
            )
        except HANDED_OVER:
            raise _HandOver from None
        return target

    async def _stream(self, target: StreamTarget, receive: Receive, send: Send) -> None:
        """The live log, written straight to the connection until the game ends or the
        client goes away; a comment after ``PING_INTERVAL`` idle seconds."""
        loop = asyncio.get_running_loop()
        await send({"type": "http.response.start", "status": 200, "headers": _SSE_HEADERS})
        last_sent = loop.time()

        async def pump() -> None:
            nonlocal last_sent
            messages = follow(self.ledger, self.live, target.gid, target.seat, target.after)
            async for message in messages:
                await send({"type": "http.response.body", "body": _sse(message), "more_body": True})
                last_sent = loop.time()

        async def ping() -> None:
            nonlocal last_sent
            while True:
                await asyncio.sleep(max(0.0, last_sent + PING_INTERVAL - loop.time()))
                if loop.time() - last_sent >= PING_INTERVAL:
                    await send(
                        {"type": "http.response.body", "body": b": ping\n\n", "more_body": True}
                    )
                    last_sent = loop.time()

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        streams = getattr(getattr(self.state, "metrics", None), "streams", None)
        if streams is not None:
            streams.inc()
        tasks = [asyncio.ensure_future(f()) for f in (pump, gone, ping)]
        try:
            done, _ = await asyncio.wait(tasks[:2], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if streams is not None:
                streams.dec()
        if tasks[0] in done:
            tasks[0].result()  # a failed stream fails the request
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _serve(
        self, scope: Scope, raw_id: str, op: str, body: bytes
    ) -> tuple[bytes, list[tuple[bytes, bytes]]]:
        token, key, ctype = _headers(scope)
        try:
            gid = parse_game_id(raw_id)
        except GameNotFound:
            raise _HandOver from None
        ledger = self.ledger
        if op == "act":
            if scope["query_string"] or not (ctype or "").startswith("application/json"):
                raise _HandOver
            if key is not None and not 0 < len(key) <= MAX_KEY_LENGTH:
                raise _HandOver
            try:
                request = _act_body.decode(body)
            except msgspec.DecodeError:  # malformed, or not the route's model
                raise _HandOver from None
            return await self._act_here(ledger, gid, request, token, key), []
        seat = _seat_query(scope["query_string"])
        # A PostgreSQL store bound to this host's counters file: a fold known
        # current, with its seat tokens, is read from memory, here.
        held = None if self.inline_reads else ledger.current_in_memory(gid)
        if op == "legal":
            if self.inline_reads or held is not None:
                return _legal(ledger, gid, seat, token, held), []
            return await self._run(_legal, ledger, gid, seat, token), []
        if self.inline_reads or held is not None:
            answer, viewer = _state(ledger, gid, seat, token, held)
        else:
            answer, viewer = await self._run(_state, ledger, gid, seat, token)
        return answer, [
            (b"x-wizards-seat", b"spectator" if viewer is None else str(viewer).encode())
        ]


def _act(
    ledger: WizardLedger, gid: UUID, request: ActBody, token: str | None, key: str | None
) -> bytes:
    try:
        seat = acting_seat(ledger, gid, request.seat, token)
    except HANDED_OVER:
        raise _HandOver from None
    try:
        answer = perform_json(ledger, gid, seat, request, key)
    except IllegalCommand as e:
        raise _HandOver(e) from None
    except HANDED_OVER:
        raise _HandOver from None
    return _encode(answer)


def _legal(
    ledger: WizardLedger,
    gid: UUID,
    seat: int | None,
    token: str | None,
    held: Loaded | None = None,
) -> bytes:
    """``held``: the fold to answer from (else the ledger's ``load``)."""
    try:
        acting = acting_seat(ledger, gid, seat, token)
        if held is not None and not by_seats(held.fold.started.setup):
            return _encode(legal_of(held, acting))
        return _encode(legal_json(ledger, gid, acting))
    except HANDED_OVER:
        raise _HandOver from None


def _state(
    ledger: WizardLedger,
    gid: UUID,
    seat: int | None,
    token: str | None,
    held: Loaded | None = None,
) -> tuple[bytes, int | None]:
    try:
        viewer = viewer_seat(ledger, gid, seat, token)
        if held is not None and not by_seats(held.fold.started.setup):
            return _encode(state_of(gid, held, viewer)), viewer
        return _encode(state_json(ledger, gid, seat=viewer)), viewer
    except HANDED_OVER:
        raise _HandOver from None


def _replay(body: bytes, more: bool, receive: Receive) -> Receive:
    """``receive`` that gives the body already read once (``more``: the rest is still
    to come), then the client's messages."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": more}
        return await receive()

    return replayed
