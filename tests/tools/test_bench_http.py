"""The HTTP load test of ``make bench`` counts only what the store really holds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.bench_http import run_load


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
