"""The cheap HTTP path of play: the operations middlewares in front of FastAPI, the
body limit on chunked bodies, one rate limit checked and spent at once, and the
server's collector tuned at start-up; against a real SQLite store."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import threading
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from services.http import app as api
from services.http.app import GC_THRESHOLD, create_app
from services.http.play_threads import PlayThreads
from services.ledger import WizardLedger
from services.limits import MAX_BODY_BYTES
from tests.services.api_tables import new_table
from tools.served import create_served_app


def chunks(body: bytes, size: int = 1024) -> Iterator[bytes]:
    """A body sent without a Content-Length: chunked transfer encoding."""
    for i in range(0, len(body), size):
        yield body[i : i + size]


def first_legal(client: TestClient, gid: str, seat: int, auth: dict[str, str]) -> Any:
    return client.get(f"/tables/{gid}/legal", params={"seat": seat}, headers=auth).json()[0]


def test_a_chunked_body_over_the_limit_is_refused_and_stores_nothing(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    before = ledger.entries(t.game_id)
    body = msgspec.json.encode({"seat": 0, "command": {"note": "a" * MAX_BODY_BYTES}})
    r = client.post(
        f"/tables/{t.game_id}/act",
        content=chunks(body),
        headers={**t.auth(0), "content-type": "application/json"},
    )
    assert r.status_code == 413
    assert r.json()["code"] == "body_too_large"
    assert ledger.entries(t.game_id) == before


def test_a_chunked_act_within_the_limit_is_played(client: TestClient, ledger: WizardLedger) -> None:
    t = new_table(client)
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    command = first_legal(client, t.game_id, seat, t.auth(seat))
    body = msgspec.json.encode({"seat": seat, "command": command})
    r = client.post(
        f"/tables/{t.game_id}/act",
        content=chunks(body, 7),
        headers={**t.auth(seat), "content-type": "application/json"},
    )
    assert r.status_code == 200, r.text
    stored = {e.position: e.hash for e in ledger.entries(t.game_id)}
    assert all(stored[e["position"]] == e["hash"] for e in r.json()["entries"])


def test_play_requests_carry_a_request_id_and_are_counted_by_route(
    client: TestClient,
) -> None:
    t = new_table(client)
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    r = client.get(f"/tables/{t.game_id}/legal", params={"seat": seat}, headers=t.auth(seat))
    generated = r.headers["x-request-id"]
    assert len(generated) == 32 and int(generated, 16) >= 0
    again = client.get(f"/tables/{t.game_id}/legal", params={"seat": seat}, headers=t.auth(seat))
    assert again.headers["x-request-id"] != generated
    metrics = client.get("/metrics").text
    line = 'wizards_http_requests_total{method="GET",route="/tables/{game_id}/legal",status="200"}'
    assert f"{line} 2.0" in metrics


def test_one_act_limit_alone_is_checked_and_spent_once_per_act(ledger: WizardLedger) -> None:
    now = [0.0]
    app = create_app(ledger, redis="off", rate_limits_given={"act": "2/10"}, clock=lambda: now[0])
    with TestClient(app) as client:
        t = new_table(client)

        def act() -> int:
            body = {"seat": 0, "command": {"type": "Nothing"}}
            return client.post(f"/tables/{t.game_id}/act", json=body, headers=t.auth(0)).status_code

        assert act() != 429
        assert act() != 429
        assert act() == 429  # refused: spends nothing
        now[0] += 5  # one act back, not two
        assert act() != 429
        assert act() == 429


@pytest.fixture
def restored_collector() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_the_served_app_freezes_its_start_up_and_collects_less_often(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, restored_collector: None
) -> None:
    monkeypatch.setenv("WIZARDS_STORE", sqlite_url)
    monkeypatch.setenv("WIZARDS_REDIS", "off")
    gc.unfreeze()
    with TestClient(create_served_app()) as client:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == GC_THRESHOLD
        t = new_table(client)
        assert client.get(f"/tables/{t.game_id}/state").status_code == 200
        # Composed with the projections as its read models.
        assert client.get("/scoreboard").json()["games"] == []


def test_create_app_leaves_the_collector_alone(
    ledger: WizardLedger, restored_collector: None
) -> None:
    gc.unfreeze()
    threshold = gc.get_threshold()
    with TestClient(api.create_app(ledger, redis="off")):
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == threshold


def test_play_threads_answer_each_job_and_carry_the_callers_context() -> None:
    asyncio.run(_play_threads())


async def _play_threads() -> None:
    threads = PlayThreads(4, name="test")
    request = contextvars.ContextVar("request", default="none")
    request.set("r-1")
    seen = threading.Event()
    release = threading.Event()

    def blocking(i: int) -> tuple[int, str]:
        if i == 0:
            seen.set()
            release.wait(30)  # one job blocks: the others still run on other threads
        return i, request.get()

    def failing() -> None:
        raise ValueError("refused")

    first = asyncio.ensure_future(threads.run(blocking, 0))
    await asyncio.get_running_loop().run_in_executor(None, seen.wait, 30)
    rest = await asyncio.gather(*(threads.run(blocking, i) for i in range(1, 8)))
    assert rest == [(i, "r-1") for i in range(1, 8)]
    release.set()
    assert await first == (0, "r-1")
    with pytest.raises(ValueError, match="refused"):
        await threads.run(failing)
    threads.close()
