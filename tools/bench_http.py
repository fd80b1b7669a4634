"""HTTP load test for ``make bench``: concurrent games against real ``wizards serve`` processes.

Each of ``games`` clients plays 2-player ``ultimate`` games one after another
(a new table when one ends) until the run's command budget is spent, so the
load is bounded. A command is what a client needs to move a game on:

- ``legacy``: ``GET /state`` (whose turn), ``GET /legal``, ``POST /act``;
- ``one``: ``POST /act``, whose answer carries the pending decisions and the
  caller's legal commands; a ``GET /legal`` only when another seat must decide
  next (its own client would learn them from its live stream).

Afterwards the servers are stopped and the store is opened directly: every
acknowledged act must be stored (same positions and hashes) and every game must
verify clean. The client is a small HTTP/1.1 keep-alive client over asyncio
streams, so that the client's own cost stays small beside the server's on a
2-core machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from services.store.shards import shard_count

_decode = msgspec.json.decode
_encode = msgspec.json.encode


class HTTPConnection:
    """One keep-alive HTTP/1.1 connection: enough of the protocol for our JSON API."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        *,
        decode: bool = True,
    ) -> tuple[int, Any]:
        """The status and the body as JSON (``decode=False``: its bytes, undecoded)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = b"" if body is None else _encode(body)
        head = [f"{method} {path} HTTP/1.1", f"host: {self.host}"]
        if body is not None:
            head += ["content-type: application/json", f"content-length: {len(payload)}"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await self.reader.readline()
        if not status_line and method == "GET":
            # The server closed the idle connection (keep-alive timeout): a GET
            # may be sent again on a new one.
            await self.close()
            self.writer = None
            return await self.request(method, path, body, headers, decode=decode)
        status = int(status_line.split()[1])
        length = 0
        chunked = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
        if chunked:
            data = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                data += chunk[:-2]
        else:
            data = await self.reader.readexactly(length) if length else b""
        if not decode:
            return status, data
        return status, (_decode(data) if data else None)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()


@dataclass
class RunResult:
    label: str
    commands: int = 0
    requests: int = 0
    seconds: float = 0.0
    act_latencies: list[float] = field(default_factory=list)
    # game id -> {position: hash} of every acknowledged entry
    acked: dict[str, dict[int, str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    server_cpu: float = 0.0  # seconds of CPU the server processes used during the run
    stored_ok: bool = False
    verify_ok: bool = False
    games: int = 0
    # The machine's 1-minute load average before and after the run: other work
    # on the machine moves the wall-clock figures, not the CPU per command.
    load: tuple[float, float] = (0.0, 0.0)
    # From the servers' /metrics after the run (None: a baseline without them).
    metrics: dict[str, float] | None = None

    @property
    def rate(self) -> float:
        return self.commands / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        data = sorted(self.act_latencies)
        if not data:
            return float("nan")
        return data[min(len(data) - 1, int(q * len(data)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    """The processes ``pid`` started, by any of its threads (Linux /proc)."""
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            kids += [int(k) for k in (task / "children").read_text().split()]
    return kids


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes and their children so far (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        for p in (pid, *children(pid)):
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{p}/stat").read_text().rpartition(")")[2].split()
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


def baseline_factory(baseline: Path) -> str:
    """The app factory of an earlier revision: where its HTTP app lived then."""
    if (baseline / "services" / "http" / "app.py").exists():
        return "services.http.app:create_app"
    return "services.api:create_app"  # before services was split into rooms


class Servers:
    """``processes`` ``wizards serve`` processes, each on its own port, on one store.

    ``baseline``: a directory holding an earlier revision of the code, served as
    that revision's ``wizards serve`` ran: uvicorn without its standard extras
    (asyncio's loop, the h11 parser) and with its access log.
    """

    def __init__(
        self,
        store: str,
        processes: int,
        log: Path,
        baseline: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.store, self.processes, self.log = store, processes, log
        self.baseline = baseline
        self.env = env or {}  # more variables for the servers (WIZARDS_RATE_READ=off)
        self.ports: list[int] = []
        self.procs: list[subprocess.Popen[bytes]] = []

    def _command(self, port: int) -> list[str]:
        if self.baseline is None:
            wizards = str(Path(sys.executable).with_name("wizards"))
            return [wizards, "serve", "--port", str(port), "--no-access-log"]
        return [
            *(sys.executable, "-m", "uvicorn", baseline_factory(self.baseline), "--factory"),
            *("--loop", "asyncio", "--http", "h11", "--port", str(port)),
        ]

    def __enter__(self) -> Servers:
        env = {**os.environ, "WIZARDS_STORE": self.store, "WIZARDS_REDIS": "off", **self.env}
        if self.baseline is not None:
            env["PYTHONPATH"] = str(self.baseline)
        for _ in range(self.processes):
            port = free_port()
            with self.log.open("ab") as out:
                proc = subprocess.Popen(
                    self._command(port),
                    env=env,
                    cwd=self.baseline,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            self.ports.append(port)
            self.procs.append(proc)
        deadline = time.monotonic() + 60
        for port, proc in zip(self.ports, self.procs, strict=True):
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"wizards serve exited; see {self.log}")
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"wizards serve did not start; see {self.log}")
                time.sleep(0.1)
        for port in self.ports:
            _wait_for_read_workers(port, deadline)
        return self

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            proc.send_signal(signal.SIGINT)
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_for_read_workers(port: int, deadline: float) -> None:
    """Until the server's read workers have started (``/readyz``'s ``reads``): their
    start-up (a process importing the project) would otherwise be counted as the
    CPU of serving the load. A revision without them says nothing: no wait."""
    import urllib.error
    import urllib.request

    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=10) as r:
                body = r.read()
        except urllib.error.HTTPError as e:  # 503 (not ready) still says; 404: an old revision
            body = e.read()
        try:
            reads = _decode(body).get("checks", {}).get("reads")
        except msgspec.DecodeError:
            return  # not JSON (an old revision's answer): nothing to wait for
        if not reads or reads["started"] >= reads["workers"]:
            return
        time.sleep(0.1)
    raise RuntimeError("the server's read workers did not start")


async def _client(
    index: int,
    port: int,
    protocol: str,
    budget: list[int],
    result: RunResult,
    seed: int,
) -> None:
    rng = random.Random(seed * 1000 + index)
    conn = HTTPConnection("127.0.0.1", port)
    try:
        while budget[0] > 0:
            status, created = await conn.request(
                "POST", "/tables", {"game": "ultimate", "players": 2}
            )
            result.requests += 1
            if status != 201:
                result.errors.append(f"create: {status} {created}")
                return
            gid = created["game_id"]
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            acked = result.acked.setdefault(gid, {})
            result.games += 1
            # What each seat may send, as last told by the server (protocol "one").
            known: dict[int, list[Any]] = {}
            pending: list[int] | None = None
            finished = False
            while not finished and budget[0] > 0:
                if protocol == "legacy" or pending is None:
                    status, state = await conn.request("GET", f"/tables/{gid}/state")
                    result.requests += 1
                    if state["status"] == "finished":
                        break
                    pending = sorted({p["seat"] for p in state["pending"]})
                seat = pending[0]
                auth = {"authorization": f"Bearer {tokens[seat]}"}
                legal = known.pop(seat, None) if protocol == "one" else None
                if legal is None:
                    status, legal = await conn.request(
                        "GET", f"/tables/{gid}/legal?seat={seat}", headers=auth
                    )
                    result.requests += 1
                if not legal:
                    pending = None
                    continue
                command = rng.choice(legal)
                if budget[0] <= 0:
                    break
                budget[0] -= 1
                t0 = time.perf_counter()
                status, answer = await conn.request(
                    "POST", f"/tables/{gid}/act", {"seat": seat, "command": command}, headers=auth
                )
                result.act_latencies.append(time.perf_counter() - t0)
                result.requests += 1
                if status != 200:
                    result.errors.append(f"act: {status} {answer}")
                    pending = None
                    continue
                result.commands += 1
                for entry in answer["entries"]:
                    acked[entry["position"]] = entry["hash"]
                finished = answer["status"] == "finished"
                if protocol == "one" and "pending" in answer:
                    pending = sorted({p["seat"] for p in answer["pending"]}) or None
                    # Only the acting seat's commands are current: the others'
                    # changed with this action.
                    known = {seat: answer["legal"]}
                else:
                    pending = None
    finally:
        await conn.close()


async def _drive(
    ports: list[int], games: int, commands: int, protocol: str, result: RunResult, seed: int
) -> None:
    budget = [commands]
    t0 = time.perf_counter()
    await asyncio.gather(
        *(_client(i, ports[i % len(ports)], protocol, budget, result, seed) for i in range(games))
    )
    result.seconds = time.perf_counter() - t0


def check_stored(store: str, result: RunResult, baseline: Path | None = None) -> None:
    """Open the store directly: every acknowledged entry stored as answered, verify clean.

    The entries are read by this code (so a baseline's rows are also a test of
    reading an older store). A baseline's games are verified by the baseline's own
    ``wizards verify``: this engine decides some of them differently on purpose
    (its rulings cite other passages), which verify reports as a difference."""
    from services.ledger import WizardLedger
    from services.review.verify import verify_game

    ledger = WizardLedger(store)
    try:
        stored_ok = verify_ok = True
        for gid, acked in result.acked.items():
            hashes = {e.position: e.hash for e in ledger.entries(gid)}
            if any(hashes.get(p) != h for p, h in acked.items()):
                stored_ok = False
                result.errors.append(f"game {gid}: an acknowledged entry is not stored")
            if baseline is not None:
                continue
            report = verify_game(ledger, gid)
            if not report.ok:
                verify_ok = False
                result.errors.append(f"game {gid}: verify: {report.as_json()}")
        if baseline is not None:
            verify_ok = _baseline_verifies(store, baseline, result)
        result.stored_ok, result.verify_ok = stored_ok, verify_ok
    finally:
        ledger.close()


def _baseline_verifies(store: str, baseline: Path, result: RunResult) -> bool:
    """``wizards verify`` of the baseline's revision over the games it served."""
    env = {**os.environ, "PYTHONPATH": str(baseline)}
    ids = [str(gid) for gid in result.acked]
    run = subprocess.run(
        [sys.executable, "-m", "tools.cli", "--store", store, "verify", "--json", *ids],
        env=env,
        cwd=baseline,
        capture_output=True,
    )
    try:
        reports = msgspec.json.decode(run.stdout)
    except msgspec.DecodeError:
        result.errors.append(f"the baseline's verify answered no report: {run.stderr[-300:]!r}")
        return False
    bad = [r for r in reports if not r.get("ok")]
    for r in bad:
        result.errors.append(f"game {r.get('game_id')}: the baseline's verify: {r}")
    return not bad and len(reports) == len(ids)


