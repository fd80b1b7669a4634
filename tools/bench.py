"""``make bench``: figures and ratios for the store, the codec and the simulator.

Prints numbers; asserts nothing about time (tests never do).
Run: ``python -m tools.bench [--quick]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import uuid4

import msgspec
from eventsourcing.persistence import JSONTranscoder, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.sqlite import SQLiteFactory

from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.store.freshness import Unknown
from tools.bench_cli import bench_cli
from tools.bench_costly_reads import bench_costly_reads
from tools.bench_http import bench_http, bench_play, postgres_store
from tools.bench_pages import bench_pages
from tools.bench_reads import bench_replay
from tools.bench_review import bench_review
from tools.bench_simulation import bench_simulation
from tools.bench_sse import bench_sse
from tools.bench_streams import grow, long_store, long_stream
from tools.bench_timetravel import bench_time_travel
from tools.bench_versus import bench_versus


def timed(fn: Callable[[], Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def line(name: str, value: str) -> None:
    print(f"  {name:<58} {value}", flush=True)


def bench_append(tmp: Path, actions: int) -> None:
    print("append: a command through the rules, codec and hash chain vs a raw append")
    ledger = WizardLedger(f"sqlite:///{tmp / 'append.db'}", snapshot_every=0)
    gid = ledger.create_game("ultimate", 4, seed="bench-append").game_id
    cpu: list[float] = []
    times = grow(ledger, gid, actions * 3, cpu=cpu)
    # The same rows, grouped per action as the ledger grouped them, appended raw.
    groups = _act_groups(ledger.shards.of(gid).select_events(gid))
    factory = SQLiteFactory({"SQLITE_DBNAME": str(tmp / "raw.db")})
    raw = factory.application_recorder()
    raw_id = uuid4()
    raw_times = []
    raw_cpu = []
    for group in groups:
        batch = [StoredEvent(raw_id, r.originator_version, r.topic, r.state) for r in group]
        c0, t0 = time.thread_time(), time.perf_counter()
        raw.insert_events(batch)
        raw_times.append(time.perf_counter() - t0)
        raw_cpu.append(time.thread_time() - c0)
    ours = statistics.median(times)
    base = statistics.median(raw_times[1:])
    act_cpu, commit_cpu = statistics.median(cpu), statistics.median(raw_cpu[1:])
    line("ledger.act (decide + encode + chain + append), median", f"{ours * 1e3:.2f} ms")
    line("  of which CPU (the rest waits for the synced commit)", f"{act_cpu * 1e3:.2f} ms")
    line("raw eventsourcing insert of the same rows, median", f"{base * 1e3:.2f} ms")
    # Most of a synced commit's CPU is the kernel's work for the sync itself.
    line("  of which CPU (one synced commit)", f"{commit_cpu * 1e3:.2f} ms")
    line("act CPU beyond one synced commit", f"{(act_cpu - commit_cpu) * 1e3:.2f} ms")
    line("ratio (the cost of rules, codec and chain)", f"{ours / base:.1f}x")


def _postgres_or_say() -> tuple[str, Any] | None:
    """A fresh schema on the local PostgreSQL (and its drop), or None, said in a line."""
    pg = postgres_store()
    if pg is None:
        line("PostgreSQL", "not reachable on 127.0.0.1:5432: skipped")
    return pg


def bench_append_postgres(actions: int) -> None:
    print("append on PostgreSQL: one act a transaction, in process")
    pg = _postgres_or_say()
    if pg is None:
        return
    store, drop = pg
    try:
        ledger = WizardLedger(f"{store}&shards=1", snapshot_every=0)
        gid = ledger.create_game("ultimate", 4, seed="bench-append").game_id
        cpu: list[float] = []
        grow(ledger, gid, actions * 3, cpu=cpu)
        (committer,) = ledger.shards.committers()
        events = ledger.shards.of(gid)
        # The rows of each act again, for another stream, through the committer
        # alone; and eventsourcing's own insert of the act's events.
        theirs = PostgresApplicationRecorder(events.datastore, events_table_name="bench_raw")  # type: ignore[attr-defined]  # PostgreSQL's recorder: this bench runs only there
        theirs.create_table()
        raw_id = uuid4()
        ours_cpu, theirs_cpu = [], []
        for group in _act_groups(events.select_events(gid)):
            batch = [StoredEvent(raw_id, r.originator_version, r.topic, r.state) for r in group]
            head = StoredEvent(raw_id, group[-1].originator_version, "wizards:head", b"h" * 32)
            c0 = time.thread_time()
            committer.commit([(events, batch), (ledger.sides.heads, [head])])
            c1 = time.thread_time()
            theirs.insert_events(batch)
            ours_cpu.append(c1 - c0)
            theirs_cpu.append(time.thread_time() - c1)
        ledger.close()
    finally:
        drop()
    line(
        "ledger.act CPU (decide + encode + chain + append), median",
        f"{statistics.median(cpu) * 1e3:.2f} ms",
    )
    line(
        "its write alone, CPU per transaction (one statement)",
        f"{statistics.median(ours_cpu[1:]) * 1e3:.2f} ms",
    )
    line(
        "eventsourcing's insert of its events alone, CPU",
        f"{statistics.median(theirs_cpu[1:]) * 1e3:.2f} ms",
    )


def _act_groups(rows: Sequence[StoredEvent]) -> list[list[StoredEvent]]:
    """A stream's rows grouped per action, as the ledger appended them."""
    groups: list[list[StoredEvent]] = []
    for row in rows:
        if row.topic.endswith(":ActionTaken") or not groups:
            groups.append([])
        groups[-1].append(row)
    return groups


