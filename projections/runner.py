"""Catching projections up with the event store, rebuilding them, and reading them.

``run_projections`` polls the notification log after each projection's
tracked position and applies it in batches; each batch and the new position
commit in one transaction (``ProjectionStore.advance``). Any number of
runners, in any processes, may run at once: a runner that finds the position
moved under it rolls back and reads again, so nothing is applied twice.

A store sharded over several event tables has one log per shard, and a
projection tracks one position per shard (a tracking row each: shard 0's is
the projection's row from before shards, so an upgraded store goes on from
where it was). A game lives on one shard, so its events reach a projection
in order; between games of different shards there is no log order, and a
projection must not depend on one (the scoreboard orders its ratings by the
games' finishing times instead).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any
from uuid import UUID

from projections import ratings
from projections.audit import Audit
from projections.base import Projection
from projections.feed import Folds, read_after
from projections.scoreboard import Scoreboard
from projections.statistics import Statistics
from projections.store import PositionMoved, ProjectionStore
from services.ledger import WizardLedger
from services.store.read_only import READ_MODELS

BATCH = 500


class Projector:
    """The projections of one event store, in their store (default: beside the events)."""

    def __init__(self, ledger: WizardLedger, projections_url: str | None = None) -> None:
        # The projections keep their tables and positions in a store of their own
        # (by default a file beside a SQLite store): a read-only store makes none.
        ledger.access.check_writable(READ_MODELS)
        self.ledger = ledger
        self.store = ProjectionStore(projections_url or ledger.url)
        self.folds = Folds(ledger)
        self.scoreboard = Scoreboard(self.store, self.folds)
        self.audit = Audit(self.store)
        self.statistics = Statistics(self.store, Folds(ledger))
        self.projections: list[Projection] = [self.scoreboard, self.audit, self.statistics]
        self.store.ensure(
            [s for p in self.projections for s in p.create_statements()],
            self._tracking_names(),
        )
        self._shards = tuple(ledger.shards.numbers())
        self._settled = False  # a run before ours may have stopped before settling
        # Runners in one process take turns; across processes the tracking
        # row's lock does the same job.
        self._lock = threading.Lock()

    def tracking_name(self, projection: Projection, shard: int = 0) -> str:
        version = f".v{projection.schema}" if projection.schema > 1 else ""
        return f"{self.ledger.name}.{projection.name}{version}" + (f"@{shard}" if shard else "")

    def _tracking_names(self) -> list[str]:
        shards = self.ledger.shards.numbers()
        return [self.tracking_name(p, s) for p in self.projections for s in shards]

    def _ensure_shards(self) -> None:
        """A tracking row for each shard (a store may gain shards while we run)."""
        shards = tuple(self.ledger.shards.numbers())
        if shards != self._shards:
            self.store.ensure([], self._tracking_names())
            self._shards = shards

    def shard_positions(self) -> dict[str, dict[int, int]]:
        """Each projection's position in each shard's log."""
        return {
            p.name: {
                s: self.store.position(self.tracking_name(p, s))
                for s in self.ledger.shards.numbers()
            }
            for p in self.projections
        }

    def positions(self) -> dict[str, int]:
        """Each projection's notifications applied, summed over the shards."""
        return {name: sum(at.values()) for name, at in self.shard_positions().items()}

    def lag(self) -> int:
        """Notifications the slowest projection has not applied yet, over all shards."""
        heads = self.ledger.shards.heads()
        return max(
            (
                sum(max(0, heads.get(s, 0) - at) for s, at in shards.items())
                for shards in self.shard_positions().values()
            ),
            default=0,
        )

    def run(self) -> int:
        """Catch every projection up; the number of events newly applied (each event
        counted once, however many projections took it)."""
        with self._lock:
            self._ensure_shards()
            applied = max((self._catch_up(p) for p in self.projections), default=0)
            self._settled = True
            return applied

    def _catch_up(self, projection: Projection) -> int:
        applied = sum(self._catch_up_shard(projection, s) for s in self.ledger.shards.numbers())
        if applied or not self._settled:
            # What a projection put off until its logs are read (the
            # scoreboard's re-rating), once per catch-up rather than per batch.
            with self.store.locked(self.tracking_name(projection)) as tx:
                projection.settle(tx)
        return applied

    def _catch_up_shard(self, projection: Projection, shard: int) -> int:
        name = self.tracking_name(projection, shard)
        applied = 0
        while True:
            position = self.store.position(name)
            items = read_after(self.ledger, position, BATCH, shard)
            if not items:
                return applied
            try:
                last, guard = items[-1].notification_id, self.tracking_name(projection)
                with self.store.advance(name, position, last, guard=guard) as tx:
                    for item in items:
                        projection.apply(tx, item)
                    projection.batch_done(tx)
            except PositionMoved:
                continue  # another runner got there first: start from its position
            applied += len(items)

    def rebuild(self, names: Iterable[str] | None = None) -> int:
        """Empty the named projections (default: all) and apply every log again."""
        wanted = set(names) if names is not None else {p.name for p in self.projections}
        unknown = wanted - {p.name for p in self.projections}
        if unknown:
            raise ValueError(f"unknown projection(s) {sorted(unknown)}")
        with self._lock:
            self._ensure_shards()
            for p in self.projections:
                if p.name in wanted:
                    clear = [f"DELETE FROM {t}" for t in p.tables()]
                    shards = self.ledger.shards.numbers()
                    self.store.reset([self.tracking_name(p, s) for s in shards], clear)
        return self.run()

    # ----------------------------------------------------------- readers

    def scoreboard_json(self, *, game: str | None = None, limit: int = 100) -> dict[str, Any]:
        return _scoreboard(self.scoreboard, game=game, limit=limit)

    def statistics_json(self, *, game: str | None = None) -> dict[str, Any]:
        with self.store.transaction(commit=False) as tx:
            return self.statistics.read(tx, game=game)

    def audit_json(
        self, game_id: UUID | str, *, seat: int | None = None, full: bool = True
    ) -> list[dict[str, Any]]:
        with self.store.transaction(commit=False) as tx:
            return self.audit.read(tx, game_id, seat=seat, full=full)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Projector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _scoreboard(board: Scoreboard, *, game: str | None, limit: int) -> dict[str, Any]:
    with board.store.transaction(commit=False) as tx:
        return {
            "rating": ratings.describe(),
            "players": board.read_players(tx, limit),
            "games": board.read_games(tx, game=game, limit=limit),
        }


