"""A real uvicorn server in a thread, and the Server-Sent Events read from it."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.services.api_tables import Table


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
    """The data of the next ``entry`` event of a stream."""
    for kind, data in events:
        if kind == "entry":
            return data
    raise AssertionError("the stream ended without an entry")


def stream_kinds(client: TestClient, t: Table, **kwargs: Any) -> list[tuple[str, dict[str, Any]]]:
    """The whole stream of a finished game (it ends by itself), as (event, data) pairs."""
    with client.stream("GET", f"/tables/{t.game_id}/events", **kwargs) as response:
        assert response.status_code == 200, response.read()
        return list(sse(response))
