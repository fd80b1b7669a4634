"""What the store keeps beside a game's stream, each in a table of its own: the
secrets (seed, seat tokens), the referee's notes, the recorded head, the
snapshots, and the hold record of a table whose seats enter their own draws.

Every side row is read through one reader (``SideStreams.rows``): numbered,
decoded as the struct its stream holds."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any, TypeVar
from uuid import UUID, uuid5

import msgspec
from eventsourcing.persistence import (
    AggregateRecorder,
    InfrastructureFactory,
    IntegrityError,
    RecordConflictError,
    StoredEvent,
)
from eventsourcing.popo import POPOAggregateRecorder

from domain.games import get_game
from domain.kernel import ENGINE_VERSION, Fold
from services.store.codec import GENESIS
from services.store.values import (
    Annotation,
    GameNotFound,
    Loaded,
    Secrets,
    Snapshot,
    now,
)

log = logging.getLogger("wizards.ledger")

T = TypeVar("T")

CACHED_SECRETS = 4096
NOTE_RETRIES = 50
SECRETS_NS = UUID("6f1d8a52-3c57-4b8e-9d43-5f0e7f6c2a10")
NOTES_NS = UUID("0c7e2b9a-1d4f-4e61-8a3b-94d5c2f1e087")


class SideStreams:
    """The side tables of one store, and the one reader of their rows.

    ``read_only``: no table is made; one the store lacks (a store of an earlier
    release has no holds) reads as empty."""

    def __init__(self, factory: InfrastructureFactory[Any], *, read_only: bool = False) -> None:
        def recorder(purpose: str) -> AggregateRecorder:
            made = factory.aggregate_recorder(purpose=purpose)
            if read_only and not table_exists(made):
                return POPOAggregateRecorder()
            return made

        self.snapshots = recorder("snapshots")
        self.secrets = recorder("secrets")
        self.notes = recorder("annotations")
        self.heads = recorder("heads")
        self.holds = recorder("holds")
        # Secrets never change once written: each game's is read once.
        self._secrets: OrderedDict[UUID, Secrets] = OrderedDict()
        self._lock = threading.Lock()

    # --------------------------------------------------------------- one reader

    @staticmethod
    def rows(
        recorder: AggregateRecorder,
        stream: UUID,
        kind: type[T],
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[tuple[int, T]]:
        """A side stream's rows as (number, value), decoded as ``kind``."""
        found = recorder.select_events(stream, gt=gt, lte=lte, desc=desc, limit=limit)
        return [(r.originator_version, _decoded(r.state, kind)) for r in found]

    def last(
        self, recorder: AggregateRecorder, stream: UUID, kind: type[T]
    ) -> tuple[int, T | None]:
        """A side stream's last row (its number, its value), or (0, None)."""
        found = self.rows(recorder, stream, kind, desc=True, limit=1)
        return found[0] if found else (0, None)

    # ------------------------------------------------------------------ secrets

    @staticmethod
    def secrets_row(gid: UUID, value: Secrets) -> StoredEvent:
        sid = uuid5(SECRETS_NS, gid.hex)
        return StoredEvent(sid, 1, "wizards:secrets", msgspec.msgpack.encode(value))

    def remember_secrets(self, gid: UUID, value: Secrets) -> None:
        with self._lock:
            self._secrets[gid] = value
            while len(self._secrets) > CACHED_SECRETS:
                self._secrets.popitem(last=False)

    def secrets_known(self, gid: UUID) -> bool:
        """Whether the game's secrets are in memory (checking a token reads nothing)."""
        with self._lock:
            return gid in self._secrets

    def read_secrets(self, gid: UUID) -> Secrets:
        with self._lock:
            cached = self._secrets.get(gid)
        if cached is not None:
            return cached
        _, value = self.last(self.secrets, uuid5(SECRETS_NS, gid.hex), Secrets)
        if value is None:
            raise GameNotFound(gid)
        self.remember_secrets(gid, value)
        return value

    # -------------------------------------------------------------------- notes

    def annotate(self, gid: UUID, at: int, text: str, author: str) -> int:
        """Store a note on position ``at``; its number. The notes chain: each
        carries the hash of the one before."""
        nid = uuid5(NOTES_NS, gid.hex)
        for _ in range(NOTE_RETRIES):
            number, last = self.last(self.notes, nid, Annotation)
            prev = last.hash if last is not None else GENESIS
            draft = Annotation(at=at, author=author, text=text, written=now(), prev=prev)
            note = msgspec.structs.replace(draft, hash=draft.expected_hash())
            row = StoredEvent(nid, number + 1, "wizards:annotation", msgspec.msgpack.encode(note))
            try:
                self.notes.insert_events([row])
                return number + 1
            except (RecordConflictError, IntegrityError):
                continue
        raise RuntimeError("could not store the annotation")

    def annotations(self, gid: UUID) -> list[tuple[int, Annotation]]:
        return self.rows(self.notes, uuid5(NOTES_NS, gid.hex), Annotation)

    # -------------------------------------------------------------------- heads

    @staticmethod
    def head_row(gid: UUID, position: int, head: str) -> StoredEvent:
        return StoredEvent(gid, position, "wizards:head", head.encode())

    def recorded_head(self, gid: UUID) -> tuple[int, str] | None:
        """The last (position, hash) this store recorded for the game's stream."""
        number, head = self.last(self.heads, gid, bytes)
        return (number, head.decode()) if head is not None else None

    def recorded_heads(self, gid: UUID) -> list[tuple[int, str]]:
        """Every (position, hash) this store recorded for the game's stream: one
        for each write, at its last event."""
        return [(number, head.decode()) for number, head in self.rows(self.heads, gid, bytes)]

    # ---------------------------------------------------------------- snapshots

    @staticmethod
    def snapshot_row(gid: UUID, loaded: Loaded) -> StoredEvent:
        body = Snapshot(
            engine=ENGINE_VERSION,
            game=loaded.game.spec.id,
            head=loaded.head,
            table=msgspec.Raw(msgspec.msgpack.encode(loaded.fold)),
            keys=loaded.keys,
        )
        return StoredEvent(gid, loaded.version, "wizards:snapshot", msgspec.msgpack.encode(body))

    def snapshot_at(self, gid: UUID, at: int | None) -> Loaded | None:
        """The latest usable snapshot at or before ``at``, or None.

        A snapshot is a cache: one that does not decode is skipped with a
        warning and the read folds from the events (verify names it).
        """
        found = self.rows(self.snapshots, gid, bytes, lte=at, desc=True, limit=1)
        if not found:
            return None
        position, state = found[0]
        try:
            return decode_snapshot(state)
        except Exception as e:  # any damage to a cache row: fall back to the events
            log.warning("game %s: snapshot at %d unreadable (%s)", gid, position, e)
            return None

    def snapshot_rows(self, gid: UUID) -> list[tuple[int, bytes]]:
        """Every stored snapshot as (position, bytes), undecoded (verify decodes them)."""
        return self.rows(self.snapshots, gid, bytes)


