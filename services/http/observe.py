"""The outermost middleware: a request id for every request, one access line, metrics.

The id is the caller's ``X-Request-ID`` when it looks like one (up to 64
letters, digits, ``.``, ``_`` or ``-``), else a fresh one; it is echoed in the
response's ``X-Request-ID`` and carried by every log line written while the
request is served (``services.http.logs``). The access line names the route
template and the path without its query string, so no token reaches a log.

A request the service fails on (an error no layer answered) is answered here
with the problem 500 ``internal_error``, if nothing was sent yet, and logged
once, bounded (``services.http.logs``): the error goes no further, so the
server (whose own log line would hold the whole traceback) never sees it.

This runs for every request, so it costs little: a fresh id is a random
per-process prefix and a counter (unique, no system call), the counters of a
(method, route, status) are looked up once, and the access line is built only
when its logger writes it.
"""

from __future__ import annotations

import itertools
import logging
import re
import secrets
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.http.errors import failed
from services.http.logs import bounded_traceback, clip, request_id
from services.http.metrics import Metrics
from services.http.speaking import asked_language
from services.problems import send_problem
from services.words.telling import speaking, spoken

access = logging.getLogger("wizards.access")
errors = logging.getLogger("wizards.error")

_CALLER_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
ACT_ROUTE = "/tables/{game_id}/act"


class _Ids:
    """Fresh request ids: 32 hex digits, a random prefix of this process and a counter."""

    def __init__(self) -> None:
        self.prefix = secrets.token_hex(8)
        self.counter = itertools.count(1)

    def next(self) -> str:
        return f"{self.prefix}{next(self.counter):016x}"


def _caller_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            given = value.decode("latin-1")
            return given if _CALLER_ID.fullmatch(given) else ""
    return ""


class Observe:
    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics
        self.ids = _Ids()
        self._counted: dict[tuple[str, str, int], Any] = {}

    def _count(self, method: str, template: str, status: int) -> None:
        key = (method, template, status)
        counter = self._counted.get(key)
        if counter is None:
            counter = self.metrics.requests.labels(method, template, str(status))
            self._counted[key] = counter
        counter.inc()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = _caller_id(scope) or self.ids.next()
        token = request_id.set(rid)
        status = 500
        answered = False
        started = time.perf_counter()
        id_header = (b"x-request-id", rid.encode())

        async def send_with_id(message: Message) -> None:
            nonlocal status, answered
            if message["type"] == "http.response.start":
                status, answered = message["status"], True
                message["headers"] = [*message.get("headers", ()), id_header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception as error:
            path = scope.get("path", "")
            # The traceback in the message itself: bounded under any formatter.
            errors.error(
                "%s %s failed: %s: %s\n%s",
                scope.get("method", ""),
                path,
                type(error).__name__,
                clip(str(error), 500),
                bounded_traceback(error),
            )
            if not answered:
                # Said in the language asked: the layer that speaks it is inside this one.
                with speaking(asked_language(scope) or spoken()):
                    body = failed(path)
                await send_problem(send_with_id, body)
        finally:
            elapsed = time.perf_counter() - started
            route = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope.get("method", "")
            self._count(method, template, status)
            if template == ACT_ROUTE and method == "POST":
                self.metrics.act_seconds.observe(elapsed)
            if access.isEnabledFor(logging.INFO):
                path = scope.get("path", "")
                access.info(
                    "%s %s %d",
                    method,
                    path,
                    status,
                    extra={
                        "method": method,
                        "path": path,
                        "route": template,
                        "status": status,
                        "ms": round(elapsed * 1000, 2),
                        "client": (scope.get("client") or ("", 0))[0],
                    },
                )
            request_id.reset(token)
