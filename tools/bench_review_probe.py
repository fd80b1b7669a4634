"""One measurement of the referee's tools on a stored game, run in a process of
its own by ``tools.bench_review`` (this code's, or a baseline revision's: its
source is given to ``python -c`` with the baseline on the path, so it names only
what every revision since issue 25 began has: the ledger, ``dispute``,
``diff_positions``, ``verify_game`` and ``export_text``).

argv: store URL, game id, what to measure (``tools``, or an export format), the
position of the action disputed. Prints one JSON object of figures.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from collections.abc import Callable
from typing import Any


def best_ms(fn: Callable[[], Any], repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in ms: this machine is shared, and a run that another
    process interrupts says nothing about the code."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def main() -> None:
    url, gid, what, at = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    from services.ledger import WizardLedger

    ledger = WizardLedger(url, snapshot_every=100)
    total = ledger.load(gid).version
    out: dict[str, Any] = {}
    if what == "tools":
        from services.review.dispute import dispute
        from services.review.readjudicate import diff_positions
        from services.review.verify import verify_game

        out["dispute_ms"] = best_ms(lambda: dispute(ledger, gid, at), 3)
        out["dispute_middle_ms"] = best_ms(lambda: dispute(ledger, gid, total // 2), 3)
        out["diff_ms"] = best_ms(lambda: diff_positions(ledger, gid, total // 2, total), 3)
        out["verify_ms"] = best_ms(lambda: verify_game(ledger, gid), 2)
    else:
        from services.review.exports import export_text

        t0, c0 = time.perf_counter(), time.process_time()
        text = export_text(ledger, gid, what)
        out["seconds"] = time.perf_counter() - t0
        # On a shared machine the wall time measures the neighbours too.
        out["cpu_seconds"] = time.process_time() - c0
        out["bytes"] = len(text.encode("utf-8"))
        # The process's peak (Linux: KiB): the interpreter and the store's
        # modules with the export.
        out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


if __name__ == "__main__":
    main()
