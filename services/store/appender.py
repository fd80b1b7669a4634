"""Appending to a game's stream: events staged as hash-linked rows with the
recorded head (and a new game's secrets, and a snapshot when one falls due),
committed in one transaction, then settled: the commit counter raised, the
cache updated, the listeners told."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import PersistenceError, StoredEvent

from domain.kernel import Event, Fold, apply
from services.store.cache import FoldCache
from services.store.codec import Record, encode_body, encode_record, link_hash, topic_of
from services.store.commit import Rows
from services.store.fold import hash_of, track_keys
from services.store.freshness import Freshness
from services.store.pg_outcome import lost_backend, settle
from services.store.rows import select_rows
from services.store.shards import Shards
from services.store.side_streams import SideStreams
from services.store.values import Acted, Entry, Loaded, Secrets, Staged, now

log = logging.getLogger("wizards.ledger")

Listener = Callable[[UUID, list[Entry]], None]


class Appender:
    """``refused``: the store's refusal of a write, told apart from any other
    failure (a PostgreSQL store bound to another host's counters file)."""

    def __init__(
        self,
        shards: Shards,
        sides: SideStreams,
        cache: FoldCache,
        freshness: Freshness,
        *,
        snapshot_every: int,
        refused: Callable[[BaseException], Exception | None],
    ) -> None:
        self.shards = shards
        self.sides = sides
        self.cache = cache
        self.freshness = freshness
        self.snapshot_every = snapshot_every
        self.refused = refused
        self.listeners: list[Listener] = []

    def append(
        self,
        gid: UUID,
        loaded: Loaded,
        events: list[Event],
        *,
        first_is_start: bool = False,
        folded: Fold[Any] | None = None,
        secret: Secrets | None = None,
    ) -> tuple[list[Entry], Loaded]:
        """Append ``events`` after ``loaded``, with the recorded head (and a new
        game's ``secret``) in the same transaction; return the entries and the
        game after them. ``folded`` is the fold after the events when the caller
        has it already (deciding a command folds them to see the end)."""
        staged = self.stage(
            gid, loaded, events, first_is_start=first_is_start, folded=folded, secret=secret
        )
        self.commit(gid, staged.rows)
        return self.settle(staged)

    def stage(
        self,
        gid: UUID,
        loaded: Loaded,
        events: list[Event],
        *,
        first_is_start: bool = False,
        folded: Fold[Any] | None = None,
        secret: Secrets | None = None,
        bound_to: str = "",
    ) -> Staged:
        """The rows that append ``events`` after ``loaded`` (see ``append``).
        ``bound_to``: the hash of a side row written with them (the hold record's
        row at a table whose seats enter their own draws), carried in the first
        event's salt after its random part, so that the game's chain covers it."""
        at = now()
        head = loaded.head
        fold = loaded.fold
        position = 0 if first_is_start else fold.position
        stored: list[StoredEvent] = []
        entries: list[Entry] = []
        salts = secrets.token_bytes(16 * len(events))  # one system call for all
        hexed = gid.hex  # made anew at each call: once for all
        for i, event in enumerate(events):
            position += 1
            topic = topic_of(type(event))
            body = encode_body(event)
            schema = type(event).version
            salt = salts[16 * i : 16 * i + 16]
            if i == 0 and bound_to:
                salt += bytes.fromhex(bound_to)
            h = link_hash(head, hexed, position, topic, schema, at, body, salt)
            record = Record(schema=schema, at=at, prev=head, hash=h, body=body, salt=salt)
            stored.append(StoredEvent(gid, position, topic, encode_record(record)))
            entries.append(Entry(position, topic, event, at, head, h, schema))
            head = h
            if folded is None and not (first_is_start and i == 0):
                fold = apply(loaded.game, fold, event)
        if folded is not None:
            fold = folded
        keys = track_keys(
            dict(loaded.keys), [e.position for e in entries], [e.event for e in entries]
        )
        new = Loaded(game=loaded.game, fold=fold, head=head, keys=keys)
        # The head, apart from the stream: a stream cut short (its last events
        # deleted) no longer reaches the head recorded here, and verify says so.
        rows: Rows = [
            (self.shards.of(gid), stored),
            (self.sides.heads, [self.sides.head_row(gid, position, head)]),
        ]
        if secret is not None:
            if first_is_start:
                # The opening's hash, kept apart from the stream from the first
                # commit: an opening edited later (its data, options, players)
                # with the chain recomputed no longer matches it.
                secret = msgspec.structs.replace(secret, opening=entries[0].hash)
            rows.insert(0, (self.sides.secrets, [self.sides.secrets_row(gid, secret)]))
        before = 0 if first_is_start else loaded.version
        if self.snapshot_every and before // self.snapshot_every != position // self.snapshot_every:
            # In the act's own transaction: a snapshot written apart would wait
            # for its own commit (on SQLite behind the acts, for the write lock)
            # and hold the act's answer meanwhile. No other writer can have
            # taken it: the position it is taken at is this transaction's.
            rows.append((self.sides.snapshots, [self.sides.snapshot_row(gid, new)]))
        return Staged(gid, loaded, new, entries, rows, first_is_start, secret)

    def commit(self, gid: UUID, rows: Rows) -> None:
        committer = self.shards.committer(gid)
        if committer is not None:
            try:
                committer.commit(rows)
            except PersistenceError as e:
                refused = self.refused(e)
                if refused is None:
                    raise
                raise refused from e
        else:  # the in-memory store has no transactions to share
            for recorder, records in rows:
                recorder.insert_events(records)

    def count(self, durable: Sequence[Staged]) -> None:
        """Raise the commit counters of appends made durable together (the acts of
        one commit) at once, before any of them is settled: one lock of the
        counters file for all. Raised by ``settle`` one by one otherwise."""
        if not durable:
            return
        for staged, counted in zip(
            durable, self.freshness.bump_all([s.gid for s in durable]), strict=True
        ):
            staged.counted = (counted,)

    def settle(self, staged: Staged) -> tuple[list[Entry], Loaded]:
        """What follows a staged append once it is durable: the commit counter,
        the cache, the listeners."""
        gid, new = staged.gid, staged.new
        # Raised before the act returns: a read sent after the answer sees it.
        counted = self.freshness.bump(gid) if staged.counted is None else staged.counted[0]
        if staged.secret is not None:
            self.sides.remember_secrets(gid, staged.secret)
        self.cache.remember(
            gid, new, self.cache.counter_after(gid, staged.loaded, counted, staged.first_is_start)
        )
        self.tell(gid, staged.entries)
        return staged.entries, new

    def tell(self, gid: UUID, entries: list[Entry]) -> None:
        """Tell the listeners of a durable append (none: a command held)."""
        for listener in list(self.listeners):
            # The act is durable: a listener's failure (a live relay, a metric)
            # must not turn its answer into an error, nor keep the others deaf.
            try:
                listener(gid, entries)
            except Exception:
                log.exception("game %s: a listener failed on an append", gid)

    def landed(self, staged: Staged, failure: BaseException | None = None) -> Acted | None:
        """The act, if its rows are in the store after all; None if they are not.

        A commit whose answer was lost (the connection dropped at COMMIT), or a
        group's shared transaction that failed that way and whose writes were
        then tried alone (each finding its own rows there: a conflict), may
        have stored them. Deciding the command again would then play it twice.
        The first row's hash covers a salt drawn for this write alone, so the
        same hash at that position is this write. ``failure``: the store's
        error, raised instead of a read's if the store cannot be read now."""
        first = staged.entries[0]
        lost = None if failure is None else lost_backend(failure)
        if lost is not None:  # its statement may still commit: end it first
            settle(self.shards.of(staged.gid).datastore, lost)  # type: ignore[attr-defined]  # PostgreSQL's recorder: a lost backend is met only there
        try:
            rows = select_rows(
                self.shards.of(staged.gid), staged.gid, gt=first.position - 1, lte=first.position
            )
        except PersistenceError:
            if failure is not None:
                raise failure from None
            raise
        if not rows or hash_of(rows[0][2]) != first.hash:
            return None
        log.warning(
            "game %s: the write at #%d was stored though its commit reported a failure",
            staged.gid,
            first.position,
        )
        return Acted(*self.settle(staged))
