"""``make bench``, reading part: a whole stream folded from zero and verified, each
against a raw SELECT of the same rows; then state at a position with and without
snapshots. Prints figures and ratios; asserts nothing.

Alone: ``python -m tools.bench_reads [--quick]``. Ratios are of CPU time (best of
several runs), the figure that holds on a shared machine; events/s are wall-clock.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from services.ledger import WizardLedger
from services.review.verify import verify_game
from tools.bench_streams import long_store, long_stream

Line = Callable[[str, str], None]


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(wall, CPU) seconds of the fastest of ``repeat`` runs of each kind."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        c0, t0 = time.thread_time(), time.perf_counter()
        fn()
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.thread_time() - c0)
    return wall, cpu


def read_figures(db: Path, url: str, gid: UUID, line: Line, label: str, repeat: int = 5) -> None:
    """Fold from zero and verify of one stream, each as a multiple of a raw SELECT."""
    cold = WizardLedger(url, snapshot_every=0, use_snapshots=False)
    total = cold.load(gid).version
    # An open connection, as the ledger's pool has: the figure is the read itself.
    conn = sqlite3.connect(db)

    def raw_select() -> None:
        conn.execute(
            "SELECT state FROM stored_events WHERE originator_id=? ORDER BY originator_version",
            (gid.hex,),
        ).fetchall()

    report = verify_game(cold, gid)
    raw_wall, raw_cpu = best(raw_select, repeat * 2)
    fold_wall, fold_cpu = best(lambda: cold.loader.load_at(gid, None), repeat)
    verify_wall, verify_cpu = best(lambda: verify_game(cold, gid), max(2, repeat // 2))
    conn.close()
    cold.close()
    line(f"{label}: events in the stream", f"{total:,}" + ("" if report.ok else " (VERIFY FAILED)"))
    line(f"{label}: raw SELECT of the rows", f"{total / raw_wall:,.0f} rows/s")
    line(
        f"{label}: fold from zero (select, decode, evolve)",
        f"{total / fold_wall:,.0f} events/s, {fold_cpu / raw_cpu:.1f}x the SELECT's CPU",
    )
    line(
        f"{label}: verify (chain, re-decide every action)",
        f"{total / verify_wall:,.0f} events/s, {verify_cpu / raw_cpu:.1f}x the SELECT's CPU",
    )


def bench_replay(tmp: Path, n_events: int, line: Line) -> WizardLedger:
    print("replay: streams read whole (fold from zero, verify) against a raw SELECT")
    db = long_store(tmp, "ultimate")
    url = f"sqlite:///{db}"
    gid = long_stream(tmp, "ultimate", n_events)
    ledger = WizardLedger(url, snapshot_every=100)
    read_figures(db, url, gid, line, "ultimate")
    for game in ("spellwars", "orctower", "elfenwizards"):
        other_gid = long_stream(tmp, game, n_events)
        other_db = long_store(tmp, game)
        read_figures(other_db, f"sqlite:///{other_db}", other_gid, line, game)
    total = ledger.load(gid).version
    print(f"state at a position of the {total}-event ultimate stream")
    at = total - 37
    with_snap = WizardLedger(url, snapshot_every=100)
    no_snap = WizardLedger(url, snapshot_every=0, use_snapshots=False)
    t_snap, _ = best(lambda: with_snap.load(gid, at), 5)
    t_nosnap, _ = best(lambda: no_snap.load(gid, at), 3)
    line(f"state at position {at}, nearest snapshot + fold", f"{t_snap * 1e3:.1f} ms")
    line(f"state at position {at}, fold from zero", f"{t_nosnap * 1e3:.1f} ms")
    line("speed-up from snapshots", f"{t_nosnap / t_snap:.1f}x")
    tracemalloc.start()
    no_snap.load(gid, at)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    line("peak memory of a fold from zero", f"{peak / 1e6:.1f} MB")
    return ledger


def _line(name: str, value: str) -> None:
    print(f"  {name:<58} {value}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="1,000-event streams, not 10,000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as d:
        bench_replay(Path(d), 1_000 if args.quick else 10_000, _line).close()


if __name__ == "__main__":
    main()
