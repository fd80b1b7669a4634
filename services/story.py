"""The annotated history of a game, and the visitors that export it.

As in python-chess's PGN module, one walk over the record drives every
format: the walk calls a visitor for the opening, each action, each
consequence (with its rule and dice) and the end; each exporter is a visitor.
"""

from __future__ import annotations

import dataclasses
import html
import json
from collections.abc import Mapping
from typing import Any

import msgspec

from domain.kernel import (
    KERNEL_RULES,
    ActionTaken,
    CardsShuffled,
    Consequence,
    DiceRolled,
    Event,
    Game,
    GameStarted,
    Outcome,
    Rule,
)
from services.ledger import Entry
from services.reads import shown_event


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
        elif redact and not event.visibility().allows(viewer):  # type: ignore[arg-type]
            visitor.hidden(entry)
        elif isinstance(event, ActionTaken):
            visitor.action(entry, event, started.players[event.seat])
        elif isinstance(event, Consequence):
            visitor.consequence(entry, event, rule_of(game, event.rule))
        for author, text in notes.get(entry.position, []):
            visitor.note(entry.position, author, text)
    visitor.end(outcome, started.players)
    return visitor.result()


def dice_text(event: Consequence) -> str:
    if isinstance(event, DiceRolled):
        return f"d{event.sides}={list(event.values)} ({event.source}, counter {event.counter})"
    if isinstance(event, CardsShuffled):
        return f"order={list(event.order)} ({event.source}, counter {event.counter})"
    return ""


def outcome_text(outcome: Outcome | None, players: tuple[str, ...]) -> str:
    if outcome is None:
        return "game in progress"
    names = ", ".join(f"{players[s]} (seat {s})" for s in outcome.winners) or "nobody"
    scores = f"; scores {list(outcome.scores)}" if outcome.scores else ""
    return f"won by {names}{scores}" + (f" — {outcome.reason}" if outcome.reason else "")


