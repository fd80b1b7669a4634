"""A ``wizards serve`` (or ``make run``) process started by a test: a free port for it,
and waiting until it answers."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_answering(
    base: str,
    alive: Callable[[], bool],
    *,
    within: float = 60,
    what: str = "serve did not start",
) -> None:
    """Until ``GET {base}/healthz`` answers 200; ``alive()`` says (or asserts) at each
    turn that the server process still runs."""
    deadline = time.monotonic() + within
    while True:
        assert alive(), f"{what}: the server stopped"
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, what
        time.sleep(0.2)
