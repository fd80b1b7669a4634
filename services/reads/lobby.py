"""The lobby's list of tables: names, status, winner, date and fork marker per game.

A game whose opening waits for its seats' cards has no stream yet: it is
listed after the stored ones, ``dealing``, naming whom it waits for.

These are added to the game summary (``GET /tables``, ``GET /tables/{id}``).
A branch is recognised by its ``GameForked`` event: the notification log is
asked once (each shard's) for the games that have one (a topic filter, like ``game_ids``),
and only those streams are read to learn where they were copied from.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel import GameForked
from domain.kernel.phrases import listed, phrase
from services.ledger import WizardLedger
from services.store.codec import GENESIS, topic_of
from services.store.values import Loaded
from services.words.telling import Teller


def forked_games(ledger: WizardLedger) -> set[UUID]:
    """The ids of every what-if branch in the store (on every shard)."""
    return set(ledger.shards.originators(topic_of(GameForked)))


def fork_origin(ledger: WizardLedger, gid: UUID) -> dict[str, Any] | None:
    """Where a branch was copied from: the last ``GameForked`` of its stream."""
    origin = None
    for entry in ledger.entries(gid):
        if isinstance(entry.event, GameForked):
            origin = {"game_id": entry.event.from_game, "at": entry.event.at}
    return origin


def listed_games(ledger: WizardLedger) -> list[UUID]:
    """Every game a list shows, oldest first: those stored, then those whose
    opening still waits for seats' cards (each goes to the end of the stored
    ones once dealt, as its ``GameStarted`` is stored then)."""
    stored = ledger.game_ids()
    return stored + ledger.holds.held_openings(set(stored))


def lobby_fields(
    ledger: WizardLedger, gid: UUID, loaded: Loaded, forks: set[UUID] | None = None
) -> dict[str, Any]:
    """Names, mode, creation date, status, winners and fork origin of one game."""
    started = loaded.fold.started
    names = list(started.players)
    outcome = loaded.game.outcome(loaded.fold.state)
    winners = list(outcome.winners) if outcome is not None else []
    # A game whose opening waits for seats' cards has no stored event yet.
    first = ledger.entries(gid, lte=1) if loaded.head != GENESIS else []
    held = ledger.holds.opening_hold(gid) if loaded.head == GENESIS else None
    if forks is None:
        forks = forked_games(ledger)
    status = "finished" if outcome is not None else "running"
    waiting: list[int] = []
    if held is not None:
        status, waiting = "dealing", list(held.waiting)
    said = [names[s] for s in waiting]
    return {
        "names": names,
        "mode": started.mode,
        # Dealing: when it was opened (its opening's hold was written then).
        "started_at": first[0].at if first else (held.when if held else None),
        "status": status,
        "waiting_names": said,
        "status_text": status_text(status, said),
        "winners": winners,
        "winner_names": [names[w] for w in winners if 0 <= w < len(names)],
        "forked_from": fork_origin(ledger, gid) if gid in forks else None,
    }


_STATUSES = {
    "running": phrase("running"),
    "finished": phrase("finished"),
    "dealing": phrase("dealing"),
}


def status_text(status: str, waiting: list[str]) -> str:
    """A game's status in words, in the reader's language: whose cards a game
    being dealt waits for (« distribution — on attend les cartes de Bob et de Cy »)."""
    if waiting:
        whose = listed(phrase("{name}'s", name=name) for name in waiting)
        return Teller(str, str)(phrase("dealing — waiting for {whose} cards", whose=whose))
    return Teller(str, str)(_STATUSES.get(status, status))
