"""A PostgreSQL store bound to one host's counters file, so that reads there come from memory.

On PostgreSQL a read of the current position asks the store each time
(``services.store.freshness``): writers may be on other hosts, and nothing they send
is known to have arrived when a read comes in. Bound to one host, a store
refuses every writer but that host's, which all raise the counters of one
file there; reads on that host are then answered from memory exactly as on a
SQLite file. Opt-in: ``?counters=PATH`` in the store URL, or ``WIZARDS_COUNTERS``.

The store's side:

- a one-row table, ``wizardledger_binding``: the store's id and, while bound,
  the token of the counters file it is bound to (with the file's host and path,
  for people to read);
- on every events table (every shard), a statement-level ``BEFORE INSERT``
  trigger comparing that token with the writer's, which its connections carry
  from the start as the setting ``wizards.binding`` (in the connection's
  startup options: no statement of its own, ever). A writer without it, or
  with another, is refused and its transaction rolled back. The check runs in
  the writing transaction after the table's lock, however the insert is sent;
- binding takes every events table's lock (``EXCLUSIVE``), in the order of
  their shards, in the transaction that records it. Any insert holds a lock on
  its table that conflicts with it (at least ``ROW EXCLUSIVE``, taken before
  the statement runs, and ours take the table's ``EXCLUSIVE`` lock before
  that), from before the check until its transaction ends. So writes under
  way finish before the binding commits, and every later one sees it,
  however the insert is sent.

The table, the function and the triggers are made by every ledger of this
release that opens the store (``guard``), under a lock of their own that
binding takes too: a table found later (a process run with more shards made
it) is guarded before this process writes to it, and so before any write that
a binding could miss.

The host's side (``services.store.host_counters``): a ledger opened with a counters
file binds a store that is unbound, or checks that the store is bound to its
file, and then sets the file's flag: from then on, reads of the host trust the
counters. ``unbind`` clears the flag and lifts the binding under the file's lock.
"""

from __future__ import annotations

import hashlib
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from domain.kernel.errors import SaidError
from domain.kernel.phrases import Phrase, phrase
from services.store.host_counters import CountersFileError, HostCounters

if TYPE_CHECKING:
    from psycopg.sql import Composed, Identifier

# psycopg is imported by the functions that talk to PostgreSQL, not here: every
# ledger imports this module, and a process on a SQLite file (one CLI command)
# would otherwise pay psycopg's import for nothing.

SETTING = "wizards.binding"  # the writer's token, on each of its connections
TABLE = "wizardledger_binding"
CHECK = "wizardledger_check_binding"
TRIGGER = "wizardledger_bound_writers"
REFUSED = "WZB01"  # the SQLSTATE of a refused write
UNBIND_HINT = (
    "`wizards store binding` shows the binding; `wizards store unbind`, run on that host, "
    "lifts it, and `wizards store unbind --force` lifts it from elsewhere, where that host "
    "is gone and no process runs there"
)


# The hint as a person reads it (the one above is kept in the store's own refusal,
# which PostgreSQL says).
UNBIND_SAID = phrase(
    "`wizards store binding` shows the binding; `wizards store unbind`, run on that host, "
    "lifts it, and `wizards store unbind --force` lifts it from elsewhere, where that host "
    "is gone and no process runs there"
)


class BindingError(SaidError):
    """A ledger opened with a counters file on a store bound to another, said as a phrase."""


class WriteRefused(RuntimeError):
    """A write refused by the store: it is bound to another host's counters file."""


@dataclass(frozen=True)
class Binding:
    store: uuid.UUID
    token: str | None  # None: unbound
    host: str | None
    path: str | None
    since: datetime | None  # bound since, or unbound since

    def describe(self) -> Phrase:
        if self.token is None:
            return phrase(
                "not bound: processes on any host may write, and every read asks the store"
            )
        since = self.since.isoformat(timespec="seconds") if self.since else "?"
        return phrase(
            "bound to the counters file {path} of host {host} since {since}",
            path=str(self.path),
            host=str(self.host),
            since=since,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "bound": self.token is not None,
            "host": self.host,
            "path": self.path,
            "since": self.since.isoformat() if self.since else None,
            "store": str(self.store),
        }


