"""``make bench``: seeded random-bot games in memory, beside a baseline revision.

Each game's bots play ``n`` games (player counts in turn) in processes of this
code and of the baseline's (issue 25's goal: at least twice as many games a second
as the code it was filed against), in stretches of ``STRETCH`` games taken in turn
between the two, so that the machine's other work weighs on both alike. Figures
are per second of the processes' CPU (on a shared machine, wall time measures the
neighbours), with wall time beside them.

What is timed is play alone (``tools.simulation.play``: the bots choose among the
legal commands, each act is decided and folded); the checks a simulated game passes
at every step (``tests/simulation_checks.py``) run in the tests, not here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

GOAL = 2.0  # times the baseline's games per second (issue 25)
# Games a process plays before the other code's turn: short enough that a change in
# the machine's load falls on both sides, long enough that a process's start is small.
STRETCH = 20

# Run in each code's own process: the code of the directory it is started in.
_TIMED = """
import json, sys, time
from domain.games import get_game
from tools.simulation import play
game = get_game(sys.argv[1])
counts = range(game.spec.min_players, game.spec.max_players + 1)
first, n = int(sys.argv[2]), int(sys.argv[3])
wall, cpu = time.perf_counter(), time.process_time()
commands = sum(
    play(game, counts[i % len(counts)], f"bench-{i}").steps for i in range(first, first + n)
)
print(json.dumps({"games": n, "commands": commands,
                  "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def _timed(code: Path, game: str, first: int, n: int) -> dict[str, float]:
    """Games ``first`` to ``first + n`` (their seeds) of ``game``, played by ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(
        [sys.executable, "-c", _TIMED, game, str(first), str(n)],
        cwd=code,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _played(code: Path, game: str, n: int, totals: dict[str, float], first: int) -> None:
    """One stretch of ``game`` by ``code`` (from game ``first``), added to ``totals``."""
    stretch = _timed(code, game, first, min(STRETCH, n - first))
    for key, value in stretch.items():
        totals[key] = totals.get(key, 0.0) + value


def bench_simulation(
    n: int,
    line: Callable[[str, str], None],
    baseline: tuple[str, Path] | None = None,
    only: list[str] | None = None,
) -> None:
    """Every registered game's bot games, or those of the games ``only`` names."""
    print("simulation: seeded random-bot games in memory, play alone (per CPU second; wall beside)")
    from domain.games import all_games

    here = Path(__file__).resolve().parent.parent
    known = [g.spec.id for g in all_games()]
    unknown = sorted(set(only or ()) - set(known))
    if unknown:
        raise SystemExit(f"unknown game {', '.join(unknown)}; known: {', '.join(known)}")
    for game in (g for g in known if not only or g in only):
        ours: dict[str, float] = {}
        theirs: dict[str, float] = {}
        failed = ""
        for first in range(0, n, STRETCH):
            _played(here, game, n, ours, first)
            if baseline is None or failed:
                continue
            try:
                _played(baseline[1], game, n, theirs, first)
            except subprocess.CalledProcessError as e:
                failed = f"failed ({e.stderr.strip().splitlines()[-1:]})"
        line(
            f"{game}: games/s",
            f"{ours['games'] / ours['cpu']:,.1f} ({ours['games'] / ours['wall']:,.1f} wall), "
            f"{ours['commands'] / ours['cpu']:,.0f} commands/s",
        )
        if baseline is None:
            continue
        rev = baseline[0]
        if failed:
            line(f"{game}: baseline {rev}", failed)
            continue
        ratio = (ours["games"] / ours["cpu"]) / (theirs["games"] / theirs["cpu"])
        line(
            f"{game}: baseline {rev}: games/s",
            f"{theirs['games'] / theirs['cpu']:,.1f}; now {ratio:.2f}x (goal: {GOAL:.0f}x)",
        )
