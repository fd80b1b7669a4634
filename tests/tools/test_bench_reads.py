"""The reading part of ``make bench`` runs as the README shows and reads every game's
stream whole: fold from zero and verify, each beside a raw SELECT (figures only)."""

from __future__ import annotations

import subprocess
import sys


def test_bench_reads_only_prints_a_ratio_for_every_game() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench", "--reads-only", "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout
    for game in ("ultimate", "spellwars", "orctower", "elfenwizards"):
        assert f"{game}: fold from zero" in out and f"{game}: verify" in out
    assert out.count("the SELECT's CPU") == 8
    assert "VERIFY FAILED" not in out and "time travel at every depth" in out