def _per_read(reader: WizardLedger, gid: Any, reads: int) -> tuple[float, float]:
    """Seconds and CPU seconds (this thread's) of one state + legal, best of 3."""
    seat = state_json(reader, gid)["pending"][0]["seat"]
    best = (float("inf"), float("inf"))
    for _ in range(3):
        c0, t0 = time.thread_time(), time.perf_counter()
        for _ in range(reads):
            state_json(reader, gid)
            legal_json(reader, gid, seat)
        taken = ((time.perf_counter() - t0) / reads, (time.thread_time() - c0) / reads)
        best = min(best, taken)
    return best


def _us(figures: tuple[float, float]) -> str:
    return f"{figures[0] * 1e6:.0f} us ({figures[1] * 1e6:.0f} us CPU)"


def _compare_reads(
    memory: tuple[str, WizardLedger], asking: tuple[str, WizardLedger], reads: int
) -> None:
    """The reads of one warm game by a ledger that reads it from memory and by one
    that asks the store each time (each: its label and the ledger)."""
    grown = memory[1].create_game("ultimate", 4, seed="bench-reads").game_id
    grow(memory[1], grown, 300)
    from_memory = _per_read(memory[1], grown, reads)
    with_query = _per_read(asking[1], grown, reads)
    line(memory[0], _us(from_memory))
    line(asking[0], _us(with_query))
    line("ratio", f"{with_query[0] / from_memory[0]:.1f}x")
    memory[1].close()
    asking[1].close()


def bench_current_reads(tmp: Path, reads: int) -> None:
    print("reads of the current position: state + legal of a warm game")
    url = f"sqlite:///{tmp / 'reads.db'}"
    # The same reads by a ledger that cannot tell its cache is current (as on
    # an unbound PostgreSQL store): each makes the catch-up query.
    asking = WizardLedger(url, snapshot_every=0)
    asking.freshness.close()
    asking.freshness = Unknown()
    _compare_reads(
        ("SQLite: from memory (no store query)", WizardLedger(url, snapshot_every=0)),
        ("SQLite: with the catch-up query", asking),
        reads,
    )
    pg = _postgres_or_say()
    if pg is None:
        return
    store, drop = pg
    try:
        # Bound to this host's counters file, and a ledger of the same store without it.
        bound = WizardLedger(f"{store}&counters={tmp / 'reads.counters'}", snapshot_every=0)
        _compare_reads(
            ("PostgreSQL bound to this host (?counters=): from memory", bound),
            ("PostgreSQL unbound: with the catch-up query", WizardLedger(store, snapshot_every=0)),
            reads,
        )
    finally:
        drop()


def bench_codec(ledger: WizardLedger) -> None:
    print("codec: msgspec vs eventsourcing's JSON transcoder, on our events")
    gid = ledger.game_ids()[-1]
    events = [e.event for e in ledger.entries(gid)][:5000]
    transcoder = JSONTranscoder()
    as_dicts = [msgspec.to_builtins(e) for e in events]
    enc = msgspec.msgpack.Encoder()
    decoders = {type(e): msgspec.msgpack.Decoder(type(e)) for e in events}

    def ours() -> None:
        for e in events:
            decoders[type(e)].decode(enc.encode(e))

    def theirs() -> None:
        # The JSON transcoder rejects Structs: it needs builtins in, and gives dicts back.
        for d in as_dicts:
            transcoder.decode(transcoder.encode(d))

    t_ours, t_theirs = timed(ours), timed(theirs)
    size_ours = sum(len(enc.encode(e)) for e in events)
    size_theirs = sum(len(transcoder.encode(d)) for d in as_dicts)
    line("msgspec msgpack encode+decode to typed events", f"{len(events) / t_ours:,.0f} events/s")
    line("JSONTranscoder encode+decode to dicts", f"{len(events) / t_theirs:,.0f} events/s")
    line("speed ratio", f"{t_theirs / t_ours:.1f}x faster")
    line("bytes: msgspec / JSON", f"{size_ours / size_theirs:.2f}")


def _code_of(rev: str, code: Path) -> tuple[str, Path] | None:
    """The code of git revision ``rev``, extracted into ``code``; None if unknown here."""
    code.mkdir()
    archive = subprocess.run(["git", "archive", rev], capture_output=True)
    if archive.returncode != 0:
        print(f"baseline {rev}: not in this checkout's history, skipped")
        return None
    subprocess.run(["tar", "-x", "-C", str(code)], input=archive.stdout, check=True)
    return (rev, code)


