"""The review part of ``make bench`` runs alone as docs/benchmarks.md shows it, and
prints every export of every long stream beside its goals (figures only)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.slow
def test_bench_review_only_prints_each_export_beside_its_goals() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench", "--review-only", "--quick"],
        capture_output=True,
        text=True,
        timeout=1200,
        check=True,
    ).stdout
    for game in ("ultimate", "spellwars", "orctower"):
        for fmt in ("json", "html"):
            said = next(
                line for line in out.splitlines() if f"{game}: export --format {fmt}" in line
            )
            assert "goal <= 100 MB" in said and "failed" not in said, said
    assert "dispute of the action at" in out and "HTTP" not in out
