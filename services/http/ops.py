"""Operations: ``/healthz`` (alive), ``/readyz`` (ready to serve), ``/metrics`` (Prometheus).

``/healthz`` answers 200 as long as the process serves HTTP: a supervisor
restarts the process when it does not. ``/readyz`` answers 503 when the store
cannot be reached, or when it is a PostgreSQL store bound to another host's
counters file (every act here would be refused), so a load balancer stops
sending traffic; Redis (with the live fan-out's details: relay, publisher,
polling interval, messages published and relayed) and the projections are
reported but do not make the service unready (live streams fall back to
polling without Redis, and a lagging projection only delays the scoreboard).
These two are the service's only health routes.

``/readyz`` answers anyone (a balancer has no token), so it tells what a balancer
needs and nothing of the host behind it: whether the store is bound and whether
this process's writes are let in, not the counters file's path, the host's name
or the store's own error text (which may name a file, a host or a port); the
error goes to the server's log, and ``wizards store binding`` tells the operator
the rest.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.concurrency import run_in_threadpool

router = APIRouter(tags=["service"])
log = logging.getLogger("wizards.ready")

# What /readyz shows of the store's binding (``host_binding.status``).
SHOWN_BINDING = ("bound", "since", "writes_here", "reads_from_memory")


@router.get("/healthz", summary="Liveness: the process answers")
async def healthz() -> dict[str, Any]:
    return {"ok": True}


def _store_check(request: Request) -> dict[str, Any]:
    ledger = request.app.state.ledger
    try:
        heads = ledger.shards.heads()
    except Exception as e:  # any driver error means "not reachable now"
        return _unready("the store cannot be read", e)
    check = {
        "ok": True,
        "kind": ledger.url.split("://", 1)[0],
        "notifications": sum(heads.values()),
        "shards": {str(shard): head for shard, head in heads.items()},
    }
    try:
        binding = ledger.binding_status()
    except Exception as e:
        return check | _unready("the store's binding cannot be read", e)
    if binding is not None:
        check["binding"] = {k: binding[k] for k in SHOWN_BINDING if k in binding}
        if not binding["writes_here"]:
            # Every act here would be refused (503): a balancer should send play elsewhere.
            check |= {"ok": False, "error": "the store is bound to another host's counters file"}
    return check


def _unready(what: str, error: Exception) -> dict[str, Any]:
    """The check's failure as anyone may read it; its detail in the server's log."""
    log.warning("%s: %s: %s", what, type(error).__name__, error)
    return {"ok": False, "error": f"{what} ({type(error).__name__}; see the server's log)"}


@router.get(
    "/readyz",
    summary="Readiness: the store is reachable (503 otherwise); Redis and projection lag",
    responses={503: {"description": "the store cannot be reached, or refuses this host's writes"}},
)
async def readyz(request: Request) -> JSONResponse:
    store = await run_in_threadpool(_store_check, request)
    live = request.app.state.live
    read_models = request.app.state.read_models  # None: the app serves none
    lag = None
    if store["ok"] and read_models is not None:
        lag = await run_in_threadpool(read_models.lag)
    fan_out = live.status()
    checks = {
        "store": store,
        "redis": {"state": fan_out.pop("redis"), **fan_out},
        "projections": {"lag_events": lag},
        "reads": request.app.state.reads.status(),
    }
    ready = bool(store["ok"])
    return JSONResponse({"ready": ready, "checks": checks}, status_code=200 if ready else 503)


@router.get("/metrics", summary="Prometheus metrics (text exposition format)")
def metrics(request: Request) -> Response:
    registry = request.app.state.metrics.registry
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
