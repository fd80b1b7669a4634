"""Bodies larger than ``MAX_BODY_BYTES`` are refused (413) before they are read whole.

A declared ``Content-Length`` over the limit is refused at once; a chunked body
is counted as it arrives and refused as soon as it passes the limit, so no
request makes the service buffer more than the limit.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.limits import MAX_BODY_BYTES
from services.problems import problem, send_problem


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = chunked = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                declared = value
            elif name == b"transfer-encoding":
                chunked = value
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, send)
            return
        if chunked is None:
            # The server reads no more than the declared length (none declared:
            # no body), so there is nothing to count: no wrapper on every message.
            await self.app(scope, receive, send)
            return
        seen = 0
        refused = False

        async def counted() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # Answer now, and tell the app the client has gone, so it
                    # stops reading; whatever it then tries to send is dropped.
                    refused = True
                    await self._refuse(scope, send)
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if not refused:
                await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not refused:
                raise

    async def _refuse(self, scope: Scope, send: Send) -> None:
        detail = f"the request body is larger than {self.limit} bytes"
        body = problem(413, "body_too_large", detail, instance=scope.get("path"))
        await send_problem(send, body, [(b"connection", b"close")])