# ------------------------------------------------- functions for the CLI


def run_projections(ledger: WizardLedger, projections_url: str | None = None) -> int:
    """Catch all projections up with ``ledger``; returns the events newly applied.

    ``projections_url`` defaults to the ledger's store URL (SQLite: the sibling
    ``*.projections.db`` file; PostgreSQL: the same database, own tables).
    """
    with Projector(ledger, projections_url) as projector:
        return projector.run()


def rebuild_projections(
    ledger: WizardLedger,
    projections_url: str | None = None,
    names: Iterable[str] | None = None,
) -> int:
    """Rebuild projections from position zero; returns the events applied."""
    with Projector(ledger, projections_url) as projector:
        return projector.rebuild(names)


def _reader_store(projections_url: str) -> tuple[ProjectionStore, Scoreboard, Audit]:
    store = ProjectionStore(projections_url)
    board, audit = Scoreboard(store, None), Audit(store)
    store.ensure([*board.create_statements(), *audit.create_statements()], [])
    return store, board, audit


def scoreboard(
    projections_url: str, *, game: str | None = None, limit: int = 100
) -> dict[str, Any]:
    """The scoreboard as last projected (run ``run_projections`` first to catch up):
    ``players`` by rating, and finished ``games`` (newest first; ``game`` filters by kind)."""
    store, board, _ = _reader_store(projections_url)
    try:
        return _scoreboard(board, game=game, limit=limit)
    finally:
        store.close()


def audit_trail(
    projections_url: str, game_id: UUID | str, *, seat: int | None = None, full: bool = True
) -> list[dict[str, Any]]:
    """A game's audit view: every event with its rule citation and dice."""
    store, _, audit = _reader_store(projections_url)
    try:
        with store.transaction(commit=False) as tx:
            return audit.read(tx, game_id, seat=seat, full=full)
    finally:
        store.close()


def statistics(projections_url: str, *, game: str | None = None) -> dict[str, Any]:
    """Win rates per seat (by game and player count) and per card used, over finished
    games, as last projected (run ``run_projections`` first to catch up)."""
    store = ProjectionStore(projections_url)
    stats = Statistics(store, None)
    store.ensure(stats.create_statements(), [])
    try:
        with store.transaction(commit=False) as tx:
            return stats.read(tx, game=game)
    finally:
        store.close()