class StoryLines(Visitor):
    """``wizards replay``: one line per event: what happened, the dice, the rule."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.lines.append(f"#{entry.position:<4} {started.describe()}")

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        self.lines.append(
            f"#{entry.position:<4} {player} (seat {action.seat}): {action.describe()}"
        )

    def hidden(self, entry: Entry) -> None:
        self.lines.append(f"#{entry.position:<4}   (hidden from this viewer until the end)")

    def note(self, position: int, author: str, text: str) -> None:
        self.lines.append(f"      ✎ {author}: {text}")

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        dice = dice_text(event)
        where = f"[{event.rule}" + (f" — {rule.section}" if rule else "") + "]"
        parts = [f"#{entry.position:<4}   {event.describe()}"]
        if dice:
            parts.append(f"dice {dice}")
        parts.append(where)
        self.lines.append("  ".join(parts))

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        self.lines.append(f"      {outcome_text(outcome, players)}")

    def result(self) -> str:
        return "\n".join(self.lines)


class JSONExport(Visitor):
    def __init__(self, game_id: str) -> None:
        self.doc: dict[str, Any] = {"game_id": game_id, "events": []}
        self.rules: dict[str, Any] = {}

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.doc["game"] = game.spec.id
        self.doc["name"] = game.spec.name
        self.doc["started"] = msgspec.to_builtins(started)
        # ``started`` may be the viewer's redacted copy of the stored event.
        self._add(entry, started.describe(), None, shown=started)

    def _add(self, entry: Entry, text: str, rule: Rule | None, shown: Event | None = None) -> None:
        item: dict[str, Any] = {
            "position": entry.position,
            "type": type(entry.event).__name__,
            "text": text,
            "at": entry.at,
            "hash": entry.hash,
            "event": msgspec.to_builtins(shown if shown is not None else entry.event),
        }
        if rule is not None:
            item["rule"] = rule.id
            self.rules[rule.id] = msgspec.to_builtins(rule)
        self.doc["events"].append(item)

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        self._add(entry, f"{player}: {action.describe()}", None)

    def note(self, position: int, author: str, text: str) -> None:
        self.doc.setdefault("annotations", []).append(
            {"position": position, "author": author, "text": text}
        )

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        self._add(entry, event.describe(), rule)

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        self.doc["outcome"] = None if outcome is None else msgspec.to_builtins(outcome)
        self.doc["result"] = outcome_text(outcome, players)
        self.doc["rules"] = self.rules

    def result(self) -> str:
        return json.dumps(self.doc, ensure_ascii=False, indent=2)


class MarkdownExport(Visitor):
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.out: list[str] = []
        self.cited: dict[str, Rule] = {}

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.out += [
            f"# {game.spec.name} — game `{self.game_id}`",
            "",
            "- players: "
            + ", ".join(f"{_md(p)} (seat {i})" for i, p in enumerate(started.players)),
            f"- options: `{json.dumps(started.options, ensure_ascii=False)}`",
            f"- mode: {started.mode}; engine {started.engine_version}",
            f"- seed commitment: `{started.seed_commitment or 'none (table mode)'}`",
            "",
            "| # | who | what | dice | rule |",
            "|---|-----|------|------|------|",
        ]

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        self.out.append(f"| {entry.position} | **{_md(player)}** | {_md(action.describe())} | | |")

    def note(self, position: int, author: str, text: str) -> None:
        self.out.append(f"| {position} | ✎ *{_md(author)}* | *{_md(text)}* | | |")

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        if rule is not None:
            self.cited[rule.id] = rule
        self.out.append(
            f"| {entry.position} | | {_md(event.describe())} | {_md(dice_text(event))} | "
            f"[{event.rule}](#{_anchor(event.rule)}) |"
        )

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        self.out += ["", f"**Result:** {outcome_text(outcome, players)}", "", "## Rules cited", ""]
        for rule in sorted(self.cited.values(), key=lambda r: r.id):
            self.out += [
                f'### <a id="{_anchor(rule.id)}"></a>{rule.id} — {rule.section}',
                "",
                f"> {rule.passage}",
                "",
                f"Source: {rule.source}." + (f" {rule.summary}" if rule.summary else ""),
                "",
            ]

    def result(self) -> str:
        return "\n".join(self.out) + "\n"


class HTMLExport(Visitor):
    def __init__(self, game_id: str) -> None:
        self.md = MarkdownExport(game_id)
        self.rows: list[str] = []
        self.head = ""
        self.tail = ""
        self.game_id = game_id

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.head = (
            f"<h1>{html.escape(game.spec.name)} — {html.escape(self.game_id)}</h1>"
            f"<p>{html.escape(started.describe())}</p>"
        )

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        self.rows.append(
            f"<tr class=action><td>{entry.position}</td><td>{html.escape(player)}</td>"
            f"<td>{html.escape(action.describe())}</td><td></td><td></td></tr>"
        )

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        title = html.escape(f"{rule.section}: {rule.passage}") if rule else ""
        self.rows.append(
            f"<tr><td>{entry.position}</td><td></td><td>{html.escape(event.describe())}</td>"
            f"<td>{html.escape(dice_text(event))}</td>"
            f'<td title="{title}">{html.escape(event.rule)}</td></tr>'
        )

    def note(self, position: int, author: str, text: str) -> None:
        self.rows.append(
            f"<tr class=note><td>{position}</td><td>✎ {html.escape(author)}</td>"
            f"<td colspan=3><i>{html.escape(text)}</i></td></tr>"
        )

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        self.tail = f"<p><b>Result:</b> {html.escape(outcome_text(outcome, players))}</p>"

    def result(self) -> str:
        return (
            "<!doctype html><meta charset=utf-8><title>Wizard Ledger</title>"
            "<style>body{font-family:sans-serif}td{padding:2px 8px;border-bottom:1px solid #ddd}"
            "tr.action{background:#f3f0ff}tr.note{background:#fff8dc}</style>"
            f"{self.head}<table><tr><th>#</th><th>who</th><th>what</th><th>dice</th>"
            f"<th>rule</th></tr>{''.join(self.rows)}</table>{self.tail}"
        )


def _md(text: str) -> str:
    """Text in a Markdown table cell: no line breaks, no markup, no raw HTML."""
    text = " ".join(text.split())
    for ch in "\\`*_[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text


def _anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-")


EXPORTERS = {"json": JSONExport, "md": MarkdownExport, "html": HTMLExport}