def counters_path(url: str) -> str | None:
    """The counters file of a PostgreSQL store's URL: ``?counters=PATH``, else
    ``WIZARDS_COUNTERS``; None where neither is given, or it is ``off``, and for
    any other store (a SQLite file keeps its counters beside it)."""
    parsed = urlparse(url)
    if parsed.scheme.split("+")[0] not in ("postgresql", "postgres"):
        return None
    raw = parse_qs(parsed.query).get("counters", [""])[0] or os.environ.get("WIZARDS_COUNTERS", "")
    raw = raw.strip()
    if not raw or raw.lower() == "off":
        return None
    return os.path.abspath(raw)


def open_counters(url: str) -> HostCounters | None:
    """The counters file a store URL names, opened (made if new, or made again if
    lost or damaged: as the bound one, where the store is bound to this host's
    file at that path); None if it names none."""
    path = counters_path(url)
    if path is None:
        return None
    return HostCounters(path, bound=lambda: _bound_here(url, path))


def _bound_here(url: str, path: str) -> tuple[str, uuid.UUID] | None:
    """The binding's token and store id, where the store is bound to the counters
    file at ``path`` on this host: a file made there now (the bound one was lost
    or damaged) is made as that one. Read with a connection of its own, which
    carries no token (it only reads)."""
    from eventsourcing.postgres import PostgresFactory

    from services.config import eventsourcing_env

    factory = PostgresFactory(eventsourcing_env(url))
    try:
        binding = read_binding(factory.datastore)
    finally:
        factory.close()
    if binding is None or binding.token is None:
        return None
    if (binding.host, binding.path) != (socket.gethostname(), path):
        return None
    return binding.token, binding.store


def carry_token(datastore: Any, token: str) -> None:
    """Every connection the datastore's pool makes from now on carries ``token``."""
    kwargs = datastore.pool.kwargs
    kwargs["options"] = f"{kwargs.get('options', '')} -c {SETTING}={token}".strip()


# ---------------------------------------------------------------- the store


def _lock_key(schema: str) -> int:
    digest = hashlib.sha256(f"wizardledger binding {schema}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _name(schema: str, name: str) -> Identifier:
    from psycopg.sql import Identifier

    return Identifier(schema, name)


def _create_statements(schema: str) -> list[Composed]:
    from psycopg.sql import SQL

    table = _name(schema, TABLE)
    return [
        SQL(
            "CREATE TABLE IF NOT EXISTS {} (one boolean PRIMARY KEY DEFAULT true CHECK (one), "
            "store uuid NOT NULL, token text, host text, path text, since timestamptz)"
        ).format(table),
        SQL("INSERT INTO {} (store, since) VALUES (%s, now()) ON CONFLICT DO NOTHING").format(
            table
        ),
        # A new snapshot for each query (a volatile function in READ COMMITTED):
        # the check sees every binding committed before the writer's table lock.
        SQL(
            "CREATE OR REPLACE FUNCTION {check}() RETURNS trigger LANGUAGE plpgsql AS $body$ "
            "DECLARE bound {table}%ROWTYPE; "
            "BEGIN "
            "SELECT * INTO bound FROM {table}; "
            "IF bound.token IS NOT NULL "
            "AND bound.token IS DISTINCT FROM current_setting({setting}, true) THEN "
            "RAISE EXCEPTION USING ERRCODE = {code}, MESSAGE = format("
            "'this store is bound to the counters file %s of host %s: only the processes "
            "there opened with ?counters=%s may write, and this one is not', "
            "bound.path, bound.host, bound.path), HINT = {hint}; "
            "END IF; "
            "RETURN NULL; "
            "END $body$"
        ).format(
            check=_name(schema, CHECK),
            table=table,
            setting=SETTING,
            code=REFUSED,
            hint=UNBIND_HINT,
        ),
    ]


def _trigger_statement(schema: str, events_table: str) -> Composed:
    from psycopg.sql import SQL, Identifier

    return SQL(
        "CREATE TRIGGER {} BEFORE INSERT ON {} FOR EACH STATEMENT EXECUTE FUNCTION {}()"
    ).format(Identifier(TRIGGER), _name(schema, events_table), _name(schema, CHECK))


_TABLE_FOUND = (
    "EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %(schema)s AND c.relname = %(table)s)"
)
_STATE = (
    f"SELECT {_TABLE_FOUND} "
    "AND EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
    "WHERE n.nspname = %(schema)s AND p.proname = %(check)s) AS ready, "
    "ARRAY(SELECT c.relname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
    "JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = %(schema)s AND t.tgname = %(trigger)s) AS guarded"
)


def _missing(curs: Any, schema: str, tables: list[str]) -> tuple[bool, list[str]]:
    """(whether the binding table or its check is missing, the tables without the
    check's trigger). The datastore's rows are dicts."""
    curs.execute(_STATE, {"schema": schema, "table": TABLE, "check": CHECK, "trigger": TRIGGER})
    row = curs.fetchone()
    guarded = set(row["guarded"])
    return not row["ready"], [t for t in tables if t not in guarded]


def _guard_locked(curs: Any, schema: str, tables: list[str]) -> None:
    """Make what is missing, holding the binding's lock."""
    unready, unguarded = _missing(curs, schema, tables)
    if unready:
        create, insert, function = _create_statements(schema)
        curs.execute(create)
        curs.execute(insert, (uuid.uuid4(),))
        curs.execute(function)
    for table in unguarded:
        curs.execute(_trigger_statement(schema, table))


def guard(datastore: Any, tables: list[str]) -> None:
    """The binding table, its check and the check's trigger on each of ``tables``
    (events tables), made where missing; one query when nothing is."""
    schema = datastore.schema
    with datastore.transaction(commit=False) as curs:
        unready, unguarded = _missing(curs, schema, tables)
    if not unready and not unguarded:
        return
    with datastore.transaction(commit=True) as curs:
        curs.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(schema),))
        _guard_locked(curs, schema, tables)


