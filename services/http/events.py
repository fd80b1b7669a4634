"""``GET /tables/{id}/events``: the live log as Server-Sent Events.

The seat's token comes as ``Authorization: Bearer`` or, for browsers (whose
``EventSource`` cannot send headers), as ``?token=``; without one the stream
is the spectator's. The game, the token and the resume position are checked in
a dependency, before the stream starts, so a bad request is a plain 4xx rather
than a stream that dies.

Resuming: ``Last-Event-ID`` (sent by ``EventSource`` on every reconnect, with
the id of the last event it received) wins over ``?after=``, because the
browser keeps re-sending the URL it was first opened with, and its ``after``
is older than the header. A position past the stream's head is refused (422):
following from there would skip the events appended up to it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from services.http.auth import Token, stream_token
from services.http.errors import RESPONSES, APIError
from services.http.tables import LedgerDep
from services.limits import MAX_POSITION
from services.live.fanout import Live
from services.live.stream import follow
from services.store.values import parse_game_id


@dataclass(frozen=True)
class StreamTarget:
    """What one stream follows: the game, as which seat (None: spectator), from where."""

    gid: UUID
    seat: int | None
    after: int | None  # None: from the head at the time the stream starts


def resume_position(after: int | None, last_event_id: str | None) -> int | None:
    """``Last-Event-ID`` if given (the newer of the two), else ``after``."""
    raw = (last_event_id or "").strip()
    if not raw:
        return after
    # isascii: str.isdigit also accepts digits such as "²" that int() refuses.
    # Length first: int() of thousands of digits is refused by Python itself
    # (and would cost quadratic time before that).
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or int(raw) > MAX_POSITION:
        raise APIError(
            422,
            "bad_position",
            f"Last-Event-ID must be a position (0, 1, 2, ... up to {MAX_POSITION}), "
            f"not {raw[:20]!r}{'…' if len(raw) > 20 else ''}",
        )
    return int(raw)


def _stream_target(
    game_id: str,
    ledger: LedgerDep,
    bearer: Token,
    token: Annotated[
        str | None,
        Query(description="for browsers only: a seat's token (else use Authorization: Bearer)"),
    ] = None,
    after: Annotated[
        int | None,
        Query(
            ge=0,
            le=MAX_POSITION,
            description="resume after this position (default: now); Last-Event-ID wins",
        ),
    ] = None,
    last_event_id: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> StreamTarget:
    gid = parse_game_id(game_id)
    head = ledger.load(gid).version  # 404 for a game that does not exist
    chosen = stream_token(bearer, token)
    seat = None if chosen is None else ledger.seat_of_token(gid, chosen)
    position = resume_position(after, last_event_id)
    if position is not None and position > head:
        raise APIError(
            422,
            "bad_position",
            f"cannot resume after position {position}: this game's log ends at {head}",
        )
    return StreamTarget(gid, seat, position)


router = APIRouter()


@router.get(
    "/tables/{game_id}/events",
    tags=["live"],
    response_class=EventSourceResponse,
    responses=RESPONSES,
    summary="Live log (Server-Sent Events): ready, then entry per new event, then end",
)
async def events(
    request: Request, target: Annotated[StreamTarget, Depends(_stream_target)]
) -> AsyncIterator[ServerSentEvent]:
    live: Live = request.app.state.live
    open_streams = request.app.state.metrics.streams
    open_streams.inc()
    try:
        async for message in follow(
            request.app.state.ledger, live, target.gid, target.seat, target.after
        ):
            if message.raw is not None:  # encoded once for every stream that shares it
                yield ServerSentEvent(event=message.kind, raw_data=message.raw, id=message.id)
            else:
                yield ServerSentEvent(event=message.kind, data=message.data, id=message.id)
    finally:
        open_streams.dec()
