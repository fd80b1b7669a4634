"""``GET /tables/{id}/events``: the live log as Server-Sent Events.

The seat's token comes as ``Authorization: Bearer`` or, for browsers (whose
``EventSource`` cannot send headers), as ``?token=``; without one the stream
is the spectator's. The game, the token and the resume position are checked
(``stream_target``) before the stream starts, so a bad request is a plain 4xx
rather than a stream that dies.

Resuming: ``Last-Event-ID`` (sent by ``EventSource`` on every reconnect, with
the id of the last event it received) wins over ``?after=``, because the
browser keeps re-sending the URL it was first opened with, and its ``after``
is older than the header. A position past the stream's head is refused (422):
following from there would skip the events appended up to it.

The fast path (``services.http.fast``) serves most streams with the same
``stream_target`` and the same writer (``services.live.sse``); this route
serves those it hands over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from domain.kernel.phrases import phrase
from services.http import request as carried
from services.http.auth import Token, stream_token
from services.http.errors import RESPONSES, APIError
from services.http.tables import LedgerDep
from services.ledger import WizardLedger
from services.limits import MAX_POSITION
from services.live import sse
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
            phrase(
                "Last-Event-ID must be a position (0, 1, 2, ... up to {most}), not {raw}",
                most=MAX_POSITION,
                raw=f"{raw[:20]!r}{'…' if len(raw) > 20 else ''}",
            ),
        )
    return int(raw)


def stream_target(
    ledger: WizardLedger, game_id: str, bearer: str | None, scope: Any
) -> StreamTarget:
    """The stream a request asks for (``bearer``: its header's token), checked against
    the store (blocking: on a thread)."""
    asked = carried.query(scope, "events")
    gid = parse_game_id(game_id)
    head = ledger.load(gid).version  # 404 for a game that does not exist
    chosen = stream_token(bearer, asked.token)
    seat = None if chosen is None else ledger.seat_of_token(gid, chosen)
    position = resume_position(asked.after, carried.headers(scope).last_event_id)
    if position is not None and position > head:
        raise APIError(
            422,
            "bad_position",
            phrase(
                "cannot resume after position {position}: this game's log ends at {head}",
                position=position,
                head=head,
            ),
        )
    return StreamTarget(gid, seat, position)


class LiveLog(Response):
    """The live log of one stream target, written by ``services.live.sse``."""

    media_type = sse.MEDIA_TYPE

    def __init__(
        self, ledger: WizardLedger, live: Live, target: StreamTarget, open_streams: sse.Counter
    ) -> None:
        super().__init__()
        self.ledger, self.live, self.target = ledger, live, target
        self.open_streams = open_streams

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        t = self.target
        messages = follow(self.ledger, self.live, t.gid, t.seat, t.after)
        await sse.write(messages, receive, send, self.open_streams)


def _target(game_id: str, request: Request, ledger: LedgerDep, bearer: Token) -> StreamTarget:
    # A plain ``def``: FastAPI runs it on a thread, as the store's reads need.
    return stream_target(ledger, game_id, bearer, request.scope)


router = APIRouter()

# Each event of the stream, as OpenAPI 3.2 describes an event stream's items.
_EVENT_SCHEMA = {
    "type": "object",
    "properties": {
        "event": {"type": "string", "enum": ["ready", "entry", "turn", "held", "end"]},
        "data": {"type": "string", "description": "one line of JSON"},
        "id": {"type": "string", "description": "the entry's position (entry, end)"},
    },
}


@router.get(
    "/tables/{game_id}/events",
    tags=["live"],
    response_class=LiveLog,
    status_code=200,
    responses={
        **RESPONSES,
        200: {"content": {sse.MEDIA_TYPE: {"itemSchema": _EVENT_SCHEMA}}},
    },
    summary="Live log (Server-Sent Events): ready, then entry per new event, then end",
    openapi_extra=carried.documented_query("events"),
)
async def events(request: Request, target: Annotated[StreamTarget, Depends(_target)]) -> LiveLog:
    state = request.app.state
    return LiveLog(state.ledger, state.live, target, state.metrics.streams)