def read_binding(datastore: Any) -> Binding | None:
    """The store's binding row (None: a store no ledger of this release has opened)."""
    from psycopg.sql import SQL

    schema = datastore.schema
    with datastore.transaction(commit=False) as curs:
        curs.execute(f"SELECT {_TABLE_FOUND} AS found", {"schema": schema, "table": TABLE})
        if not curs.fetchone()["found"]:
            return None
        columns = SQL("SELECT store, token, host, path, since FROM {}")
        curs.execute(columns.format(_name(schema, TABLE)))
        row = curs.fetchone()
    return None if row is None else Binding(**row)


def event_tables(curs: Any, schema: str, base: str) -> list[str]:
    """Every events table of the store (``base`` and its shards), in shard order."""
    curs.execute(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = %s "
        "AND (table_name = %s OR starts_with(table_name, %s))",
        (schema, base, base + "_s"),
    )
    names = [r["table_name"] for r in curs.fetchall()]
    shard = {base: 0} | {n: int(n[len(base) + 2 :]) for n in names if n[len(base) + 2 :].isdigit()}
    return sorted((n for n in names if n in shard), key=shard.__getitem__)


def bind(datastore: Any, base: str, counters: HostCounters) -> Binding:
    """Bind an unbound store to ``counters``, once every write under way is
    committed; the binding as it then stands (another's, if one came first)."""
    from psycopg.sql import SQL

    schema = datastore.schema
    with datastore.transaction(commit=True) as curs:
        curs.execute(SQL("SET LOCAL lock_timeout = '{}s'").format(datastore.lock_timeout))
        curs.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(schema),))
        tables = event_tables(curs, schema, base)
        for table in tables:
            curs.execute(SQL("LOCK TABLE {} IN EXCLUSIVE MODE").format(_name(schema, table)))
        _guard_locked(curs, schema, tables)
        curs.execute(
            SQL(
                "UPDATE {} SET token = %s, host = %s, path = %s, since = now() WHERE token IS NULL"
            ).format(_name(schema, TABLE)),
            (counters.token, socket.gethostname(), counters.path),
        )
    found = read_binding(datastore)
    assert found is not None  # made by guard, never deleted
    return found


def _set_unbound(datastore: Any, token: str) -> None:
    from psycopg.sql import SQL

    with datastore.transaction(commit=True) as curs:
        curs.execute(
            SQL(
                "UPDATE {} SET token = NULL, host = NULL, path = NULL, since = now() "
                "WHERE token = %s"
            ).format(_name(datastore.schema, TABLE)),
            (token,),
        )


