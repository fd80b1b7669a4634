"""A PostgreSQL write as one statement in autocommit: the shard's lock and every row.

eventsourcing writes a transaction of several statements: ``BEGIN``, the lock
timeout, ``LOCK TABLE``, an insert per table, ``COMMIT``. Each statement costs
the writing process psycopg's Python code to send it and read its answer, and
on a sharded store a transaction carries one or two acts, so each act paid
nearly all of it. Here a group commit's batch is one
statement: a function created beside each events table takes the table lock
(the notification log then commits in insert order, which eventsourcing's
readers rely on) and inserts the events; the rows of the other tables the
batch touches (heads, a new game's secrets, a snapshot) are inserts of the
same statement. A statement in autocommit is a transaction of its own: all of
it is committed, or none of it (a row whose position is taken fails the whole).
It is sent outside psycopg's pipeline mode, whose wait for an answer spins on
the CPU for as long as the commit waits for the disk.

No ``NOTIFY``, as eventsourcing sends with each insert: nothing here listens
(projections and live streams poll or use Redis), and PostgreSQL commits the
notifying transactions of a database one at a time, which would make the
writers of different shards take turns again.

Each shard's writer keeps a connection of its own, outside eventsourcing's
pool: taking one from the pool for every batch was about a third of the
write's CPU.

A connection that drops while its statement is under way leaves the outcome
open: the server may still be waiting for the shard's lock, and commit the
batch after the writer has read back and found nothing. So the error carries
the server process that ran the statement (``LostBackend``), and before a
read-back is trusted (``settle``) that process is ended and waited for: its
statement then either committed or never will (``services.store.pg_outcome``,
which every ledger imports: this module, and psycopg with it, is imported only
by a PostgreSQL store's writer).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import psycopg
from eventsourcing import persistence
from eventsourcing.persistence import AggregateRecorder, StoredEvent
from psycopg.pq import TransactionStatus
from psycopg.rows import tuple_row

from services.store.pg_outcome import LostBackend

Rows = list[tuple[AggregateRecorder, list[StoredEvent]]]

_COLUMNS = "originator_id, originator_version, topic, state"
# Rows a part of the statement takes as one parameter per value (psycopg dumps
# those in C); more go as one array per column, which psycopg dumps element by
# element in Python but which keeps the number of statement shapes bounded.
_VALUES_UP_TO = 16


def function_name(events_table: str) -> str:
    """The append function of an events table (created in the table's schema)."""
    return f"{events_table}_append"


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _function_source(schema: str, table: str) -> str:
    """The body of the function that locks ``table`` and inserts a write's events
    (``schema`` and ``table`` quoted)."""
    return (
        "\nBEGIN\n"
        # SET LOCAL, as eventsourcing sets it: for the rest of the transaction,
        # which is the statement calling this function.
        "    PERFORM set_config('lock_timeout', p_lock_timeout, true);\n"
        f"    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;\n"
        f"    INSERT INTO {schema}.{table} ({_COLUMNS})\n"
        "        SELECT * FROM unnest(p_ids, p_versions, p_topics, p_states);\n"
        "END\n"
    )


def ensure_function(recorder: Any) -> None:
    """Create the append function of ``recorder``'s events table unless it is there
    as this code writes it (a store made by older code has the tables only).

    Processes opening one store at once would race on ``CREATE FUNCTION``
    ("tuple concurrently updated"): a process that must create it takes an
    advisory lock named after the function, and looks again once it has it."""
    datastore = recorder.datastore
    schema, table = _quoted(datastore.schema), _quoted(recorder.events_table_name)
    name = function_name(recorder.events_table_name)
    recorder.check_identifier_length(name)
    id_type = datastore.originator_id_type
    signature = f"{schema}.{_quoted(name)}(text, {id_type}[], bigint[], text[], bytea[])"
    source = _function_source(schema, table)
    look = "SELECT prosrc FROM pg_proc WHERE oid = to_regprocedure(%s)"
    with datastore.transaction(commit=True) as curs:
        curs.execute(look, (signature,))
        found = curs.fetchone()
        if found is not None and found["prosrc"] == source:
            return
        curs.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (signature,))
        curs.execute(look, (signature,))
        found = curs.fetchone()
        if found is not None and found["prosrc"] == source:
            return  # created by another process meanwhile
        curs.execute(
            f"CREATE OR REPLACE FUNCTION {schema}.{_quoted(name)}(p_lock_timeout text, "
            f"p_ids {id_type}[], p_versions bigint[], p_topics text[], p_states bytea[]) "
            "RETURNS void LANGUAGE plpgsql AS $wizards$" + source + "$wizards$"
        )


