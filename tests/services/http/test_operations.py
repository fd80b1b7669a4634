"""Operations: liveness and readiness, Prometheus metrics, structured logs with a
request id, configurable rate limits, RFC 9457 problems; against a real SQLite store."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from services.http.app import create_app
from services.http.logs import JsonFormatter, RequestIdFilter
from services.ledger import WizardLedger
from tests.services.api_tables import new_table
from tests.services.playing import pending_seat, play


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def first_legal(client: TestClient, gid: str, seat: int, token: dict[str, str]) -> Any:
    return client.get(f"/tables/{gid}/legal", params={"seat": seat}, headers=token).json()[0]


# ------------------------------------------------------------ health, ready


def test_healthz_and_readyz_when_all_is_well(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    r = client.get("/readyz")
    assert r.status_code == 200
    body = r.json()
    assert body["ready"] is True
    assert body["checks"]["store"]["ok"] is True
    assert body["checks"]["redis"]["state"] == "off"
    assert body["checks"]["projections"]["lag_events"] == 0


def test_readyz_is_503_when_the_store_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}")
    with TestClient(create_app(ledger, redis="off")) as client:
        new_table(client)
        with sqlite3.connect(path) as db:  # the store breaks under the running service
            db.execute("ALTER TABLE stored_events RENAME TO gone")
        r = client.get("/readyz")
        assert r.status_code == 503
        assert r.json()["ready"] is False
        assert r.json()["checks"]["store"]["ok"] is False
        assert client.get("/healthz").status_code == 200  # alive all the same


def test_readyz_reports_projection_lag(client: TestClient) -> None:
    new_table(client)
    new_table(client)
    lag = client.get("/readyz").json()["checks"]["projections"]["lag_events"]
    assert lag is not None and lag > 0
    client.get("/scoreboard")  # catches the projections up
    assert client.get("/readyz").json()["checks"]["projections"]["lag_events"] == 0


def test_an_app_given_no_read_models_serves_and_documents_none(ledger: WizardLedger) -> None:
    with TestClient(create_app(ledger, redis="off")) as client:
        for path in ("/scoreboard", "/statistics"):
            assert client.get(path).status_code == 404
            assert path not in client.get("/openapi.json").json()["paths"]
        ready = client.get("/readyz").json()
        assert ready["ready"] and ready["checks"]["projections"]["lag_events"] is None


def test_readyz_tells_the_live_fan_outs_details(client: TestClient) -> None:
    redis = client.get("/readyz").json()["checks"]["redis"]
    assert redis["state"] == "off" and redis["publisher"] == "off"
    assert {"relay", "poll_seconds", "published", "publish_failures", "relayed"} <= set(redis)


# ------------------------------------------------------------------ metrics


class RacingLedger(WizardLedger):
    """A real ledger whose first decision is overtaken by another writer's append,
    so that its append loses the optimistic-concurrency race once."""

    rival: WizardLedger | None = None

    def __init__(self, url: str) -> None:
        super().__init__(url)
        decide = self.acts.decide

        def overtaken(gid: Any, loaded: Any, seat: int, *args: Any) -> Any:
            decided = decide(gid, loaded, seat, *args)
            rival, self.rival = self.rival, None
            if rival is not None:
                state = rival.load(gid)
                command = state.game.legal_commands(state.fold.state, seat)[0]
                import msgspec

                rival.act(gid, seat, msgspec.to_builtins(command))
            return decided

        self.acts.decide = overtaken  # type: ignore[method-assign]


def test_metrics_count_requests_acts_events_conflicts_and_replays(sqlite_url: str) -> None:
    ledger = RacingLedger(sqlite_url)
    with TestClient(create_app(ledger, redis="off")) as client:
        t = new_table(client)
        seat = pending_seat(ledger, t.game_id)
        assert seat is not None
        command = first_legal(client, t.game_id, seat, t.auth(seat))
        url = f"/tables/{t.game_id}/act"
        body = {"seat": seat, "command": command}
        headers = {**t.auth(seat), "Idempotency-Key": "k1"}
        first = client.post(url, json=body, headers=headers)
        assert first.status_code == 200
        again = client.post(url, json=body, headers=headers)
        assert again.json() == first.json()
        ledger.rival = WizardLedger(sqlite_url)
        seat = pending_seat(ledger, t.game_id)
        assert seat is not None
        command = first_legal(client, t.game_id, seat, t.auth(seat))
        raced = client.post(url, json={"seat": seat, "command": command}, headers=t.auth(seat))
        assert raced.status_code in (200, 409)  # decided again on the rival's new state
        client.get(f"/tables/{t.game_id}/state?at=999999")  # a 422
        m = scrape(client)
    route = (("method", "POST"), ("route", "/tables/{game_id}/act"), ("status", "200"))
    assert m[("wizards_http_requests_total", route)] >= 2
    assert (
        m[
            (
                "wizards_http_requests_total",
                (("method", "POST"), ("route", "/tables"), ("status", "201")),
            )
        ]
        == 1
    )
    bad = (("method", "GET"), ("route", "/tables/{game_id}/state"), ("status", "422"))
    assert m[("wizards_http_requests_total", bad)] == 1
    assert m[("wizards_act_seconds_count", ())] == 3
    assert m[("wizards_act_conflicts_total", ())] == 1
    assert m[("wizards_act_idempotent_replays_total", ())] == 1
    # Decided on the loop: the first act and the raced one's first try. By
    # perform: the retried key, and the race's second decision (a refusal there
    # is worded by the route as it was decided, not decided once more).
    assert m[("wizards_acts_total", (("path", "loop"),))] == 2
    refused = raced.status_code == 409
    assert m[("wizards_acts_total", (("path", "perform"),))] == 2
    # Each write its own transaction here (one client, one at a time): the new
    # game, the first act, the raced act's first try (it lost: rolled back),
    # and its second if it was not refused.
    assert m[("wizards_group_commits_total", ())] == 4 - refused
    assert m[("wizards_group_commit_writes_total", ())] == 4 - refused
    stored = len(ledger.entries(t.game_id))
    rival_events = stored - m[("wizards_appended_events_total", ())]
    assert rival_events >= 1  # the rival's append was made by another ledger, not counted here
    assert m[("wizards_live_streams_open", ())] == 0


def test_a_finished_stream_closes_its_gauge(client: TestClient, ledger: WizardLedger) -> None:

    t = new_table(client)
    play(ledger, t.game_id)
    with client.stream("GET", f"/tables/{t.game_id}/events", params={"after": 0}) as r:
        assert r.status_code == 200
        lines = list(r.iter_lines())
    assert any(line.startswith("event: end") for line in lines)
    assert scrape(client)[("wizards_live_streams_open", ())] == 0


# --------------------------------------------------------------------- logs


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield buffer
    root.removeHandler(handler)
    root.setLevel(old_level)


def test_every_log_line_of_a_request_carries_its_id_and_no_token(
    tmp_path: Path, json_log: io.StringIO
) -> None:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}", snapshot_every=2)
    with TestClient(create_app(ledger, redis="off")) as client:
        t = new_table(client)
        with sqlite3.connect(path) as db:  # a damaged snapshot makes the ledger log a warning
            db.execute("UPDATE stored_snapshots SET state = x'c1'")
        ledger.cache.forget(__import__("uuid").UUID(t.game_id))
        token = t.tokens[0]
        r = client.get(
            f"/tables/{t.game_id}/state",
            params={"seat": 0, "token": token},
            headers={**t.auth(0), "X-Request-ID": "req-42"},
        )
        assert r.status_code == 200
        assert r.headers["x-request-id"] == "req-42"
        other = client.get("/healthz", headers={"X-Request-ID": "bad id with spaces"})
        generated = other.headers["x-request-id"]
        assert generated != "bad id with spaces" and len(generated) == 32
    # The test's own HTTP client (httpx) logs its URLs; the service's lines are the rest.
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    lines = [line for line in lines if not line["logger"].startswith(("httpx", "httpcore"))]
    ours = [line for line in lines if line["request_id"] == "req-42"]
    assert {line["logger"] for line in ours} >= {"wizards.access", "wizards.ledger"}
    access = next(line for line in ours if line["logger"] == "wizards.access")
    assert access["route"] == "/tables/{game_id}/state" and access["status"] == 200
    assert "?" not in access["path"]
    assert all(token not in json.dumps(line) for line in lines)
    assert any(line["request_id"] == generated for line in lines)


# --------------------------------------------------------------- rate limits


def test_creating_tables_is_rate_limited_per_client(ledger: WizardLedger) -> None:
    now = [0.0]
    app = create_app(
        ledger, redis="off", rate_limits_given={"create": "2/60"}, clock=lambda: now[0]
    )
    with TestClient(app) as client:
        new_table(client)
        new_table(client)
        r = client.post("/tables", json={"game": "ultimate", "players": 2})
        assert r.status_code == 429
        assert r.headers["content-type"] == "application/problem+json"
        assert r.json()["code"] == "rate_limited" and int(r.headers["retry-after"]) == 30
        assert len(ledger.game_ids()) == 2  # nothing stored
        now[0] += 30  # one token back
        new_table(client)
        m = scrape(client)
    assert m[("wizards_rate_limited_total", (("limit", "create"),))] == 1


def test_acting_is_rate_limited_per_token_and_per_client(ledger: WizardLedger) -> None:
    now = [0.0]
    app = create_app(
        ledger,
        redis="off",
        rate_limits_given={"act": "2/10", "act_client": "3/10"},
        clock=lambda: now[0],
    )
    with TestClient(app) as client:
        t = new_table(client)

        def act(seat: int) -> Any:
            body = {"seat": seat, "command": {"type": "Nothing"}}
            return client.post(f"/tables/{t.game_id}/act", json=body, headers=t.auth(seat))

        # Refused by the rules or malformed, but not limited:
        assert act(0).status_code != 429
        assert act(0).status_code != 429
        r = act(0)  # that token's two acts per 10 s are spent
        assert r.status_code == 429 and "seat token" in r.json()["detail"]
        assert act(1).status_code != 429  # another seat's token has its own bucket...
        r = act(1)  # ...but the client's three acts per 10 s are spent now
        assert r.status_code == 429 and "client address" in r.json()["detail"]
        now[0] += 10
        assert act(1).status_code != 429
