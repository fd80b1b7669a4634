"""Writing an action: its events, the recorded head (and a new game's secrets) in one transaction.

A crash between two transactions could otherwise leave events without their
head (verify would then see a head behind the stream) or a head without its
events. Concurrent writes share one transaction and one sync (group commit):
the first writer to arrive commits everything queued so far, and each writer
returns only once the transaction holding its rows is committed. A writer
waits on a lock of its own: the leader wakes the writers of its batch, and
hands the lead to the first writer queued meanwhile, so that no commit wakes
every waiting thread. SQLite lets
one writer in at a time anyway, and eventsourcing's PostgreSQL recorder makes
every insert lock the events table, so sharing a transaction shares that wait.
If the shared transaction fails (one write lost a race for its stream
position), each write of the batch is committed alone, so that only the loser
gets the error.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.persistence import AggregateRecorder, StoredEvent
from eventsourcing.sqlite import SQLiteAggregateRecorder

Rows = list[tuple[AggregateRecorder, list[StoredEvent]]]


class _Waiting:
    """A write waiting for its commit; ``wake`` is held until it is done or leads."""

    __slots__ = ("done", "error", "leads", "rows", "wake")

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        self.done = False
        self.leads = False
        self.error: BaseException | None = None
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


def _write_postgres(curs: Any, rows: Rows) -> None:
    # The application recorder's insert takes its table lock and notifies its
    # channel, as eventsourcing's own insert_events does. Pipelined: the
    # statements go in one round trip.
    with curs.connection.pipeline():
        for recorder, stored in rows:
            recorder._insert_stored_events(curs, stored)  # type: ignore[attr-defined]


@dataclass
class Committer:
    """Commits rows of several recorders sharing one datastore, in one transaction."""

    datastore: Any
    write: Callable[[Any, Rows], None]
    group: bool
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _queue: list[_Waiting] = field(default_factory=list)
    _leading: bool = False
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
            return cls(datastore, _write_sqlite, group=True)
        if module.endswith("postgres"):
            # eventsourcing's recorder locks its events table for each insert, so
            # the writers of a store take turns there too: share the lock and the
            # commit between the acts that arrive meanwhile.
            return cls(datastore, _write_postgres, group=True)
        return None

    def _commit(self, rows: Rows) -> None:
        with self.datastore.transaction(commit=True) as c:
            self.write(c, rows)

    def commit(self, rows: Rows) -> None:
        """Commit ``rows``; return once they are durable, or raise (nothing written)."""
        if not self.group:
            self._commit(rows)
            return
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
                if not w.leads:
                    w.wake.release()
            with self._lock:
                if self._queue:
                    after = self._queue[0]
                    after.leads = True
                    after.wake.release()
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
