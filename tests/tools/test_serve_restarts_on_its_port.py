"""``wizards serve`` starts again on its port at once after a crash (issue 23, item 6).

A server killed with a client's keep-alive connection still open leaves the
port held by that connection's socket (FIN_WAIT2, then TIME_WAIT, for about a
minute). A listening socket may bind it with ``SO_REUSEADDR``; without it, both
``serve``'s own check of the port and uvicorn's bind failed for that minute.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tools.serving import free_port


def _serve(store: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    wizards = str(Path(sys.executable).with_name("wizards"))
    with log.open("ab") as out:
        return subprocess.Popen(
            [wizards, "--store", store, "serve", "--port", str(port), "--no-access-log"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "WIZARDS_REDIS": "off"},
        )


def _wait_serving(
    proc: subprocess.Popen[bytes], port: int, log: Path
) -> http.client.HTTPConnection:
    """A keep-alive connection that has had one answer from the server."""
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            pytest.fail(f"serve exited with {proc.returncode}: {log.read_text()[-2000:]}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            if response.status == 200:
                return conn
        except OSError:
            conn.close()
        if time.monotonic() > deadline:
            pytest.fail(f"serve did not answer: {log.read_text()[-2000:]}")
        time.sleep(0.2)


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_serve_starts_again_on_its_port_while_a_client_holds_a_connection(
    tmp_path: Path, stop: signal.Signals
) -> None:
    store = f"sqlite:///{tmp_path / 'served.db'}"
    port = free_port()
    log = tmp_path / "serve.log"
    first = _serve(store, port, log)
    held = None
    second = None
    try:
        held = _wait_serving(first, port, log)  # kept open: the client holds its connection
        first.send_signal(stop)
        first.wait(timeout=60)
        second = _serve(store, port, log)
        again = _wait_serving(second, port, log)
        again.close()
        assert second.poll() is None
    finally:
        if held is not None:
            held.close()
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    assert "port_in_use" not in log.read_text()
