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
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.concurrency import run_in_threadpool

router = APIRouter(tags=["service"])


@router.get("/healthz", summary="Liveness: the process answers")
async def healthz() -> dict[str, Any]:
    return {"ok": True}


def _store_check(request: Request) -> dict[str, Any]:
    ledger = request.app.state.ledger
    try:
        heads = ledger.shards.heads()
    except Exception as e:  # any driver error means "not reachable now"
        return {"ok": False, "error": f"{type(e).__name__}: {e}"[:300]}
    check = {
        "ok": True,
        "kind": ledger.url.split("://", 1)[0],
        "notifications": sum(heads.values()),
        "shards": {str(shard): head for shard, head in heads.items()},
    }
    try:
        binding = ledger.binding_status()
    except Exception as e:
        return check | {"ok": False, "error": f"binding: {type(e).__name__}: {e}"[:300]}
    if binding is not None:
        check["binding"] = binding
        if not binding["writes_here"]:
            # Every act here would be refused (503): a balancer should send play elsewhere.
            check |= {"ok": False, "error": "the store is bound to another host's counters file"}
    return check


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
    }
    ready = bool(store["ok"])
    return JSONResponse({"ready": ready, "checks": checks}, status_code=200 if ready else 503)


@router.get("/metrics", summary="Prometheus metrics (text exposition format)")
def metrics(request: Request) -> Response:
    registry = request.app.state.metrics.registry
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
