"""Acts decided on the event loop, at their edges: a server that stops while an
act waits for its commit, a committing thread that cannot start, and the group
commit's hand-off between waiting threads and writes nobody waits for. Real
SQLite files and real servers throughout."""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any
from uuid import UUID

import httpx
import msgspec
import pytest

from services.api import create_app
from services.ledger import WizardLedger
from services.verify import verify_game
from tests.services.conftest import QUICK, LiveServer, new_table


def first_legal(ledger: WizardLedger, gid: UUID) -> tuple[int, Any]:
    loaded = ledger.load(gid)
    seat = loaded.table.state.pending[0].seat
    legal = loaded.game.legal_commands(loaded.table.state, seat)
    return seat, msgspec.to_builtins(legal[0])


def wait_until(condition: Any, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_an_act_in_flight_when_the_server_stops_still_gives_its_turn_back(
    sqlite_url: str,
) -> None:
    """The server stops (its graceful timeout cancels the request, its loop
    closes) while an act begun on the loop waits for SQLite's write lock. The
    act commits afterwards: its game's turn must come back, and the counter
    must move, or the ledger (which outlives the server) never acts on the game
    again and other ledgers keep serving the position before it from memory."""
    ledger = WizardLedger(sqlite_url)
    other = WizardLedger(sqlite_url)
    app = create_app(ledger, redis="off")
    server = LiveServer(app)
    with server, server.client() as http:
        table = new_table(http)
        gid = UUID(table.game_id)
        seat, command = first_legal(ledger, gid)
        before = other.load(gid).version  # known current there from now on
        blocker = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # the act's commit waits for this lock

        def send() -> None:
            try:
                http.post(
                    f"/tables/{gid}/act",
                    json={"seat": seat, "command": command},
                    headers=table.auth(seat),
                )
            except httpx.HTTPError:
                pass  # the server went away: nobody was answered

        client = threading.Thread(target=send, daemon=True)
        client.start()
        turn = ledger._turn(gid)
        wait_until(turn.locked, "the act never began on the loop")
    assert not server.thread.is_alive(), "the server did not stop"
    blocker.execute("COMMIT")
    blocker.close()
    wait_until(lambda: len(ledger.entries(gid)) > before, "the act was never committed")
    wait_until(lambda: not turn.locked(), "the game's turn was never given back", 10)
    assert other.load(gid).version == len(ledger.entries(gid))
    committed = len(ledger.entries(gid))
    entries = ledger.act(gid, *first_legal(ledger, gid))
    assert entries[0].position == committed + 1
    assert other.load(gid).table == ledger.load(gid).table
    assert verify_game(other, gid).ok
    client.join(10)
    other.close()
    ledger.close()


class _NoCommittingThread:
    """``threading.Thread.start`` failing for the group commit's own thread, as it
    does when the process may start no more threads (or the interpreter is
    shutting down); every other thread starts as usual."""

    def __init__(self, times: int = 1) -> None:
        self.times = times
        self._start = threading.Thread.start

    def __enter__(self) -> _NoCommittingThread:
        real, patch = self._start, self

        def start(thread: threading.Thread) -> None:
            if thread.name == "group-commit" and patch.times > 0:
                patch.times -= 1
                raise RuntimeError("can't start new thread")
            real(thread)

        threading.Thread.start = start  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        threading.Thread.start = self._start  # type: ignore[method-assign]


def test_a_committing_thread_that_cannot_start_strands_no_write(sqlite_url: str) -> None:
    """``submit`` raises when its committing thread cannot start: nothing of the
    write may stay queued with nobody leading (every later write of the store
    would wait for ever), and the next ``submit`` starts the thread."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="no-thread", options=QUICK).game_id
    ledger.load(gid)
    begun = ledger.begin_act(gid, *first_legal(ledger, gid))
    assert begun is not None
    staged, committer = begun
    with _NoCommittingThread(), pytest.raises(RuntimeError, match="new thread") as failed:
        committer.submit(staged.rows, lambda error: None)
    with pytest.raises(RuntimeError, match="new thread"):
        ledger.finish_act(staged, failed.value)  # the turn comes back
    done: list[Any] = []
    waiting = threading.Thread(
        target=lambda: done.append(ledger.act(gid, *first_legal(ledger, gid))), daemon=True
    )
    waiting.start()
    waiting.join(15)
    assert done, "a write waiting for the group commit was never led"
    assert done[0][0].position == staged.entries[0].position  # the failed one stored nothing
    begun = ledger.begin_act(gid, *first_legal(ledger, gid))
    assert begun is not None
    told = threading.Event()
    errors: list[BaseException | None] = []
    begun[1].submit(begun[0].rows, lambda error: (errors.append(error), told.set()))
    assert told.wait(15), "the committing thread never started"
    assert errors == [None]
    assert ledger.finish_act(begun[0], None) is not None
    assert verify_game(ledger, gid).ok
    ledger.close()


def test_an_act_whose_commit_cannot_be_handed_over_gives_its_turn_back(
    sqlite_url: str,
) -> None:
    """Over HTTP: the act fails (a server error), and the game plays on."""
    ledger = WizardLedger(sqlite_url)
    app = create_app(ledger, redis="off")
    with LiveServer(app) as server, server.client(timeout=20) as http:
        table = new_table(http)
        gid = UUID(table.game_id)
        with _NoCommittingThread():
            seat, command = first_legal(ledger, gid)
            r = http.post(
                f"/tables/{gid}/act",
                json={"seat": seat, "command": command},
                headers=table.auth(seat),
            )
        assert r.status_code == 500
        assert not ledger._turn(gid).locked()
        seat, command = first_legal(ledger, gid)
        r = http.post(
            f"/tables/{gid}/act", json={"seat": seat, "command": command}, headers=table.auth(seat)
        )
        assert r.status_code == 200, r.text
        stored = {e.position: e.hash for e in ledger.entries(gid)}
        assert all(stored[e["position"]] == e["hash"] for e in r.json()["entries"])
    ledger.close()
