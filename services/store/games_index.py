"""The games of a store found without reading its whole log.

Listing the games (``GET /tables``, the lobby every few seconds, ``wizards
list``, ``verify --all``) needs the streams that hold a ``GameStarted``, and
the lobby's branch markers those that hold a ``GameForked``. eventsourcing's
``select_notifications(topics=...)`` finds them by reading every notification
of the log: a store of 500,000 events took 80 ms for each of the two, at every
lobby refresh, and it grows with every act played. Here each events table has
a partial index per topic, holding only the rows of that topic (one per game),
so the search reads those rows alone, and an insert of any other event costs
nothing more than the check of its topic.

The index is made when a store is opened (once: a store made by older code gets
it then, which reads its table once; on PostgreSQL that holds back the table's
writers for as long). A query uses a partial index only where its condition is
the index's own, so both write the topic as the same literal (our own class
names, never a caller's text).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel import GameForked, GameStarted
from services.store.codec import topic_of

# Topic -> the suffix of its index's name.
INDEXED = {topic_of(GameStarted): "started", topic_of(GameForked): "forked"}

Found = tuple[int, UUID, bytes]  # (notification id, stream, the event's row)


def _literal(topic: str) -> str:
    if topic not in INDEXED or "'" in topic:
        raise ValueError(f"no index of the topic {topic!r}")
    return f"'{topic}'"


def _kind(recorder: Any) -> str | None:
    module = type(recorder).__module__
    if getattr(recorder, "events_table_name", None) is None:
        return None
    if module.endswith("sqlite"):
        return "sqlite"
    if module.endswith("postgres"):
        return "postgres"
    return None


def ensure_indexes(recorder: Any, *, make: bool = True) -> bool:
    """Make the partial indexes of ``recorder``'s events table where they are
    missing; whether it has them now. ``make=False`` (a store opened read-only)
    only looks: without them, the games are found by reading the log."""
    kind = _kind(recorder)
    if kind == "sqlite":
        return _ensure_sqlite(recorder, make)
    if kind == "postgres":
        return _ensure_postgres(recorder, make)
    return False


def _ensure_sqlite(recorder: Any, make: bool) -> bool:
    table = recorder.events_table_name
    names = {f"{table}_{suffix}": topic for topic, suffix in INDEXED.items()}
    with recorder.datastore.transaction(commit=False) as c:
        c.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        missing = set(names) - {row[0] for row in c.fetchall()}
    if not missing:
        return True  # no write transaction at every open
    if not make:
        return False
    with recorder.datastore.transaction(commit=True) as c:
        for name in sorted(missing):
            c.execute(
                f"CREATE INDEX IF NOT EXISTS {name} ON {table} (originator_id) "
                f"WHERE topic = {_literal(names[name])}"
            )
    return True


def _ensure_postgres(recorder: Any, make: bool) -> bool:
    datastore = recorder.datastore
    schema, table = datastore.schema, recorder.events_table_name
    names = {f"{table}_{suffix}": topic for topic, suffix in INDEXED.items()}
    look = "SELECT indexname FROM pg_indexes WHERE schemaname = %s AND tablename = %s"
    with datastore.transaction(commit=False) as curs:
        curs.execute(look, (schema, table))
        if not set(names) - {row["indexname"] for row in curs.fetchall()}:
            return True
    if not make:
        return False
    with datastore.transaction(commit=True) as curs:
        # Processes opening one store at once would race on CREATE INDEX: one
        # makes them, under a lock named after the table; the others find them.
        curs.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"{schema}.{table}.games",))
        curs.execute(look, (schema, table))
        missing = set(names) - {row["indexname"] for row in curs.fetchall()}
        for name in sorted(missing):
            recorder.check_identifier_length(name)
            curs.execute(
                f'CREATE INDEX IF NOT EXISTS "{name}" ON "{schema}"."{table}" (notification_id) '
                f"WHERE topic = {_literal(names[name])}"
            )
    return True


def select_found(recorder: Any, topic: str) -> list[Found] | None:
    """Every row of ``topic`` in ``recorder``'s events table, in log order, read
    through its index; None for a store without one (in memory)."""
    kind = _kind(recorder)
    table = getattr(recorder, "events_table_name", "")
    if kind == "sqlite":
        with recorder.datastore.get_connection(commit=False) as conn, conn.cursor() as c:
            c.row_factory = None
            # Named, and no ORDER BY: without statistics, SQLite would rather read
            # the whole table in rowid order than sort the index's few rows.
            index = f"{table}_{INDEXED[topic]}"
            c.execute(
                f"SELECT rowid, originator_id, state FROM {table} INDEXED BY {index} "
                f"WHERE topic = {_literal(topic)}"
            )
            return sorted((n, UUID(oid), state) for n, oid, state in c.fetchall())
    if kind == "postgres":
        schema = recorder.datastore.schema
        with recorder.datastore.transaction(commit=False) as curs:
            curs.execute(
                f'SELECT notification_id, originator_id, state FROM "{schema}"."{table}" '
                f"WHERE topic = {_literal(topic)} ORDER BY notification_id"
            )
            rows = curs.fetchall()
        return [
            (
                row["notification_id"],
                row["originator_id"]
                if isinstance(row["originator_id"], UUID)
                else UUID(str(row["originator_id"])),
                bytes(row["state"]),
            )
            for row in rows
        ]
    return None
