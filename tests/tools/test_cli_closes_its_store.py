"""A CLI command on PostgreSQL closes its store before it ends, so that the last
line on stderr is the command's own (its problem body), never Python's
"Exception ignored in PostgresDatastore.__del__" from a pool left to the
collector at the interpreter's exit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.postgres

WIZARDS = str(Path(sys.executable).with_name("wizards"))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([WIZARDS, *args], capture_output=True, text=True, timeout=120)


def test_stderr_ends_with_the_commands_own_error(postgres_url: str) -> None:
    made = _run("new", "ultimate", "--names", "Ann,Bob", "--store", postgres_url)
    assert made.returncode == 0, made.stderr
    assert "Exception ignored" not in made.stderr and made.stderr == ""
    gid = made.stdout.strip()
    # The seat not on turn (an unseeded game's first player is either).
    state = json.loads(_run("state", gid, "--store", postgres_url).stdout)
    waiting = 1 - state["pending"][0]["seat"]
    for refused in (
        ("act", gid, "--seat", str(waiting), "--command", '{"type": "Draw"}'),
        ("state", "no-such-game"),
    ):
        done = _run(*refused, "--store", postgres_url)
        assert done.returncode == 2
        assert "Exception ignored" not in done.stderr, done.stderr
        last = done.stderr.strip().splitlines()[-1]
        assert json.loads(last)["code"] in ("not_your_turn", "game_not_found")


# The command as the entry point runs it, then what it left open: a pool still
# open when ``main`` has returned is closed by the collector at exit, if at all.
_LEFT_OPEN = """
import sys, weakref
import eventsourcing.postgres as pg
made = []
init = pg.PostgresDatastore.__init__
def noted(self, *args, **kwargs):
    made.append(weakref.ref(self))
    init(self, *args, **kwargs)
pg.PostgresDatastore.__init__ = noted
from tools.cli.main import main
sys.argv = ["wizards", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
left = [d for d in (r() for r in made) if d is not None and not d.pool.closed]
print("pools", len(made), len(left))
"""


@pytest.mark.parametrize("refused", [False, True])
def test_every_pool_the_command_opened_is_closed_when_it_returns(
    postgres_url: str, refused: bool
) -> None:
    args = ["state", "no-such-game"] if refused else ["list"]
    done = subprocess.run(
        [sys.executable, "-c", _LEFT_OPEN, *args, "--store", postgres_url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    made, left = (int(n) for n in done.stdout.splitlines()[-1].split()[1:])
    assert made >= 1 and left == 0, done.stderr