def table_exists(recorder: Any) -> bool:
    """Whether a SQLite or PostgreSQL recorder's table is in the store (any other
    recorder has no table to lack)."""
    table = getattr(recorder, "events_table_name", None)
    module = type(recorder).__module__
    if table is None:
        return True
    if module.endswith("sqlite"):
        with recorder.datastore.transaction(commit=False) as c:
            c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
            return c.fetchone() is not None
    if module.endswith("postgres"):
        with recorder.datastore.transaction(commit=False) as curs:
            curs.execute(
                "SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
                "AND table_name = %s",
                (recorder.datastore.schema, table),
            )
            return curs.fetchone() is not None
    return True


def decode_snapshot(state: bytes) -> Loaded | None:
    """A stored snapshot's fold; None for one taken by another engine version (a
    snapshot is a cache of one engine's fold: refold under another). Raises if
    the row is damaged."""
    snap = msgspec.msgpack.decode(state, type=Snapshot)
    if snap.engine != ENGINE_VERSION:
        return None
    game = get_game(snap.game)
    fold = msgspec.msgpack.decode(snap.table, type=Fold[game.state_type])  # type: ignore[name-defined]  # the game's state type is known only at run time
    return Loaded(game=game, fold=fold, head=snap.head, keys=dict(snap.keys))


def _decoded(state: bytes, kind: type[T]) -> T:
    """A side row's value: its bytes as they are (heads, game ids, snapshots read
    later), or msgpack decoded as ``kind``."""
    if kind is bytes:
        return bytes(state)  # type: ignore[return-value]  # T is bytes here
    return msgspec.msgpack.decode(state, type=kind)
