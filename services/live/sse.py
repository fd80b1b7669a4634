"""The live log written to an ASGI connection as Server-Sent Events: the one writer
of every live stream, whichever HTTP path opened it.

Written straight to the connection, message by message: no producer task, no
memory stream, no timeout scope per event, which a process holding a thousand
streams would pay a thousand times. A comment line keeps an idle connection
open (as proxies and browsers expect one now and then); the stream ends when
the game does, or as soon as the client goes away.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any, Protocol

import msgspec

from services.live.stream import Message

Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

# A comment after this many idle seconds.
PING_INTERVAL = 15.0
MEDIA_TYPE = "text/event-stream"
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    # nginx and its kind would otherwise hold the events back in a buffer.
    (b"x-accel-buffering", b"no"),
]


class Counter(Protocol):
    """How many streams are open (a Prometheus gauge)."""

    def inc(self) -> None: ...

    def dec(self) -> None: ...


def event(message: Message) -> bytes:
    """One message in the SSE wire format (its data is one line of JSON)."""
    data = message.raw if message.raw is not None else msgspec.json.encode(message.data).decode()
    out = f"event: {message.kind}\ndata: {data}\n"
    if message.id is not None:
        out += f"id: {message.id}\n"
    return (out + "\n").encode()


async def write(
    messages: AsyncIterator[Message], receive: Receive, send: Send, open_streams: Counter
) -> None:
    """Answer the request with ``messages`` until they end or the client goes away."""
    loop = asyncio.get_running_loop()
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    last_sent = loop.time()

    async def pump() -> None:
        nonlocal last_sent
        async for message in messages:
            await send({"type": "http.response.body", "body": event(message), "more_body": True})
            last_sent = loop.time()

    async def ping() -> None:
        nonlocal last_sent
        while True:
            await asyncio.sleep(max(0.0, last_sent + PING_INTERVAL - loop.time()))
            if loop.time() - last_sent >= PING_INTERVAL:
                await send({"type": "http.response.body", "body": b": ping\n\n", "more_body": True})
                last_sent = loop.time()

    async def gone() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    open_streams.inc()
    tasks = [asyncio.ensure_future(f()) for f in (pump, gone, ping)]
    try:
        done, _ = await asyncio.wait(tasks[:2], return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        open_streams.dec()
    if tasks[0] in done:
        tasks[0].result()  # a failed stream fails the request
        await send({"type": "http.response.body", "body": b"", "more_body": False})
