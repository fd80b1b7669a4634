"""``make bench``: boardgame.io's own server beside ours, in the same run (issue 25).

Issue 25 asks that durable commands be at least as fast as boardgame.io's
in-memory server measured here. This section plays the same load shape on both:
50 concurrent 2-player games, the same number of commands in all, each seat's
command chosen at random among the legal ones. Ours is the HTTP load's ``one``
protocol on SQLite (``tools.bench_http.run_load``); boardgame.io's is its
``Server`` with a tiny game of our own (``tools/versus/game.js``), once with its
default in-memory storage and once with its ``FlatFile`` storage, driven by
boardgame.io's own clients (``tools/versus/load.js``), one socket per seat. The
rounds take the three in turn, so that the machine's other work weighs on all
alike, and each figure is the median of the rounds: moves a second, the server's
CPU per move (its process, from /proc), the move's p99, and ours beside it.

boardgame.io is installed by ``npm ci`` from ``tools/versus``'s lock into a
cache directory the first time this runs (never at test time, never into the
tree); without node or npm, or when the install fails, the section says why
and is skipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tools.bench_http import cpu_seconds, free_port, run_load

PACKAGE = Path(__file__).resolve().parent / "versus"
GAMES = 50  # as the HTTP load's
# A boardgame.io server answers "ready" on its stdout once it listens.
_READY_SECONDS = 60


@dataclass
class Side:
    """One load's figures: ours or one of boardgame.io's storages."""

    label: str
    moves: int = 0
    seconds: float = 0.0
    p99_ms: float = float("nan")
    server_cpu: float = 0.0
    errors: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def cpu_ms(self) -> float:
        return self.server_cpu / self.moves * 1e3 if self.moves else float("nan")


def cache_dir() -> Path:
    """Where boardgame.io is installed: a directory per lock file, so that a
    change of the pinned versions installs anew beside the old one."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    lock = (PACKAGE / "package-lock.json").read_bytes()
    return root / "wizard-ledger" / f"versus-{hashlib.sha256(lock).hexdigest()[:12]}"


def installed(install: bool = True) -> tuple[Path | None, str]:
    """boardgame.io's ``node_modules``, installed if missing and ``install``; or
    None and why not."""
    if shutil.which("node") is None:
        return None, "node is not installed"
    where = cache_dir()
    modules = where / "node_modules"
    if (modules / "boardgame.io" / "package.json").exists():
        return modules, ""
    if not install:
        return None, f"boardgame.io is not installed in {where} (make bench installs it)"
    if shutil.which("npm") is None:
        return None, "npm is not installed"
    where.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(PACKAGE / name, where / name)
    try:
        done = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        return None, "npm ci took more than 10 minutes"
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()
        return None, f"npm ci failed: {said[-1] if said else f'exit {done.returncode}'}"
    return modules, ""


def parse_load(label: str, output: str) -> Side:
    """A side from ``load.js``'s last line of JSON."""
    lines = output.strip().splitlines()
    if not lines:
        return Side(label, errors=["the load said nothing"])
    try:
        said = json.loads(lines[-1])
    except json.JSONDecodeError:
        return Side(label, errors=[f"the load said: {lines[-1][:200]}"])
    p99 = said.get("p99_ms")
    return Side(
        label,
        moves=int(said["moves"]),
        seconds=float(said["seconds"]),
        p99_ms=float(p99) if p99 is not None else float("nan"),
        errors=list(said.get("errors", [])),
    )


def _said(output: str) -> str:
    """What a node process that failed said of it: its first line naming an error
    (the stack that follows says less), else its last line."""
    lines = [line.strip() for line in output.strip().splitlines()]
    errors = [line for line in lines if "Error" in line]
    return (errors[0] if errors else lines[-1] if lines else "nothing")[:200]