# psycopg's errors as eventsourcing's, most specific first, as eventsourcing's
# own connections raise them (the ledger tells a lost race by IntegrityError).
_ERRORS: list[tuple[type[psycopg.Error], type[persistence.PersistenceError]]] = [
    (psycopg.InterfaceError, persistence.InterfaceError),
    (psycopg.OperationalError, persistence.OperationalError),
    (psycopg.DataError, persistence.DataError),
    (psycopg.IntegrityError, persistence.IntegrityError),
    (psycopg.InternalError, persistence.InternalError),
    (psycopg.ProgrammingError, persistence.ProgrammingError),
    (psycopg.NotSupportedError, persistence.NotSupportedError),
    (psycopg.DatabaseError, persistence.DatabaseError),
]


def _translated(e: psycopg.Error) -> persistence.PersistenceError:
    for theirs, ours in _ERRORS:
        if isinstance(e, theirs):
            return ours(str(e))
    return persistence.PersistenceError(str(e))


class PostgresAppend:
    """The writer of one shard's group commit: each batch is one statement.

    ``transaction`` and ``write`` are the committer's: the transaction gathers
    the rows its block writes and sends them as one statement when the block
    ends without an error (that statement is the commit); an error before
    then sends nothing."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder
        self.datastore = recorder.datastore
        ensure_function(recorder)
        self._function = (
            f"{_quoted(self.datastore.schema)}.{_quoted(function_name(recorder.events_table_name))}"
        )
        self._statements: dict[tuple[Any, ...], bytes] = {}
        self._lock = threading.Lock()
        self._conn: psycopg.Connection[Any] | None = None
        self._cursor: psycopg.Cursor[Any] | None = None
        self._backend: LostBackend | None = None  # the connection's server process

    @contextmanager
    def transaction(self, datastore: Any) -> Iterator[Rows]:
        rows: Rows = []
        yield rows
        self.send(rows)

    @staticmethod
    def write(gathered: Rows, rows: Rows) -> None:
        gathered.extend(rows)

    def send(self, rows: Rows) -> None:
        """Commit ``rows`` (of this shard's events table and of aggregate tables)."""
        events: list[StoredEvent] = []
        others: dict[str, list[StoredEvent]] = {}
        for recorder, stored in rows:
            if recorder is self.recorder:
                events += stored
            elif hasattr(recorder, "max_notification_id"):  # another events table
                raise ValueError(
                    f"{recorder.events_table_name}: not the events table of this writer "  # type: ignore[attr-defined]  # PostgreSQL's recorder and error: their own attributes
                    f"({self.recorder.events_table_name})"
                )
            else:
                others.setdefault(recorder.events_table_name, []).extend(stored)  # type: ignore[attr-defined]  # PostgreSQL's recorder and error: their own attributes
        shape = (_size(events), *((table, _size(r)) for table, r in others.items()))
        statement = self._statements.get(shape)
        if statement is None:
            statement = self._statements[shape] = self._render(shape)
        params: list[Any] = []
        for stored in others.values():  # first: the text names them first
            _add_rows(params, stored)
        _add_columns(params, events)
        self._execute(statement, params)

    def _render(self, shape: tuple[Any, ...]) -> bytes:
        """The statement that writes ``shape``: the size of the events, then the
        table and size of each other table's rows (a size of 0: as arrays)."""
        schema = _quoted(self.datastore.schema)
        id_type = self.datastore.originator_id_type
        types = (id_type, "bigint", "text", "bytea")
        inserts = []
        for i, (table, size) in enumerate(shape[1:]):
            if size:
                source = "VALUES " + ", ".join([f"({', '.join(['%s'] * 4)})"] * size)
            else:
                source = f"SELECT * FROM unnest({', '.join(f'%s::{t}[]' for t in types)})"
            inserts.append(f"t{i} AS (INSERT INTO {schema}.{_quoted(table)} ({_COLUMNS}) {source})")
        if shape[0]:
            row = ", ".join(["%s"] * shape[0])
            arrays = ", ".join(f"ARRAY[{row}]::{t}[]" for t in types)
        else:
            arrays = ", ".join(f"%s::{t}[]" for t in types)
        lock_timeout = f"'{int(self.datastore.lock_timeout)}s'"
        # PostgreSQL runs a data-modifying WITH part to its end, though nothing
        # reads it, after the main query: the table lock comes before every row.
        with_part = ("WITH " + ", ".join(inserts) + " ") if inserts else ""
        return f"{with_part}SELECT {self._function}({lock_timeout}, {arrays})".encode()

    def _execute(self, statement: bytes, params: list[Any]) -> None:
        with self._lock:
            try:
                if self._cursor is None:
                    self._conn = self._connect()
                    # Plain tuples: the answer (one void row) is never read,
                    # and a dict row would name its columns at every batch.
                    self._cursor = self._conn.cursor(row_factory=tuple_row)
                self._cursor.execute(statement, params, prepare=True)
            except psycopg.Error as e:
                conn, backend = self._conn, self._backend
                translated = _translated(e)
                if conn is not None and (
                    conn.broken or conn.info.transaction_status != TransactionStatus.IDLE
                ):
                    if conn.broken and backend is not None:
                        translated.lost_backend = backend  # type: ignore[attr-defined]  # PostgreSQL's recorder and error: their own attributes
                    self._drop()  # the next batch opens another
                raise translated from e

    def _connect(self) -> psycopg.Connection[Any]:
        """A connection opened and set up as the pool opens its own (autocommit)."""
        pool = self.datastore.pool
        kwargs = dict(pool.kwargs)
        password = getattr(pool, "get_password_func", None)
        if password is not None:
            kwargs["password"] = password()
        kwargs.setdefault("connect_timeout", max(1, round(pool.timeout)))
        conn: psycopg.Connection[Any] = psycopg.Connection.connect(pool.conninfo, **kwargs)
        self.datastore.after_connect_func()(conn)
        row = (
            conn.cursor(row_factory=tuple_row)
            .execute("SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()")
            .fetchone()
        )
        self._backend = LostBackend(conn.info.backend_pid, row[0]) if row else None
        return conn

    def _drop(self) -> None:
        if self._conn is not None:
            with suppress(Exception):
                self._conn.close()
        self._conn = self._cursor = None
        self._backend = None

    def close(self) -> None:
        """Close the connection (a later batch opens another)."""
        with self._lock:
            self._drop()


def _size(rows: list[StoredEvent]) -> int:
    return len(rows) if len(rows) <= _VALUES_UP_TO else 0


def _add_rows(params: list[Any], rows: list[StoredEvent]) -> None:
    """The rows as the statement takes them: row by row, or one array per column."""
    if 0 < len(rows) <= _VALUES_UP_TO:  # as ``_size`` says: none go as arrays
        for e in rows:
            params += (e.originator_id, e.originator_version, e.topic, e.state)
    else:
        _add_columns(params, rows)


def _add_columns(params: list[Any], rows: list[StoredEvent]) -> None:
    """The rows as four columns: each an ``ARRAY[...]`` of plain values, or one array."""
    columns = (
        [e.originator_id for e in rows],
        [e.originator_version for e in rows],
        [e.topic for e in rows],
        [e.state for e in rows],
    )
    if 0 < len(rows) <= _VALUES_UP_TO:  # as ``_size`` says: none go as arrays
        for column in columns:
            params += column
    else:
        params += columns
