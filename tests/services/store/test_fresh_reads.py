"""Reads of the current position from memory, and every acknowledged write still seen.

The statements are counted on the real SQLite connections (a trace callback on
each connection the store opens); nothing about the store is replaced.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from services.ledger import WizardLedger
from services.reads.views import state_json
from services.review.verify import verify_game
from tests.services.playing import QUICK, next_command, pending_seat, read_both

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every SQL statement run on a SQLite connection opened from now on."""
    seen: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    yield seen


def test_reads_of_a_current_game_make_no_store_query(
    sqlite_url: str, statements: list[str]
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="from-memory", options=QUICK).game_id
    for turn in range(4):
        seat, command = next_command(ledger, gid, turn)
        entries = ledger.act(gid, seat, command)
        before = len(statements)
        position, legal = read_both(ledger, gid)
        assert statements[before:] == []
        assert position == entries[-1].position and legal
    ledger.close()


def test_a_write_by_another_ledger_is_seen_by_the_next_read(store_url: str) -> None:
    first, second = WizardLedger(store_url), WizardLedger(store_url)
    gid = first.create_game("ultimate", 2, seed="two-ledgers", options=QUICK).game_id
    for turn in range(10):
        reader, writer = (first, second) if turn % 2 else (second, first)
        reader.load(gid)  # the reader's cache is current before the other writes
        if pending_seat(writer, gid) is None:
            break
        seat, command = next_command(writer, gid, turn)
        entries = writer.act(gid, seat, command)
        position, legal = read_both(reader, gid)
        assert position == entries[-1].position
        assert legal == read_both(WizardLedger(store_url), gid)[1]
    stored = WizardLedger(store_url)
    assert verify_game(stored, gid).ok
    assert [e.hash for e in stored.entries(gid)] == [e.hash for e in first.entries(gid)]
    first.close()
    second.close()
    stored.close()


def test_a_write_by_another_ledger_costs_the_reader_one_catch_up(
    sqlite_url: str, statements: list[str]
) -> None:
    reader, writer = WizardLedger(sqlite_url), WizardLedger(sqlite_url)
    gid = writer.create_game("ultimate", 2, seed="one-catch-up", options=QUICK).game_id
    reader.load(gid)
    seat, command = next_command(writer, gid)
    entries = writer.act(gid, seat, command)
    before = len(statements)
    assert read_both(reader, gid)[0] == entries[-1].position
    assert any("originator_version>" in s for s in statements[before:])
    before = len(statements)
    assert read_both(reader, gid)[0] == entries[-1].position
    assert statements[before:] == []  # caught up: from memory again
    reader.close()
    writer.close()


def test_a_write_by_another_os_process_is_seen_by_the_next_read(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="other-process", options=QUICK).game_id
    script = (
        "import json, sys\n"
        "from services.ledger import WizardLedger\n"
        "url, gid, seat, command = sys.argv[1:]\n"
        "entries = WizardLedger(url).act(gid, int(seat), json.loads(command))\n"
        "print(entries[-1].position)\n"
    )
    for turn in range(3):
        state_json(ledger, gid)  # cached, and current
        seat, command = next_command(ledger, gid, turn)
        done = subprocess.run(
            [sys.executable, "-c", script, sqlite_url, str(gid), str(seat), json.dumps(command)],
            cwd=ROOT,
            check=True,
            timeout=60,
            capture_output=True,
            text=True,
        )
        position, legal = read_both(ledger, gid)
        assert position == int(done.stdout.strip())
        loaded = WizardLedger(sqlite_url).load(gid)
        after = loaded.fold.state
        seat_now = int(after.pending[0].seat) if after.pending else 0
        expected = [msgspec.to_builtins(c) for c in loaded.game.legal_commands(after, seat_now)]
        assert legal == expected
    assert verify_game(ledger, gid).ok
    ledger.close()


def test_acts_from_memory_stay_durable_and_verify(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="durable", options=QUICK).game_id
    answered: list[tuple[int, str]] = []
    for turn in range(20):
        if pending_seat(ledger, gid) is None:
            break
        seat, command = next_command(ledger, gid, turn)
        answered += [(e.position, e.hash) for e in ledger.act(gid, seat, command)]
    ledger.close()
    fresh = WizardLedger(sqlite_url)  # a new process: nothing but the store
    stored = {e.position: e.hash for e in fresh.entries(gid)}
    assert answered and all(stored[p] == h for p, h in answered)
    assert fresh.load(gid).version == answered[-1][0]
    assert verify_game(fresh, gid).ok
    fresh.close()


def test_writers_on_one_file_never_lose_a_count(tmp_path: Path) -> None:
    """Two ledgers' counter files (two open files of one path, as two processes
    have) raised from several threads: every raise is counted."""
    from uuid import uuid4

    from services.store.freshness import _FileSlots

    path = str(tmp_path / "w.db.changes")
    files = [_FileSlots(path), _FileSlots(path)]
    gid = uuid4()

    def raise_many(slots: _FileSlots) -> None:
        for _ in range(500):
            slots.bump(gid)

    threads = [threading.Thread(target=raise_many, args=(files[i % 2],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert files[0].stamp(gid) == files[1].stamp(gid) == 2000
    for slots in files:
        slots.close()


def test_reads_racing_another_ledgers_acts_never_miss_an_acknowledged_one(
    store_url: str,
) -> None:
    """A reader polls while another ledger acts: each read, taken after the reader
    learnt of an acknowledgement, shows at least that position."""
    reader, writer = WizardLedger(store_url), WizardLedger(store_url)
    gid = writer.create_game("ultimate", 2, seed="racing", options=QUICK).game_id
    acknowledged = [reader.load(gid).version]
    errors: list[BaseException] = []

    def play() -> None:
        try:
            for turn in range(25):
                if pending_seat(writer, gid) is None:
                    return
                seat, command = next_command(writer, gid, turn)
                acknowledged.append(writer.act(gid, seat, command)[-1].position)
        except BaseException as e:
            errors.append(e)

    thread = threading.Thread(target=play)
    thread.start()
    reads = 0
    while thread.is_alive() or reads == 0:
        known = acknowledged[-1]
        assert state_json(reader, gid)["position"] >= known
        reads += 1
    thread.join(120)
    assert not errors
    assert state_json(reader, gid)["position"] == acknowledged[-1]
    reader.close()
    writer.close()
