"""A seat's command decided against the game's fold and appended with its
consequences, in one transaction.

Optimistic concurrency is eventsourcing's: two writers racing for the same
stream position cannot both succeed; the loser reloads and decides again.
``perform`` is the act on a thread (it may wait for the store); ``begin`` and
``finish`` are its two halves for a caller that must not block (the HTTP
fast path on the event loop), which hands the rows to the group committer."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, PersistenceError, RecordConflictError

from domain.kernel import (
    ActionTaken,
    Event,
    Fold,
    IllegalCommand,
    SeedRevealed,
    act,
    apply,
    apply_all,
    decode_command,
    stored_command,
)
from domain.kernel.phrases import phrase
from services.store.appender import Appender
from services.store.cache import FoldCache
from services.store.chance import check_supplied_used, dice_for
from services.store.commit import Committer
from services.store.loading import Loader
from services.store.refusals import told
from services.store.side_streams import SideStreams
from services.store.values import (
    Acted,
    ActNotStored,
    Chance,
    Counters,
    Entry,
    IdempotencyConflict,
    Loaded,
    Staged,
)

MAX_RETRIES = 50
GAME_LOCKS = 4096


class Turns:
    """Acts on one game in this process take turns (striped by game id), so that
    the second decides on the first's result instead of losing a race."""

    def __init__(self) -> None:
        self._locks = [threading.Lock() for _ in range(GAME_LOCKS)]

    def of(self, gid: UUID) -> threading.Lock:
        """The lock an act of the game holds. Striped by a hash of the whole id:
        a sharded store's ids end with their shard's number."""
        return self._locks[hash(gid) % GAME_LOCKS]


