"""The projections' own database, where each read model's rows and its tracking
position are written in one transaction.

On SQLite it is a sibling file of the event store (``wizards.projections.db``
beside ``wizards.db``); on PostgreSQL the same database (and schema) as the
events, with tables prefixed ``wizardprojections_``. Tracking rows live in
eventsourcing's own tracking table (``factory.tracking_recorder()``), one row
per projection, written by the recorder's ``_insert_tracking`` on the cursor
of the projection's own transaction, so rows and position commit or roll back
together: an event is applied exactly once, however a runner dies.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    InternalError,
    OperationalError,
    Tracking,
)
from eventsourcing.sqlite import SQLiteFactory, SQLiteTrackingRecorder
from eventsourcing.utils import Environment

from services.config import eventsourcing_env

if TYPE_CHECKING:
    # Imported by eventsourcing for a PostgreSQL store only (the factory names its
    # module): a process on a SQLite file loads no PostgreSQL driver.
    from eventsourcing.postgres import PostgresFactory, PostgresTrackingRecorder

APP_NAME = "WizardProjections"
_NAMED = re.compile(r"(?<!:):([A-Za-z_]\w*)")
T = TypeVar("T")


def _creating(fn: Callable[[], T], attempts: int = 5) -> T:
    """Run a table-creating step, again if a concurrent creator raced it.

    PostgreSQL's ``CREATE TABLE IF NOT EXISTS`` is not safe against itself:
    two processes opening a fresh store at once can fail with "tuple
    concurrently updated" or a duplicate type; the second try finds the table.
    """
    for attempt in range(attempts):
        try:
            return fn()
        except (InternalError, IntegrityError, OperationalError):
            if attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


class ProjectionStoreError(ValueError):
    pass


class PositionMoved(RuntimeError):
    """Another runner applied events since this one read its position: read it again."""


def _quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


class Tx:
    """A cursor inside one projection transaction; SQL uses ``:name`` parameters on both stores."""

    def __init__(self, cursor: Any, postgres: bool) -> None:
        self.cursor = cursor
        self.postgres = postgres

    def _sql(self, sql: str) -> str:
        return _NAMED.sub(r"%(\1)s", sql) if self.postgres else sql

    def execute(self, sql: str, params: Mapping[str, Any] | None = None) -> None:
        self.cursor.execute(self._sql(sql), dict(params or {}))

    def one(self, sql: str, params: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
        self.execute(sql, params)
        row = self.cursor.fetchone()
        return None if row is None else dict(row)

    def all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        self.execute(sql, params)
        return [dict(r) for r in self.cursor.fetchall()]


class ProjectionStore:
    """The projections database for a store URL (``sqlite:///…`` or ``postgresql://…``)."""

    def __init__(self, url: str) -> None:
        base = eventsourcing_env(url, purpose="projections")
        if base.get("PERSISTENCE_MODULE") not in ("eventsourcing.sqlite", "eventsourcing.postgres"):
            raise ProjectionStoreError(
                f"projections need a SQLite or PostgreSQL store, not {url!r}"
            )
        # As eventsourcing's Application does: the process environment, then
        # the URL's settings; one row per projection in the tracking table.
        env = Environment(APP_NAME, {**os.environ, **base, "SINGLE_ROW_TRACKING": "t"})
        self.url = url
        self.factory = InfrastructureFactory.construct(env)
        self.tracking: SQLiteTrackingRecorder | PostgresTrackingRecorder
        if base["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
            self.postgres = True
            factory: PostgresFactory = self.factory  # type: ignore[assignment]  # the module named
            tracking: PostgresTrackingRecorder = _creating(lambda: factory.tracking_recorder())
            self.tracking = tracking
            schema: str = tracking.datastore.schema
            self._schema = _quote(schema) + "."
            self._prefix = APP_NAME.lower() + "_"
            self.tracking_table = self._schema + _quote(self.tracking.tracking_table_name)
        elif isinstance(self.factory, SQLiteFactory):
            self.postgres = False
            self.tracking = _creating(self.factory.tracking_recorder)
            self._schema = ""
            self._prefix = ""
            self.tracking_table = "tracking"
        else:  # pragma: no cover - excluded above
            raise ProjectionStoreError(f"unsupported projections store {url!r}")

    # ------------------------------------------------------------ naming

    def table(self, name: str) -> str:
        """The qualified, quoted name of one of our tables."""
        return self._schema + _quote(self._prefix + name)

    @property
    def float_type(self) -> str:
        return "DOUBLE PRECISION" if self.postgres else "REAL"

    # ------------------------------------------------------- transactions

    @contextmanager
    def transaction(self, *, commit: bool = True) -> Iterator[Tx]:
        with self.tracking.datastore.transaction(commit=commit) as cursor:
            yield Tx(cursor, self.postgres)

    def ensure(self, statements: list[str], tracking_names: list[str]) -> None:
        """Create tables and a tracking row at position 0 for each name (idempotent)."""

        def create() -> None:
            with self.transaction() as tx:
                for statement in statements:
                    tx.execute(statement)
                for name in tracking_names:
                    tx.execute(
                        f"INSERT INTO {self.tracking_table} (application_name, notification_id) "
                        "VALUES (:n, 0) ON CONFLICT (application_name) DO NOTHING",
                        {"n": name},
                    )

        _creating(create)

    def position(self, name: str) -> int:
        return self.tracking.max_tracking_id(name) or 0

    def _lock(self, tx: Tx, name: str) -> None:
        # A no-op update: the row lock on PostgreSQL, the write lock on SQLite.
        tx.execute(
            f"UPDATE {self.tracking_table} SET notification_id = notification_id "
            "WHERE application_name = :n",
            {"n": name},
        )

    @contextmanager
    def locked(self, name: str) -> Iterator[Tx]:
        """A transaction holding tracking row ``name``'s lock."""
        with self.transaction() as tx:
            self._lock(tx, name)
            yield tx

    @contextmanager
    def advance(
        self, name: str, expected: int, to: int, *, guard: str | None = None
    ) -> Iterator[Tx]:
        """A transaction that applies notifications ``expected+1 .. to`` and records ``to``.

        The tracking row is locked first, then checked: if another runner
        moved it since ``expected`` was read, ``PositionMoved`` rolls back
        before anything is applied twice. ``guard``: a row locked before it,
        so that the appliers of one projection's shards take turns (they
        change the same rows).
        """
        with self.transaction() as tx:
            if guard is not None and guard != name:
                self._lock(tx, guard)
            self._lock(tx, name)
            row = tx.one(
                f"SELECT notification_id FROM {self.tracking_table} WHERE application_name = :n",
                {"n": name},
            )
            current = 0 if row is None else int(row["notification_id"] or 0)
            if current != expected:
                raise PositionMoved(f"{name}: at {current}, expected {expected}")
            yield tx
            self.tracking._insert_tracking(tx.cursor, Tracking(name, to))

    def reset(self, names: list[str], clear: list[str]) -> None:
        """Empty a projection's tables and move its positions (one per shard) back to 0,
        atomically."""
        with self.transaction() as tx:
            for statement in clear:
                tx.execute(statement)
            for name in names:
                tx.execute(
                    f"UPDATE {self.tracking_table} SET notification_id = 0 "
                    "WHERE application_name = :n",
                    {"n": name},
                )

    def close(self) -> None:
        self.factory.close()
