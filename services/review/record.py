"""A game's record as review reads it: every entry, for one viewer.

``GameRecord`` is what the dispute desk, ``readjudicate`` and the exports
read once and share: the entries, the words of the table, what the viewer
may see, the seed known at each index (to decide again with the recorded
chance) and the referees' notes. (The store's ``Record`` is something else:
one stored row.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any
from uuid import UUID

from domain.kernel import (
    ActionTaken,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    Outcome,
    SeedRevealed,
    apply_all,
    open_fold,
)
from services.ledger import WizardLedger
from services.review.story import ALL
from services.store.values import Entry, parse_game_id
from services.words.sentences import Words
from services.words.views import facts


@dataclass
class GameRecord:
    """A stored game read whole, for one viewer."""

    game_id: UUID
    game: Game[Any]
    entries: list[Entry]
    started: GameStarted
    outcome: Outcome | None
    words: Words
    viewer: int | str | None
    seeds: list[str | None]  # the seed known for each stretch of chance, for re-deciding
    revealed: str | None
    notes: dict[int, list[dict[str, str]]]

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @cached_property
    def events(self) -> list[Event]:
        # Kept: the dispute desk's panels read it once per action of an export.
        return [e.event for e in self.entries]

    @property
    def reveals(self) -> bool:
        """May the viewer read everything (the operator, or a finished game)?"""
        return self.viewer == ALL or self.finished

    def sees(self, event: Event) -> bool:
        return self.reveals or event.visibility().allows(self.viewer)  # type: ignore[arg-type]  # viewer is a seat or None here: ALL reveals everything above

    def sees_seat(self, seat: int) -> bool:
        """May the viewer see what this seat saw (its hand, its legal commands)?"""
        return self.reveals or self.viewer == seat


def read_record(
    ledger: WizardLedger, game_id: str | UUID, viewer: int | str | None = ALL
) -> GameRecord:
    gid = parse_game_id(game_id)
    entries = ledger.entries(gid)
    started = entries[0].event
    assert isinstance(started, GameStarted)
    loaded = ledger.load(gid)
    events = [e.event for e in entries]
    revealed = next((e.seed for e in events if isinstance(e, SeedRevealed)), None)
    if started.mode == "table":
        known: list[str | None] = []
    elif viewer == ALL:
        # The operator (the local CLI) holds every stretch's seed, as verify does.
        known = list(ledger.seeds_for_verification(gid))
    else:
        known = []
    forks = sum(1 for e in events if isinstance(e, GameForked) and e.seed_commitment)
    if revealed is not None and len(known) < forks + 1:
        known = [None] * forks + [revealed]
    notes: dict[int, list[dict[str, str]]] = {}
    for number, note in ledger.annotations(gid):
        notes.setdefault(note.at, []).append(
            {"number": str(number), "author": note.author, "text": note.text}
        )
    return GameRecord(
        game_id=gid,
        game=loaded.game,
        entries=entries,
        started=started,
        outcome=loaded.game.outcome(loaded.fold.state),
        words=Words.table(loaded.game, started),
        viewer=viewer,
        seeds=known,
        revealed=revealed,
        notes=notes,
    )


def viewer_label(record: GameRecord) -> str:
    if record.reveals:
        return "everything"
    if record.viewer is None:
        return "spectator"
    return record.words.seat(int(record.viewer))


def view_labels(record: GameRecord) -> list[tuple[str, int | None]]:
    """Which views an export holds: every seat's once the game is over (or for the
    operator), else the exporting seat's own, or a spectator's."""
    if record.reveals:
        labels = [record.words.seat(s) for s in range(len(record.started.players))]
        # Two players of one name are told apart by seat: each label holds one view.
        return [
            (f"{label} (seat {s})" if labels.count(label) > 1 else label, s)
            for s, label in enumerate(labels)
        ]
    if record.viewer is None:
        return [("spectator", None)]
    return [(record.words.seat(int(record.viewer)), int(record.viewer))]


def opening_facts(record: GameRecord) -> dict[str, list[str]]:
    """The position the first action met (after the deal), as the viewer may see it."""
    events = record.events
    first = next((k for k, e in enumerate(events) if isinstance(e, ActionTaken)), len(events))
    fold: Fold[Any] = apply_all(
        record.game, open_fold(record.game, record.started), events[1:first]
    )
    return {
        label: facts(record.game.view(fold.state, seat), record.words)
        for label, seat in view_labels(record)
    }