class Acts:
    def __init__(
        self,
        loader: Loader,
        cache: FoldCache,
        appender: Appender,
        sides: SideStreams,
        counters: Counters,
    ) -> None:
        self.loader = loader
        self.cache = cache
        self.appender = appender
        self.sides = sides
        self.counters = counters

    def perform(
        self,
        gid: UUID,
        first: tuple[Loaded, bool],
        seat: int,
        command: object,
        chance: Chance,
        key: str | None,
    ) -> Acted:
        """Decide and append, the game's turn held by the caller. ``first``: the
        fold to decide on first, and whether it was just read from the store.

        The command is decided on this process's cached fold without reading
        the store first. If another process wrote to the game meanwhile, the
        append loses the race for the stream position (nothing is written), and
        the command is decided again on the fold read back; a refusal on a
        cached fold is checked against the store before it is given."""
        loaded, fresh = first
        for attempt in range(MAX_RETRIES):
            if attempt:
                loaded, read = self.cache.current(gid)
                fresh = fresh or read
            if key is not None and key in loaded.keys:
                replayed = replayed_entries(self.loader, gid, loaded, seat, command, key)
                self.counters.replays += 1
                return Acted(replayed, loaded)
            try:
                staged = self.staged(gid, loaded, seat, command, chance, key)
            except IllegalCommand:
                # Refused on a fold that may be behind another process's writes:
                # refuse only if the store has nothing newer.
                if fresh or not self.cache.catch_up(gid, loaded):
                    raise
                fresh = True
                continue
            try:
                self.appender.commit(gid, staged.rows)
                return Acted(*self.appender.settle(staged))
            except (RecordConflictError, IntegrityError):
                self.counters.conflicts += 1
                self.cache.forget(gid)
                landed = self.appender.landed(staged)
                if landed is not None:
                    return landed
                stored = self.cache.reload(gid)
                if fresh and stored.version == loaded.version:
                    # Nothing newer in the stream, yet the write conflicts: the
                    # recorded head is past the stream (its last events removed).
                    self.cache.forget(gid)
                    raise RuntimeError(
                        f"game {gid}: the stream ends before its recorded head; run verify"
                    ) from None
                fresh = True
                continue
            except PersistenceError as e:
                # The store failed (a dropped connection, a lock timeout):
                # if that was at COMMIT, the rows may have landed all the same.
                self.cache.forget(gid)
                landed = self.appender.landed(staged, failure=e)
                if landed is not None:
                    return landed
                raise ActNotStored(e) from e
        raise RuntimeError(f"game {gid}: gave up after {MAX_RETRIES} conflicting writes")

    def begin(
        self,
        gid: UUID,
        turn: threading.Lock,
        committer: Committer,
        seat: int,
        command: object,
        chance: Chance,
        key: str | None,
        paced: Callable[[Mapping[str, Any] | None], bool],
    ) -> Staged | None:
        """``perform``'s first half without blocking, ``turn`` already taken: the
        command decided and its rows staged, or None where that would need to
        wait (a game not in memory, a retried key, a game ``paced`` says from its
        setup is played at a table's pace — its seats enter their own draws —,
        a refusal on a fold not known current); the caller then releases the turn."""
        # As ``perform``: decided on the cached fold, which another process
        # may have left behind; the commit then loses the race for the position.
        # Whether it is current matters only to a refusal, so the counters file
        # is read only then (its system calls, each a turn at the interpreter
        # lock given to the committing thread, cost an act more than the check).
        loaded = self.cache.cached(gid)
        if (
            loaded is None
            or (key is not None and key in loaded.keys)
            or paced(loaded.fold.started.setup)  # at a table's pace: ``perform``
        ):
            return None
        try:
            staged = self.staged(gid, loaded, seat, command, chance, key)
        except IllegalCommand:
            if self.cache.fresh(gid) is not loaded:  # refused on a fold maybe behind: ask the store
                return None
            raise
        staged.turn = turn
        self.counters.acts_on_loop += 1
        return staged

    def finish(self, staged: Staged, error: BaseException | None) -> Acted | None:
        """Complete ``begin`` once its rows were committed (``error`` None) or not:
        the act, or None when it lost the race for its position to another
        process (nothing was written; ``perform`` decides it again)."""
        try:
            if error is None:
                entries, new = self.appender.settle(staged)
                return Acted(entries, new)
            if isinstance(error, RecordConflictError | IntegrityError):
                self.counters.conflicts += 1
                self.cache.forget(staged.gid)
                return None
            refused = self.appender.refused(error)
            if refused is not None:
                raise refused from error
            raise error
        finally:
            if staged.turn is not None:
                staged.turn.release()
                staged.turn = None

    def staged(
        self,
        gid: UUID,
        loaded: Loaded,
        seat: int,
        command: object,
        chance: Chance,
        key: str | None,
    ) -> Staged:
        """The command decided on ``loaded`` and its rows staged; raises
        ``IllegalCommand`` for a refusal, as the seat is told it."""
        try:
            if command is None:
                raise IllegalCommand(
                    "malformed_command",
                    "kernel.malformed",
                    phrase("no command: send one (see legal)"),
                )
            cmd = decode_command(loaded.game, command)
            events, after = self.decide(gid, loaded, seat, cmd, chance, key)
        except IllegalCommand as e:
            refused = told(self.loader, gid, loaded, seat, e)
            if refused is e:
                raise
            raise refused from None
        return self.appender.stage(gid, loaded, events, folded=after)

    def decide(
        self, gid: UUID, loaded: Loaded, seat: int, cmd: Any, chance: Chance, key: str | None
    ) -> tuple[list[Event], Fold[Any]]:
        """The events of the command, and the fold after them (the append reuses it).

        ``chance``: the dice values, deck orders and cards drawn a table supplied."""
        values, orders, drew = chance
        fold = loaded.fold
        secret = self.sides.read_secrets(gid)
        dice = dice_for(fold, secret.seed, values, orders, drew)
        events = act(
            loaded.game,
            fold,
            seat,
            cmd,
            dice,
            supplied=values,
            supplied_orders=orders,
            supplied_drew=drew,
            key=key,
        )
        check_supplied_used(dice, values, orders, drew)
        after = apply_all(loaded.game, fold, events)  # one fold of the action's events
        if loaded.game.outcome(after.state) is not None and secret.seed is not None:
            revealed = SeedRevealed(rule="kernel.seed", seed=secret.seed)
            events.append(revealed)
            after = apply(loaded.game, after, revealed)
        return events, after


def replayed_entries(
    loader: Loader, gid: UUID, loaded: Loaded, seat: int, command: object, key: str
) -> list[Entry]:
    """The entries of an action already stored under idempotency ``key``; refused
    when the key was used for another command or seat."""
    first, last, key_seat = loaded.keys[key]
    original = loader.entries(gid, gt=first - 1, lte=last)
    action = original[0].event
    if key_seat != seat or (
        isinstance(action, ActionTaken)
        and action.command != stored_command(decode_command(loaded.game, command))
    ):
        raise IdempotencyConflict(f"idempotency key {key!r} was already used for another command")
    return original
