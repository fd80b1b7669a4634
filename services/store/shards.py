"""Games spread over several event tables (shards), so writers of different games never wait.

eventsourcing's PostgreSQL recorder locks its events table for every insert
(so that notification ids commit in order and a reader of the log never
passes a gap that fills later). One table would make every act of every game
take turns. So on PostgreSQL a store has several application recorders, each
with its own events table, notification sequence, table lock and NOTIFY
channel, and each with its own group commit: an act takes only its own
shard's lock.

A game's shard is written into its id: new games get a version-8 UUID whose
last byte is the shard. Any other id (the version-4 ids of a store from
before shards, SQLite and in-memory stores) is on shard 0, the application's
own table ``wizardledger_events``, so an old store reads as it always did and
new games spread over the other tables beside it. Because the id carries the
shard, the shard count can grow later without moving a game.

Everything that follows the notification log follows every shard: each
shard's log is in order on its own, and there is no order between shards.
"""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Sequence
from urllib.parse import parse_qs, urlparse
from uuid import UUID, uuid4

from eventsourcing.persistence import ApplicationRecorder, Notification

from domain.kernel.phrases import phrase
from services.config import StoreURLError
from services.store.codec import decode_record
from services.store.commit import Committer
from services.store.games_index import ensure_indexes, select_found
from services.store.host_binding import guard
from services.store.values import new_game_id

DEFAULT_SHARDS = 8
MAX_SHARDS = 256  # the shard is one byte of the id
_TABLE_SUFFIX = "_s"  # wizardledger_events_s3


class ShardSettingError(StoreURLError):
    pass


def shard_count(url: str) -> int:
    """How many event tables new games spread over: ``?shards=N`` in a PostgreSQL URL,
    else ``WIZARDS_SHARDS``, else 8; always 1 on SQLite (one file takes one
    writer at a time whatever the tables) and in memory."""
    parsed = urlparse(url)
    if parsed.scheme.split("+")[0] not in ("postgresql", "postgres"):
        return 1
    raw = parse_qs(parsed.query).get("shards", [""])[0] or os.environ.get("WIZARDS_SHARDS", "")
    if not raw:
        return DEFAULT_SHARDS
    try:
        count = int(raw)
    except ValueError:
        raise ShardSettingError(
            phrase("shards must be a whole number, not {value}", value=repr(raw))
        ) from None
    if not 1 <= count <= MAX_SHARDS:
        raise ShardSettingError(
            phrase("shards must be between 1 and {most}, not {count}", most=MAX_SHARDS, count=count)
        )
    return count


def shard_of(gid: UUID) -> int:
    """The shard a game's events are on: the last byte of a version-8 id, else 0."""
    return gid.int & 0xFF if gid.version == 8 else 0


def game_id_on(shard: int) -> UUID:
    """A fresh random game id on ``shard`` (a version-4 id for shard 0 of a one-table store)."""
    raw = int.from_bytes(secrets.token_bytes(16), "big")
    raw = (raw & ~(0xF << 76)) | (0x8 << 76)  # version 8: "custom"
    raw = (raw & ~(0x3 << 62)) | (0x2 << 62)  # the RFC 4122 variant
    return UUID(int=(raw & ~0xFF) | shard)


