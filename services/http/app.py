"""The HTTP app: ``create_app``. The app a server runs, with the projections as its
read models, is built above the services layer (``tools.served``, which says how
to serve it).

The store URL comes from ``WIZARDS_STORE`` and Redis from ``WIZARDS_REDIS``
(see ``services.config``); OpenAPI is at ``/docs``, a small web page at ``/``.
Every operation of the ``wizards`` CLI has a route here (``services.http.tables``),
plus the live log (``services.http.events``) and the read models it is given
(``services.http.read_models``: scoreboard, statistics).
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

from domain.games import all_games
from services.config import redis_url, store_url
from services.http import costly_reads, rate_limits
from services.http import dispute_routes as api_dispute
from services.http import docs as api_docs
from services.http import errors as api_errors
from services.http import events as api_events
from services.http import ops as api_ops
from services.http import pages as api_web
from services.http import position_routes as api_positions
from services.http import read_models as read_models_routes
from services.http import tables as api_tables
from services.http.auth import optional_tokens
from services.http.body_limit import BodyLimit
from services.http.fast import PlayFastPath
from services.http.metrics import Metrics
from services.http.observe import Observe
from services.http.rate_limits import RateLimit
from services.http.read_models import REFRESH_INTERVAL, OpenReadModels, Served
from services.http.read_pool import ReadPool, workers_configured
from services.http.speaking import Speaking
from services.ledger import WizardLedger
from services.live.fanout import Live


class StripQueryStrings(logging.Filter):
    """Drop the query string from the paths in uvicorn's access log records.

    A browser's live stream carries its seat's token as ``?token=`` (EventSource
    cannot send headers), and a log line is read by far more people than the
    token's owner. uvicorn logs ``'%s - "%s %s HTTP/%s" %d'`` with the args
    (client, method, path with query, HTTP version, status); every argument that
    is a path is cut at its "?", wherever uvicorn puts it, so the filter keeps
    working if the format changes. uvicorn percent-encodes a "?" inside the path
    itself, so the first "?" always starts the query.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                a.split("?", 1)[0] if isinstance(a, str) and a.startswith("/") else a
                for a in record.args
            )
        return True


ACCESS_LOG_FILTER = StripQueryStrings()


def install_access_log_filter() -> None:
    """Put the filter on uvicorn's access logger (once: the same instance is not added
    twice, however many apps a process creates). uvicorn's logging configuration
    leaves a logger's filters in place, so the order does not matter."""
    logging.getLogger("uvicorn.access").addFilter(ACCESS_LOG_FILTER)


class WizardsApp(FastAPI):
    """FastAPI entered through the service's own middlewares first (``front``): the
    request id, access line and metrics, the rate limits, the body limit, then the
    play fast path. The requests of play are answered there, without passing
    through FastAPI's and Starlette's own layers (a telemetry look-up in the
    environment, the error and body-limit middlewares, per request); everything
    else goes on into FastAPI (``enter``)."""

    front: Any = None

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = optional_tokens(super().openapi())
        return self.openapi_schema

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and self.front is not None:
            await self.front(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    async def enter(self, scope: Any, receive: Any, send: Any) -> None:
        await super().__call__(scope, receive, send)


# Generation 0 is collected after this many more allocations than frees of
# container objects (Python's default: 700). Requests free almost everything
# they allocate, so a larger threshold costs little memory and makes the full
# collections, which follow every 100 collections of generation 0, rarer.
GC_THRESHOLD = 10_000


def tune_collector() -> None:
    """Load the games, then move everything allocated at start-up (modules, routes,
    schemas) out of the collector's sight, and collect less often.

    Under load a full collection walked all of it each time, stopping every
    request for tens of milliseconds (40-100 ms measured with 50 games under
    way): the tail of the act latency. Objects frozen here live as long as the
    process anyway. The games are imported now rather than by the first table
    created (a pause of its own for the requests under way then)."""
    all_games()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 10, 10)


