"""What a projection is: tables in the projections store, and how one event changes them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from projections.feed import Item
from projections.store import ProjectionStore, Tx


class Projection(ABC):
    """A read model. ``apply`` runs inside the transaction that also moves its position,
    so it must write only through ``tx`` and must not depend on anything but the
    events before it (a rebuild from zero must give the same rows)."""

    name: ClassVar[str]
    # Bumped when the tables change shape; the tracking position is kept per
    # version, so a new version is projected from zero into its own tables.
    schema: ClassVar[int] = 1

    def __init__(self, store: ProjectionStore) -> None:
        self.store = store

    @abstractmethod
    def create_statements(self) -> list[str]: ...

    @abstractmethod
    def tables(self) -> list[str]:
        """Its tables' qualified names (emptied by a rebuild)."""

    @abstractmethod
    def apply(self, tx: Tx, item: Item) -> None: ...

    def batch_done(self, tx: Tx) -> None:  # noqa: B027 - most projections need nothing here
        """Called after a batch's last ``apply``, in the same transaction."""

    def settle(self, tx: Tx) -> None:  # noqa: B027 - most projections need nothing here
        """Called once every shard's log is read (and on a runner's first catch-up),
        in a transaction of its own holding the projection's tracking lock."""