def _long_streams(tmp: Path) -> list[tuple[str, str]]:
    """The long streams ``bench_replay`` stored (``long_stream``): ultimate's first."""
    return [
        (game, f"sqlite:///{long_store(tmp, game)}")
        for game in ("ultimate", "spellwars", "orctower")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    parser.add_argument(
        "--http-only",
        action="store_true",
        help="only the HTTP tests (load, live fan-out, play beside costly reads)",
    )
    parser.add_argument(
        "--play-only",
        action="store_true",
        help="only the play load issue 25's goal is set on (SQLite, one process, the one "
        "protocol), three times, with the medians",
    )
    parser.add_argument(
        "--reads-only",
        action="store_true",
        help="only the reads: fold from zero, verify, time travel (tools/bench_reads.py)",
    )
    parser.add_argument(
        "--review-only",
        action="store_true",
        help="only the referee's tools and exports on the long streams (tools/bench_review.py)",
    )
    parser.add_argument(
        "--pages-only",
        action="store_true",
        help="only the long games' pages in Chromium: replay, HTML export, table "
        "(tools/bench_pages.py)",
    )
    parser.add_argument(
        "--cli-only",
        action="store_true",
        help="only the CLI: a command's start, a script as processes or one shell",
    )
    parser.add_argument(
        "--simulation-only",
        action="store_true",
        help="only the bot games in memory, beside the --cli-baseline revision's",
    )
    parser.add_argument(
        "--game",
        action="append",
        metavar="ID",
        help="with --simulation-only: only this game's bot games (repeatable; default: every game)",
    )
    parser.add_argument(
        "--versus-only",
        action="store_true",
        help="only our play beside boardgame.io's server, in memory and FlatFile "
        "(tools/bench_versus.py)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also run the HTTP load on this git revision's code (e.g. the one before a change)",
    )
    parser.add_argument(
        "--review-baseline",
        metavar="REV",
        help="also measure the referee's tools and exports with this git revision's code",
    )
    parser.add_argument(
        "--cli-baseline",
        metavar="REV",
        help="also time the CLI and the bot games of this git revision's code "
        "(tools/bench_cli.py, tools/bench_simulation.py)",
    )
    args = parser.parse_args()
    n_events = 1_000 if args.quick else 10_000
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        baseline = _code_of(args.baseline, tmp / "baseline") if args.baseline else None
        cli_baseline = None
        if args.cli_baseline:
            cli_baseline = _code_of(args.cli_baseline, tmp / "cli-baseline")
        review_baseline = None
        if args.review_baseline:
            review_baseline = _code_of(args.review_baseline, tmp / "review-baseline")
        if args.cli_only:
            bench_cli(tmp, line, quick=args.quick, baseline=cli_baseline)
            return
        if args.simulation_only:
            bench_simulation(20 if args.quick else 200, line, cli_baseline, only=args.game)
            return
        if args.play_only:
            bench_play(tmp, line, runs=3, commands=600 if args.quick else 3000)
            return
        if args.versus_only:
            bench_versus(tmp, line, quick=args.quick)
            return
        pages_runs = 2 if args.quick else 5
        if args.pages_only:
            for game, _ in _long_streams(tmp):
                long_stream(tmp, game, n_events)
            bench_pages(_long_streams(tmp), line, tmp=tmp, runs=pages_runs)
            return
        if args.review_only:
            for game, _ in _long_streams(tmp):
                long_stream(tmp, game, n_events)
            bench_review(_long_streams(tmp), line, baseline=review_baseline, cwd=tmp)
            return
        if args.reads_only:
            bench_time_travel(bench_replay(tmp, n_events, line))
            bench_review(_long_streams(tmp), line, baseline=review_baseline, cwd=tmp)
            return
        print("HTTP: 50 concurrent 2-player games against wizards serve (acts durable)")
        bench_http(tmp, line, quick=args.quick, protocols=("legacy", "one"), baseline=baseline)
        bench_sse(tmp, line, quick=args.quick)
        bench_costly_reads(tmp, line, quick=args.quick)
        bench_versus(tmp, line, quick=args.quick)
        if args.http_only:
            return
        bench_append(tmp, 60 if args.quick else 300)
        bench_append_postgres(60 if args.quick else 300)
        bench_current_reads(tmp, 200 if args.quick else 2000)
        ledger = bench_replay(tmp, n_events, line)
        bench_time_travel(ledger)
        bench_review(_long_streams(tmp), line, baseline=review_baseline, cwd=tmp)
        bench_pages(_long_streams(tmp), line, tmp=tmp, runs=pages_runs)
        bench_codec(ledger)
        bench_cli(tmp, line, quick=args.quick, baseline=cli_baseline)
        bench_simulation(20 if args.quick else 200, line, cli_baseline)
    # Durability under a kill -9 (its own module: tools/bench_durability.py).
    from tools import bench_durability

    bench_durability.run(args.quick)


if __name__ == "__main__":
    main()
