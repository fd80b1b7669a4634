"""The costly reads' worker processes run below the server's CPU priority, as
`WIZARDS_READ_NICE` says (docs/operations.md): nice 19 by default, or Linux's idle
class with `idle`, which play preempts at once. Seen as `ps` sees them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.bench_http import Servers, children

pytestmark = pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux scheduling classes")


def _workers(tmp_path: Path, nice: str) -> list[tuple[int, int]]:
    """(scheduling policy, nice) of each process a server started, with its reads started."""
    with Servers(
        f"sqlite:///{tmp_path / 'w.db'}",
        1,
        tmp_path / "log",
        env={"WIZARDS_READ_NICE": nice, "WIZARDS_READ_WORKERS": "1"},
    ) as servers:
        server = servers.procs[0].pid
        return [
            (os.sched_getscheduler(child), os.getpriority(os.PRIO_PROCESS, child))
            for child in children(server)
        ]


def test_a_read_worker_runs_at_nice_19_by_default(tmp_path: Path) -> None:
    server_nice = os.getpriority(os.PRIO_PROCESS, 0)
    seen = _workers(tmp_path, "")
    assert (os.SCHED_OTHER, min(19, server_nice + 19)) in seen, seen


def test_idle_puts_a_read_worker_in_the_idle_class(tmp_path: Path) -> None:
    seen = _workers(tmp_path, "idle")
    assert (os.SCHED_IDLE, 19) in seen, seen


def test_a_mistyped_priority_is_refused_at_start(tmp_path: Path) -> None:
    import subprocess
    import sys

    wizards = Path(sys.executable).with_name("wizards")
    done = subprocess.run(
        [str(wizards), "serve", "--port", "0"],
        env={
            **os.environ,
            "WIZARDS_READ_NICE": "lowest",
            "WIZARDS_STORE": f"sqlite:///{tmp_path / 'x.db'}",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "WIZARDS_READ_NICE='lowest'" in done.stderr and "idle" in done.stderr
