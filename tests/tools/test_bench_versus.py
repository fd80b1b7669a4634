"""The bench's section of our play beside boardgame.io's server: what it reads of the
load's output, what it prints, that it skips (saying why) rather than crash, and a
tiny run against boardgame.io where the bench has installed it."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from tools import bench_versus
from tools.bench_versus import Side, median_side, parse_load, print_versus


def test_the_loads_line_of_json_is_read_into_its_figures() -> None:
    out = "INFO: something first\n" + json.dumps(
        {"moves": 600, "games": 50, "seconds": 2.0, "p50_ms": 3.5, "p99_ms": 41.0, "errors": []}
    )
    side = parse_load("boardgame.io in memory", out)
    side.server_cpu = 0.3
    assert (side.moves, side.rate, side.p99_ms, side.errors) == (600, 300.0, 41.0, [])
    assert side.cpu_ms == pytest.approx(0.5)


def test_a_load_that_says_no_json_is_an_error_not_a_crash() -> None:
    assert parse_load("x", "").errors == ["the load said nothing"]
    side = parse_load("x", "Error: connect ECONNREFUSED")
    assert side.moves == 0 and "ECONNREFUSED" in side.errors[0]
    assert math.isnan(parse_load("x", json.dumps({"moves": 0, "seconds": 0})).p99_ms)


def test_each_side_is_printed_and_ours_is_set_beside_each_of_theirs() -> None:
    ours = Side("Wizard Ledger, SQLite, one", moves=3000, seconds=1.0, p99_ms=20.0)
    ours.server_cpu = 0.9  # 0.3 ms a move
    memory = Side("boardgame.io in memory", moves=3000, seconds=2.0, p99_ms=40.0)
    memory.server_cpu = 1.8
    flat = Side("boardgame.io FlatFile", moves=3000, seconds=6.0, p99_ms=80.0, errors=["late"])
    flat.server_cpu = 3.0
    lines: dict[str, str] = {}
    print_versus(ours, [memory, flat], lines.__setitem__)
    assert lines["Wizard Ledger, SQLite, one: moves/s"] == (
        "3,000 (3000 moves); server CPU per move 0.30 ms; p99 20.0 ms"
    )
    assert lines["boardgame.io FlatFile: moves/s"].endswith("1 errors, first: late")
    assert lines["ours / boardgame.io in memory"] == (
        "moves/s 2.00x, server CPU per move 0.50x, p99 0.50x (issue 25's goal: moves/s at least 1x)"
    )
    assert lines["ours / boardgame.io FlatFile"].startswith(
        "moves/s 6.00x, server CPU per move 0.30x"
    )


def test_the_rounds_give_the_median_of_each_figure() -> None:
    rounds = [
        Side("b", moves=100, seconds=1.0, p99_ms=10.0, server_cpu=0.01),  # 100/s, 0.1 ms
        Side("b", moves=100, seconds=0.5, p99_ms=30.0, server_cpu=0.03),  # 200/s, 0.3 ms
        Side("b", moves=100, seconds=0.25, p99_ms=20.0, server_cpu=0.02, errors=["e"]),
    ]
    side = median_side(rounds)
    assert side.moves == 300 and side.errors == ["e"]
    assert side.rate == pytest.approx(200.0)
    assert side.cpu_ms == pytest.approx(0.2)
    assert side.p99_ms == 20.0


def test_without_node_the_section_says_why_and_is_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_versus.shutil, "which", lambda name: None)
    lines: dict[str, str] = {}
    bench_versus.bench_versus(tmp_path, lines.__setitem__, quick=True)
    assert lines == {"boardgame.io": "skipped: node is not installed"}
    assert "versus:" in capsys.readouterr().out


def test_a_failed_install_is_said_and_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # An npm that fails as an unreachable registry does, in a cache of the test's own.
    fake = tmp_path / "bin"
    fake.mkdir()
    npm = fake / "npm"
    npm.write_text("#!/bin/sh\necho 'npm error network request failed' >&2\nexit 1\n")
    npm.chmod(0o755)
    node = shutil.which("node") or "/bin/true"
    (fake / "node").symlink_to(node)
    monkeypatch.setenv("PATH", str(fake))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    lines: dict[str, str] = {}
    bench_versus.bench_versus(tmp_path, lines.__setitem__, quick=True)
    assert lines == {"boardgame.io": "skipped: npm ci failed: npm error network request failed"}


def test_a_tiny_run_of_boardgameio_where_the_bench_installed_it(tmp_path: Path) -> None:
    modules, why = bench_versus.installed(install=False)  # never installs at test time
    if modules is None:
        pytest.skip(f"no boardgame.io to run against: {why}")
    for storage in ("memory", "flatfile"):
        side = bench_versus.run_boardgameio(modules, storage, 12, tmp_path, seed=1, games=2)
        assert side.errors == []
        assert side.moves == 12 and side.rate > 0 and side.server_cpu > 0
        assert side.p99_ms > 0


def test_a_server_that_cannot_start_is_an_error_of_its_side(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    nothing = tmp_path / "node_modules"  # boardgame.io is not there
    nothing.mkdir()
    side = bench_versus.run_boardgameio(nothing, "memory", 4, tmp_path, seed=1, games=1)
    assert side.moves == 0
    assert side.errors[0].startswith("the server did not start:")
    assert "boardgame.io/server" in side.errors[0]
