"""Writing an action: its events, the recorded head (and a new game's secrets) in one transaction.

A crash between two transactions could otherwise leave events without their
head (verify would then see a head behind the stream) or a head without its
events. Concurrent writes share one transaction and one sync (group commit):
the first writer to arrive commits everything queued so far, and each writer
returns only once the transaction holding its rows is committed. SQLite lets
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

from services.sqlite_writer import SQLiteWriter

Rows = list[tuple[AggregateRecorder, list[StoredEvent]]]


@dataclass
class _Waiting:
    rows: Rows
    done: bool = False
    error: BaseException | None = None


def _write_sqlite(c: Any, rows: Rows) -> None:
    # The application recorder inserts row by row to return notification ids,
    # which an act never uses: one executemany per table, as its base class does.
    for recorder, stored in rows:
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
    _cond: threading.Condition = field(default_factory=threading.Condition)
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
            return cls(SQLiteWriter.around(datastore), _write_sqlite, group=True)
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
        with self._cond:
            self._queue.append(me)
            while not me.done:
                if self._leading:
                    self._cond.wait()
                    continue
                self._leading = True
                batch, self._queue = self._queue, []
                self._cond.release()
                try:
                    self._commit_batch(batch)
                finally:
                    self._cond.acquire()
                    self._leading = False
                    self._cond.notify_all()
        if me.error is not None:
            raise me.error

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
