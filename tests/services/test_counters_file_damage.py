"""A counters file cut short, removed or replaced under running processes: never a
crash, never a stale answer, and (PostgreSQL) never a refused restart.

The reader is a real process of its own (a mapped file cut short killed it with
SIGBUS at its next read); the other writer is the ``wizards`` CLI, as an
operator runs it. Nothing of the store or the file is replaced by a stand-in.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import msgspec
import pytest

from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.freshness import changes_path
from tests.services.conftest import QUICK, pick

ROOT = Path(__file__).resolve().parents[2]
WIZARDS = str(Path(sys.executable).with_name("wizards"))

# A reader process: one line in, the game's position (as its state says) out.
_READER = """
import sys
from services.ledger import WizardLedger
from services.reads.views import state_json
ledger = WizardLedger(sys.argv[1])
for line in sys.stdin:
    print(state_json(ledger, sys.argv[2])["position"], flush=True)
"""


class Reader:
    """A process of its own reading one game's state on request."""

    def __init__(self, url: str, gid: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _READER, url, gid],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def position(self) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(30)
            assert self.process.stderr is not None
            raise AssertionError(
                f"the reader died (exit {self.process.returncode}): {self.process.stderr.read()}"
            )
        return int(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(30)


@pytest.fixture
def readers() -> Iterator[list[Reader]]:
    started: list[Reader] = []
    yield started
    for reader in started:
        if reader.process.poll() is None:
            reader.close()


def _act_elsewhere(url: str, gid: str, turn: int) -> int:
    """One legal command acted by the CLI (another process): the position it reached."""
    probe = WizardLedger(url)
    loaded = probe.load(gid)
    seat = int(loaded.fold.state.pending[0].seat)
    legal = [msgspec.to_builtins(c) for c in loaded.game.legal_commands(loaded.fold.state, seat)]
    probe.close()
    command = pick(legal, random.Random(turn))
    env = {**os.environ, "WIZARDS_REDIS": "off"}
    env.pop("WIZARDS_COUNTERS", None)
    done = subprocess.run(
        [WIZARDS, "act", gid, "--seat", str(seat), "--command", json.dumps(command)],
        env={**env, "WIZARDS_STORE": url},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return int(json.loads(done.stdout)[-1]["position"])


def _damage(path: str, how: str) -> None:
    if how == "truncated":
        os.truncate(path, 0)
    elif how == "cut":
        os.truncate(path, 100)  # the header whole (on PostgreSQL's), the counters gone
    elif how == "removed":
        os.remove(path)
    else:  # replaced by a file of the same size, all counters at zero
        size = os.path.getsize(path)
        os.replace(_zeros(path, size), path)


def _zeros(path: str, size: int) -> str:
    other = f"{path}.other"
    with open(path, "rb") as f, open(other, "wb") as out:
        head = f.read(64) if size > 8 * (1 << 14) else b""
        out.write(head + bytes(size - len(head)))
    return other


def _game(url: str) -> tuple[WizardLedger, str]:
    ledger = WizardLedger(url)
    gid = str(ledger.create_game("ultimate", 2, seed="damaged-counters", options=QUICK).game_id)
    return ledger, gid


HOW = ["truncated", "cut", "removed", "replaced"]


@pytest.mark.parametrize("how", HOW)
def test_a_damaged_changes_file_is_read_through_the_store(
    sqlite_url: str, readers: list[Reader], how: str
) -> None:
    """SQLite: the reader warm, the file beside the database damaged, another
    process acts: the reader's next reads show each act, and it lives."""
    ledger, gid = _game(sqlite_url)
    reader = Reader(sqlite_url, gid)
    readers.append(reader)
    assert reader.position() == ledger.load(gid).version  # warm: from memory from now on
    assert reader.position() == ledger.load(gid).version
    path = changes_path(sqlite_url.removeprefix("sqlite:///"))
    _damage(path, how)
    assert reader.position() == ledger.load(gid).version  # no SIGBUS
    for turn in range(3):
        acted = _act_elsewhere(sqlite_url, gid, turn)
        assert reader.position() == acted
    # The file made again is sound, and serves every process again.
    assert os.path.getsize(path) == 8 * (1 << 14)
    ledger.close()
    assert verify_game(WizardLedger(sqlite_url), gid).ok


def test_a_removed_changes_file_made_again_by_the_reader_is_followed_by_writers(
    sqlite_url: str,
) -> None:
    """Two ledgers of one process keep their file; it is removed; the reader
    reads first (and makes it again), the writer follows it at its next act."""
    reader, gid = _game(sqlite_url)
    writer = WizardLedger(sqlite_url)
    reader.load(gid)
    path = changes_path(sqlite_url.removeprefix("sqlite:///"))
    os.remove(path)
    assert reader.load(gid).version == writer.load(gid).version
    assert os.path.exists(path)
    for turn in range(3):
        loaded = writer.load(gid)
        seat = int(loaded.fold.state.pending[0].seat)
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        entries = writer.act(gid, seat, msgspec.to_builtins(legal[turn % len(legal)]))
        assert reader.load(gid).version == entries[-1].position
    reader.close()
    writer.close()


@pytest.mark.postgres
@pytest.mark.parametrize("how", HOW)
def test_a_damaged_host_counters_file_is_read_through_the_store_and_a_restart_is_let_in(
    postgres_url: str, tmp_path: Path, readers: list[Reader], how: str
) -> None:
    """PostgreSQL bound to this host's counters file: the same damage under a
    running reader; the CLI opening the store afterwards (a restart) is let in
    without ``store unbind --force``, its acts are seen by the reader, and the
    store stays bound to this host's file."""
    path = str(tmp_path / "counters")
    url = f"{postgres_url}&counters={path}"
    ledger, gid = _game(url)
    token = ledger.freshness.token  # type: ignore[attr-defined]
    reader = Reader(url, gid)
    readers.append(reader)
    assert reader.position() == reader.position() == ledger.load(gid).version
    _damage(path, how)
    assert reader.position() == ledger.load(gid).version  # no SIGBUS
    for turn in range(3):
        acted = _act_elsewhere(url, gid, turn)
        assert reader.position() == acted
    ledger.close()
    again = WizardLedger(url)
    assert again.freshness.token == token  # type: ignore[attr-defined]
    assert again.freshness.stamp(UUID(gid)) is not None  # reads from memory again
    assert verify_game(again, gid).ok
    again.close()
