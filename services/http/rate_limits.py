"""Rate limits on creating tables, on acting and on costly reads: per client address
and per seat token.

Token buckets: a limit ``N/S`` lets a key spend N requests at once and
refills them over S seconds. Configured by environment variables (or
``create_app(rate_limits_given=...)``), each ``N/S`` or ``off``:

- ``WIZARDS_RATE_CREATE``: ``POST /tables`` per client address (default 60/60);
- ``WIZARDS_RATE_ACT``: ``POST /tables/{id}/act`` per seat token (default 1200/60);
- ``WIZARDS_RATE_ACT_CLIENT``: acts per client address (default off: a table
  in a café shares one address);
- ``WIZARDS_RATE_READ``: costly reads per client address (default 60/60):
  ``GET /tables/{id}/export``, ``/replay``, ``/log``, ``/verify``, ``/dispute`` and
  ``/diff``, which read a whole game (``services.http.costly_reads``). No token
  needed to read, so the address is the only key.

A client address is the one the server resolved (``scope["client"]``): the
peer's, or, behind a proxy the operator named (``wizards serve
--trusted-proxy``, ``services.config.trusted_proxies``), the client that proxy
forwards; a header from anyone else changes nothing.

A refused request is 429 ``rate_limited`` with ``Retry-After``, before the body
is read. Buckets are per process: with several API processes, each applies
the limit on its own. Tokens are keyed by their hash, never kept in clear.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from domain.kernel.errors import SaidError
from domain.kernel.phrases import phrase
from services.http.costly_reads import ROUTES as COSTLY
from services.http.errors import APIError
from services.http.holding import HOLDING
from services.http.metrics import Metrics
from services.http.request import headers
from services.problems import problem, send_problem

DEFAULTS = {"create": "60/60", "act": "1200/60", "act_client": "off", "read": "60/60"}
ENV = {
    "create": "WIZARDS_RATE_CREATE",
    "act": "WIZARDS_RATE_ACT",
    "act_client": "WIZARDS_RATE_ACT_CLIENT",
    "read": "WIZARDS_RATE_READ",
}
_ACT_PATH = re.compile(r"^/tables/[^/]+/act/?$")
_COSTLY_PATH = re.compile(rf"^/tables/[^/]+/({'|'.join(sorted(COSTLY))})/?$")
MAX_KEYS = 100_000  # buckets kept per limit; the least recently used go first


@dataclass(frozen=True)
class Rate:
    burst: float
    per_seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        text = text.strip().lower()
        if text in ("off", "0", ""):
            return None
        count, sep, seconds = text.partition("/")
        try:
            rate = cls(float(count), float(seconds) if sep else 1.0)
        except ValueError:
            raise SaidError(
                phrase("rate limit {given}: write N/SECONDS, e.g. 60/60, or off", given=repr(text))
            ) from None
        if rate.burst <= 0 or rate.per_seconds <= 0:
            raise SaidError(
                phrase("rate limit {given}: both numbers must be positive", given=repr(text))
            )
        return rate


class Buckets:
    """Token buckets by key, on a monotonic clock (tests pass their own)."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (self.rate.burst, now))
        return min(self.rate.burst, tokens + (now - then) * self.rate.burst / self.rate.per_seconds)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may make a request (0: now); spends nothing."""
        with self._lock:
            tokens = self._level(key, self.clock())
        refill = self.rate.burst / self.rate.per_seconds
        return 0.0 if tokens >= 1 else (1 - tokens) / refill

    def take(self, key: str) -> float:
        """``wait`` then, if it is 0, ``spend``, under one lock."""
        with self._lock:
            now = self.clock()
            tokens = self._level(key, now)
            if tokens < 1:
                refill = self.rate.burst / self.rate.per_seconds
                return (1 - tokens) / refill
            self._buckets.pop(key, None)
            self._buckets[key] = (tokens - 1, now)
            while len(self._buckets) > MAX_KEYS:
                self._buckets.popitem(last=False)
            return 0.0

    def spend(self, key: str) -> None:
        with self._lock:
            now = self.clock()
            tokens = self._level(key, now)
            self._buckets.pop(key, None)
            self._buckets[key] = (max(0.0, tokens - 1), now)
            while len(self._buckets) > MAX_KEYS:
                self._buckets.popitem(last=False)


def configured(
    given: dict[str, str] | None = None, clock: Callable[[], float] = time.monotonic
) -> dict[str, Buckets]:
    """The limits in force: ``given`` overrides the environment, which overrides defaults."""
    out: dict[str, Buckets] = {}
    for name, default in DEFAULTS.items():
        text = (given or {}).get(name) or os.environ.get(ENV[name]) or default
        try:
            rate = Rate.parse(text)
        except SaidError as e:
            problem = e.said if e.said is not None else str(e)
            raise SaidError(
                phrase("{setting}: {problem}", setting=ENV[name], problem=problem)
            ) from None
        if rate is not None:
            out[name] = Buckets(rate, clock)
    return out


class RateLimit:
    def __init__(self, app: ASGIApp, limits: dict[str, Buckets], metrics: Metrics) -> None:
        self.app = app
        self.limits = limits
        self.metrics = metrics

    def _checks(self, scope: Scope) -> list[tuple[str, str]]:
        """(limit, key) pairs that apply to this request."""
        if scope["type"] != "http":
            return []
        path = scope.get("path", "")
        client = (scope.get("client") or ("?", 0))[0]
        if scope.get("method") == "GET":
            return [("read", client)] if _COSTLY_PATH.match(path) else []
        if scope.get("method") != "POST":
            return []
        if path.rstrip("/") == "/tables":
            return [("create", client)]
        if _ACT_PATH.match(path):
            checks = [("act_client", client)]
            # The token the act is made with, as the fast path and the route read it.
            try:
                token = headers(scope).token
            except APIError:  # unreadable (two tokens): refused further on, 400, acting on none
                token = None
            if token is not None:
                checks.append(("act", hashlib.sha256(token.encode()).hexdigest()))
            return checks
        return []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("POST", "GET"):
            await self.app(scope, receive, send)
            return
        applying = [(self.limits[n], n, k) for n, k in self._checks(scope) if n in self.limits]
        if not applying:  # most GETs (the state and legal of play)
            await self.app(scope, receive, send)
            return
        refusing: tuple[Buckets, str, str] | None = None
        if len(applying) == 1:  # the usual case: checked and spent under one lock
            if applying[0][0].take(applying[0][2]) > 0:
                refusing = applying[0]
        else:
            # Every limit is checked before any is spent: a request refused by
            # one limit costs nothing against the others.
            refusing = next((a for a in applying if a[0].wait(a[2]) > 0), None)
            if refusing is None:
                for buckets, _, key in applying:
                    buckets.spend(key)
        if refusing is not None:
            self.metrics.rate_limited.labels(refusing[1]).inc()
            await self._refuse(scope, send, *refusing)
            return
        await self.app(scope, receive, send)

    async def _refuse(
        self, scope: Scope, send: Send, buckets: Buckets, name: str, key: str
    ) -> None:
        # Held up to the wait (a client looping on 429s is slowed), then told
        # what is left of it on the limit's own clock.
        await HOLDING.hold(buckets.wait(key))
        after = max(0, math.ceil(buckets.wait(key)))
        who = "seat token" if name == "act" else "client address"
        detail = f"too many requests from this {who} ({ENV[name]}); retry in {after} s"
        body = problem(429, "rate_limited", detail, instance=scope.get("path"))
        await send_problem(send, body, [(b"retry-after", str(after).encode())])