def create_app(
    ledger: WizardLedger | None = None,
    *,
    read_models: OpenReadModels | None = None,
    redis: str | None = None,
    poll_interval: float = 0.5,
    safety_interval: float = 5.0,
    refresh_interval: float = REFRESH_INTERVAL,
    clock: Callable[[], float] = time.monotonic,
    rate_limits_given: dict[str, str] | None = None,
    read_workers: int | None = None,
    tune_gc: bool = False,
) -> FastAPI:
    """The API over ``ledger`` (default: a ledger on ``WIZARDS_STORE``).

    ``read_models``: opens the read models the app serves (scoreboard,
    statistics) over its ledger, on first use; without it the app serves
    neither (``tools.served`` gives it the projections).
    ``redis``: a Redis URL, or ``"off"``; default ``WIZARDS_REDIS``.
    ``poll_interval``: how often a live stream re-reads the store while the
    Redis relay is not connected; ``safety_interval``: while it is.
    ``refresh_interval``: at most one catch-up of the read models per this many
    seconds is triggered by ``GET /scoreboard`` and ``GET /statistics``.
    ``clock``: the monotonic clock those intervals are measured on (tests pass
    their own, so that no test depends on how fast the machine is).
    ``rate_limits_given``: ``{"create"|"act"|"act_client"|"read": "N/S" or "off"}``,
    over the ``WIZARDS_RATE_*`` variables (``services.http.rate_limits``).
    ``read_workers``: the processes that make the costly reads (exports, logs,
    disputes...; 0: one thread of this process), over ``WIZARDS_READ_WORKERS``
    (``services.http.read_pool``).
    ``tune_gc``: tune the process's garbage collector for a long-running server
    once the app has started (``tune_collector``); the served app does.
    """
    install_access_log_filter()
    owned = ledger is None
    the_ledger = ledger if ledger is not None else WizardLedger(store_url())
    live = Live(redis_url(redis), poll_interval=poll_interval, safety_interval=safety_interval)
    # Attached now, not at startup, so appends wake streams even when the app
    # runs without its lifespan (some test clients); detached at shutdown.
    live.attach(the_ledger)
    served = (
        None if read_models is None else Served(the_ledger, read_models, refresh_interval, clock)
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await live.start()
        app.state.reads.warm(costly_reads.ready)
        if tune_gc:
            tune_collector()
        try:
            yield
        finally:
            live.detach(the_ledger)
            if metrics.on_append in the_ledger.listeners:
                the_ledger.listeners.remove(metrics.on_append)
            await live.stop()
            if served is not None:
                served.close()
            play.threads.close()
            if owned:
                the_ledger.close()

    app = WizardsApp(
        title="Wizard Ledger",
        summary="Event-sourced referee for wizard tabletop games",
        description=(
            "Create a table, act with a seat's token (`Authorization: Bearer <token>`), "
            "read state, legal commands and the log as a seat or a spectator, follow the "
            "live log (SSE), export, verify, and see the scoreboard. Errors are RFC 9457 "
            "problems (`application/problem+json`) with the extension members `code` and "
            "`rule` (the rule citation that refused a command)."
        ),
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # served offline by services.http.docs
        redoc_url=None,
    )
    app.state.ledger = the_ledger
    app.state.live = live
    app.state.read_models = served
    app.state.reads = ReadPool(the_ledger, workers_configured(read_workers))
    metrics = Metrics(the_ledger, lambda: None if served is None else served.lag())
    the_ledger.listeners.append(metrics.on_append)
    app.state.metrics = metrics
    api_errors.install(app)
    # Outermost first: ids and metrics see every answer, the rate limits come
    # before a body is read, the body limit before parsing; the play fast path
    # last, so that limits, ids and metrics see the play requests too.
    play = PlayFastPath(app.enter, the_ledger, live, metrics.streams)
    limits = rate_limits.configured(rate_limits_given, clock)
    # The words of every answer in the language the request asks for.
    spoken = Speaking(BodyLimit(play))
    app.front = Observe(RateLimit(spoken, limits=limits, metrics=metrics), metrics=metrics)
    app.include_router(api_ops.router)
    app.include_router(api_tables.router)
    app.include_router(api_positions.router)
    app.include_router(api_events.router)
    app.include_router(api_web.router)
    api_web.mount_static(app)
    api_docs.install(app)
    app.include_router(api_dispute.router)
    if served is not None:
        app.include_router(read_models_routes.router)
    return app
