"""This process's folds of the games it serves, and whether each is current.

A read is answered from memory while the game's commit counter
(``services.store.freshness``) still shows the value the fold was current at;
otherwise the fold is fast-forwarded with the rows other processes appended."""

from __future__ import annotations

import threading
from collections import OrderedDict
from uuid import UUID

from services.store.codec import GENESIS
from services.store.freshness import Freshness
from services.store.loading import Loader
from services.store.values import Loaded

CACHED_GAMES = 4096


class FoldCache:
    def __init__(self, loader: Loader, freshness: Freshness) -> None:
        self.loader = loader
        self.freshness = freshness
        self._folds: OrderedDict[UUID, Loaded] = OrderedDict()
        # The commit counter each cached fold was current at: while a game's
        # counter still shows it, reads are answered from the cache.
        self._current_at: dict[UUID, int] = {}
        self._lock = threading.RLock()

    def cached(self, gid: UUID) -> Loaded | None:
        """The fold held in memory, current or not."""
        with self._lock:
            return self._folds.get(gid)

    def holds(self, gid: UUID) -> bool:
        with self._lock:
            return gid in self._folds

    def clear(self) -> None:
        with self._lock:
            self._folds.clear()
            self._current_at.clear()

    def forget(self, gid: UUID) -> None:
        with self._lock:
            self._folds.pop(gid, None)
            self._current_at.pop(gid, None)

    def remember(self, gid: UUID, loaded: Loaded, counter: int | None = None) -> None:
        """Cache ``loaded``; ``counter``: the game's commit counter it is known current at."""
        with self._lock:
            known = self._folds.get(gid)
            if known is not None and known.version > loaded.version:
                return  # a reader's catch-up that finished after a newer write
            self._folds[gid] = loaded
            self._folds.move_to_end(gid)
            if counter is None:
                self._current_at.pop(gid, None)
            else:
                self._current_at[gid] = counter
            while len(self._folds) > CACHED_GAMES:
                evicted, _ = self._folds.popitem(last=False)
                self._current_at.pop(evicted, None)

    def counter_after(
        self, gid: UUID, loaded: Loaded, counted: tuple[int, int] | None, new_game: bool
    ) -> int | None:
        """The counter at which the fold after this process's write is known current.

        The write landed right after ``loaded`` (else it would have lost the race).
        If the counter stood where ``loaded`` was current, no other write was counted
        in between, so nothing is missing. A new game's id is known to no one else yet.
        """
        if counted is None:
            return None
        before, after = counted
        with self._lock:
            known = self._current_at.get(gid) if self._folds.get(gid) is loaded else None
        return after if new_game or known == before else None

    def fresh(self, gid: UUID) -> Loaded | None:
        """The cached fold if it is known current without asking the store."""
        counter = self.freshness.stamp(gid)
        if counter is None:
            return None
        with self._lock:
            cached = self._folds.get(gid)
            if cached is not None and self._current_at.get(gid) == counter:
                self._folds.move_to_end(gid)
                return cached
        return None

    def current(self, gid: UUID) -> tuple[Loaded, bool]:
        """The cached fold as it is (True: just read from the store).

        Writers use it without a catch-up read: a fold behind the store can
        only lose the race for the next position, and is then read again."""
        cached = self.cached(gid)
        if cached is not None:
            return cached, False
        return self.reload(gid), True

    def reload(self, gid: UUID) -> Loaded:
        """The fold read from the store, cached (the counter is noted before the read)."""
        counter = self.freshness.stamp(gid)
        loaded = self.loader.load_at(gid, None)
        self.remember(gid, loaded, counter)
        return loaded

    def catch_up(self, gid: UUID, loaded: Loaded) -> bool:
        """Fast-forward the cached fold with events other processes appended; True
        if there were any."""
        counter = self.freshness.stamp(gid)
        newer = self.loader.newer_rows(gid, loaded.version)
        if newer:
            self.remember(gid, self.loader.fold(loaded, newer), counter)
        elif counter is not None:
            with self._lock:
                if self._folds.get(gid) is loaded:  # not replaced meanwhile
                    self._current_at[gid] = counter
        return bool(newer)

    def load(self, gid: UUID) -> Loaded:
        """The current fold: from memory while no commit was counted since it was
        current, else the cache fast-forwarded with newer events (other processes
        may have written: reads see every write acknowledged before them)."""
        fresh = self.fresh(gid)
        if fresh is not None:
            return fresh
        loaded, read = self.current(gid)
        if not read and loaded.head == GENESIS:
            return self.reload(gid)  # an opening held: its GameStarted is not stored yet
        if not read:
            self.catch_up(gid, loaded)
            loaded, _ = self.current(gid)
        return loaded