def _elsewhere(binding: Binding, counters: HostCounters) -> BindingError:
    if (binding.host, binding.path) == (socket.gethostname(), counters.path):
        return BindingError(
            phrase(
                "this store is bound to an earlier counters file at {path} on this host: the "
                "file there now was made anew (its token differs). If no process still runs "
                "with the earlier file, `wizards store unbind --force` lifts the binding",
                path=str(counters.path),
            )
        )
    return BindingError(
        phrase(
            "this store is bound to the counters file {path} of host {host} (since {since}), "
            "not to {ours}: run this process there, or without ?counters= (it then reads, and "
            "may not write); {hint}",
            path=str(binding.path),
            host=str(binding.host),
            since=f"{binding.since:%Y-%m-%d %H:%M:%S %Z}",
            ours=str(counters.path),
            hint=UNBIND_SAID,
        )
    )


def attach(datastore: Any, base: str, counters: HostCounters) -> Binding:
    """Bind the store to ``counters`` if it is unbound, or check that it is bound
    to them; then let the host's reads trust the counters. Raises
    ``BindingError`` if the store is bound to another file."""
    binding = read_binding(datastore)
    if binding is None:
        raise BindingError(
            phrase("the store has no binding row in {table}: was it deleted?", table=TABLE)
        )
    counters.check(binding.store)
    if binding.token is None:
        binding = bind(datastore, base, counters)
    if binding.token != counters.token:
        if counters.store == binding.store:
            with counters.held():  # this host's file is not the bound one now
                counters.distrust()
        raise _elsewhere(binding, counters)
    with counters.held():
        # Unbinding happens under this lock: bound now means bound until released.
        now = read_binding(datastore)
        if now is None or now.token != counters.token:
            raise BindingError(
                phrase(
                    "this store was unbound while this process opened it; open it again "
                    "(with ?counters=, it binds the store again)"
                )
            )
        counters.claim(binding.store)
        counters.trust()
    return binding


def unbind(datastore: Any, counters: HostCounters | None, *, force: bool = False) -> Binding | None:
    """Lift the store's binding: the bound file's flag cleared first (``counters``,
    where this host holds it), then the binding. ``force``: without the file
    (its host is gone). Returns the binding lifted; None if there was none."""
    binding = read_binding(datastore)
    if binding is None or binding.token is None:
        return None
    if counters is not None and counters.token == binding.token:
        with counters.held():
            counters.distrust()
            _set_unbound(datastore, binding.token)
        return binding
    if not force:
        raise BindingError(
            phrase(
                "this store is bound to the counters file {path} of host {host}, which this "
                "host does not hold: run `wizards store unbind` on {host}, or add --force if "
                "that host is gone (only when no process runs there: its processes would go "
                "on reading from memory)",
                path=str(binding.path),
                host=str(binding.host),
            )
        )
    _set_unbound(datastore, binding.token)
    return binding


def status(datastore: Any, counters: HostCounters | None) -> dict[str, Any]:
    """What ``/readyz`` tells of the binding: the store's binding, whether this
    process's writes are let in, and whether its reads are answered from memory."""
    binding = read_binding(datastore)
    bound = binding is not None and binding.token is not None
    ours = counters is not None and binding is not None and counters.token == binding.token
    shown = binding.as_json() if binding is not None else {"bound": False}
    return shown | {
        "writes_here": not bound or ours,
        "reads_from_memory": ours and counters is not None and counters.bound,
    }


def bound_file_here(binding: Binding, configured: str | None) -> HostCounters | None:
    """The counters file the store is bound to, if this host holds it: the
    configured path, or else the path the binding names, when the file there
    has the binding's token. Never made."""
    for path in dict.fromkeys(p for p in (configured, binding.path) if p):
        try:
            counters = HostCounters(path, create=False)
        except (CountersFileError, OSError):
            continue
        if counters.token == binding.token:
            return counters
        counters.close()
    return None


def refusal(error: BaseException) -> WriteRefused | None:
    """The store's refusal of a write, from the error a commit raised; None for any other."""
    seen: BaseException | None = error
    while seen is not None:
        if getattr(seen, "sqlstate", None) == REFUSED:
            diag = seen.diag  # type: ignore[attr-defined]  # psycopg's error carries diag
            return WriteRefused(f"{diag.message_primary} ({diag.message_hint})")
        seen = seen.__cause__ or seen.__context__
    return None
