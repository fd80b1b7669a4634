"""Writing an action: its events, the recorded head (and a new game's secrets) in one transaction.

A crash between two transactions could otherwise leave events without their
head (verify would then see a head behind the stream) or a head without its
events. Concurrent writes share one transaction and one sync (group commit):
the first writer to arrive commits everything queued so far, and each writer
returns only once the transaction holding its rows is committed. A writer
waits on a lock of its own: the leader wakes the writers of its batch, and
hands the lead to the first writer queued meanwhile, so that no commit wakes
every waiting thread. SQLite lets one writer in at a time anyway, and on
PostgreSQL every insert locks its events table (so that the notification log
commits in order), so sharing a transaction shares that wait. A PostgreSQL
store has one events table and one committer per shard (``services.shards``):
acts of different shards never share, nor wait for, each other's transactions.
If the shared transaction fails (one write lost a race for its stream
position), each write of the batch is committed alone, so that only the loser
gets the error.

A write may also be handed over without a thread waiting for it (``submit``):
the event loop of the HTTP service prepares acts itself and is told when each
is durable. Such writes are led by a committing thread of the committer's own,
so that the loop never waits for a sync.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.persistence import AggregateRecorder, StoredEvent
from eventsourcing.sqlite import SQLiteAggregateRecorder

from services.sqlite_writer import SQLiteWriter

Rows = list[tuple[AggregateRecorder, list[StoredEvent]]]


Notify = Callable[[BaseException | None], None]


class _Waiting:
    """A write waiting for its commit: a thread holding ``wake`` until it is done
    or leads, or (``notify``) nobody, told by a call once it is done."""

    __slots__ = ("done", "error", "leads", "notify", "rows", "wake")

    def __init__(self, rows: Rows, notify: Notify | None = None) -> None:
        self.rows = rows
        self.done = False
        self.leads = False
        self.error: BaseException | None = None
        self.notify = notify
        if notify is None:
            self.wake = threading.Lock()
            self.wake.acquire()


def _write_sqlite(c: Any, rows: Rows) -> None:
    # One executemany per table for the whole batch: each statement call
    # releases and retakes the interpreter lock, which the committing thread
    # then waits for behind the event loop. The application recorder's own
    # insert runs one statement per event to collect notification ids, which
    # nothing here reads; the aggregate recorder's is the same insert, batched.
    tables: dict[int, tuple[AggregateRecorder, list[StoredEvent]]] = {}
    for recorder, stored in rows:
        tables.setdefault(id(recorder), (recorder, []))[1].extend(stored)
    for recorder, stored in tables.values():
        SQLiteAggregateRecorder._insert_events(recorder, c, stored)  # type: ignore[arg-type]


_INSERTS: dict[tuple[str, str, int], bytes] = {}
_VALUES_UP_TO = 16  # rows a statement takes as plain values; more go as arrays


def _insert_statement(recorder: Any, rows: int) -> bytes:
    """The insert of ``rows`` rows into a recorder's table, rendered once.

    eventsourcing's own insert sends an array of a composite type, which
    psycopg dumps field by field and composes anew for every call. Plain
    values dump in psycopg's C code, and the rendered statement is prepared
    once per connection: on a sharded store, where more acts are a
    transaction of their own, this is CPU every act saves."""
    schema, table = recorder.datastore.schema, recorder.events_table_name
    key = (schema, table, rows if rows <= _VALUES_UP_TO else 0)
    statement = _INSERTS.get(key)
    if statement is None:
        from psycopg.sql import SQL, Identifier

        if key[2]:
            source = "VALUES " + ", ".join(["(%s, %s, %s, %s)"] * rows)
        else:
            source = "SELECT * FROM unnest(%s::uuid[], %s::bigint[], %s::text[], %s::bytea[])"
        statement = (
            SQL("INSERT INTO {}.{} (originator_id, originator_version, topic, state) ")
            .format(Identifier(schema), Identifier(table))
            .as_bytes(None)
        ) + source.encode()
        _INSERTS[key] = statement
    return statement


_LOCKS: dict[tuple[str, str], list[bytes]] = {}


def _lock_statements(recorder: Any) -> list[bytes]:
    """eventsourcing's statements that lock an events table (with its lock
    timeout), rendered once instead of composed for every transaction."""
    key = (recorder.datastore.schema, recorder.events_table_name)
    if key not in _LOCKS:
        _LOCKS[key] = [s.as_bytes(None) for s in recorder.lock_table_statements]
    return _LOCKS[key]


def _write_postgres(curs: Any, rows: Rows) -> None:
    from eventsourcing.postgres import PostgresApplicationRecorder

    for recorder, stored in rows:
        if isinstance(recorder, PostgresApplicationRecorder):
            # The table lock keeps the log's commit order (eventsourcing's
            # reason for it). No NOTIFY: nothing of ours listens (projections
            # and live streams poll or use Redis), and PostgreSQL serialises
            # the commits of all notifying transactions of a database on one
            # lock, which would make writers of different shards wait again.
            for statement in _lock_statements(recorder):
                curs.execute(statement, prepare=True)
        params: list[Any]
        if len(stored) <= _VALUES_UP_TO:
            params = []
            for e in stored:
                params += (e.originator_id, e.originator_version, e.topic, e.state)
        else:
            params = [
                [e.originator_id for e in stored],
                [e.originator_version for e in stored],
                [e.topic for e in stored],
                [e.state for e in stored],
            ]
        curs.execute(_insert_statement(recorder, len(stored)), params, prepare=True)


@contextmanager
def _sqlite_transaction(datastore: Any) -> Iterator[Any]:
    with datastore.transaction(commit=True) as c:
        yield c


@contextmanager
def _postgres_transaction(datastore: Any) -> Iterator[Any]:
    # BEGIN, the lock and the inserts go in one pipelined round trip; COMMIT
    # (which waits for the WAL to reach disk) goes on its own. psycopg's
    # pipeline waits for a socket that is readable *or* writable, so a COMMIT
    # inside it would spin on the CPU for as long as the disk takes.
    with datastore.get_connection() as conn, conn.cursor() as curs:
        try:
            with conn.pipeline():
                curs.execute(b"BEGIN")
                yield curs
            curs.execute(b"COMMIT")
        except BaseException:
            with suppress(Exception):  # a broken connection: the pool discards it
                conn.rollback()
            raise


@dataclass
class Committer:
    """Commits rows of several recorders sharing one datastore, in one transaction."""

    datastore: Any
    write: Callable[[Any, Rows], None]
    transaction: Callable[[Any], AbstractContextManager[Any]] = _sqlite_transaction
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _queue: list[_Waiting] = field(default_factory=list)
    _leading: bool = False
    # Leads batches whose first write has no thread of its own (``submit``).
    _lead_now: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    _leader: threading.Thread | None = None
    _ending: threading.Thread | None = None  # a committing thread told to end
    batches: int = 0
    writes: int = 0

    @classmethod
    def for_recorder(cls, recorder: AggregateRecorder) -> Committer | None:
        """The committer for the recorder's store, or None if the store has no
        transactions we can share (the in-memory store)."""
        module = type(recorder).__module__
        datastore = getattr(recorder, "datastore", None)
        if datastore is None:
            return None
        if module.endswith("sqlite"):
            # Writers of one SQLite file take turns anyway: share their sync.
            return cls(SQLiteWriter.around(datastore), _write_sqlite)
        if module.endswith("postgres"):
            # eventsourcing's recorder locks its events table for each insert, so
            # the writers of a store take turns there too: share the lock and the
            # commit between the acts that arrive meanwhile.
            return cls(datastore, _write_postgres, transaction=_postgres_transaction)
        return None

    def _commit(self, rows: Rows) -> None:
        with self.transaction(self.datastore) as c:
            self.write(c, rows)

    def commit(self, rows: Rows) -> None:
        """Commit ``rows``; return once they are durable, or raise (nothing written)."""
        me = _Waiting(rows)
        with self._lock:
            self._queue.append(me)
            me.leads = not self._leading
            self._leading = True
        if not me.leads:
            me.wake.acquire()  # released when a leader committed our rows, or passed us the lead
        if me.leads:
            self._lead()
        if me.error is not None:
            raise me.error

    def submit(self, rows: Rows, notify: Notify) -> None:
        """Commit ``rows`` without waiting: ``notify(None)`` once they are durable,
        ``notify(error)`` if nothing was written. ``notify`` is called on the
        committing thread and must not block."""
        me = _Waiting(rows, notify)
        with self._lock:
            # Before the write is queued: a thread that cannot start (raising
            # here) must not leave a write queued, or the lead taken, with
            # nobody to lead.
            self._start_leader()
            self._queue.append(me)
            lead = not self._leading
            self._leading = True
            me.leads = lead
        if lead:
            self._lead_now.release()

    def _start_leader(self) -> None:
        if self._leader is None:
            if self._ending is not None:
                # A thread told to end (``close``) takes the permit meant for it
                # first, so that every later permit is the new thread's.
                self._ending.join()
                self._ending = None
            leader = threading.Thread(target=self._lead_submitted, daemon=True)
            leader.name = "group-commit"
            leader.start()
            self._leader = leader  # only once started: a failed start is tried again

    def _lead_submitted(self) -> None:
        while True:
            self._lead_now.acquire()
            if self._ending is threading.current_thread():
                return
            with suppress(BaseException):  # each write was given its error
                self._lead()

    def close(self, timeout: float = 5.0) -> None:
        """End the committing thread, once no write is queued or being committed
        (a write submitted later starts another)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                leader = self._leader
                if leader is None:
                    return
                if not self._leading and not self._queue:
                    self._leader, self._ending = None, leader
                    break
            if time.monotonic() > deadline:
                return  # still busy: the daemon thread ends with the process
            time.sleep(0.01)
        self._lead_now.release()
        leader.join(timeout)

    def _lead(self) -> None:
        """Commit what is queued (the leader's own rows first among them), then hand
        the lead to the first writer queued meanwhile, or give it up."""
        with self._lock:
            batch, self._queue = self._queue, []
        try:
            self._commit_batch(batch)
        except BaseException as e:  # _commit_batch gives each write its own error
            for w in batch:
                if not w.done:
                    w.error = e
            raise
        finally:
            for w in batch:
                w.done = True
                if w.notify is not None:
                    with suppress(BaseException):  # a caller's fault must not stop the commits
                        w.notify(w.error)
                elif not w.leads:
                    w.wake.release()
            with self._lock:
                if self._queue:
                    after = self._queue[0]
                    after.leads = True
                    if after.notify is None:
                        after.wake.release()
                    else:  # queued by ``submit``, which started the committing thread
                        self._lead_now.release()
                else:
                    self._leading = False

    def _commit_batch(self, batch: Sequence[_Waiting]) -> None:
        self.batches += 1
        self.writes += len(batch)
        try:
            if len(batch) == 1:
                self._commit(batch[0].rows)
            else:
                self._commit([pair for w in batch for pair in w.rows])
        except BaseException as shared_error:
            if len(batch) == 1:
                batch[0].error = shared_error
            else:
                for w in batch:
                    try:
                        self._commit(w.rows)
                    except BaseException as e:
                        w.error = e
        for w in batch:
            w.done = True
