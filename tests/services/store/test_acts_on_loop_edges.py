"""Acts decided on the event loop, at their edges: a server that stops while an
act waits for its commit, a committing thread that cannot start, and the group
commit's hand-off between waiting threads and writes nobody waits for. Real
SQLite files and real servers throughout."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import httpx
import msgspec
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer, sse
from tests.services.playing import QUICK


def first_legal(ledger: WizardLedger, gid: UUID) -> tuple[int, Any]:
    loaded = ledger.load(gid)
    seat = loaded.fold.state.pending[0].seat
    legal = loaded.game.legal_commands(loaded.fold.state, seat)
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
            with contextlib.suppress(httpx.HTTPError):  # the server goes away: no answer
                http.post(
                    f"/tables/{gid}/act",
                    json={"seat": seat, "command": command},
                    headers=table.auth(seat),
                )

        client = threading.Thread(target=send, daemon=True)
        client.start()
        turn = ledger.turns.of(gid)
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
    assert other.load(gid).fold == ledger.load(gid).fold
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
        assert not ledger.turns.of(gid).locked()
        seat, command = first_legal(ledger, gid)
        r = http.post(
            f"/tables/{gid}/act", json={"seat": seat, "command": command}, headers=table.auth(seat)
        )
        assert r.status_code == 200, r.text
        stored = {e.position: e.hash for e in ledger.entries(gid)}
        assert all(stored[e["position"]] == e["hash"] for e in r.json()["entries"])
    ledger.close()


def test_waiting_and_submitted_writes_hand_the_lead_over_and_each_gets_its_outcome(
    store_url: str,
) -> None:
    """Threads that wait (``commit``) and writes nobody waits for (``submit``),
    mixed, some of them losing their position: every write is told once, the
    losers their own error and the rest stored, and never two transactions at
    once (two leaders)."""
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="hand-off", options=QUICK).game_id
    committer = ledger.shards.committer(gid)
    assert committer is not None
    recorder = ledger.shards.of(gid)
    taken = uuid.uuid4()  # a stream whose position 1 is stored: writes to it lose
    committer.commit([(recorder, [StoredEvent(taken, 1, "t", b"first")])])
    inner = committer.transaction
    active, most = [0], [0]
    guard = threading.Lock()

    @contextlib.contextmanager
    def counted(datastore: Any) -> Iterator[Any]:
        with guard:
            active[0] += 1
            most[0] = max(most[0], active[0])
        try:
            with inner(datastore) as c:
                yield c
        finally:
            with guard:
                active[0] -= 1

    committer.transaction = counted
    outcomes: dict[int, list[BaseException | None]] = {}
    told = threading.Semaphore(0)
    writes = 240

    def rows(i: int) -> Any:
        stream = taken if i % 7 == 3 else uuid.uuid5(taken, str(i))
        return [(recorder, [StoredEvent(stream, 1, "t", str(i).encode())])]

    def one(i: int) -> None:
        if i % 2:
            try:
                committer.commit(rows(i))
                outcomes[i] = [None]
            except BaseException as e:
                outcomes[i] = [e]
            told.release()
        else:

            def notify(error: BaseException | None, i: int = i) -> None:
                outcomes.setdefault(i, []).append(error)
                told.release()

            committer.submit(rows(i), notify)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(writes)]
    for t in threads:
        t.start()
    for _ in range(writes):
        assert told.acquire(timeout=60), f"writes never told: {writes - len(outcomes)}"
    for t in threads:
        t.join(10)
    assert most[0] == 1
    assert sorted(outcomes) == list(range(writes))
    assert all(len(o) == 1 for o in outcomes.values())
    for i, (error,) in outcomes.items():
        if i % 7 == 3:
            assert isinstance(error, IntegrityError), (i, error)
        else:
            assert error is None, (i, error)
            stored = recorder.select_events(uuid.uuid5(taken, str(i)))
            assert [e.state for e in stored] == [str(i).encode()]
    assert [e.state for e in recorder.select_events(taken)] == [b"first"]
    assert not told.acquire(timeout=0.2)  # nobody told twice
    ledger.close()


def test_streams_and_metrics_see_every_act_made_on_the_loop(sqlite_url: str) -> None:
    """Listeners are called on the loop's thread now: a live stream (its polling
    slowed, so only the wake-ups can deliver) gets every entry of acts sent
    over HTTP, and the metrics count every appended event."""
    ledger = WizardLedger(sqlite_url)
    app = create_app(ledger, redis="off", poll_interval=30, safety_interval=30)
    with LiveServer(app) as server, server.client() as http:
        table = new_table(http)
        gid = UUID(table.game_id)
        start = len(ledger.entries(gid))
        counted = app.state.metrics.appended._value.get()
        arrived: list[int] = []
        ready = threading.Event()

        def watch() -> None:
            with (
                contextlib.suppress(httpx.HTTPError),  # the server stops at the end
                server.client() as c,
                c.stream("GET", f"/tables/{gid}/events") as response,
            ):
                for kind, data in sse(response):
                    if kind == "ready":
                        ready.set()
                    elif kind == "entry":
                        arrived.append(data["position"])

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        assert ready.wait(30)
        answered: list[int] = []
        for _ in range(6):
            seat, command = first_legal(ledger, gid)
            r = http.post(
                f"/tables/{gid}/act",
                json={"seat": seat, "command": command},
                headers=table.auth(seat),
            )
            assert r.status_code == 200, r.text
            answered += [e["position"] for e in r.json()["entries"]]
        wait_until(
            lambda: bool(arrived) and arrived[-1] >= answered[-1],
            f"the stream got {arrived}, not up to {answered[-1]}",
        )
        assert arrived == list(range(start + 1, answered[-1] + 1))
        assert answered == arrived
        assert app.state.metrics.appended._value.get() - counted == len(answered)
        # The acts were committed by the group commit's own thread (the loop's path).
        assert any(t.name == "group-commit" for t in threading.enumerate())
    ledger.close()


def test_on_postgresql_an_act_on_a_game_not_in_memory_waits_for_the_store_on_a_thread(
    postgres_url: str,
) -> None:
    """On PostgreSQL a read of the store may wait (a lock, a pool, the network):
    an act on a game this server has not read (its seat tokens included) is left
    to a thread, so the loop answers others meanwhile. Here the secrets table is
    locked by another session; ``/healthz`` must answer while the act waits."""
    import psycopg

    ledger = WizardLedger(postgres_url)
    maker = WizardLedger(postgres_url)  # another process made the game
    created = maker.create_game("ultimate", 2, seed="pg-unread", options=QUICK)
    gid = created.game_id
    seat, command = first_legal(maker, gid)
    token = dict(created.seats)[seat]
    schema = postgres_url.rsplit("schema=", 1)[1]
    app = create_app(ledger, redis="off")
    with LiveServer(app) as server, server.client() as http:
        locker = psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test")
        locker.execute(f'LOCK TABLE "{schema}".wizardledger_secrets IN ACCESS EXCLUSIVE MODE')
        answers: list[httpx.Response] = []
        acting = threading.Thread(
            target=lambda: answers.append(
                http.post(
                    f"/tables/{gid}/act",
                    json={"seat": seat, "command": command},
                    headers={"Authorization": f"Bearer {token}"},
                )
            ),
            daemon=True,
        )
        acting.start()
        try:
            wait_until(
                lambda: bool(
                    locker.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = "
                        f"'\"{schema}\".wizardledger_secrets'::regclass"
                    ).fetchone()[0]  # type: ignore[index]
                ),
                "the act never read the seat tokens",
            )
            with server.client(timeout=15) as other:
                alive = other.get("/healthz")
        finally:
            locker.rollback()
            locker.close()
        acting.join(30)
    assert alive.status_code == 200
    assert answers and answers[0].status_code == 200, answers
    stored = {e.position: e.hash for e in maker.entries(gid)}
    assert all(stored[e["position"]] == e["hash"] for e in answers[0].json()["entries"])
    maker.close()
    ledger.close()
