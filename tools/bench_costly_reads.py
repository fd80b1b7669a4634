"""``make bench``: play beside costly reads (issue 23, item 1).

Four anonymous clients (no token) loop on the costliest reads while 50 games
are played over HTTP (the ``one`` protocol of ``tools.bench_http``, SQLite, one
``wizards serve``). What they read, in turn: the JSON and HTML exports of a long
finished game (Spell Wars, four seats, 1,225 events: seconds of CPU each to
make), a dispute of one of its actions and a diff of two of its positions,
chosen at random (a new answer almost every time: nothing kept helps), its
verification (never kept), and the JSON export and log of the games being
played (a new head at every act). A reader sends its next request as soon as
it has an answer, whatever the answer (the attack as it was filed: a refusal
does not slow it down). The players' act p50 and p99 are printed beside the
same run without readers (made first and last: the machine's other work moves
the figures), with the ratio of the p99s to their mean (goal: within 1.5x), and
what the readers were answered. Three runs with readers:

- under the default limits: ``WIZARDS_RATE_READ`` lets one address make 60
  costly reads at once, then one a second, and the four readers share one
  address;
- with no read limit: every read reaches the read pool, whose worker process
  (at a lower CPU priority), bounded queue and kept answers alone stand
  between the readers and play (a kept export is still megabytes to send, each
  time it is asked for: that is what the limit per address bounds);
- the same with the reads made by a thread of the server
  (``WIZARDS_READ_WORKERS=0``): what the worker process is for.

The readers run in a process of their own, so that the load client's event
loop measures the acts alone. Alone: ``python -m tools.bench_costly_reads [--quick]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from tools.bench_http import HTTPConnection, RunResult, run_load
from tools.simulation import play_stored

READERS = 4
GAMES = 50
LEAD = 3.0  # seconds the readers read before play starts
Line = Callable[[str, str], None]


def long_game(store: str) -> tuple[str, list[int], int]:
    """A finished four-seat Spell Wars game: its id, its actions' positions, its events."""
    ledger = WizardLedger(store)
    try:
        # This seed's game is 1,225 events long (as the game of the issue: 1,179).
        gid = play_stored(ledger, get_game("spellwars"), 4, "sim:0")
        entries = ledger.entries(gid)
        actions = [e.position for e in entries if isinstance(e.event, ActionTaken)]
        return str(gid), actions, len(entries)
    finally:
        ledger.close()


def _paths(
    rng: random.Random, gid: str, actions: list[int], events: int, running: list[str]
) -> Iterator[str]:
    """One turn of a reader's loop."""
    yield f"/tables/{gid}/export?format=json"
    yield f"/tables/{gid}/dispute?at={rng.choice(actions)}"
    yield f"/tables/{gid}/export?format=html"
    a, b = sorted(rng.sample(range(1, events + 1), 2))
    yield f"/tables/{gid}/diff?a={a}&b={b}"
    yield f"/tables/{gid}/verify"
    if running:
        other = rng.choice(running)
        yield f"/tables/{other}/export?format=json"
        yield f"/tables/{other}/log"


async def _reader(
    k: int, port: int, game: tuple[str, list[int], int], stop: Any, tally: Counter[int]
) -> None:
    rng = random.Random(k)
    conn = HTTPConnection("127.0.0.1", port)
    gid, actions, events = game
    running: list[str] = []
    try:
        while not stop.is_set():
            # The newest tables: the games being played (a cheap read, not limited).
            status, listed = await conn.request("GET", "/tables?order=newest&limit=20")
            if status == 200:
                running = [t["game_id"] for t in listed if t["status"] == "running"]
            for path in _paths(rng, gid, actions, events, running):
                if stop.is_set():
                    break
                status, _ = await conn.request("GET", path, decode=False)
                tally[status] += 1
    finally:
        await conn.close()


