"""``wizards list`` for people: each game's players, date, result and fork marker.

Built on the lobby's fields (``services.reads.lobby``), which the HTTP list and the
web lobby show too, so every list of games says the same thing.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from services.ledger import WizardLedger
from services.reads.lobby import forked_games, lobby_fields
from services.words.sentences import Words


def listing(ledger: WizardLedger, game_ids: list[str | UUID]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    forks = forked_games(ledger)
    for raw in game_ids:
        gid = raw if isinstance(raw, UUID) else UUID(str(raw))
        loaded = ledger.load(gid)
        fields = lobby_fields(ledger, gid, loaded, forks)
        outcome = loaded.game.outcome(loaded.fold.state)
        winners = fields["winner_names"]
        fork = fields["forked_from"]
        rows.append(
            {
                "game_id": str(gid),
                "game": loaded.game.spec.id,
                "names": fields["names"],
                "created": fields["started_at"],
                "status": fields["status"],
                "winners": winners,
                "result": ("won by " + ", ".join(winners)) if outcome else fields["status_text"],
                "events": loaded.version if fields["status"] != "dealing" else 0,
                "forked_from": fork["game_id"] if fork else None,
                "fork_at": fork["at"] if fork else None,
                "summary": Words.table(loaded.game, loaded.fold.started).outcome(outcome),
            }
        )
    return rows
