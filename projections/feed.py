"""Reading the event store's notification logs, and folding games as their events pass.

On SQLite eventsourcing offers no subscription (its ``ProjectionRunner``
needs one), so projections poll: read the notifications after the tracked
position, in order, in batches. A store sharded over several event tables
(``services.store.shards``) has one log per shard, each in order on its own; a
game's events are all on one shard, so a fold follows one log.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.games import get_game
from domain.kernel import Event, Fold, Game, GameStarted, SetupError, apply, open_fold
from services.ledger import WizardLedger
from services.store.codec import decode_body, decode_record

log = logging.getLogger("wizards.projections")


@dataclass(frozen=True)
class Item:
    """One decoded notification: an event at its game position and its position in
    its shard's log."""

    notification_id: int
    game_id: UUID
    position: int
    topic: str
    event: Event
    at: str
    shard: int = 0


def read_after(ledger: WizardLedger, after: int, limit: int, shard: int = 0) -> list[Item]:
    """The notifications of ``shard``'s log with ids greater than ``after``, at most
    ``limit``, decoded."""
    items: list[Item] = []
    for n in ledger.shards.notifications(shard, after, limit):
        record = decode_record(n.state)
        oid = n.originator_id
        items.append(
            Item(
                notification_id=n.id,
                game_id=oid if isinstance(oid, UUID) else UUID(str(oid)),
                position=n.originator_version,
                topic=n.topic,
                event=decode_body(n.topic, record.schema, record.body),
                at=record.at,
                shard=shard,
            )
        )
    return items


@dataclass(frozen=True)
class Progress:
    """A game's fold as the log has passed it, and whether it is over."""

    game: Game[Any]
    fold: Fold[Any]
    finished: bool


@dataclass(frozen=True)
class Step:
    """A game right after one event; ``finished_now`` only on the event that ended it."""

    started: GameStarted
    progress: Progress
    finished_now: bool


class Folds:
    """Each game's fold as the log passes, so a projection can ask the rules (the outcome).

    The cache is only a speed-up: a fold that is missing, or not at the
    position just before the event (another runner applied some events, or a
    transaction rolled back after the fold moved on), is loaded again from the
    store at that position. Events are immutable, so either way the fold is
    the same.
    """

    def __init__(self, ledger: WizardLedger, size: int = 1024) -> None:
        self.ledger = ledger
        self.size = size
        self._cache: OrderedDict[UUID, Progress | None] = OrderedDict()

    def advance(self, item: Item) -> Step | None:
        """Apply ``item``; None for a game this engine does not know."""
        event = item.event
        if isinstance(event, GameStarted):
            try:
                game = get_game(event.game)
            except SetupError:
                log.warning("game %s: unknown game %r, not projected", item.game_id, event.game)
                self._remember(item.game_id, None)
                return None
            before = None
            after = Progress(game, open_fold(game, event), False)
        else:
            if item.game_id in self._cache and self._cache[item.game_id] is None:
                return None
            before = self._cache.get(item.game_id)
            if before is None or before.fold.position != item.position - 1:
                loaded = self.ledger.load(item.game_id, item.position - 1)
                before = Progress(
                    loaded.game,
                    loaded.fold,
                    loaded.game.outcome(loaded.fold.state) is not None,
                )
            fold = apply(before.game, before.fold, event)
            after = Progress(before.game, fold, before.game.outcome(fold.state) is not None)
        self._remember(item.game_id, after)
        finished_now = after.finished and (before is None or not before.finished)
        return Step(after.fold.started, after, finished_now)

    def _remember(self, gid: UUID, progress: Progress | None) -> None:
        self._cache[gid] = progress
        self._cache.move_to_end(gid)
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
