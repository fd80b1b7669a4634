"""The outermost middleware: a request id for every request, one access line, metrics.

The id is the caller's ``X-Request-ID`` when it looks like one (up to 64
letters, digits, ``.``, ``_`` or ``-``), else a fresh one; it is echoed in the
response's ``X-Request-ID`` and carried by every log line written while the
request is served (``services.logs``). The access line names the route
template and the path without its query string, so no token reaches a log.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.logs import request_id
from services.metrics import Metrics

access = logging.getLogger("wizards.access")

_CALLER_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
ACT_ROUTE = "/tables/{game_id}/act"


class Observe:
    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers", ())).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _CALLER_ID.fullmatch(given) else uuid.uuid4().hex
        token = request_id.set(rid)
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope.get("method", "")
            self.metrics.requests.labels(method, template, str(status)).inc()
            if template == ACT_ROUTE and method == "POST":
                self.metrics.act_seconds.observe(elapsed)
            access.info(
                "%s %s %d",
                method,
                scope.get("path", ""),
                status,
                extra={
                    "method": method,
                    "path": scope.get("path", ""),
                    "route": template,
                    "status": status,
                    "ms": round(elapsed * 1000, 2),
                    "client": (scope.get("client") or ("", 0))[0],
                },
            )
            request_id.reset(token)
