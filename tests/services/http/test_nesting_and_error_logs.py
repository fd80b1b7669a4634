"""A TOML text nested thousands deep is refused by name before it is parsed (``POST
/toml``, a layout inside a table's data or setup), and whatever error the service
still meets is answered as a problem and logged once, bounded: no plain-text 500,
no traceback of thousands of frames per request."""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from domain.kernel.phrases import plain
from domain.kernel.toml_text import MAX_DEPTH, nesting_problem, read_toml
from services.http.app import create_app
from services.http.logs import JsonFormatter, RequestIdFilter, log_config
from services.ledger import WizardLedger
from services.reads.positions import as_toml
from tests.services.api_tables import new_table

DEEP = "x = " + "[" * 3000 + "]" * 3000
# A serve log line, whatever it carries, stays far below what one traceback of a
# deep recursion was (about 200 KB).
MAX_LINE = 16_384


def _recurse(n: int) -> None:
    _recurse(n + 1)


def _deep_error() -> RecursionError:
    try:
        _recurse(0)
    except RecursionError as e:
        return e
    raise AssertionError("no recursion error")


@pytest.fixture
def serve_log() -> Iterator[io.StringIO]:
    """The root logger writing as ``wizards serve`` writes (its formatter and filter)."""
    config = log_config()
    assert config["formatters"]["json"]["()"] is JsonFormatter
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield out
    finally:
        root.removeHandler(handler)


def _problem(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = r.json()
    assert body["code"] == code
    return body


def test_a_toml_file_nested_thousands_deep_is_refused_by_name(client: TestClient) -> None:
    for text in (DEEP, "x = " + "{a = " * 3000 + "1" + "}" * 3000, "x = " + "[" * 33):
        r = client.post("/toml", content=text, headers={"content-type": "text/plain"})
        body = _problem(r, 422, "bad_toml")
        assert body["detail"] == f"the file: line 1: nested more than {MAX_DEPTH} levels deep"
    shallow = "x = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH
    r = client.post("/toml", content=shallow, headers={"content-type": "text/plain"})
    assert r.status_code == 200


def test_a_layout_nested_thousands_deep_in_a_table_file_is_a_setup_error(
    client: TestClient,
) -> None:
    for key in ("data", "setup"):
        r = client.post(
            "/tables", json={"game": "elfenwizards", "players": 3, key: {"layout": DEEP}}
        )
        assert "nested more than 32 levels deep" in _problem(r, 422, "bad_setup")["detail"]


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    text = (
        'a = """x[[[[""""\n'
        "b = 'y[[[['\n"
        'c = "[[[[\\"[["  # [[[[[\n'
        "d = '''p[[[['''''\n"
        "e = [[1, 2], [3]]\n"
        "[[f]]\n"
        "g = {h = {i = [1]}}\n"
    )
    assert nesting_problem(text, 3) is None
    assert plain(nesting_problem(text, 2) or "") == "line 7: nested more than 2 levels deep"
    assert read_toml(text)["a"] == 'x[[[["'


def test_every_position_written_as_toml_reads_back(ledger: WizardLedger) -> None:
    """The bound leaves every file the service writes readable (positions of each game)."""
    from domain.games import all_games
    from services.reads.positions import position_json

    for game in all_games():
        players = max(game.spec.min_players, 3 if game.spec.id == "elfenwizards" else 2)
        gid = ledger.create_game(game.spec.id, players, seed="toml").game_id
        position = position_json(ledger, gid, whole=True)
        assert read_toml(as_toml(position)) == json.loads(json.dumps(position["setup"]))


class _FailingLedger(WizardLedger):
    """A real ledger whose reads of one game fail deep inside, as a fault of ours would."""

    failing: UUID | None = None

    def load(self, gid: Any, *args: Any, **kwargs: Any) -> Any:
        if gid == self.failing:
            raise _deep_error()
        return super().load(gid, *args, **kwargs)


def test_an_error_the_service_meets_is_a_problem_and_one_bounded_log_line(
    sqlite_url: str, serve_log: io.StringIO
) -> None:
    ledger = _FailingLedger(sqlite_url)
    app = create_app(ledger, redis="off")

    def boom() -> None:  # a route of FastAPI's failing deep inside
        raise _deep_error()

    app.add_api_route("/boom", boom)
    with TestClient(app, raise_server_exceptions=False) as client:
        t = new_table(client)
        ledger.failing = UUID(t.game_id)
        answers = [
            client.get("/boom"),
            client.get(f"/tables/{t.game_id}/state"),  # the play fast path
            client.get(f"/tables/{t.game_id}/log"),  # a route
        ]
        # Said in the language asked, by a route and by the play fast path alike.
        french = [
            client.get("/boom", headers={"Accept-Language": "fr"}),
            client.get(f"/tables/{t.game_id}/state?lang=fr"),
        ]
    for r in french:
        detail = _problem(r, 500, "internal_error")["detail"]
        assert detail.startswith("le service a échoué sur cette requête ; son journal dit pourquoi")
        assert detail.endswith(f"(requête n° {r.headers['x-request-id']})")
    for r in answers:
        body = _problem(r, 500, "internal_error")
        rid = r.headers["x-request-id"]
        assert body["detail"].endswith(f"(request id {rid})")
        assert "recursion" not in r.text  # nothing of the error itself
        lines = [json.loads(x) for x in serve_log.getvalue().splitlines()]
        failed = [x for x in lines if x["request_id"] == rid and x["level"] == "error"]
        assert len(failed) == 1, failed  # logged once
        assert "RecursionError: maximum recursion depth exceeded" in failed[0]["message"]
        assert "_recurse" in failed[0]["message"]  # the innermost frames, where it failed
    for line in serve_log.getvalue().splitlines():
        assert len(line) <= MAX_LINE
    ledger.close()


def test_any_record_a_server_writes_is_bounded(serve_log: io.StringIO) -> None:
    log = logging.getLogger("some.library")
    error = _deep_error()
    log.error("failed: %s", "x" * 50_000, exc_info=error, extra={"body": "y" * 50_000})
    log.error("huge", extra={"items": list(range(100_000))})
    lines = serve_log.getvalue().splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert len(first["message"]) < 11_000
    assert first["exc"].endswith("RecursionError: maximum recursion depth exceeded")
    assert first["exc"].startswith("[") and "outer frames left out" in first["exc"]
    for line in lines:
        assert len(line) <= MAX_LINE, len(line)
    assert sys.getrecursionlimit() > 100  # the interpreter was left as it was
