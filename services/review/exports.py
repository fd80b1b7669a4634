"""Exports of a game: the JSON document (the replay viewer's data), Markdown and HTML.

The JSON document is the one source: every event in words with its rule and
dice, round and turn headings, the referees' notes, the view at every position
as the exporting viewer may see it (frames of changed facts), and the dispute
panel of every action. Markdown is written from it; the HTML export is the
replay viewer with the document embedded (``services.review.html_export``).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any
from uuid import UUID

import msgspec

from domain.kernel import (
    ActionTaken,
    Consequence,
    Fold,
    apply,
    open_fold,
)
from domain.kernel.chance_needs import card_kind
from services.ledger import WizardLedger
from services.reads.views import named_prompts, outcome_json, shown_event, shown_setup
from services.review.board_frames import EVERY, BoardFrames, shared_entries, shared_lists
from services.review.dispute import dice_check, every_dispute
from services.review.export_schema import FORMAT, VERSION, schema_name
from services.review.html_export import html_text
from services.review.markdown import markdown_text
from services.review.record import (
    GameRecord,
    opening_facts,
    read_record,
    view_labels,
    viewer_label,
)
from services.review.story import ALL, rule_of
from services.store.values import parse_game_id
from services.words.card_names import started_face
from services.words.sentences import Words, hidden_until_end
from services.words.views import Flattener

KEYFRAME_EVERY = 100
FORMATS = ("json", "md", "html")


class _Boards:
    """Each view as the table page is given it (``named_prompts``, as plain JSON),
    each top-level entry made once while it stays unchanged: across positions and
    seats, most of a view is what it was (the same object is then given again,
    which the boards' comparison passes at once)."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self._kept: dict[str, tuple[Any, Any]] = {}

    def __call__(self, view: Any) -> Any:
        if not isinstance(view, dict):
            return msgspec.to_builtins(named_prompts(view, self.words))
        out: dict[str, Any] = {}
        kept = self._kept
        for k, v in view.items():
            hit = kept.get(k)
            if hit is None or hit[0] != v:
                # One entry's words are the entry's alone (named_prompts goes key by key).
                said = named_prompts({k: v}, self.words)[k]
                hit = kept[k] = (v, msgspec.to_builtins(said))
            out[k] = hit[1]
        return out


def _frames(record: GameRecord) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The views at every position: as frames of changed facts, and as the boards
    the table page draws (``services.review.board_frames``); what every view holds
    alike is kept once, under ``"*"``."""
    game, words = record.game, record.words
    labels = view_labels(record)
    frames: list[dict[str, Any]] = []
    boards = BoardFrames(KEYFRAME_EVERY)
    table: Fold[Any] = open_fold(game, record.started)
    told = Flattener(words)
    given = _Boards(words)
    seen: dict[str, dict[str, Any]] = {}
    last: dict[str, dict[str, Any]] = {}
    drawn: dict[str, Any] = {}
    for k, entry in enumerate(record.entries):
        if k:
            table = apply(game, table, entry.event)
        shown = {label: game.view(table.state, seat) for label, seat in labels}
        # A view that is the one before (an action's own event changes little)
        # keeps its facts and board.
        same = {label for label, view in shown.items() if seen.get(label) == view}
        now = {label: last[label] if label in same else told(view) for label, view in shown.items()}
        drawn = {
            label: drawn[label] if label in same else given(view) for label, view in shown.items()
        }
        position = k + 1
        boards.add(position, drawn)
        if k % KEYFRAME_EVERY == 0:
            frames.append({"position": position, "full": True, "set": shared_entries(now)})
        else:
            frame: dict[str, Any] = {"position": position}
            changed = {
                label: {f: v for f, v in facts.items() if last[label].get(f, _GONE) != v}
                for label, facts in now.items()
            }
            dropped = {
                label: [f for f in last[label] if f not in facts] for label, facts in now.items()
            }
            if any(changed.values()):
                # Shared only where every view changed alike ("*" sets it in each).
                frame["set"] = {lb: c for lb, c in shared_entries(changed).items() if c}
            if any(dropped.values()):
                together = shared_lists(dropped)
                frame["drop"] = (
                    together if EVERY in together else {lb: d for lb, d in dropped.items() if d}
                )
            frames.append(frame)
        last, seen = now, shown
    return frames, boards.frames


_GONE = object()


def _strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    return out


def _shown_faces(face: dict[str, Any], boards: list[dict[str, Any]]) -> dict[str, Any]:
    """``face`` with only the cards some board of the export shows. The faces are
    public, but a spectator's export that listed a card nobody may see would
    read, to a checker, like that card leaking; and the file is smaller."""
    said: set[str] = set()
    for frame in boards:
        _strings(frame.get("views"), said)
        _strings(frame.get("ops"), said)
    kinds = {card_kind(s) for s in said}
    cards = [c for c in face["cards"] if c["id"] in said or c["id"] in kinds]
    names = {k: v for k, v in face.get("names", {}).items() if k in said or k in kinds}
    return {**face, "cards": cards, "names": names}


def _events(record: GameRecord) -> list[dict[str, Any]]:
    words = record.words
    out: list[dict[str, Any]] = []
    reveal = record.finished or record.viewer == ALL
    at = ""
    for entry in record.entries:
        event = entry.event
        item: dict[str, Any] = {
            "position": entry.position,
            "type": type(event).__name__,
            "hash": entry.hash,
        }
        # An action and its consequences are stored at one time: said at the first.
        if entry.at != at:
            item["at"] = at = entry.at
        if entry.position > 1 and not record.sees(event):
            # A placeholder keeps positions contiguous. Its type is Hidden; its words
            # say what kind of event it is, as the table page's log says it to the
            # same reader ("cards shuffled — hidden from you"), and nothing more.
            item |= {
                "type": "Hidden",
                "hidden": True,
                "text": hidden_until_end(type(event).__name__, record.words.lang),
            }
            out.append(item)
            continue
        shown = shown_event(event, reveal)
        item["text"] = words.event(shown)
        item["event"] = msgspec.to_builtins(shown)
        if isinstance(event, ActionTaken):
            item["action"] = True
        if isinstance(event, Consequence):
            item["rule"] = event.rule
            if event.also:
                item["also"] = list(event.also)
            dice = dice_check(record, event)
            if dice is not None:
                item["dice"] = dice
        heading = words.heading(event)
        if heading is not None:
            item["heading"] = {"level": heading[0], "title": heading[1]}
        out.append(item)
    return out


def _by_rule_id(panel: dict[str, Any]) -> dict[str, Any]:
    """A dispute panel citing its rules by id: their passages, glosses and readings
    are the document's ``rules``, said once rather than at every action."""
    for reading in panel.get("other_readings", ()):
        reading["rule"] = {"id": reading["rule"]["id"]}
        for event in reading.get("events", ()):
            if "rule" in event:
                event["rule"] = {"id": event["rule"]["id"]}
            event.pop("also", None)
    panel["readings_not_selectable"] = [
        {"rule": {"id": u["rule"]["id"]}, "why": u["why"]}
        for u in panel.get("readings_not_selectable", ())
    ]
    return panel


def _rules(
    record: GameRecord, events: list[dict[str, Any]], panels: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Every rule the document cites: its events, options and dispute panels."""
    cited = {e["rule"] for e in events if "rule" in e}
    cited |= {r for e in events for r in e.get("also", ())}
    for panel in panels.values():
        for reading in panel.get("other_readings", ()):
            cited.add(reading["rule"]["id"])
            cited |= {e["rule"]["id"] for e in reading.get("events", ()) if "rule" in e}
        cited |= {u["rule"]["id"] for u in panel["readings_not_selectable"]}
    cited |= {o.rule for o in record.game.spec.options if o.rule}
    out: dict[str, Any] = {}
    # The rulebook's passage is quoted as printed; our words use the table's names.
    names = record.words.names
    for rule_id in sorted(cited):
        rule = rule_of(record.game, rule_id)
        if rule is None:
            out[rule_id] = {"id": rule_id}
            continue
        out[rule_id] = {
            "id": rule.id,
            "section": rule.section,
            "passage": rule.passage,
            "gloss": names.rename(rule.summary),
            "source": rule.source,
            "readings": [names.rename(r.summary) for r in rule.readings],
            "default": names.rename(rule.default),
        }
    return out


def document(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    viewer: int | str | None = ALL,
    views: bool = True,
    disputes: bool = True,
    to: int | None = None,
) -> dict[str, Any]:
    """The JSON export as a dict (see ``services.review.export_schema``). ``to``: only
    the first positions, up to the end of the action whose stretch holds ``to``
    (the replay page shows them while the whole is made); ``positions`` then says
    how many the game has."""
    gid = parse_game_id(game_id)
    record = read_record(ledger, gid, viewer)
    positions = len(record.entries)
    if to is not None and to < positions:
        record = _first_positions(record, to)
    started = record.started
    events = _events(record)
    reveal = record.finished or record.viewer == ALL
    outcome = record.outcome
    frames, boards = _frames(record) if views else ([], [])
    panels: dict[str, dict[str, Any]] = {}
    if disputes:
        for position, panel in every_dispute(record, with_views=False).items():
            panels[str(position)] = _by_rule_id(panel)
    return {
        "format": FORMAT,
        "version": VERSION,
        "schema": schema_name(record.game.spec.id),
        "game_id": str(gid),
        "game": record.game.spec.id,
        "name": record.game.spec.name,
        "players": list(started.players),
        "viewer": viewer_label(record),
        "finished": record.finished,
        "mode": started.mode,
        "engine_version": started.engine_version,
        "options": [
            {"name": k, "value": v, "text": record.words.option(k, v)}
            for k, v in started.options.items()
        ],
        "setup": started.setup if reveal else shown_setup(started.setup),
        "opening": opening_facts(record),
        "events": events,
        "rules": _rules(record, events, panels),
        "annotations": [
            {"position": at, "number": int(n["number"]), "author": n["author"], "text": n["text"]}
            for at in sorted(record.notes)
            for n in record.notes[at]
        ],
        "views": [label for label, _ in view_labels(record)] if views else [],
        "frames": frames,
        "seats": {label: seat for label, seat in view_labels(record)} if views else {},
        "boards": boards,
        "faces": _shown_faces(started_face(started), boards) if views else None,
        "disputes": panels,
        "outcome": outcome_json(outcome, record.words),
        "result": record.words.outcome(outcome),
        **({"positions": positions} if len(events) < positions else {}),
    }


def _first_positions(record: GameRecord, to: int) -> GameRecord:
    """``record`` cut after the stretch that holds position ``to`` (an action is
    never cut from its consequences); what the viewer may see is the whole game's."""
    events = record.events
    end = max(1, to)
    while end < len(events) and not isinstance(events[end], ActionTaken):
        end += 1
    return dataclasses.replace(record, entries=record.entries[:end])


def export_text(
    ledger: WizardLedger,
    game_id: str | UUID,
    fmt: str,
    *,
    viewer: int | str | None = ALL,
    to: int | None = None,
) -> str:
    """``to``: the JSON document of the first positions only (``document``)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: use one of {list(FORMATS)}")
    if fmt == "md":
        return markdown_text(read_record(ledger, game_id, viewer))
    doc = document(ledger, game_id, viewer=viewer, to=to if fmt == "json" else None)
    if fmt == "html":
        return html_text(doc)
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
