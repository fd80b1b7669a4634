"""The read models the app serves (``GET /scoreboard``, ``GET /statistics``), as a
protocol: the services layer does not build them.

Read models are fed from the event log by ``projections``, a layer above
``services``; the app is given a way to open them (``create_app(read_models=...)``,
wired by the composition root ``tools.served``) and opens them on first use
(most requests never need them); a 503 problem while their store cannot be
opened. An app given none serves neither route (nor documents them).

A catch-up with the log writes to the read models' store, and anonymous GETs
ask for one: they are limited to one per ``refresh_interval`` seconds per
process.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Annotated, Any, Protocol

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from services.http.errors import RESPONSES, APIError
from services.http.schemas import ScoreboardOut, StatisticsOut, documented
from services.ledger import WizardLedger

# Seconds between two catch-ups of the read models triggered by GET requests.
REFRESH_INTERVAL = 2.0


class ReadModels(Protocol):
    """What the app reads of its read models."""

    def scoreboard(self, game: str | None, limit: int) -> dict[str, Any]:
        """Players by rating, finished games with winners and scores (``ScoreboardOut``)."""
        ...

    def statistics(self, game: str | None) -> dict[str, Any]:
        """Win rates per seat and per card (``StatisticsOut``)."""
        ...

    def catch_up(self) -> None:
        """Apply what the log holds that the read models have not applied yet."""
        ...

    def lag(self) -> int:
        """Notifications of the log the slowest read model has not applied yet."""
        ...

    def close(self) -> None: ...


class ReadModelsUnavailable(Exception):
    """The read models cannot be opened now (their store cannot be reached): 503."""


# Opens the read models of a ledger's log (may raise ReadModelsUnavailable).
OpenReadModels = Callable[[WizardLedger], ReadModels]


class Served:
    """The app's read models: opened on first use, caught up at most once per
    ``refresh_interval`` seconds of ``clock`` by anonymous reads."""

    def __init__(
        self,
        ledger: WizardLedger,
        open_read_models: OpenReadModels,
        refresh_interval: float = REFRESH_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ledger = ledger
        self.open_read_models = open_read_models
        self.refresh_interval = refresh_interval
        self.clock = clock
        self._opened: ReadModels | None = None
        self._lock = threading.Lock()
        self._refresh_lock = threading.Lock()
        self._refreshed: float | None = None  # the clock at the last catch-up's end

    def get(self) -> ReadModels:
        with self._lock:
            if self._opened is None:
                try:
                    self._opened = self.open_read_models(self.ledger)
                except ReadModelsUnavailable as e:
                    raise APIError(503, "projections_unavailable", str(e)) from None
            return self._opened

    def refresh(self) -> bool:
        """Catch the read models up, unless that was done less than
        ``refresh_interval`` seconds ago; True if it ran.

        Anonymous GETs trigger this, and a catch-up writes to the read models'
        store: without a limit any client could make every request a write.
        Requests arriving during a catch-up wait for it and then serve its result.
        """
        opened = self.get()
        with self._refresh_lock:
            now = self.clock()
            if self._refreshed is not None and now - self._refreshed < self.refresh_interval:
                return False
            opened.catch_up()
            # Counted from the end, so that requests queued behind a long
            # catch-up do not start another one as soon as it is done.
            self._refreshed = self.clock()
            return True

    def lag(self) -> int | None:
        """Notifications the slowest read model has not applied yet (None: unknown)."""
        try:
            return self.get().lag()
        except Exception:  # their store is down: the lag is unknown, not zero
            return None

    def close(self) -> None:
        with self._lock:
            if self._opened is not None:
                self._opened.close()
                self._opened = None


# Module-level: with postponed annotations, Query() in a route's signature is
# evaluated in the module's namespace.
REFRESH_DOC = (
    "catch the projections up with the log first: at most once every "
    f"{REFRESH_INTERVAL:g} s per process (by default), otherwise what is projected is served"
)

router = APIRouter(tags=["scoreboard"])


async def _fresh(request: Request, refresh: bool) -> ReadModels:
    served: Served = request.app.state.read_models
    opened = await run_in_threadpool(served.get)
    if refresh:
        await run_in_threadpool(served.refresh)
    return opened


@router.get(
    "/scoreboard",
    response_model=None,
    responses={**RESPONSES, **documented(ScoreboardOut, "ratings and games")},
)
async def get_scoreboard(
    request: Request,
    game: Annotated[str | None, Query(description="only games of this kind")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    refresh: Annotated[bool, Query(description=REFRESH_DOC)] = True,
) -> dict[str, Any]:
    """Players by rating (openskill Plackett–Luce), finished games with winners and scores.

    With ``refresh`` (the default) the projections are first caught up with
    the log, but at most once every few seconds per process (2 s unless the
    app was created otherwise): a catch-up writes to the projection store,
    and anyone may GET this. Within that interval, or with
    ``refresh=false``, the answer is what is already projected, so a game
    that has just ended may be missing for up to that interval.
    """
    opened = await _fresh(request, refresh)
    return await run_in_threadpool(opened.scoreboard, game, limit)


@router.get(
    "/statistics",
    response_model=None,
    responses={**RESPONSES, **documented(StatisticsOut, "win rates")},
)
async def get_statistics(
    request: Request,
    game: Annotated[str | None, Query(description="only games of this kind")] = None,
    refresh: Annotated[bool, Query(description=REFRESH_DOC)] = True,
) -> dict[str, Any]:
    """Win rates per seat (by game and player count) and per card used, over finished games.

    ``refresh`` works as for ``GET /scoreboard``: the projections are caught
    up at most once every few seconds per process (2 s by default; the limit
    is shared with the scoreboard), otherwise what is projected is served.
    """
    opened = await _fresh(request, refresh)
    return await run_in_threadpool(opened.statistics, game)
