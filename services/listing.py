"""``wizards list`` for people: each game's players, date, result and fork marker."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel import GameForked, GameStarted
from services.ledger import WizardLedger
from services.story import outcome_text


def listing(ledger: WizardLedger, game_ids: list[str | UUID]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for gid in game_ids:
        first = ledger.entries(gid, lte=1)[0]
        started = first.event
        assert isinstance(started, GameStarted)
        loaded = ledger.load(gid)
        outcome = loaded.game.outcome(loaded.table.state)
        fork = next(
            (e.event for e in ledger.entries(gid, gt=1) if isinstance(e.event, GameForked)),
            None,
        )
        winners = [started.players[s] for s in outcome.winners] if outcome else []
        rows.append(
            {
                "game_id": str(gid),
                "game": started.game,
                "names": list(started.players),
                "created": first.at,
                "status": "finished" if outcome else "running",
                "winners": winners,
                "result": ("won by " + ", ".join(winners)) if outcome else "running",
                "events": loaded.version,
                "forked_from": fork.from_game if fork else None,
                "fork_at": fork.at if fork else None,
                "summary": outcome_text(outcome, started.players),
            }
        )
    return rows
