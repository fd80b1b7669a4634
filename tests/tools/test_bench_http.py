"""The HTTP load test of ``make bench`` counts only what the store really holds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.bench_http import bench_play, run_load


@pytest.mark.parametrize("protocol", ["legacy", "one"])
def test_the_load_test_checks_every_acknowledged_act_against_the_store(
    tmp_path: Path, protocol: str
) -> None:
    result = run_load(
        protocol,
        f"sqlite:///{tmp_path / 'load.db'}",
        games=6,
        commands=60,
        protocol=protocol,
        log=tmp_path / "serve.log",
    )
    assert result.errors == []
    assert result.commands == 60 == len(result.act_latencies)
    assert sum(len(a) for a in result.acked.values()) > result.commands
    assert result.stored_ok and result.verify_ok
    if protocol == "one":
        assert result.requests < 2 * result.commands  # the act's answer says what follows


@pytest.mark.slow
def test_make_bench_quick_runs_as_the_readme_shows() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench", "--quick"],
        capture_output=True,
        text=True,
        timeout=1800,
        check=True,
    ).stdout
    assert "commands/s" in out and "acknowledged = stored" in out and "NO" not in out


def test_the_play_load_alone_prints_each_run_then_the_medians(tmp_path: Path) -> None:
    lines: list[tuple[str, str]] = []
    results = bench_play(
        tmp_path, lambda name, value: lines.append((name, value)), runs=2, commands=30
    )
    assert [r.commands for r in results] == [30, 30]
    assert all(r.stored_ok and r.verify_ok and not r.errors for r in results)
    names = [name for name, _ in lines]
    assert "SQLite, 1 process, one, run 1: server CPU per command" in names
    assert "SQLite, 1 process, one, run 2: server CPU per command" in names
    name, value = lines[-1]
    assert name == "SQLite, 1 process, one: medians of 2 runs"
    assert "commands/s (goal: 2,000 at least)" in value
    assert "server CPU per command" in value and "(goal: 0.5 ms at most)" in value