def run_boardgameio(
    modules: Path, storage: str, moves: int, tmp: Path, seed: int, games: int = GAMES
) -> Side:
    """boardgame.io's server with ``storage`` (``memory`` or ``flatfile``) under the load."""
    label = f"boardgame.io {'in memory' if storage == 'memory' else 'FlatFile'}"
    env = {**os.environ, "NODE_PATH": str(modules), "NODE_ENV": "production"}
    port = free_port()
    store = tmp / f"flatfile-{seed}"
    # Its output to a file, not a pipe: a pipe nobody reads would stop the server
    # once full (it logs every refused move).
    log = tmp / f"boardgameio-{storage}-{seed}.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            ["node", str(PACKAGE / "server.js"), str(port), storage, str(store)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + _READY_SECONDS
        while "ready" not in log.read_text():
            if server.poll() is not None or time.monotonic() > deadline:
                return Side(label, errors=[f"the server did not start: {_said(log.read_text())}"])
            time.sleep(0.05)
        before = cpu_seconds([server.pid])
        try:
            load = subprocess.run(
                ["node", str(PACKAGE / "load.js"), str(port), str(games), str(moves), str(seed)],
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            return Side(label, errors=["the load did not end within 10 minutes"])
        side = parse_load(label, load.stdout)
        side.server_cpu = cpu_seconds([server.pid]) - before
        if load.returncode != 0:
            side.errors.append(f"the load failed: {_said(load.stderr)}")
        return side
    finally:
        server.terminate()
        server.wait(timeout=10)


def run_ours(moves: int, tmp: Path, seed: int, games: int = GAMES) -> Side:
    """Our load, ``one`` protocol on SQLite, as the HTTP section plays it."""
    result = run_load(
        "Wizard Ledger, SQLite, one",
        f"sqlite:///{tmp / f'versus-{seed}.db'}",
        games=games,
        commands=moves,
        protocol="one",
        log=tmp / "versus-serve.log",
        seed=seed,
    )
    errors = list(result.errors)
    if not (result.stored_ok and result.verify_ok):
        errors.append("an acknowledged entry is not stored or a game does not verify")
    return Side(
        result.label,
        moves=result.commands,
        seconds=result.seconds,
        p99_ms=result.percentile(0.99) * 1e3,
        server_cpu=result.server_cpu,
        errors=errors,
    )


def median_side(rounds: list[Side]) -> Side:
    """The median of each figure over the rounds (moves and errors summed)."""
    side = Side(rounds[0].label, moves=sum(r.moves for r in rounds))
    side.errors = [e for r in rounds for e in r.errors]
    # Rate, CPU and p99 are each a median; seconds and CPU are set so the
    # properties give those medians back.
    rate = statistics.median(r.rate for r in rounds)
    side.seconds = side.moves / rate if rate else 0.0
    side.server_cpu = statistics.median(r.cpu_ms for r in rounds) * side.moves / 1e3
    side.p99_ms = statistics.median(r.p99_ms for r in rounds)
    return side


def print_versus(ours: Side, theirs: list[Side], line: Callable[[str, str], None]) -> None:
    """Each side's figures, then ours against each of boardgame.io's."""
    for side in (ours, *theirs):
        line(
            f"{side.label}: moves/s",
            f"{side.rate:,.0f} ({side.moves} moves); server CPU per move "
            f"{side.cpu_ms:.2f} ms; p99 {side.p99_ms:.1f} ms"
            + (
                f"; {len(side.errors)} errors, first: {side.errors[0][:120]}" if side.errors else ""
            ),
        )
    for side in theirs:
        if not side.moves:
            continue
        line(
            f"ours / {side.label}",
            f"moves/s {ours.rate / side.rate:.2f}x, server CPU per move "
            f"{ours.cpu_ms / side.cpu_ms:.2f}x, p99 {ours.p99_ms / side.p99_ms:.2f}x"
            + (" (issue 25's goal: moves/s at least 1x)" if side is theirs[0] else ""),
        )


def bench_versus(
    tmp: Path, line: Callable[[str, str], None], *, quick: bool = False, install: bool = True
) -> None:
    print(
        f"versus: {GAMES} concurrent 2-player games, ours (SQLite, one) beside boardgame.io's "
        "server (median of rounds taken in turn)"
    )
    modules, why = installed(install)
    if modules is None:
        line("boardgame.io", f"skipped: {why}")
        return
    moves = 600 if quick else 3000
    rounds = 1 if quick else 3
    sides: dict[str, list[Side]] = {"ours": [], "memory": [], "flatfile": []}
    for seed in range(1, rounds + 1):
        sides["ours"].append(run_ours(moves, tmp, seed))
        for storage in ("memory", "flatfile"):
            sides[storage].append(run_boardgameio(modules, storage, moves, tmp, seed))
    print_versus(
        median_side(sides["ours"]),
        [median_side(sides["memory"]), median_side(sides["flatfile"])],
        line,
    )
