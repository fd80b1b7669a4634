"""``wizards list`` for people: each game's players, date, result and fork marker.

Built on the lobby's fields (``services.reads.lobby``), which the HTTP list and the
web lobby show too, so every list of games says the same thing.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.phrases import listed, phrase, plural
from services.ledger import WizardLedger
from services.reads.lobby import forked_games, lobby_fields
from services.words.sentences import Words
from services.words.telling import Teller


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
        words = Words.table(loaded.game, loaded.fold.started)
        rows.append(
            {
                "game_id": str(gid),
                "game": loaded.game.spec.id,
                "names": fields["names"],
                "created": fields["started_at"],
                "status": fields["status"],
                "winners": winners,
                "result": words.say(phrase("won by {winners}", winners=listed(winners)))
                if outcome
                else fields["status_text"],
                "events": loaded.version if fields["status"] != "dealing" else 0,
                "forked_from": fork["game_id"] if fork else None,
                "fork_at": fork["at"] if fork else None,
                "summary": words.outcome(outcome),
            }
        )
    return rows


def listing_line(row: dict[str, Any] | None) -> str:
    """A game of ``listing`` as ``wizards list`` prints it, in the reader's language
    (None: the line of a store with no games)."""
    say = Teller(str, str)
    if row is None:
        return say(
            phrase("no games in this store yet: start one with `wizards new GAME --players N`")
        )
    fork = (
        "  "
        + say(phrase("⑂ fork of {game} at #{at}", game=row["forked_from"][:8], at=row["fork_at"]))
        if row["forked_from"]
        else ""
    )
    events = say(plural("{n} event", "{n} events", row["events"]))
    return (
        f"{row['game_id']}  {row['created'][:16].replace('T', ' ')}  {row['game']:<12} "
        f"{', '.join(row['names']):<24} {row['result']:<22} {events}{fork}"
    )
