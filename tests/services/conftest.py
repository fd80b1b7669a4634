"""Fixtures and helpers for the HTTP API, live streams and projections tests.

The stores, PostgreSQL and Redis fixtures are in ``tests/conftest.py``.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tools.served import ProjectedReadModels

# Short games: one round of five life points.
QUICK = {"rounds_to_win": 1, "round_health": 5}
ATTACKS = ("PlayCard", "PlayCombo", "Decline", "EndTurn")


def pick(commands: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal command, preferring those that move the game on."""
    eager = [c for c in commands if c["type"] in ATTACKS]
    return rng.choice(eager or commands)


def pending_seat(ledger: WizardLedger, gid: Any) -> int | None:
    loaded = ledger.load(gid)
    if loaded.game.outcome(loaded.fold.state) is not None:
        return None
    return int(loaded.fold.state.pending[0].seat)


def play(ledger: WizardLedger, gid: Any, *, actions: int | None = None, seed: int = 0) -> int:
    """Play legal commands straight through the store, to the end or for ``actions``."""
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        loaded = ledger.load(gid)
        if loaded.game.outcome(loaded.fold.state) is not None:
            break
        seat = loaded.fold.state.pending[0].seat
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        ledger.act(gid, seat, pick([msgspec.to_builtins(c) for c in legal], rng))
        done += 1
        assert done < 5000, "the game does not end"
    return done


@dataclass
class Table:
    """A table created through the API, with its seat tokens."""

    game_id: str
    tokens: dict[int, str]

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


def new_table(client: TestClient | httpx.Client, players: int = 2, **body: Any) -> Table:
    r = client.post(
        "/tables", json={"game": "ultimate", "players": players, "options": QUICK, **body}
    )
    assert r.status_code == 201, r.text
    data = r.json()
    return Table(data["game_id"], {s["seat"]: s["token"] for s in data["seats"]})


@pytest.fixture
def ledger(sqlite_url: str) -> Iterator[WizardLedger]:
    the_ledger = WizardLedger(sqlite_url)
    yield the_ledger
    the_ledger.close()


@pytest.fixture
def client(ledger: WizardLedger) -> Iterator[TestClient]:
    """The app with the projections as its read models, as it is served."""
    app = create_app(ledger, read_models=ProjectedReadModels, redis="off", poll_interval=0.1)
    with TestClient(app) as c:
        yield c


class LiveServer:
    """A real uvicorn server in a thread, for streams read over real HTTP."""

    def __init__(self, app: FastAPI) -> None:
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = ""

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def client(self, timeout: float = 60.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)


def sse(response: httpx.Response) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (event, data) pairs of a Server-Sent Events response, as they arrive."""
    kind, data = "message", []
    for line in response.iter_lines():
        if line == "":
            if data:
                yield kind, json.loads("\n".join(data))
            kind, data = "message", []
        elif line.startswith(":"):
            continue  # keep-alive comment
        elif line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


def next_entry(events: Iterator[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    for kind, data in events:
        if kind == "entry":
            return data
    raise AssertionError("the stream ended without an entry")
