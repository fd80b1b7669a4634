"""The live log of one game for one seat: new entries as they are appended, redacted.

The stream reads the store itself each time it is woken (see ``services.live.fanout``)
or its poll timer fires, so it works across processes and without Redis, and
sends exactly the entries after the last position it sent: a wake-up that
carries nothing new costs one indexed read, and a missed one costs at most a
poll interval.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import msgspec
from starlette.concurrency import run_in_threadpool

from domain.kernel import Game
from services.ledger import WizardLedger
from services.live.fanout import Live, LocalHub
from services.reads.views import entry_json, outcome_json, pending_json
from services.seats.hold import by_seats
from services.store.values import Entry
from services.words.sentences import Words


@dataclass(frozen=True)
class Message:
    """One server-sent event: ``kind`` is ready, entry, turn, held or end; ``raw`` is
    ``data`` already encoded as JSON, when it is shared by many streams."""

    kind: str
    data: dict[str, Any]
    id: str | None = None
    raw: str | None = None


def _json(data: Any) -> str:
    return msgspec.json.encode(data).decode()


@dataclass(frozen=True)
class _Batch:
    entries: list[tuple[dict[str, Any], str]]  # each entry, and its JSON
    head: int
    outcome: dict[str, Any] | None
    turn: tuple[dict[str, Any], str] | None = None
    holds: int = -1


@dataclass(frozen=True)
class _Read:
    """One read of a game's new entries, not yet redacted for anyone."""

    game: Game[Any]
    entries: list[Entry]
    head: int
    outcome: Any
    state: Any
    words: Words  # the table's words (players, card names), which the lines use
    # Rows of the game's hold record (a table whose seats enter their own draws),
    # -1 for other games: a new row is a command held, or an entry for it.
    holds: int = -1
    # What each seat (None: spectators) is shown of this read, made once for
    # all the streams of that seat that share the read.
    shown: dict[int | None, _Shown] = field(default_factory=dict)


@dataclass(frozen=True)
class _Shown:
    entries: list[tuple[int, dict[str, Any], str]]  # position, entry, its JSON
    turn: tuple[dict[str, Any], str] | None


def _read_raw(ledger: WizardLedger, gid: UUID, after: int) -> _Read:
    # Fold first, then read up to the fold's version, so the entries are
    # redacted by the same "finished?" the fold says (a later append waits
    # for the next round).
    loaded = ledger.load(gid)
    head = loaded.version
    entries = ledger.entries(gid, gt=after, lte=head) if head > after else []
    state = loaded.fold.state
    outcome = loaded.game.outcome(state)
    holds = ledger.holds.hold_rows(gid) if by_seats(loaded.fold.started.setup) else -1
    words = Words.table(loaded.game, loaded.fold.started)
    return _Read(loaded.game, entries, head, outcome, state, words, holds)


@dataclass(frozen=True)
class _InFlight:
    generation: int
    after: int
    task: asyncio.Future[_Read]


# Reads in flight, per (ledger, game): every stream of a game woken by the same
# append shares one store read instead of making its own (1,000 watchers of a
# game would otherwise make 1,000 identical reads per event).
_IN_FLIGHT: dict[tuple[int, UUID], _InFlight] = {}


async def _shared_read(ledger: WizardLedger, hub: LocalHub, gid: UUID, after: int) -> _Read:
    """A read that has seen every append notified so far, shared when one is already
    under way: one begun at the current notification generation or later (so it
    began after the commit of every append notified to us) from no later position."""
    generation = hub.generation(gid)
    key = (id(ledger), gid)
    current = _IN_FLIGHT.get(key)
    if current is not None and current.generation >= generation and current.after <= after:
        return await asyncio.shield(current.task)
    task = asyncio.ensure_future(run_in_threadpool(_read_raw, ledger, gid, after))
    mine = _InFlight(generation, after, task)
    _IN_FLIGHT[key] = mine
    try:
        return await asyncio.shield(task)
    finally:
        if _IN_FLIGHT.get(key) is mine:
            del _IN_FLIGHT[key]


async def _read_after(
    ledger: WizardLedger, hub: LocalHub, gid: UUID, after: int, seat: int | None
) -> _Batch:
    read = await _shared_read(ledger, hub, gid, after)
    shown = read.shown.get(seat)
    if shown is None:
        shown = read.shown[seat] = _show(read, seat)
    entries = [(entry, raw) for position, entry, raw in shown.entries if position > after]
    return _Batch(
        entries,
        read.head,
        outcome_json(read.outcome, read.words),
        shown.turn if entries else None,
        read.holds,
    )


def _show(read: _Read, seat: int | None) -> _Shown:
    finished = read.outcome is not None
    entries = []
    for e in read.entries:
        entry = entry_json(e, seat, finished, words=read.words)
        entries.append((e.position, entry, _json(entry)))
    turn = None
    if not finished:
        # What follows, as an act's answer says it to the actor: the pending
        # decisions, and for a seat's own stream the commands it may send now.
        pending = read.game.pending(read.state)
        legal = (
            read.game.legal_commands(read.state, seat)
            if seat is not None and any(p.seat == seat for p in pending)
            else []
        )
        data = {
            "position": read.head,
            "pending": pending_json(read.state, read.words),
            "legal": [msgspec.to_builtins(c) for c in legal],
        }
        turn = (data, _json(data))
    return _Shown(entries, turn)


def _head(ledger: WizardLedger, gid: UUID) -> int:
    return ledger.load(gid).version


async def follow(
    ledger: WizardLedger, live: Live, gid: UUID, seat: int | None, after: int | None
) -> AsyncIterator[Message]:
    """Yield ``ready``, then each new entry, then ``end`` once the game is over.

    After each batch of entries of a running game comes ``turn``: the pending
    decisions and, on a seat's own stream, the commands that seat may send now
    (empty unless it has a pending decision), so that a player learns its turn
    and its options without another request.

    ``after``: resume after this position (SSE ``Last-Event-ID``); None starts at
    the current head, sending only what is appended from now on.

    At a table whose seats enter their own draws, ``held`` says that a command
    was held or an entry made for it (nothing appended yet): read the state.
    """
    with live.hub.subscribe(gid) as waiter:
        if after is None:
            after = await run_in_threadpool(_head, ledger, gid)
        yield Message(
            "ready",
            {"game_id": str(gid), "seat": seat, "after": after, "live": live.status()["redis"]},
        )
        holds: int | None = None
        while True:
            # Cleared before reading: an append that lands during the read
            # sets it again, so the wait below returns at once.
            waiter.clear()
            batch = await _read_after(ledger, live.hub, gid, after, seat)
            if holds is not None and batch.holds != holds and not batch.entries:
                yield Message("held", {"position": batch.head})
            holds = batch.holds
            for entry, raw in batch.entries:
                after = entry["position"]
                yield Message("entry", entry, id=str(after), raw=raw)
            if batch.turn is not None:
                yield Message("turn", batch.turn[0], raw=batch.turn[1])
            if batch.outcome is not None and after >= batch.head:
                yield Message("end", {"game_id": str(gid), "outcome": batch.outcome}, id=str(after))
                return
            await waiter.wait(live.interval())
