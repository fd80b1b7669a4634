"""Fixes from the API review, each against a real SQLite store: SSE resume and tokens,
the access log, who may fork, annotations of unknown games, the page's idempotency
keys, and how often an anonymous GET may catch the projections up."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from services.http.app import ACCESS_LOG_FILTER, create_app
from services.ledger import WizardLedger
from tests.services.api_tables import Table, new_table
from tests.services.live_server import LiveServer, next_entry, sse
from tests.services.playing import play
from tools.served import ProjectedReadModels

UNKNOWN = "7f9c1a6e-0000-4000-8000-000000000000"


def stream_kinds(client: TestClient, t: Table, **kwargs: Any) -> list[tuple[str, dict[str, Any]]]:
    """The whole stream of a finished game (it ends by itself), as (event, data) pairs."""
    with client.stream("GET", f"/tables/{t.game_id}/events", **kwargs) as response:
        assert response.status_code == 200, response.read()
        return list(sse(response))


def finished_table(client: TestClient, ledger: WizardLedger, seed: int = 0) -> tuple[Table, int]:
    t = new_table(client)
    play(ledger, t.game_id, seed=seed)
    return t, ledger.load(t.game_id).version


# ------------------------------------------------------------- 1. SSE resume


def test_last_event_id_wins_over_after_so_a_reconnect_does_not_replay(
    client: TestClient, ledger: WizardLedger
) -> None:
    t, head = finished_table(client, ledger)
    # What a browser sends on reconnecting: the URL it was opened with (?after=0)
    # and the id of the last entry it received.
    events = stream_kinds(client, t, params={"after": 0}, headers={"Last-Event-ID": str(head)})
    assert [kind for kind, _ in events] == ["ready", "end"]
    assert events[0][1]["after"] == head

    events = stream_kinds(client, t, params={"after": 0}, headers={"Last-Event-ID": "3"})
    positions = [data["position"] for kind, data in events if kind == "entry"]
    assert positions == list(range(4, head + 1))

    # Without the header, ?after= still serves the first connection.
    events = stream_kinds(client, t, params={"after": head - 2})
    assert [data["position"] for kind, data in events if kind == "entry"] == [head - 1, head]


def test_a_resume_position_past_the_head_is_refused_before_the_stream(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    play(ledger, t.game_id, actions=2)
    head = ledger.load(t.game_id).version
    url = f"/tables/{t.game_id}/events"
    for kwargs in (
        {"params": {"after": head + 1}},
        {"params": {"after": 999999}},
        {"headers": {"Last-Event-ID": str(head + 1)}},
        {"params": {"after": 0}, "headers": {"Last-Event-ID": "999999"}},
    ):
        r = client.get(url, **kwargs)  # type: ignore[arg-type]
        assert r.status_code == 422, kwargs
        body = r.json()
        assert body["code"] == "bad_position" and f"ends at {head}" in body["message"]
    for garbage in ("abc", "-1", "1.5", "²".encode()):
        r = client.get(url, headers={"Last-Event-ID": garbage})
        assert r.status_code == 422 and r.json()["code"] == "bad_position", garbage
    # The head itself is a valid place to resume from (nothing missed).
    t2, head2 = finished_table(client, ledger, seed=1)
    assert [k for k, _ in stream_kinds(client, t2, params={"after": head2})] == ["ready", "end"]


def test_a_browser_style_reconnect_over_real_http_sends_only_what_is_new(
    ledger: WizardLedger,
) -> None:
    app = create_app(ledger, redis="off", poll_interval=0.1)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        url = f"/tables/{t.game_id}/events"
        with c.stream("GET", url, params={"after": 0}) as first:
            events = sse(first)
            seen = next_entry(events)["position"]  # the connection drops after this
        play(ledger, t.game_id, actions=1)
        with c.stream(
            "GET", url, params={"after": 0}, headers={"Last-Event-ID": str(seen)}
        ) as again:
            events = sse(again)
            assert next(events)[1]["after"] == seen
            assert next_entry(events)["position"] == seen + 1


# ------------------------------------------- 2. tokens out of URLs and logs


def test_events_accept_a_bearer_token(client: TestClient, ledger: WizardLedger) -> None:
    t, _ = finished_table(client, ledger)
    kind, ready = stream_kinds(client, t, headers=t.auth(1))[0]
    assert kind == "ready" and ready["seat"] == 1
    # The same token in both places is fine; two different ones are refused.
    both = {"headers": t.auth(0), "params": {"token": t.tokens[0]}}
    assert stream_kinds(client, t, **both)[0][1]["seat"] == 0
    url = f"/tables/{t.game_id}/events"
    r = client.get(url, headers=t.auth(0), params={"token": t.tokens[1]})
    assert r.status_code == 422 and r.json()["code"] == "conflicting_tokens"
    r = client.get(url, headers={"Authorization": "Bearer forged"})
    assert r.status_code == 403 and r.json()["code"] == "not_authorized"


def uvicorn_access_record(path: str) -> logging.LogRecord:
    # As uvicorn's h11/httptools protocols log each request.
    return logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        0,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5050", "GET", path, "1.1", 200),
        None,
    )


def test_the_access_log_filter_strips_query_strings(ledger: WizardLedger) -> None:
    create_app(ledger, redis="off")
    create_app(ledger, redis="off")
    access = logging.getLogger("uvicorn.access")
    assert access.filters.count(ACCESS_LOG_FILTER) == 1  # installed once per process

    record = uvicorn_access_record("/tables/abc/events?after=3&token=s3cret")
    assert access.filter(record)  # every filter on the logger, as Logger.handle applies them
    assert record.getMessage() == '127.0.0.1:5050 - "GET /tables/abc/events HTTP/1.1" 200'
    plain = uvicorn_access_record("/tables/abc/state")
    assert ACCESS_LOG_FILTER.filter(plain)
    assert plain.getMessage() == '127.0.0.1:5050 - "GET /tables/abc/state HTTP/1.1" 200'
    # A "?" inside the path reaches the log percent-encoded, so only the query goes.
    assert ACCESS_LOG_FILTER.filter(odd := uvicorn_access_record("/x%3Fy?token=t"))
    assert "token" not in odd.getMessage() and "/x%3Fy" in odd.getMessage()


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def access_log() -> Iterator[_Collect]:
    logger = logging.getLogger("uvicorn.access")
    handler, level = _Collect(), logger.level
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_no_token_reaches_uvicorns_access_log(ledger: WizardLedger, access_log: _Collect) -> None:
    app = create_app(ledger, redis="off", poll_interval=0.1)
    server = LiveServer(app)  # configures uvicorn's logging: turn the access log on after it
    logger = logging.getLogger("uvicorn.access")
    logger.setLevel(logging.INFO)
    logger.addHandler(access_log)
    with server, server.client() as c:
        t = new_table(c)
        play(ledger, t.game_id)
        with c.stream(
            "GET", f"/tables/{t.game_id}/events", params={"token": t.tokens[0], "after": 1}
        ) as r:
            assert r.status_code == 200
            r.read()
        deadline = time.monotonic() + 60
        while not any("/events" in line for line in access_log.lines):
            assert time.monotonic() < deadline, access_log.lines
            time.sleep(0.02)
    assert not any(t.tokens[0] in line or "token=" in line for line in access_log.lines)
    assert any(f'"GET /tables/{t.game_id}/events HTTP/1.1" 200' in x for x in access_log.lines)


# --------------------------------------------------------------- 3. fork


def test_only_a_player_of_the_game_may_fork_it(client: TestClient, ledger: WizardLedger) -> None:
    t, _ = finished_table(client, ledger)
    stranger, _ = finished_table(client, ledger, seed=1)
    url = f"/tables/{t.game_id}/fork"
    before = len(client.get("/tables").json())

    r = client.post(url, params={"at": 7})
    assert r.status_code == 401 and r.json()["code"] == "token_required"
    assert r.headers["www-authenticate"] == "Bearer"
    for headers in (stranger.auth(0), {"Authorization": "Bearer forged"}):
        r = client.post(url, params={"at": 7}, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "not_authorized"
    assert len(client.get("/tables").json()) == before  # nothing was created

    r = client.post(url, params={"at": 7}, headers=t.auth(1))  # any seat of the game
    assert r.status_code == 201, r.text
    branch = r.json()
    assert client.get(f"/tables/{branch['game_id']}/state").json()["status"] == "running"
    assert client.post(f"/tables/{UNKNOWN}/fork", params={"at": 7}).status_code == 404

    running = new_table(client)
    r = client.post(f"/tables/{running.game_id}/fork", params={"at": 2}, headers=running.auth(0))
    assert r.status_code == 409 and r.json()["code"] == "game_running"


# -------------------------------------------------------- 4. annotations


def test_annotations_of_an_unknown_game_are_404(client: TestClient, ledger: WizardLedger) -> None:
    for game_id in (UNKNOWN, "nope"):
        r = client.get(f"/tables/{game_id}/annotations")
        assert r.status_code == 404 and r.json()["code"] == "game_not_found"
    t = new_table(client)
    assert client.get(f"/tables/{t.game_id}/annotations").json() == []
    ledger.annotate(t.game_id, 1, "opening")
    assert [n["text"] for n in client.get(f"/tables/{t.game_id}/annotations").json()] == ["opening"]


# --------------------------------------------- 6. rate-limited projection refresh


def test_anonymous_reads_catch_the_projections_up_at_most_once_per_interval(
    ledger: WizardLedger,
) -> None:
    def finish_one(seed: int) -> None:
        gid = ledger.create_game("ultimate", ["Ann", "Bob"], options={"rounds_to_win": 1}).game_id
        play(ledger, gid, seed=seed)

    finish_one(0)
    # The app's own clock, moved by hand: the test does not depend on how long
    # playing a game takes on a loaded machine.
    now = [100.0]
    app = create_app(
        ledger,
        read_models=ProjectedReadModels,
        redis="off",
        refresh_interval=0.5,
        clock=lambda: now[0],
    )
    with TestClient(app) as client:
        assert client.get("/scoreboard", params={"refresh": False}).json()["games"] == []
        assert len(client.get("/scoreboard").json()["games"]) == 1
        positions = app.state.read_models.get().projector.positions()

        finish_one(1)
        # Within the interval: what is projected, and nothing written.
        assert len(client.get("/scoreboard").json()["games"]) == 1
        stats = client.get("/statistics").json()
        assert app.state.read_models.get().projector.positions() == positions

        now[0] += 0.6
        assert len(client.get("/scoreboard").json()["games"]) == 2
        assert app.state.read_models.get().projector.positions() != positions
        assert client.get("/statistics").json() != stats  # the limit is shared; data is fresh
