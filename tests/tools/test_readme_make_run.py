"""The README's first command, ``make run``, run as written from the checkout: it
serves the web table and the API on the port it is given."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.tools.doc_blocks import ROOT, command_lines
from tests.tools.serving import free_port, wait_answering


def test_make_run_serves_the_web_table_and_the_api(tmp_path: Path) -> None:
    lines = command_lines("README.md", "## The two commands")
    run = next(line for line in lines if line.startswith("make run"))
    command = run.split("#", 1)[0].split()
    assert command == ["make", "run"] and any(line.startswith("make test") for line in lines)
    if Path(sys.executable).parents[1].resolve() != (ROOT / ".venv").resolve():
        pytest.skip("make run serves from the checkout's .venv; these tests run from another")
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WIZARDS_STORE": f"sqlite:///{tmp_path / 'run.db'}"}
    env.pop("WIZARDS_REDIS", None)
    served = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:

        def running() -> bool:
            assert served.poll() is None, served.communicate()[0]
            return True

        wait_answering(base, running, within=120, what="make run did not answer within two minutes")
        lobby = httpx.get(f"{base}/", timeout=10)
        assert lobby.status_code == 200 and "<html" in lobby.text.lower()
        assert httpx.get(f"{base}/docs", timeout=10).status_code == 200
        assert [g["id"] for g in httpx.get(f"{base}/games", timeout=10).json()] != []
    finally:
        os.killpg(served.pid, signal.SIGTERM)
        output = served.communicate(timeout=30)[0]
    assert f"Starting Wizard Ledger on http://127.0.0.1:{port}/" in output
