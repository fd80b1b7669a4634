"""One reading of a request, whichever path serves it (the play fast path, the FastAPI
routes, the rate limiter): a header or a play parameter that must be one is refused
when it comes twice, and an act's body that is not UTF-8 or nests too deep is a 4xx
problem everywhere; against a real SQLite store.

``?via=route`` (a parameter no route reads) makes the fast path hand a request to its
route, so that each case is answered by both."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from services.limits import MAX_SEAT
from tests.services.api_tables import Table, new_table

PATHS = ("", "?via=route")  # the fast path, then the route


def _with(url: str, via: str) -> str:
    return url + (via if "?" not in url else via.replace("?", "&"))


def _refused(answer: Any, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = answer.json()
    assert body["code"] == code and body["status"] == status
    return body


def _mover(client: TestClient, t: Table) -> tuple[int, dict[str, Any]]:
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    command = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()[0]
    return seat, command


def test_two_authorization_headers_are_refused_on_every_path(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    seat, command = _mover(client, t)
    # A junk token first and the seat's own last: whichever a reader took, it would
    # act or read as someone; the request is refused instead.
    two = [("authorization", "Bearer junk"), *t.auth(seat).items()]
    before = len(ledger.entries(t.game_id))
    answers = []
    for via in PATHS:
        for method, url in (
            ("POST", f"/tables/{t.game_id}/act"),
            ("GET", f"/tables/{t.game_id}/legal?seat={seat}"),
            ("GET", f"/tables/{t.game_id}/state?seat={seat}"),
            ("GET", f"/tables/{t.game_id}/events"),
            ("GET", f"/tables/{t.game_id}/log"),
        ):
            body = {"seat": seat, "command": command} if method == "POST" else None
            r = client.request(method, _with(url, via), json=body, headers=two)
            problem = _refused(r, 400, "duplicate_header")
            assert "Authorization" in problem["detail"]
            answers.append(problem)
    assert len({a["detail"] for a in answers}) == 1
    assert len(ledger.entries(t.game_id)) == before  # nothing acted
    keys = [("idempotency-key", "a"), ("idempotency-key", "b"), *t.auth(seat).items()]
    for via in PATHS:
        r = client.post(
            _with(f"/tables/{t.game_id}/act", via),
            json={"seat": seat, "command": command},
            headers=keys,
        )
        assert "Idempotency-Key" in _refused(r, 400, "duplicate_header")["detail"]
    assert len(ledger.entries(t.game_id)) == before


def test_the_act_limit_counts_the_token_the_act_is_made_with(ledger: WizardLedger) -> None:
    app = create_app(ledger, redis="off", rate_limits_given={"act": "1/600"}, clock=lambda: 0.0)
    with TestClient(app) as client:
        t = new_table(client)
        seat, command = _mover(client, t)
        url = f"/tables/{t.game_id}/act"
        assert client.post(url, json={"seat": seat, "command": command}, headers=t.auth(seat))
        # The seat's bucket is empty: a junk token in front of its own gains nothing.
        two = [("authorization", "Bearer junk"), *t.auth(seat).items()]
        for via in PATHS:
            r = client.post(_with(url, via), json={"seat": seat, "command": command}, headers=two)
            _refused(r, 400, "duplicate_header")
        r = client.post(url, json={"seat": seat, "command": command}, headers=t.auth(seat))
        _refused(r, 429, "rate_limited")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"seat": %d, "command": {"type": "Dr\xffaw"}}', 400, "unparseable_body"),
        (b'{"seat": %d, "command": {"x": ' + b"[" * 1000 + b"]" * 1000 + b"}}", 422, ""),
        (b'{"seat": %d, "command": {"x": ' + b"[" * 40 + b"]" * 40 + b"}}", 422, ""),
        (b'{"seat": %d, "command": {"type": "Draw"}', 400, "unparseable_body"),
    ],
    ids=["not-utf8", "nested-1000", "nested-40", "not-json"],
)
def test_an_act_body_that_cannot_be_read_is_the_same_problem_on_every_path(
    client: TestClient, ledger: WizardLedger, body: bytes, status: int, code: str
) -> None:
    t = new_table(client)
    seat, _ = _mover(client, t)
    before = len(ledger.entries(t.game_id))
    answers = []
    for via in PATHS:
        r = client.post(
            _with(f"/tables/{t.game_id}/act", via),
            content=body % seat,
            headers={**t.auth(seat), "content-type": "application/json"},
        )
        problem = _refused(r, status, code or "malformed_request")
        if status == 422:
            assert "nested" in problem["detail"] and problem["rule"] == "kernel.malformed"
        answers.append(dict(problem, instance=None))
    assert answers[0] == answers[1]
    assert len(ledger.entries(t.game_id)) == before


def test_an_act_that_is_not_json_by_its_content_type_is_refused_on_every_path(
    client: TestClient,
) -> None:
    t = new_table(client)
    seat, _ = _mover(client, t)
    for via in PATHS:
        for headers in ({"content-type": "text/plain"}, {}):
            r = client.post(
                _with(f"/tables/{t.game_id}/act", via),
                content=b'{"seat": %d, "command": {"type": "Draw"}}' % seat,
                headers={**t.auth(seat), **headers},
            )
            assert "Content-Type" in _refused(r, 422, "malformed_request")["detail"]


def test_a_play_parameter_given_twice_is_refused_on_every_path(client: TestClient) -> None:
    t = new_table(client)
    seat, _ = _mover(client, t)
    for via in PATHS:
        for url in (
            f"/tables/{t.game_id}/legal?seat={seat}&seat={1 - seat}",
            f"/tables/{t.game_id}/state?at=1&at=2",
            f"/tables/{t.game_id}/events?after=0&after=1",
        ):
            for _ in range(2):  # refused again: a query's reading is kept only when good
                r = client.get(_with(url, via), headers=t.auth(seat))
                assert _refused(r, 400, "duplicate_parameter")["detail"].startswith("the query")


def test_each_seat_asking_again_is_answered_for_its_own_seat(client: TestClient) -> None:
    t = new_table(client)
    seat, _ = _mover(client, t)
    answers = {}
    for asking in (seat, 1 - seat, seat, 1 - seat):
        r = client.get(f"/tables/{t.game_id}/state?seat={asking}", headers=t.auth(asking))
        assert r.status_code == 200 and r.headers["x-wizards-seat"] == str(asking)
        assert answers.setdefault(asking, r.json()) == r.json()
    assert answers[seat] != answers[1 - seat]  # each sees its own hand


def test_a_seat_beyond_its_bound_is_malformed_on_every_path(client: TestClient) -> None:
    t = new_table(client)
    for via in PATHS:
        for url in (
            f"/tables/{t.game_id}/state?seat={MAX_SEAT + 1}",
            f"/tables/{t.game_id}/legal?seat={MAX_SEAT + 1}",
            f"/tables/{t.game_id}/state?seat=-1",
            f"/tables/{t.game_id}/state?at=0",
        ):
            r = client.get(_with(url, via), headers=t.auth(0))
            assert _refused(r, 422, "malformed_request")["rule"] == "kernel.malformed"
