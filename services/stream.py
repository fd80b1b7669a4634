"""The live log of one game for one seat: new entries as they are appended, redacted.

The stream reads the store itself each time it is woken (see ``services.live``)
or its poll timer fires, so it works across processes and without Redis, and
sends exactly the entries after the last position it sent: a wake-up that
carries nothing new costs one indexed read, and a missed one costs at most a
poll interval.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from starlette.concurrency import run_in_threadpool

from services.ledger import WizardLedger
from services.live import Live
from services.reads import entry_json


@dataclass(frozen=True)
class Message:
    """One server-sent event: ``kind`` is ready, entry or end."""

    kind: str
    data: dict[str, Any]
    id: str | None = None


@dataclass(frozen=True)
class _Batch:
    entries: list[dict[str, Any]]
    head: int
    outcome: dict[str, Any] | None


def _read_after(ledger: WizardLedger, gid: UUID, after: int, seat: int | None) -> _Batch:
    # Fold first, then read up to the fold's version, so the entries are
    # redacted by the same "finished?" the fold says (a later append waits
    # for the next round).
    loaded = ledger.load(gid)
    outcome = loaded.game.outcome(loaded.table.state)
    finished = outcome is not None
    head = loaded.version
    entries = ledger.entries(gid, gt=after, lte=head) if head > after else []
    return _Batch(
        [entry_json(e, loaded.game, seat, finished) for e in entries],
        head,
        None if outcome is None else msgspec.to_builtins(outcome),
    )


def _head(ledger: WizardLedger, gid: UUID) -> int:
    return ledger.load(gid).version


async def follow(
    ledger: WizardLedger, live: Live, gid: UUID, seat: int | None, after: int | None
) -> AsyncIterator[Message]:
    """Yield ``ready``, then each new entry, then ``end`` once the game is over.

    ``after``: resume after this position (SSE ``Last-Event-ID``); None starts at
    the current head, sending only what is appended from now on.
    """
    with live.hub.subscribe(gid) as waiter:
        if after is None:
            after = await run_in_threadpool(_head, ledger, gid)
        yield Message(
            "ready",
            {"game_id": str(gid), "seat": seat, "after": after, "live": live.status()["redis"]},
        )
        while True:
            # Cleared before reading: an append that lands during the read
            # sets it again, so the wait below returns at once.
            waiter.clear()
            batch = await run_in_threadpool(_read_after, ledger, gid, after, seat)
            for entry in batch.entries:
                after = entry["position"]
                yield Message("entry", entry, id=str(after))
            if batch.outcome is not None and after >= batch.head:
                yield Message("end", {"game_id": str(gid), "outcome": batch.outcome}, id=str(after))
                return
            await waiter.wait(live.interval())