def run_load(
    label: str,
    store: str,
    *,
    processes: int = 1,
    games: int = 50,
    commands: int = 3000,
    protocol: str = "legacy",
    log: Path,
    seed: int = 1,
    baseline: Path | None = None,
    env: dict[str, str] | None = None,
    beside: Callable[[list[int]], AbstractContextManager[Any]] | None = None,
) -> RunResult:
    """The load; ``env``: more variables for the servers; ``beside``: what else runs
    against the servers' ports while the games are played (the costly readers of
    ``tools.bench_costly_reads``)."""
    result = RunResult(label)
    with Servers(store, processes, log, baseline, env) as servers:
        pids = [p.pid for p in servers.procs]
        before = cpu_seconds(pids)
        load_before = os.getloadavg()[0]
        with beside(servers.ports) if beside is not None else contextlib.nullcontext():
            asyncio.run(_drive(servers.ports, games, commands, protocol, result, seed))
        result.server_cpu = cpu_seconds(pids) - before
        result.load = (load_before, os.getloadavg()[0])
        if baseline is None:
            result.metrics = scrape_totals(servers.ports)
    check_stored(store, result, baseline)
    return result


_TOTALS = {
    'wizards_acts_total{path="loop"}': "loop",
    'wizards_acts_total{path="perform"}': "perform",
    "wizards_group_commits_total": "commits",
    "wizards_group_commit_writes_total": "writes",
}


