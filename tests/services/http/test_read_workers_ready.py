"""A served app makes its read workers ready when it starts: the worker has the
games imported and the manager of streamed reads is running before the first
costly read, so a fresh server's first replay page does not wait for them
(its first part was made in 0.2 s and answered in 1.4 s)."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from domain.games import get_game
from services.ledger import WizardLedger
from tools.bench_http import Servers, children
from tools.simulation import play_stored

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="Linux /proc")


def test_a_served_app_starts_its_worker_and_the_streams_manager(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    ledger = WizardLedger(url)
    gid = play_stored(ledger, get_game("ultimate"), 2, "ready", stop_after=10)
    ledger.close()
    with Servers(url, 1, tmp_path / "log", env={"WIZARDS_READ_WORKERS": "1"}) as servers:
        server = servers.procs[0].pid
        # Ready (/readyz): the worker, and beside it the manager of streamed reads
        # (and multiprocessing's resource tracker).
        started = children(server)
        base = f"http://127.0.0.1:{servers.ports[0]}"
        part = httpx.get(f"{base}/tables/{gid}/export", params={"format": "json", "to": 5})
        assert part.status_code == 200 and part.json()["positions"] > 5
        # The first streamed read started no process of its own.
        assert children(server) == started