class Shards:
    """The event tables of one store and a group commit for each.

    ``recorder`` is the application's own recorder (shard 0). On PostgreSQL
    the tables of shards 1..count-1 are created beside it, and any further
    shard tables found in the schema (a store once run with more shards) are
    read too.

    ``read_only``: the tables the store has, as they are: no table, index or
    guard made, and no group commit (the ledger refuses every write)."""

    def __init__(
        self, recorder: ApplicationRecorder, count: int, *, read_only: bool = False
    ) -> None:
        self.count = count
        self.read_only = read_only
        self._lock = threading.Lock()
        self._recorders: dict[int, ApplicationRecorder] = {}
        self._committers: dict[int, Committer | None] = {}
        # The shards whose games are found through their index (``games_index``).
        self._indexed: set[int] = set()
        self._postgres = type(recorder).__module__.endswith("postgres")
        self._add(0, recorder)
        if self._postgres:
            made = set() if read_only else set(range(1, count))
            for shard in sorted({*made, *self._found()}):
                self._add(shard, self._open(shard))
            if not read_only:
                # Before this process writes anything: every table refuses writers
                # that a binding to another host's counters file excludes.
                guard(recorder.datastore, [self._table(s) for s in self.numbers()])  # type: ignore[attr-defined]  # a PostgreSQL recorder (checked above)

    # --------------------------------------------------------------- tables

    def _table(self, shard: int) -> str:
        base: str = self._recorders[0].events_table_name  # type: ignore[attr-defined]  # PostgreSQL's recorders: shards are opened only there
        return base if shard == 0 else f"{base}{_TABLE_SUFFIX}{shard}"

    def _found(self) -> set[int]:
        """Shards whose tables exist in the schema already."""
        zero: object = self._recorders[0]
        datastore = zero.datastore  # type: ignore[attr-defined]  # PostgreSQL's recorders: shards are opened only there
        prefix = self._table(0) + _TABLE_SUFFIX
        with datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                "AND starts_with(table_name, %s)",
                (datastore.schema, prefix),
            )
            names = [row["table_name"] for row in curs.fetchall()]
        return {int(n[len(prefix) :]) for n in names if n[len(prefix) :].isdigit()}

    def _open(self, shard: int) -> ApplicationRecorder:
        from eventsourcing.postgres import PostgresApplicationRecorder

        zero: PostgresApplicationRecorder = self._recorders[0]  # type: ignore[assignment]  # PostgreSQL's recorders: shards are opened only there
        recorder = PostgresApplicationRecorder(zero.datastore, events_table_name=self._table(shard))
        # The bulk-insert function eventsourcing creates with each table is one
        # per schema and names shard 0's table: leave it so (we never call it).
        del recorder.sql_create_statements[recorder.create_insert_function_statement_index]
        if not self.read_only:
            recorder.create_table()
        return recorder

    def _add(self, shard: int, recorder: ApplicationRecorder) -> None:
        if ensure_indexes(recorder, make=not self.read_only):
            self._indexed.add(shard)
        self._recorders[shard] = recorder
        self._committers[shard] = None if self.read_only else Committer.for_recorder(recorder)

    def _known(self, shard: int) -> int:
        """``shard`` if this store has it, else 0. A game of a shard this process did
        not open (made by a process run with more shards) opens its table; an id
        naming a shard without a table names no game, and is looked for on
        shard 0 (and not found), so that no id a caller makes up creates a table."""
        if shard in self._recorders:
            return shard
        if not self._postgres:
            return 0
        with self._lock:
            if shard not in self._recorders:
                if shard not in self._found():
                    return 0
                recorder = self._open(shard)
                if not self.read_only:
                    # Guarded before any thread of this process can write to it.
                    guard(recorder.datastore, [self._table(shard)])  # type: ignore[attr-defined]  # PostgreSQL's recorders: shards are opened only there
                self._add(shard, recorder)
        return shard

    def recorder(self, shard: int) -> ApplicationRecorder:
        return self._recorders[self._known(shard)]

    def numbers(self) -> list[int]:
        """Every shard this store has, in order."""
        return sorted(self._recorders)

    # ---------------------------------------------------------------- games

    def new_game_id(self) -> UUID:
        if self.count == 1:
            return new_game_id(uuid4())
        return new_game_id(game_id_on(secrets.randbelow(self.count)))

    def of(self, gid: UUID) -> ApplicationRecorder:
        """The recorder holding game ``gid``'s stream."""
        return self.recorder(shard_of(gid))

    def committer(self, gid: UUID) -> Committer | None:
        """Writes of one shard share a transaction; shards never queue behind each other."""
        return self._committers[self._known(shard_of(gid))]

    def committers(self) -> list[Committer]:
        """The group commit of each shard (none on the in-memory store)."""
        return [c for _, c in sorted(self._committers.items()) if c is not None]

    # ----------------------------------------------------- notification logs

    def heads(self) -> dict[int, int]:
        """Each shard's last notification id (0: empty)."""
        return {s: self._recorders[s].max_notification_id() or 0 for s in self.numbers()}

    def notifications(
        self, shard: int, after: int, limit: int, topics: Sequence[str] = ()
    ) -> Sequence[Notification]:
        return self.recorder(shard).select_notifications(after + 1, limit, topics=topics)

    def originators(self, topic: str, batch: int = 500) -> list[UUID]:
        """The streams with an event of ``topic``, in the order those events were
        written: one shard's log order, and across shards by the events' times."""
        found: list[tuple[str, int, int, UUID]] = []
        several = len(self._recorders) > 1
        for shard in self.numbers():
            recorder = self._recorders[shard]
            indexed = select_found(recorder, topic) if shard in self._indexed else None
            if indexed is not None:
                for n, gid, state in indexed:
                    found.append((decode_record(state).at if several else "", shard, n, gid))
                continue
            after = 0
            while True:
                page = self.notifications(shard, after, batch, topics=[topic])
                if not page:
                    break
                for note in page:
                    oid = note.originator_id
                    gid = oid if isinstance(oid, UUID) else UUID(str(oid))
                    # One table: its log order. Several: time, then shard and log order.
                    at = decode_record(note.state).at if len(self._recorders) > 1 else ""
                    found.append((at, shard, note.id, gid))
                after = page[-1].id
        found.sort(key=lambda f: f[:3])
        return [f[3] for f in found]