def scrape_totals(ports: list[int]) -> dict[str, float]:
    """The servers' counters of where acts were decided and of group commits, summed."""
    import urllib.request

    totals = dict.fromkeys(_TOTALS.values(), 0.0)
    for port in ports:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
            for text in r.read().decode().splitlines():
                name, _, value = text.rpartition(" ")
                if name in _TOTALS:
                    totals[_TOTALS[name]] += float(value)
    return totals


@dataclass(frozen=True)
class Goal:
    """Issue 25's goals for play with the one-request protocol, printed beside the figures."""

    rate: float | None  # commands a second, at least
    p99_ms: float  # act p99, at most
    cpu_ms: float  # server CPU per command, at most


GOALS = {
    "sqlite": Goal(rate=2000, p99_ms=50, cpu_ms=0.5),
    "postgresql": Goal(rate=None, p99_ms=50, cpu_ms=0.8),
}


def print_result(result: RunResult, line: Any, goal: Goal | None = None) -> None:
    rate_goal = f"; goal: {goal.rate:,.0f} at least" if goal and goal.rate else ""
    line(
        f"{result.label}: commands/s",
        f"{result.rate:,.0f} ({result.commands} commands, {result.games} games, "
        f"{result.requests / max(result.commands, 1):.2f} requests each{rate_goal})",
    )
    line(
        f"{result.label}: act p50 / p99",
        f"{result.percentile(0.5) * 1e3:.1f} ms / {result.percentile(0.99) * 1e3:.1f} ms"
        + (f" (goal: p99 {goal.p99_ms:.0f} ms at most)" if goal else ""),
    )
    line(
        f"{result.label}: server CPU per command",
        f"{result.server_cpu / max(result.commands, 1) * 1e3:.2f} ms "
        + (f"(goal: {goal.cpu_ms} ms at most; " if goal else "(")
        + f"load average {result.load[0]:.1f} before, {result.load[1]:.1f} after)",
    )
    m = result.metrics
    if m and m["loop"] + m["perform"] and m["commits"]:
        line(
            f"{result.label}: acts decided on the loop, acts per commit",
            f"{m['loop'] / (m['loop'] + m['perform']):.1%}, "
            f"{m['writes'] / m['commits']:.1f} (writes per transaction)",
        )
    acked = sum(len(a) for a in result.acked.values())
    line(
        f"{result.label}: acknowledged = stored, verify clean",
        f"{'yes' if result.stored_ok else 'NO'} ({acked} entries), "
        f"{'yes' if result.verify_ok else 'NO'}"
        + (
            f"; {len(result.errors)} errors, first: {result.errors[0][:120]}"
            if result.errors
            else ""
        ),
    )