def _readers(ports: Any, game: tuple[str, list[int], int], stop: Any, out: Any) -> None:
    """In the readers' process: READERS clients from the port given until ``stop``;
    their answers' statuses. Started before the run (its imports are not measured)."""
    port = ports.get()
    tally: Counter[int] = Counter()

    async def run() -> None:
        await asyncio.gather(*(_reader(k, port, game, stop, tally) for k in range(READERS)))

    asyncio.run(run())
    out.put(dict(tally))


@contextlib.contextmanager
def readers(
    game: tuple[str, list[int], int], tally: Counter[int]
) -> Iterator[Callable[[list[int]], contextlib.AbstractContextManager[None]]]:
    """``beside`` for ``run_load``: the readers' process, against the first port."""
    context = multiprocessing.get_context("spawn")
    stop, out, given = context.Event(), context.Queue(), context.Queue()
    process = context.Process(target=_readers, args=(given, game, stop, out))
    process.start()

    @contextlib.contextmanager
    def beside(ports: list[int]) -> Iterator[None]:
        given.put(ports[0])
        time.sleep(LEAD)  # the readers at work before the first act is measured
        try:
            yield
        finally:
            stop.set()
            tally.update(out.get(timeout=300))

    try:
        yield beside
    finally:
        stop.set()
        if process.is_alive() and not tally:  # never given a port
            given.put(0)
        process.join(60)


def bench_costly_reads(tmp: Path, line: Line, *, quick: bool = False) -> None:
    print(f"costly reads beside play: {READERS} anonymous readers, {GAMES} games (SQLite, one)")
    commands = 1500 if quick else 6000
    log = tmp / "serve-reads.log"
    # The run without readers comes first and last: the machine's other work
    # moves the figures, and the readers' runs are compared with both.
    runs: list[tuple[str, dict[str, str] | None]] = [
        ("no readers", None),
        ("readers, default limits", {}),
        ("readers, no read limit", {"WIZARDS_RATE_READ": "off"}),
        (
            "readers, no read limit, reads in the server's thread",
            {"WIZARDS_RATE_READ": "off", "WIZARDS_READ_WORKERS": "0"},
        ),
        ("no readers, again", None),
    ]
    store0 = tmp / "costly-0.db"
    game = long_game(f"sqlite:///{store0}")
    line("the long game read: events", f"{game[2]:,}")
    results: list[tuple[str, RunResult, Counter[int] | None]] = []
    for k, (label, env) in enumerate(runs):
        store = tmp / f"costly-{k}.db"
        if k:  # the same long game, in a store of its own
            for suffix in ("", "-wal", "-shm"):
                kept = store0.with_name(store0.name + suffix)
                if kept.exists():
                    store.with_name(store.name + suffix).write_bytes(kept.read_bytes())
        tally: Counter[int] = Counter()
        with readers(game, tally) as beside:
            result = run_load(
                label,
                f"sqlite:///{store}",
                games=GAMES,
                commands=commands,
                protocol="one",
                log=log,
                env=env,
                beside=None if env is None else beside,
            )
        p50, p99 = result.percentile(0.5) * 1e3, result.percentile(0.99) * 1e3
        line(f"{label}: act p50 / p99", f"{p50:.1f} ms / {p99:.1f} ms ({result.rate:,.0f}/s)")
        if env is not None:
            answered = ", ".join(f"{n} {status}" for status, n in sorted(tally.items()))
            line("  the readers were answered", answered or "nothing")
        if result.errors or not (result.stored_ok and result.verify_ok):
            line("  acknowledged = stored, verify clean", f"NO: {result.errors[:1]}")
        results.append((label, result, None if env is None else tally))
    without = [r.percentile(0.99) for _, r, read in results if read is None]
    reference = sum(without) / len(without)
    for label, result, read in results:
        if read is not None:
            ratio = result.percentile(0.99) / reference
            line(f"act p99, {label} / no readers", f"{ratio:.2f}x (goal: 1.5x at most)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer commands, for a smoke run")
    args = parser.parse_args()

    def line(name: str, value: str) -> None:
        print(f"  {name:<58} {value}", flush=True)

    with tempfile.TemporaryDirectory() as d:
        bench_costly_reads(Path(d), line, quick=args.quick)


if __name__ == "__main__":
    main()
