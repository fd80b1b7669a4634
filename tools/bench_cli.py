"""``make bench``: the start of a ``wizards`` command, and a script of commands run
as one process each or as one ``wizards shell`` (issue 25: a command starts
within 0.3 s).

Each figure is wall time of a whole process, as a person at a terminal waits for
it, and the CPU it used; the best and the median of several runs, since the
machine is shared. Python's bytecode cache is on (in a directory of its own, the
tree untouched), as for an installed program: without it (``PYTHONDONTWRITEBYTECODE``
in the environment, and no ``__pycache__`` in the tree) every module of the project
is compiled again at each start, which costs more than all the rest. A baseline
revision's code, when given, is measured in the same run on its own store.
Prints numbers; asserts nothing about time (tests never do).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

GOAL_START = 0.3  # seconds: issue 25's bound on a command's start

Line = Callable[[str, str], None]


@dataclass(frozen=True)
class Code:
    """The code a ``wizards`` process runs: this checkout's, or a baseline's."""

    name: str
    root: Path | None  # None: this checkout (its installed entry point)

    def argv(self, args: Sequence[str]) -> list[str]:
        return [sys.executable, "-m", "tools.cli", *args]

    def env(self, store: str, pycache: Path) -> dict[str, str]:
        """``pycache``: where the bytecode cache is kept, and written."""
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(WIZARDS_STORE=store, WIZARDS_REDIS="", WIZARDS_ERRORS="json")
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
        if self.root is not None:
            env["PYTHONPATH"] = str(self.root)
        return env


@dataclass(frozen=True)
class Prepared:
    """A code's own store, holding one game, and how its processes are run."""

    code: Code
    gid: str
    env: dict[str, str]
    cwd: Path


@dataclass(frozen=True)
class Timing:
    walls: list[float]
    cpus: list[float]

    def said(self) -> str:
        best, median = min(self.walls), statistics.median(self.walls)
        return (
            f"{best:.3f} s best / {median:.3f} s median "
            f"(CPU {statistics.median(self.cpus):.3f} s; {len(self.walls)} runs)"
        )


def _run(argv: list[str], env: dict[str, str], cwd: Path, stdin: str | None = None) -> float:
    """Wall seconds of one process, which must succeed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        env=env,
        cwd=cwd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, err = proc.communicate(stdin)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[3:])}: exit {proc.returncode}: {err[-300:]}")
    return wall


def _timed(runs: int, once: Callable[[], float]) -> Timing:
    """``once`` run ``runs`` times: its wall seconds, and the CPU of the processes
    it ran (reaped, they are counted in this process's children's times)."""
    walls, cpus = [], []
    for _ in range(runs):
        before = os.times()
        walls.append(once())
        after = os.times()
        cpus.append(
            (after.children_user - before.children_user)
            + (after.children_system - before.children_system)
        )
    return Timing(walls, cpus)


def _prepare(code: Code, tmp: Path, pycache: Path) -> Prepared:
    """A store of this code's own with one game, made by this code."""
    env = code.env(f"sqlite:///{tmp / f'cli-{code.name}.db'}", pycache)
    cwd = code.root or tmp
    made = subprocess.run(
        code.argv(["new", "ultimate", "--players", "2", "--seed", "bench-cli"]),
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return Prepared(code, made.stdout.strip().splitlines()[-1], env, cwd)


def _script(gid: str, count: int) -> list[list[str]]:
    """``count`` reads a referee might type: state, legal moves, log, notes."""
    kinds = [["state", gid], ["legal", gid, "--seat", "0"], ["log", gid], ["notes", gid]]
    return [kinds[i % len(kinds)] for i in range(count)]


STARTS = (("--help", ["--help"]), ("games", ["games"]), ("state G", ["state", "G"]))


def bench_cli(tmp: Path, line: Line, *, quick: bool, baseline: tuple[str, Path] | None) -> None:
    print("CLI: a command's start, and a script as processes or one wizards shell")
    runs = 3 if quick else 5
    count = 10 if quick else 40
    pycache = tmp / "pycache"
    now = _prepare(Code("now", None), tmp, pycache)
    before = _prepare(Code(baseline[0], baseline[1]), tmp, pycache) if baseline else None
    for label, args in STARTS:
        figures = []
        for p in (now, before):
            if p is not None:
                argv = p.code.argv([p.gid if a == "G" else a for a in args])
                _run(argv, p.env, p.cwd)  # the bytecode cache filled
                figures.append(_timed(runs, partial(_run, argv, p.env, p.cwd)))
        line(f"wizards {label}: start to exit", figures[0].said())
        best = min(figures[0].walls)  # the nearest to a machine with nothing else to do
        goal = f"goal <= {GOAL_START} s (best): {'met' if best <= GOAL_START else 'not met'}"
        if before is not None:
            goal += f"; baseline {before.code.name}: {min(figures[1].walls):.3f} s best"
        line("", goal)

    script = _script(now.gid, count)
    text = "".join(" ".join(args) + "\n" for args in script)
    apart = _timed(1, partial(_many, now, script))  # once: it is long
    together = _timed(runs, partial(_run, now.code.argv(["shell"]), now.env, now.cwd, text))
    line(f"{count} commands as {count} processes", apart.said())
    line(f"{count} commands in one wizards shell", together.said())
    line(f"{count} processes / one shell (wall)", f"{min(apart.walls) / min(together.walls):.1f}x")
    if before is not None:
        old = _timed(1, partial(_many, before, _script(before.gid, count)))
        line(f"{count} commands as {count} processes, baseline {before.code.name}", old.said())
        line(
            f"baseline's {count} processes / one shell now (wall)",
            f"{min(old.walls) / min(together.walls):.1f}x",
        )


def _many(p: Prepared, script: list[list[str]]) -> float:
    """The script as a shell script runs it: one process a command, one after another."""
    return sum(_run(p.code.argv(args), p.env, p.cwd) for args in script)
