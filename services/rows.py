"""A game stream's rows as plain tuples, read with one statement.

eventsourcing's ``select_events`` builds a ``StoredEvent`` per row, which the
mapper turns into another object before our codec sees the bytes: on a long
stream about as much time as the games' ``evolve`` takes. A full read (a fold
from zero, verify, an export) needs only (position, topic, state bytes).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.persistence import AggregateRecorder

Row = tuple[int, str, bytes]
_END = 2**62


def select_rows(
    recorder: AggregateRecorder, gid: UUID, gt: int | None = None, lte: int | None = None
) -> list[Row]:
    """The rows of stream ``gid`` with ``gt < position <= lte``, in order."""
    low, high = gt if gt is not None else 0, lte if lte is not None else _END
    module = type(recorder).__module__
    table = getattr(recorder, "events_table_name", None)
    if module.endswith("sqlite") and table:
        with recorder.datastore.transaction(commit=False) as c:  # type: ignore[attr-defined]
            c.execute(
                f"SELECT originator_version, topic, state FROM {table} "
                "WHERE originator_id=? AND originator_version>? AND originator_version<=? "
                "ORDER BY originator_version",
                (gid.hex, low, high),
            )
            return [(r[0], r[1], r[2]) for r in c.fetchall()]
    if module.endswith("postgres") and table:
        return _postgres_rows(recorder, table, gid, low, high)
    return [
        (s.originator_version, s.topic, s.state)
        for s in recorder.select_events(gid, gt=gt, lte=lte)
    ]


def _postgres_rows(recorder: Any, table: str, gid: UUID, low: int, high: int) -> list[Row]:
    from psycopg.sql import SQL, Identifier

    statement = SQL(
        "SELECT originator_version, topic, state FROM {}.{} WHERE originator_id = %s "
        "AND originator_version > %s AND originator_version <= %s ORDER BY originator_version"
    ).format(Identifier(recorder.datastore.schema), Identifier(table))
    with recorder.datastore.get_connection() as conn, conn.cursor() as curs:
        curs.execute(statement, (gid, low, high), prepare=True)
        return [(r["originator_version"], r["topic"], bytes(r["state"])) for r in curs.fetchall()]
