"""What a dropped PostgreSQL write leaves open, and how it is settled.

A connection that drops while its statement is under way (``services.store.pg_write``)
leaves the outcome open: the server may still commit the batch after the writer
has read back and found nothing. The error then carries the server process that
ran the statement (``LostBackend``); ``settle`` ends that process and waits for it
before a read-back is trusted, or raises ``OutcomeUnknown``.

Apart from the writer, which imports psycopg: every ledger imports this module
(the appender settles, the problems name ``OutcomeUnknown``), and a process on a
SQLite file need not import a PostgreSQL driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from eventsourcing import persistence


class OutcomeUnknown(persistence.OperationalError):
    """A dropped write whose server process could not be ended: whether its rows
    were stored is not known yet."""


@dataclass(frozen=True)
class LostBackend:
    """The server process of a writer's connection: its pid and its start, which
    together name it (a pid alone may be reused by a later connection)."""

    pid: int
    started: datetime


def lost_backend(error: BaseException) -> LostBackend | None:
    """The server process of the dropped connection that raised ``error``, if any."""
    seen: BaseException | None = error
    while seen is not None:
        found = getattr(seen, "lost_backend", None)
        if isinstance(found, LostBackend):
            return found
        seen = seen.__cause__ or seen.__context__
    return None


def settle(datastore: Any, lost: LostBackend, wait_ms: int = 5000) -> None:
    """End the server process of a dropped writer's connection and wait for it, so
    that what is stored afterwards is final. ``OutcomeUnknown`` if it outlives the
    wait (or the store cannot be asked)."""
    try:
        with datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT pg_terminate_backend(pid, %s) AS ended FROM pg_stat_activity "
                "WHERE pid = %s AND backend_start = %s",
                (wait_ms, lost.pid, lost.started),
            )
            row = curs.fetchone()
    except Exception as e:
        raise OutcomeUnknown(f"cannot ask the store about the dropped write: {e}") from e
    if row is not None and not row["ended"]:
        raise OutcomeUnknown(
            f"the server process {lost.pid} of a dropped write did not end within "
            f"{wait_ms} ms: whether the act was stored is not known yet; retry it with the "
            "same idempotency key"
        )
