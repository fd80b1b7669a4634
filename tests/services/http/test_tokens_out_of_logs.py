"""A seat's token stays out of URLs and logs: the live log takes it as a bearer token,
and neither the access log filter nor uvicorn's access log ever writes one; against a
real SQLite store."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from services.http.app import ACCESS_LOG_FILTER, create_app
from services.ledger import WizardLedger
from tests.services.api_tables import finished_table, new_table
from tests.services.live_server import LiveServer, stream_kinds
from tests.services.playing import play


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
