"""The HTTP service: ``uvicorn services.api:create_app --factory`` (``wizards serve``).

The store URL comes from ``WIZARDS_STORE`` and Redis from ``WIZARDS_REDIS``
(see ``services.config``); OpenAPI is at ``/docs``, a small web page at ``/``.
Every operation of the ``wizards`` CLI has a route here (``services.api_tables``),
plus the live log (``services.api_events``) and the scoreboard.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from starlette.concurrency import run_in_threadpool

from projections.runner import Projector
from projections.store import ProjectionStoreError
from services import api_errors, api_events, api_tables, ui
from services.api_errors import APIError
from services.config import redis_url, store_url
from services.ledger import WizardLedger
from services.live import Live


class _Projections:
    """The app's projector, opened on first use (most requests never need it)."""

    def __init__(self, ledger: WizardLedger, url: str | None) -> None:
        self.ledger = ledger
        self.url = url
        self._projector: Projector | None = None
        self._lock = threading.Lock()

    def get(self) -> Projector:
        with self._lock:
            if self._projector is None:
                try:
                    self._projector = Projector(self.ledger, self.url)
                except ProjectionStoreError as e:
                    raise APIError(503, "projections_unavailable", str(e)) from None
            return self._projector

    def close(self) -> None:
        with self._lock:
            if self._projector is not None:
                self._projector.close()
                self._projector = None


def create_app(
    ledger: WizardLedger | None = None,
    *,
    redis: str | None = None,
    projections_url: str | None = None,
    poll_interval: float = 0.5,
    safety_interval: float = 5.0,
) -> FastAPI:
    """The API over ``ledger`` (default: a ledger on ``WIZARDS_STORE``).

    ``redis``: a Redis URL, or ``"off"``; default ``WIZARDS_REDIS``.
    ``projections_url``: where the scoreboard lives; default beside the events.
    ``poll_interval``: how often a live stream re-reads the store while the
    Redis relay is not connected; ``safety_interval``: while it is.
    """
    owned = ledger is None
    the_ledger = ledger if ledger is not None else WizardLedger(store_url())
    live = Live(redis_url(redis), poll_interval=poll_interval, safety_interval=safety_interval)
    # Attached now, not at startup, so appends wake streams even when the app
    # runs without its lifespan (some test clients); detached at shutdown.
    live.attach(the_ledger)
    projections = _Projections(the_ledger, projections_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await live.start()
        try:
            yield
        finally:
            live.detach(the_ledger)
            await live.stop()
            projections.close()
            if owned:
                the_ledger.close()

    app = FastAPI(
        title="Wizard Ledger",
        summary="Event-sourced referee for wizard tabletop games",
        description=(
            "Create a table, act with a seat's token (`Authorization: Bearer <token>`), "
            "read state, legal commands and the log as a seat or a spectator, follow the "
            "live log (SSE), export, verify, and see the scoreboard. Errors are "
            '`{"code", "rule", "message"}`.'
        ),
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.ledger = the_ledger
    app.state.live = live
    app.state.projections = projections
    api_errors.install(app)
    app.include_router(api_tables.router)
    app.include_router(api_events.router)
    app.include_router(ui.router)

    @app.get("/scoreboard", tags=["scoreboard"], responses=api_errors.RESPONSES)
    async def get_scoreboard(
        request: Request,
        game: Annotated[str | None, Query(description="only games of this kind")] = None,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        refresh: Annotated[
            bool, Query(description="catch the projections up with the log first")
        ] = True,
    ) -> dict[str, Any]:
        """Players by Elo rating (wins, games) and finished games with winners and scores."""
        projector = await run_in_threadpool(projections.get)
        if refresh:
            await run_in_threadpool(projector.run)
        return await run_in_threadpool(lambda: projector.scoreboard_json(game=game, limit=limit))

    @app.get("/statistics", tags=["scoreboard"], responses=api_errors.RESPONSES)
    async def get_statistics(
        game: Annotated[str | None, Query(description="only games of this kind")] = None,
        refresh: Annotated[
            bool, Query(description="catch the projections up with the log first")
        ] = True,
    ) -> dict[str, Any]:
        """Win rates per seat (by game and player count) and per card used, over finished games."""
        projector = await run_in_threadpool(projections.get)
        if refresh:
            await run_in_threadpool(projector.run)
        return await run_in_threadpool(lambda: projector.statistics_json(game=game))

    @app.get("/health", tags=["service"])
    def health() -> dict[str, Any]:
        """Store reachable? Live fan-out through Redis, or polling?"""
        return {
            "ok": True,
            "store": the_ledger.url.split("://", 1)[0],
            "notifications": the_ledger.recorder.max_notification_id() or 0,
            "live": live.status(),
        }

    return app
