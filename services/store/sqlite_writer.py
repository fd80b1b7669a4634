"""A SQLite file's connection kept for the committer's transactions.

The committer writes one transaction at a time (``services.store.commit``). Taking a
connection from eventsourcing's pool for each costs several times the CPU of the
``BEGIN`` itself (pool locks, age checks, three layers of context managers), so
on a SQLite file the committer keeps a connection of its own, opened as the pool
opens its connections: same file, same lock timeout, same (default, full) sync.
Errors are raised as eventsourcing's, as the pool's transactions raise them.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError
from eventsourcing.sqlite import SQLITE3_DEFAULT_LOCK_TIMEOUT


class SQLiteWriter:
    """``transaction(commit=True)`` on one connection, for one writer at a time."""

    def __init__(self, db_name: str, lock_timeout: float) -> None:
        self._conn = sqlite3.connect(
            db_name,
            uri=True,
            check_same_thread=False,  # the committer's leader is whichever thread came first
            isolation_level=None,
            timeout=lock_timeout,
        )
        self._lock = threading.Lock()

    @classmethod
    def around(cls, datastore: Any) -> Any:
        """A writer for the datastore's file, or the datastore itself where its
        pool must arbitrate (an in-memory database shares its cache)."""
        pool = datastore.pool
        if pool.is_sqlite_memory_mode:
            return datastore
        with datastore.transaction(commit=False):
            pass  # the pool's first connection turns the file to WAL mode
        return cls(pool.db_name, pool.lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT)

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[sqlite3.Cursor]:
        with self._lock:
            cursor = self._conn.cursor()
            try:
                cursor.execute("BEGIN IMMEDIATE")  # the write lock now, or wait for it
                yield cursor
                if commit:
                    self._conn.commit()
                else:
                    self._conn.rollback()
            except sqlite3.Error as e:
                self._rollback()
                raise _translated(e) from e
            except BaseException:
                self._rollback()
                raise
            finally:
                cursor.close()

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.rollback()

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _translated(e: sqlite3.Error) -> PersistenceError:
    if isinstance(e, sqlite3.IntegrityError):
        return IntegrityError(e)
    if isinstance(e, sqlite3.OperationalError):
        return OperationalError(e)
    return PersistenceError(e)
