"""``make bench``, review part: the referee's tools on long streams (issue 25) —
a dispute, a diff and verify, and each export (JSON, Markdown, HTML: its time,
size and the peak memory of its process) — each beside its goal and beside a
baseline revision's code measured in the same run on the same store.

Each side runs in a process of its own (``tools/bench_review_probe.py``: the
baseline's code is put first on the path), so neither warms the other's caches.
Each side's modules are compiled to bytecode first: where the environment says
``PYTHONDONTWRITEBYTECODE`` (this machine's does), a module whose bytecode is
missing or stale (the baseline's, extracted from git; any file changed since the
last install) would be compiled again in every probe, inside the export's time
for those it imports on the way (some 0.1 s of a Spell Wars export).
Prints figures; asserts nothing about time (tests never do).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domain.kernel import ActionTaken
from services.ledger import WizardLedger

Line = Callable[[str, str], None]
PROBE = Path(__file__).with_name("bench_review_probe.py")
CODE = Path(__file__).resolve().parents[1]  # this code's root
PACKAGES = ("domain", "services", "projections", "tools")

# Issue 25's goals, for a 10,000-event game.
GOALS = {
    "dispute_ms": 100.0,
    "dispute_middle_ms": 100.0,
    "diff_ms": 50.0,
    "verify_ms": 1000.0,
}
EXPORT_GOALS = {"json": (1.0, 2.0), "md": (1.0, None), "html": (2.0, 3.0)}  # (s, MB)
PEAK_GOAL_MB = 100.0


def _probe(url: str, gid: str, what: str, at: int, root: Path | None, cwd: Path) -> dict[str, Any]:
    """The figures of one probe, run by this code or by the baseline's at ``root``."""
    env = dict(os.environ, WIZARDS_REDIS="")
    if root is not None:
        env["PYTHONPATH"] = str(root)
    done = subprocess.run(
        [sys.executable, "-c", PROBE.read_text(encoding="utf-8"), url, gid, what, str(at)],
        env=env,
        cwd=root or cwd,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr else "failed"}
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _compiled(root: Path) -> None:
    """The bytecode of the code at ``root`` written, as an install writes it."""
    packages = [str(root / p) for p in PACKAGES if (root / p).is_dir()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=False)


def against_goal(value: float, goal: float | None, unit: str) -> str:
    if goal is None:
        return ""
    return f"; goal <= {goal:g} {unit}: {'met' if value <= goal else 'NOT met'}"


def _said(figures: dict[str, Any], key: str, unit: str, scale: float = 1.0) -> str:
    if "error" in figures:
        return f"failed ({figures['error']})"
    return f"{figures[key] * scale:,.1f} {unit}"


def bench_review(
    streams: list[tuple[str, str]],
    line: Line,
    *,
    baseline: tuple[str, Path] | None,
    cwd: Path,
) -> None:
    """``streams``: (label, store URL) of long streams, one game each; the first is
    also measured on the baseline's code."""
    print("review: the referee's tools and exports on long streams (a process each)")
    _compiled(CODE)
    if baseline is not None:
        _compiled(baseline[1])
    for k, (label, url) in enumerate(streams):
        ledger = WizardLedger(url, snapshot_every=100)
        gid = str(ledger.game_ids()[0])
        total = ledger.load(gid).version
        tail = ledger.entries(gid, gt=max(1, total - 200))
        at = next(e.position for e in tail if isinstance(e.event, ActionTaken))
        ledger.close()
        sides: list[tuple[str, Path | None]] = [("now", None)]
        if baseline is not None and k == 0:
            sides.append((baseline[0], baseline[1]))
        tools = {name: _probe(url, gid, "tools", at, root, cwd) for name, root in sides}
        names = {
            "dispute_ms": f"dispute of the action at #{at}",
            "dispute_middle_ms": f"dispute of the action at #{total // 2}",
            "diff_ms": f"diff of #{total // 2} and #{total}",
            "verify_ms": "verify (chain, re-decide every action)",
        }
        for key, name in names.items():
            now = tools["now"]
            said = _said(now, key, "ms")
            if "error" not in now:
                said += against_goal(now[key], GOALS[key], "ms")
            for side, figures in tools.items():
                if side != "now":
                    said += f"; baseline {side}: {_said(figures, key, 'ms')}"
            line(f"{label} ({total:,} events): {name}", said)
        for fmt, (seconds, mb) in EXPORT_GOALS.items():
            figures = {name: _probe(url, gid, fmt, at, root, cwd) for name, root in sides}
            now = figures["now"]
            if "error" in now:
                line(f"{label}: export --format {fmt}", f"failed ({now['error']})")
                continue
            said = f"{now['seconds']:.2f} s (CPU {now['cpu_seconds']:.2f} s)"
            said += against_goal(now["seconds"], seconds, "s")
            size = now["bytes"] / 1e6
            said += f"; {size:.2f} MB{against_goal(size, mb, 'MB')}"
            said += (
                f"; peak {now['peak_mb']:.0f} MB{against_goal(now['peak_mb'], PEAK_GOAL_MB, 'MB')}"
            )
            for side, theirs in figures.items():
                if side != "now" and "error" not in theirs:
                    said += (
                        f"; baseline {side}: {theirs['seconds']:.2f} s "
                        f"(CPU {theirs['cpu_seconds']:.2f} s), "
                        f"{theirs['bytes'] / 1e6:.2f} MB, peak {theirs['peak_mb']:.0f} MB"
                    )
            line(f"{label}: export --format {fmt}", said)
