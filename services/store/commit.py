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
store has one events table and one committer per shard (``services.store.shards``):
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

from services.store.sqlite_writer import SQLiteWriter

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
        SQLiteAggregateRecorder._insert_events(recorder, c, stored)  # type: ignore[arg-type]  # the recorder is SQLite's: this committer serves no other


@contextmanager
def _sqlite_transaction(datastore: Any) -> Iterator[Any]:
    with datastore.transaction(commit=True) as c:
        yield c


@dataclass
class Committer:
    """Commits rows of several recorders sharing one datastore, in one transaction."""

    datastore: Any
    write: Callable[[Any, Rows], None]
    transaction: Callable[[Any], AbstractContextManager[Any]] = _sqlite_transaction
    # Gives back what the writer holds (a connection of its own), at ``close``.
    release: Callable[[], None] | None = None
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
            # Every write locks its events table, so the writers of a shard take
            # turns there too: share the lock and the commit between the acts
            # that arrive meanwhile. A batch is one statement (services.store.pg_write).
            from services.store.pg_write import PostgresAppend

            append = PostgresAppend(recorder)
            return cls(
                datastore, append.write, transaction=append.transaction, release=append.close
            )
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
        """End the committing thread, once no write is queued or being committed,
        and give back what the writer holds (a write submitted later starts and
        opens them again)."""
        self._end_leader(timeout)
        if self.release is not None:
            self.release()

    def _end_leader(self, timeout: float) -> None:
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