def postgres_store() -> tuple[str, Any] | None:
    """A fresh schema on the local PostgreSQL, and a function that drops it; None if absent."""
    try:
        import psycopg

        dsn = "host=127.0.0.1 port=5432 user=postgres dbname=test"
        schema = f"bench_{os.getpid()}_{int(time.time())}"
        with psycopg.connect(dsn, autocommit=True, connect_timeout=2) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
    except Exception:
        return None

    def drop() -> None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')

    return f"postgresql://postgres@127.0.0.1:5432/test?schema={schema}", drop


def bench_play(tmp: Path, line: Any, *, runs: int = 3, commands: int = 3000) -> list[RunResult]:
    """Print the figure issue 25's goal for play is set on, alone: the ``one``
    load on SQLite with one process, ``runs`` times (each on a fresh store), then
    the medians, since a shared machine moves each run's figures."""
    results = []
    for n in range(runs):
        result = run_load(
            f"SQLite, 1 process, one, run {n + 1}",
            f"sqlite:///{tmp / f'play-{n}.db'}",
            commands=commands,
            protocol="one",
            log=tmp / "serve.log",
        )
        print_result(result, line, GOALS["sqlite"])
        results.append(result)
    goal = GOALS["sqlite"]
    line(
        f"SQLite, 1 process, one: medians of {runs} runs",
        f"{statistics.median(r.rate for r in results):,.0f} commands/s "
        f"(goal: {goal.rate:,.0f} at least), "
        f"p99 {statistics.median(r.percentile(0.99) for r in results) * 1e3:.1f} ms "
        f"(goal: {goal.p99_ms:.0f} ms at most), server CPU per command "
        f"{statistics.median(r.server_cpu / max(r.commands, 1) for r in results) * 1e3:.2f} ms "
        f"(goal: {goal.cpu_ms} ms at most)",
    )
    return results


