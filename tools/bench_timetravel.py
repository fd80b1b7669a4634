"""``make bench``, time travel part: the state at every depth of a long stream
(the dispute desk on it: ``tools.bench_review``). Prints figures; asserts nothing."""

from __future__ import annotations

import functools
import statistics

from services.ledger import WizardLedger
from services.reads.views import state_json
from tools.bench_review_probe import best_ms


def _line(name: str, value: str) -> None:
    print(f"  {name:<58} {value}")


def bench_time_travel(ledger: WizardLedger, samples: int = 200) -> None:
    """``ledger`` holds one long game (snapshots every 100 events)."""
    gid = ledger.game_ids()[0]
    total = ledger.load(gid).version
    print(f"time travel at every depth of a {total}-event stream ({samples} positions, best of 3)")
    reader = WizardLedger(ledger.url, snapshot_every=ledger.snapshot_every)
    step = max(1, total // samples)
    positions = list(range(1, total + 1, step))
    load = [best_ms(functools.partial(reader.load, gid, at)) for at in positions]
    views = [best_ms(functools.partial(state_json, reader, gid, at=at, seat=0)) for at in positions]
    worst = positions[max(range(len(load)), key=load.__getitem__)]
    _line(
        "fold at a position (nearest snapshot + fold), median", f"{statistics.median(load):.2f} ms"
    )
    _line(
        "  95th percentile / worst", f"{_quantile(load, 0.95):.2f} / {max(load):.2f} ms (#{worst})"
    )
    _line(
        "state as a seat sees it (wizards state --at), median", f"{statistics.median(views):.2f} ms"
    )
    _line("  95th percentile / worst", f"{_quantile(views, 0.95):.2f} / {max(views):.2f} ms")
    no_snap = WizardLedger(ledger.url, snapshot_every=0, use_snapshots=False)
    deep = best_ms(lambda: no_snap.load(gid, total))
    _line("the same at the deepest position, folded from zero", f"{deep:.1f} ms")
    _line("ratio (from zero / median with snapshots)", f"{deep / statistics.median(load):.0f}x")


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
