"""A game stream's rows as plain tuples, read with one statement.

eventsourcing's ``select_events`` builds a ``StoredEvent`` per row, which the
mapper turns into another object before our codec sees the bytes: on a long
stream about as much time as the games' ``evolve`` takes. A full read (verify,
an export) needs only (position, topic, state bytes); a fold of a stretch whose
first position it knows needs only the state bytes (``select_states``): each
column more costs a fold of a long stream about a tenth of its time.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any
from uuid import UUID

from eventsourcing.persistence import AggregateRecorder

Row = tuple[int, str, bytes]
_END = 2**62
_ROW = "originator_version, topic, state"
_first = itemgetter(0)


def select_rows(
    recorder: AggregateRecorder, gid: UUID, gt: int | None = None, lte: int | None = None
) -> list[Row]:
    """The rows of stream ``gid`` with ``gt < position <= lte``, in order."""
    rows = _select(recorder, _ROW, gid, gt, lte)
    if rows is not None:
        return rows
    return [
        (s.originator_version, s.topic, s.state)
        for s in recorder.select_events(gid, gt=gt, lte=lte)
    ]


def select_states(
    recorder: AggregateRecorder, gid: UUID, gt: int | None = None, lte: int | None = None
) -> list[bytes]:
    """The state bytes of the same rows."""
    rows = _select(recorder, "state", gid, gt, lte)
    if rows is not None:
        return list(map(_first, rows))
    return [state for _, _, state in select_rows(recorder, gid, gt=gt, lte=lte)]


def _select(
    recorder: Any, columns: str, gid: UUID, gt: int | None, lte: int | None
) -> list[Any] | None:
    """Plain tuples of ``columns`` from an SQL store's events table; None for another store."""
    low, high = gt if gt is not None else 0, lte if lte is not None else _END
    module = type(recorder).__module__
    table = getattr(recorder, "events_table_name", None)
    if module.endswith("sqlite") and table:
        # One statement, run in the connection's autocommit mode, reads one snapshot
        # by itself: no BEGIN and ROLLBACK around it (a transaction of eventsourcing's
        # costs a short stream's fold about a third of its SELECT).
        with recorder.datastore.get_connection(commit=False) as conn, conn.cursor() as c:
            # The pool's cursors build an sqlite3.Row for each row: plain tuples are cheaper.
            c.row_factory = None
            c.execute(
                f"SELECT {columns} FROM {table} "
                "WHERE originator_id=? AND originator_version>? AND originator_version<=? "
                "ORDER BY originator_version",
                (gid.hex, low, high),
            )
            rows: list[Any] = c.fetchall()
            return rows
    if module.endswith("postgres") and table:
        return _postgres(recorder, table, columns, gid, low, high)
    return None


_STATEMENTS: dict[tuple[str, str, str], bytes] = {}


def _postgres(recorder: Any, table: str, columns: str, gid: UUID, low: int, high: int) -> list[Any]:
    from psycopg.rows import tuple_row

    schema = recorder.datastore.schema
    statement = _STATEMENTS.get((schema, table, columns))
    if statement is None:
        statement = _STATEMENTS[schema, table, columns] = _rendered(schema, table, columns)
    with recorder.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row) as curs:
        curs.execute(statement, (gid, low, high), prepare=True)
        # bytea arrives as bytes, or as a memoryview under some adapters.
        return [(*r[:-1], bytes(r[-1])) for r in curs.fetchall()]


def _rendered(schema: str, table: str, columns: str) -> bytes:
    """The select of a stretch of one stream, rendered once: composing it
    was about a fifth of a catch-up read's CPU (every read of the current
    position on PostgreSQL makes one)."""
    from psycopg.sql import SQL, Identifier

    return (
        SQL(
            "SELECT " + columns + " FROM {}.{} WHERE originator_id = %s "
            "AND originator_version > %s AND originator_version <= %s ORDER BY originator_version"
        )
        .format(Identifier(schema), Identifier(table))
        .as_bytes(None)
    )
