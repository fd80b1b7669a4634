"""``GET /tables/{id}/events``: the live log as Server-Sent Events.

Browsers' ``EventSource`` cannot send headers, so the seat's token comes as
``?token=``; without it the stream is the spectator's. The game and the token
are checked in a dependency, before the stream starts, so a bad token is a
plain 403 rather than a stream that dies.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from services.api_errors import RESPONSES
from services.api_tables import LedgerDep
from services.ledger import parse_game_id
from services.live import Live
from services.stream import follow


def _stream_target(
    game_id: str,
    ledger: LedgerDep,
    token: Annotated[
        str | None, Query(description="a seat's token: entries redacted for that seat")
    ] = None,
) -> tuple[UUID, int | None]:
    gid = parse_game_id(game_id)
    ledger.load(gid)  # 404 for a game that does not exist
    seat = None if not token else ledger.seat_of_token(gid, token)
    return gid, seat


router = APIRouter()


@router.get(
    "/tables/{game_id}/events",
    tags=["live"],
    response_class=EventSourceResponse,
    responses=RESPONSES,
    summary="Live log (Server-Sent Events): ready, then entry per new event, then end",
)
async def events(
    request: Request,
    target: Annotated[tuple[UUID, int | None], Depends(_stream_target)],
    after: Annotated[
        int | None, Query(ge=0, description="resume after this position (default: now)")
    ] = None,
    last_event_id: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> AsyncIterator[ServerSentEvent]:
    gid, seat = target
    if after is None and last_event_id and last_event_id.isdigit():
        after = int(last_event_id)  # EventSource reconnects with the last id it saw
    live: Live = request.app.state.live
    async for message in follow(request.app.state.ledger, live, gid, seat, after):
        yield ServerSentEvent(event=message.kind, data=message.data, id=message.id)
