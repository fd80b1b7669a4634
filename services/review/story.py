"""The annotated history of a game: one walk over the record, and its visitors.

As in python-chess's PGN module, one walk drives every telling of a game: it
calls a visitor for the opening, each action, each consequence (with its rule)
and each event the viewer may not see yet, each referee's note, and the end.
``StoryLines`` is ``wizards replay``; the Markdown export is another visitor
(``services.review.markdown``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from domain.kernel import (
    KERNEL_RULES,
    ActionTaken,
    CardsShuffled,
    Consequence,
    Event,
    Game,
    GameStarted,
    Outcome,
    Rule,
)
from domain.kernel.phrases import phrase
from services.reads.views import shown_event
from services.store.values import Entry
from services.words.rule_words import told_rule
from services.words.sentences import Words, hidden_until_end
from services.words.views import said_key


def rule_of(game: Game[Any], rule_id: str | None) -> Rule | None:
    if rule_id is None:
        return None
    if rule_id in game.catalogue:
        return game.catalogue[rule_id]
    if rule_id in KERNEL_RULES:
        return KERNEL_RULES[rule_id]
    return None


class Visitor:
    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None: ...

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None: ...

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None: ...

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None: ...

    def hidden(self, entry: Entry) -> None:
        """An event the viewer may not see yet: by default, nothing is shown."""

    def note(self, position: int, author: str, text: str) -> None:
        """A referee's annotation on the position just visited."""

    def result(self) -> str:
        return ""


ALL = "all"


def walk(
    game: Game[Any],
    entries: list[Entry],
    outcome: Outcome | None,
    visitor: Visitor,
    *,
    viewer: int | str | None = ALL,
    notes: Mapping[int, list[tuple[str, str]]] | None = None,
) -> str:
    """Drive ``visitor`` over the record.

    ``viewer`` is a seat, None for a spectator, or ``"all"`` (the operator): while
    the game runs, events that the viewer may not see are skipped, so an export
    made for a player never carries another seat's cards or a deck order.
    """
    started = entries[0].event
    assert isinstance(started, GameStarted)
    notes = notes or {}
    redact = viewer != ALL and outcome is None
    if redact:
        shown = shown_event(started, False)
        assert isinstance(shown, GameStarted)
        started = shown
        entries = [dataclasses.replace(e, event=shown_event(e.event, False)) for e in entries]
    visitor.begin(game, started, entries[0])
    for entry in entries:
        event = entry.event
        if entry.position == 1:
            pass
        elif redact and not event.visibility().allows(viewer):  # type: ignore[arg-type]  # viewer is a seat or None here: redact is off for ALL
            visitor.hidden(entry)
        elif isinstance(event, ActionTaken):
            visitor.action(entry, event, started.players[event.seat])
        elif isinstance(event, Consequence):
            visitor.consequence(entry, event, rule_of(game, event.rule))
        for author, text in notes.get(entry.position, []):
            visitor.note(entry.position, author, text)
    visitor.end(outcome, started.players)
    return visitor.result()


class StoryLines(Visitor):
    """``wizards replay``: one line per event, in words, players by name, with the
    dice and the rule; rounds and turns as headings; the setup position first."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.words: Any = None

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.words = Words.table(game, started)
        self.lines.append(f"#{entry.position:<4} {self.words.started(started)}")
        say = self.words.say
        players = ", ".join(f"{i + 1}. {p} (--seat {i})" for i, p in enumerate(started.players))
        self.lines.append("      " + say(phrase("players: {players}", players=players)))
        for text in self.words.options(started.options):
            self.lines.append("      " + say(phrase("option: {option}", option=text)))
        if started.setup is not None and "hidden" in started.setup:
            self.lines.append("      " + say(phrase("setup position: hidden until the end")))
        elif started.setup is not None:
            said = (
                phrase("setup position (from a setup file):")
                if started.laid_from_file()
                else phrase("the table's chance at the opening:")
            )
            self.lines.append("      " + say(said))
            for key, value in started.setup.items():
                if value not in ([], {}, None):
                    fact = phrase(
                        "{fact}: {value}",
                        fact=said_key(key, self.words),
                        value=self.words.value(key, value),
                    )
                    self.lines.append("        " + say(fact))

    def _heading(self, event: Event) -> None:
        heading = self.words.heading(event)
        if heading is not None:
            level, title = heading
            self.lines.append(
                f"{'══' if level == 1 else '──'} {title} {'══' if level == 1 else '──'}"
            )

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        self.lines.append(f"#{entry.position:<4} {self.words.event(action)}")

    def hidden(self, entry: Entry) -> None:
        hidden = hidden_until_end(type(entry.event).__name__, self.words)
        self.lines.append(f"#{entry.position:<4}   {hidden}")

    def note(self, position: int, author: str, text: str) -> None:
        self.lines.append(f"      ✎ {author}: {text}")

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        self._heading(event)
        section = told_rule(rule).section if rule else ""
        where = f"[{event.rule}" + (f" — {section}" if rule else "") + "]"
        if event.also:  # the rulings and assumptions it relied on besides
            where += " " + self.words.say(phrase("[also {rules}]", rules=", ".join(event.also)))
        parts = [f"#{entry.position:<4}   {self.words.event(event)}"]
        if isinstance(event, CardsShuffled):
            parts.append(self.words.shuffled_from(event))
        parts.append(where)
        self.lines.append("  ".join(parts))

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        self.lines.append(f"      {self.words.outcome(outcome)}")

    def result(self) -> str:
        return "\n".join(self.lines)