def bench_http(
    tmp: Path,
    line: Any,
    *,
    quick: bool = False,
    protocols: tuple[str, ...],
    baseline: tuple[str, Path] | None = None,
) -> None:
    """Print the HTTP load figures: SQLite one process, PostgreSQL one and two
    processes; with ``baseline`` (a revision and its code), the same load on
    that revision first (with its own protocol), and the ratios."""
    commands = 600 if quick else 3000
    log = tmp / "serve.log"
    runs: list[tuple[str, str | None, int]] = [("sqlite", p, 1) for p in protocols]
    runs += [("postgresql", protocols[-1], n) for n in (1, 2)]
    # The same, bound to this host's counters file: reads from memory.
    runs += [("postgresql-bound", protocols[-1], n) for n in (1, 2)]
    # The same store on one event table: writers of all games share its lock
    # and its group commit (bigger batches, fewer transactions).
    runs += [("postgresql-1", protocols[-1], n) for n in (1, 2)]
    if baseline is not None:
        runs = [("sqlite", None, 1), ("postgresql", None, 1), ("postgresql", None, 2), *runs]
    results: dict[tuple[str, str | None, int], RunResult] = {}
    for kind, protocol, processes in runs:
        # The baseline revision knows no shards: one table.
        tables = shard_count("postgresql://h/db")
        sharded = f"PostgreSQL {tables} tables" if protocol else "PostgreSQL"
        where = {
            "sqlite": "SQLite",
            "postgresql": sharded,
            "postgresql-bound": f"{sharded} bound",
        }.get(kind, "PostgreSQL 1 table")
        label = f"{where}, {processes} process{'es' if processes > 1 else ''}, "
        label += f"{protocol}" if protocol else f"baseline {baseline[0] if baseline else ''}"
        if kind == "sqlite":
            store, drop = f"sqlite:///{tmp / f'http-{len(results)}.db'}", None
        else:
            pg = postgres_store()
            if pg is None:
                line(label, "PostgreSQL not reachable on 127.0.0.1:5432: skipped")
                continue
            store, drop = pg
            if kind == "postgresql-1":
                store += "&shards=1"
            if kind == "postgresql-bound":  # a file of its own: a file serves one store
                store += f"&counters={tmp / f'http-{len(results)}.counters'}"
        try:
            result = run_load(
                label,
                store,
                processes=processes,
                commands=commands,
                protocol=protocol or "legacy",
                log=log,
                baseline=baseline[1] if baseline and protocol is None else None,
            )
        finally:
            if drop is not None:
                drop()
        results[(kind, protocol, processes)] = result
        goal = GOALS["sqlite" if kind == "sqlite" else "postgresql"] if protocol == "one" else None
        print_result(result, line, goal)

    def ratio(name: str, a: tuple[str, str | None, int], b: tuple[str, str | None, int]) -> None:
        if a in results and b in results and results[b].rate:
            line(name, f"{results[a].rate / results[b].rate:.2f}x")

    last = protocols[-1]
    ratio(
        "PostgreSQL (sharded) commands/s: 2 processes / 1 process",
        ("postgresql", last, 2),
        ("postgresql", last, 1),
    )
    ratio(
        "PostgreSQL 1 table commands/s: 2 processes / 1 process",
        ("postgresql-1", last, 2),
        ("postgresql-1", last, 1),
    )
    for n in (1, 2):
        bound, unbound = (
            results.get(("postgresql-bound", last, n)),
            results.get(("postgresql", last, n)),
        )
        if bound and unbound and bound.commands and unbound.commands:
            line(
                f"PostgreSQL bound / unbound, {n} process{'es' if n > 1 else ''}: CPU per command",
                f"{bound.server_cpu / bound.commands * 1e3:.2f} / "
                f"{unbound.server_cpu / unbound.commands * 1e3:.2f} ms",
            )
    if baseline is not None:
        ratio("SQLite commands/s: now / baseline", ("sqlite", last, 1), ("sqlite", None, 1))
        ratio(
            "PostgreSQL, 1 process: now / baseline",
            ("postgresql", last, 1),
            ("postgresql", None, 1),
        )
        ratio(
            "PostgreSQL, 2 processes: now / baseline",
            ("postgresql", last, 2),
            ("postgresql", None, 2),
        )
