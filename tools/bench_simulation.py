"""``make bench``: seeded random-bot games in memory, beside a baseline revision.

Each game's bots play ``n`` games (player counts in turn) in a process of this
code and in one of the baseline's (issue 25's goal: at least twice as many games
a second as the code it was filed against), one game at a time in turn between
the two, so that the machine's other work weighs on both alike. Figures are per
second of the process's CPU (on a shared machine, wall time measures the
neighbours), with wall time beside them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

GOAL = 2.0  # times the baseline's games per second (issue 25)

# Run in each code's own process: the code of the directory it is started in.
_TIMED = """
import json, sys, time
from domain.games import get_game
from tools.simulation import play
game = get_game(sys.argv[1])
counts = range(game.spec.min_players, game.spec.max_players + 1)
n = int(sys.argv[2])
wall, cpu = time.perf_counter(), time.process_time()
commands = sum(play(game, counts[i % len(counts)], f"bench-{i}").steps for i in range(n))
print(json.dumps({"games": n, "commands": commands,
                  "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def _timed(code: Path, game: str, n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(
        [sys.executable, "-c", _TIMED, game, str(n)],
        cwd=code,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def bench_simulation(
    n: int, line: Callable[[str, str], None], baseline: tuple[str, Path] | None = None
) -> None:
    print("simulation: seeded random-bot games in memory (per CPU second; wall beside)")
    from domain.games import all_games

    here = Path(__file__).resolve().parent.parent
    for game in (g.spec.id for g in all_games()):
        ours = _timed(here, game, n)
        line(
            f"{game}: games/s",
            f"{ours['games'] / ours['cpu']:,.1f} ({ours['games'] / ours['wall']:,.1f} wall), "
            f"{ours['commands'] / ours['cpu']:,.0f} commands/s",
        )
        if baseline is None:
            continue
        rev, code = baseline
        try:
            theirs = _timed(code, game, n)
        except subprocess.CalledProcessError as e:
            line(f"{game}: baseline {rev}", f"failed ({e.stderr.strip().splitlines()[-1:]})")
            continue
        ratio = (ours["games"] / ours["cpu"]) / (theirs["games"] / theirs["cpu"])
        line(
            f"{game}: baseline {rev}: games/s",
            f"{theirs['games'] / theirs['cpu']:,.1f}; now {ratio:.2f}x (goal: {GOAL:.0f}x)",
        )
