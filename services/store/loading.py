"""A game read back from the store: its fold at any position (from the nearest
snapshot, the rows decoded straight from their bytes), its stored events."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from uuid import UUID

from domain.kernel import GameStarted, IllegalCommand, get_game, open_fold
from services.store.codec import decode_record
from services.store.fold import (
    RecordRow,
    decode_events,
    fold_rows,
    fold_states,
    hash_of,
    head_of,
    opening,
    read_records,
)
from services.store.rows import Row, select_rows, select_states
from services.store.shards import Shards
from services.store.side_streams import SideStreams
from services.store.values import Entry, GameNotFound, Loaded

log = logging.getLogger("wizards.ledger")


class Loader:
    """Reads a game's stream. ``held``: for a game with nothing in its stream yet,
    the fold of an opening held for seats' cards (or None), and the refusal a
    read of its record meets then (``services.seats``)."""

    def __init__(self, shards: Shards, sides: SideStreams, *, use_snapshots: bool) -> None:
        self.shards = shards
        self.sides = sides
        self.use_snapshots = use_snapshots
        self.held_opening: Callable[[UUID], Loaded | None] = lambda gid: None
        self.opening_refusal: Callable[[UUID], IllegalCommand | None] = lambda gid: None

    def load_at(self, gid: UUID, at: int | None) -> Loaded:
        """The fold at position ``at`` (None: the end), from the nearest snapshot.

        Read by the state column alone where it can be (``fold_states``); a stream
        that needs its topics (an older schema, damage) is read again whole."""
        snap = self.sides.snapshot_at(gid, at) if self.use_snapshots else None
        if snap is not None:
            # The snapshot's own position is read with the newer events: a
            # snapshot is used only while the stream still holds the event it
            # was taken after (a stream cut below it must not be served from it);
            # the hash covers the position, so a matching hash is that event.
            states = select_states(self.shards.of(gid), gid, gt=snap.version - 1, lte=at)
            if states and hash_of(states[0]) == snap.head:
                return self.fold_states(gid, snap, states[1:], at)
            log.warning("game %s: snapshot at %d does not match the stream", gid, snap.version)
        states = select_states(self.shards.of(gid), gid, lte=at)
        opened = opening(states[0]) if states else None
        if not states:
            held = self.held_opening(gid)
            if held is not None:  # its opening waits for seats' cards
                return held
        if opened is None:
            return self.load_rows(gid, at)
        started, head = opened
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=head)
        # One read for the whole fold: GameStarted opened the table.
        return self.fold_states(gid, loaded, states[1:], at)

    def fold(self, loaded: Loaded, rows: Sequence[Row]) -> Loaded:
        """``loaded`` fast-forwarded with stored rows, decoded straight from their bytes."""
        if not rows:
            return loaded
        fold, keys = fold_rows(loaded.game, loaded.fold, dict(loaded.keys), rows)
        return Loaded(game=loaded.game, fold=fold, head=head_of(rows), keys=keys)

    def fold_states(self, gid: UUID, loaded: Loaded, states: list[bytes], at: int | None) -> Loaded:
        """``loaded`` fast-forwarded with the rows after it (their state bytes)."""
        if not states:
            return loaded
        folded = fold_states(
            loaded.game, loaded.fold, dict(loaded.keys), loaded.version + 1, states
        )
        if folded is None:  # a row needs its topic: read the rows whole
            return self.fold(
                loaded, select_rows(self.shards.of(gid), gid, gt=loaded.version, lte=at)
            )
        fold, keys, head = folded
        return Loaded(game=loaded.game, fold=fold, head=head, keys=keys)

    def load_rows(self, gid: UUID, at: int | None) -> Loaded:
        """The fold from zero, every row read whole (decoded by its topic)."""
        rows = select_rows(self.shards.of(gid), gid, lte=at)
        if not rows or rows[0][0] != 1:
            raise GameNotFound(gid)
        started = decode_events(rows[:1])[0]
        if not isinstance(started, GameStarted):
            raise ValueError(f"game {gid}: the stream does not open with GameStarted")
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=head_of(rows[:1]))
        return self.fold(loaded, rows[1:])

    def newer_rows(self, gid: UUID, after: int) -> list[Row]:
        """The stream's rows after position ``after``."""
        return select_rows(self.shards.of(gid), gid, gt=after)

    def entries(self, gid: UUID, *, gt: int | None = None, lte: int | None = None) -> list[Entry]:
        """The stored events between two positions, with their chain links."""
        rows = select_rows(self.shards.of(gid), gid, gt=gt, lte=lte)
        if not rows and gt is None:
            held = self.opening_refusal(gid)
            if held is not None:  # its opening waits for seats' cards: nothing stored yet
                raise held
            raise GameNotFound(gid)
        events = decode_events(rows)
        out = []
        for (position, topic, state), event in zip(rows, events, strict=True):
            r = decode_record(state)
            out.append(Entry(position, topic, event, r.at, r.prev, r.hash, r.schema))
        return out

    def raw_rows(self, gid: UUID) -> list[RecordRow]:
        """Every row as (position, topic, record), the event bodies undecoded."""
        rows = select_rows(self.shards.of(gid), gid)
        return [(p, t, r) for (p, t, _), r in zip(rows, read_records(rows), strict=True)]
