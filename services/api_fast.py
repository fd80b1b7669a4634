"""The requests of play, served without FastAPI's routing, dependency solving and validation.

Under load, FastAPI's machinery costs several times what the act it carries
costs (a profile of the server playing 50 games: about 85 % of the time it
holds the interpreter is spent routing, solving dependencies, validating and
encoding, under 7 % in the ledger). So this ASGI middleware answers the three
requests a player sends over and over, when they are plainly well-formed:

- ``POST /tables/{id}/act`` (JSON body, optional ``Idempotency-Key``),
- ``GET /tables/{id}/legal`` and ``GET /tables/{id}/state`` (at most ``?seat=``).

They do exactly what the FastAPI routes of ``services.api_tables`` do, with the
same functions, in one hop to the thread pool. Anything else — another query
parameter, a body msgspec does not read as the route's model, or any error —
is handed to those routes with the body replayed, so that every error answer
(and the OpenAPI at /docs) comes from one place. An error hands over only what
stored nothing: the ledger refuses before it writes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import parse_qsl
from uuid import UUID

import msgspec

from domain.kernel import IllegalCommand, SetupError
from services.api_auth import acting_seat, viewer_seat
from services.api_errors import APIError
from services.ledger import (
    GameNotFound,
    IdempotencyConflict,
    NotAuthorized,
    WizardLedger,
    parse_game_id,
)
from services.reads import act_json, legal_json, state_json

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_KEY_LENGTH = 200
# Errors raised before anything is stored: the FastAPI route answers them.
HANDED_OVER = (
    IllegalCommand,
    SetupError,
    GameNotFound,
    NotAuthorized,
    IdempotencyConflict,
    APIError,
)
_ROUTES = {("POST", "act"), ("GET", "legal"), ("GET", "state")}


class ActBody(msgspec.Struct):
    """``services.api_models.ActRequest``, as msgspec reads it (stricter than
    pydantic: what it refuses goes to the route, which answers as always)."""

    seat: int
    command: dict[str, Any]
    orders: list[list[int]] = []
    dice: list[int] = []


_act_body = msgspec.json.Decoder(ActBody)
_encode = msgspec.json.encode


class _HandOver(Exception):
    pass


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


class PlayFastPath:
    def __init__(self, app: ASGIApp, ledger: WizardLedger, threads: int = 32) -> None:
        self.app = app
        self.ledger = ledger
        # Its own threads, entered with run_in_executor: anyio's to_thread costs
        # more than the act it carries (capacity limiter, cancel scopes). Many
        # threads, so that many acts can share one group commit.
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="play")

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        parts = scope["path"].split("/")
        if len(parts) != 4 or parts[1] != "tables" or (scope["method"], parts[3]) not in _ROUTES:
            await self.app(scope, receive, send)
            return
        body = b""
        if scope["method"] == "POST":
            more = True
            while more:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                body += message.get("body", b"")
                more = message.get("more_body", False)
        try:
            answer, headers = await self._serve(scope, parts[2], parts[3], body)
        except _HandOver:
            await self.app(scope, _replay(body, receive), send)
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
            return await self._run(_act, ledger, gid, request, token, key), []
        seat = _seat_query(scope["query_string"])
        if op == "legal":
            return await self._run(_legal, ledger, gid, seat, token), []
        answer, viewer = await self._run(_state, ledger, gid, seat, token)
        return answer, [
            (b"x-wizards-seat", b"spectator" if viewer is None else str(viewer).encode())
        ]


def _act(
    ledger: WizardLedger, gid: UUID, request: ActBody, token: str | None, key: str | None
) -> bytes:
    try:
        seat = acting_seat(ledger, gid, request.seat, token)
        acted = ledger.perform(
            gid, seat, request.command, key=key, dice=request.dice, orders=request.orders
        )
    except HANDED_OVER:
        raise _HandOver from None
    return _encode(act_json(ledger, gid, seat, acted))


def _legal(ledger: WizardLedger, gid: UUID, seat: int | None, token: str | None) -> bytes:
    try:
        return _encode(legal_json(ledger, gid, acting_seat(ledger, gid, seat, token)))
    except HANDED_OVER:
        raise _HandOver from None


def _state(
    ledger: WizardLedger, gid: UUID, seat: int | None, token: str | None
) -> tuple[bytes, int | None]:
    try:
        viewer = viewer_seat(ledger, gid, seat, token)
        return _encode(state_json(ledger, gid, seat=viewer)), viewer
    except HANDED_OVER:
        raise _HandOver from None


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` that gives the body already read once, then the client's messages."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def install(app: Any, ledger: WizardLedger) -> None:
    app.add_middleware(PlayFastPath, ledger=ledger)
