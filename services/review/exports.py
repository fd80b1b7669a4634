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
from collections.abc import Iterator
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
from services.review.board_frames import BoardFrames, shared_entries, shared_lists
from services.review.dispute import dice_check, each_dispute
from services.review.export_schema import FORMAT, VERSION, schema_name
from services.review.html_export import html_chunks
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
from services.words.views import Flattener, merged

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


def _frames(record: GameRecord) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The views at each position in turn: as a frame of changed facts, and as the
    boards the table page draws (``services.review.board_frames``); what every view
    holds alike is kept once, under ``"*"``."""
    game, words = record.game, record.words
    labels = view_labels(record)
    boards = BoardFrames(KEYFRAME_EVERY)
    table: Fold[Any] = open_fold(game, record.started)
    told = Flattener(words)
    given = _Boards(words)
    seen: dict[str, dict[str, Any]] = {}
    last: dict[str, dict[str, Any]] = {}
    parts: dict[str, list[dict[str, Any]]] = {}
    drawn: dict[str, Any] = {}
    for k, entry in enumerate(record.entries):
        if k:
            table = apply(game, table, entry.event)
        shown = {label: game.view(table.state, seat) for label, seat in labels}
        # A view that is the one before (an action's own event changes little)
        # keeps its facts and board.
        same = {label for label, view in shown.items() if seen.get(label) == view}
        told_now = {
            label: parts[label] if label in same else told.parts(view)
            for label, view in shown.items()
        }
        now = {label: last[label] if label in same else merged(told_now[label]) for label in shown}
        drawn = {
            label: drawn[label] if label in same else given(view) for label, view in shown.items()
        }
        position = k + 1
        board = boards.add(position, drawn)
        frame: dict[str, Any] = {"position": position}
        if k % KEYFRAME_EVERY == 0:
            frame |= {"full": True, "set": shared_entries(now)}
        else:
            # Only the facts of the entries told anew can differ (the others are
            # the same dicts as at the position before).
            told_anew = {label: _anew(told_now[label], parts[label]) for label in now}
            changed = {
                label: {
                    f: v
                    for f, v in facts.items()
                    if f in told_anew[label] and last[label].get(f, _GONE) != v
                }
                for label, facts in now.items()
            }
            dropped = {
                label: [f for f in last[label] if f in told_anew[label] and f not in facts]
                for label, facts in now.items()
            }
            if any(changed.values()):
                # Shared only where every view changed alike ("*" sets it in each).
                frame["set"] = {lb: c for lb, c in shared_entries(changed).items() if c}
            if any(dropped.values()):
                frame["drop"] = shared_lists(dropped)
        yield frame, board
        last, seen, parts = now, shown, told_now


_GONE = object()


def _anew(now: list[dict[str, Any]], before: list[dict[str, Any]]) -> set[str]:
    """The facts of the parts in one list and not in the other (by identity)."""
    kept = {id(p) for p in now} & {id(p) for p in before}
    return {f for p in (*now, *before) if id(p) not in kept for f in p}


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


def _shown_faces(face: dict[str, Any], said: set[str]) -> dict[str, Any]:
    """``face`` with only the cards some board of the export shows (``said``: every
    string the boards hold). The faces are public, but a spectator's export that
    listed a card nobody may see would read, to a checker, like that card
    leaking; and the file is smaller."""
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
                "text": hidden_until_end(type(event).__name__, record.words),
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


def _cited(events: list[dict[str, Any]]) -> set[str]:
    """The rules the events cite."""
    cited = {e["rule"] for e in events if "rule" in e}
    return cited | {r for e in events for r in e.get("also", ())}


def _cited_by_panel(panel: dict[str, Any]) -> set[str]:
    cited: set[str] = set()
    for reading in panel.get("other_readings", ()):
        cited.add(reading["rule"]["id"])
        cited |= {e["rule"]["id"] for e in reading.get("events", ()) if "rule" in e}
    return cited | {u["rule"]["id"] for u in panel["readings_not_selectable"]}


def _rules(record: GameRecord, cited: set[str]) -> dict[str, Any]:
    """Every rule the document cites (``cited``: by its events and dispute panels),
    and those the game's options name."""
    cited = cited | {o.rule for o in record.game.spec.options if o.rule}
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


CHUNK = 16_384  # characters a streamed export gathers before giving them


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def json_chunks(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    viewer: int | str | None = ALL,
    views: bool = True,
    disputes: bool = True,
    to: int | None = None,
) -> Iterator[str]:
    """The JSON export (see ``services.review.export_schema``), written as it is made:
    its head first, then the events, the views position by position, the dispute
    panels action by action, and what those parts cite (the rules; the faces of
    the cards the boards show). ``to``: only the first positions, up to the end of
    the action whose stretch holds ``to`` (the replay page shows them while the
    whole is made); ``positions`` then says how many the game has."""
    record, positions = _record_to(ledger, game_id, viewer, to)
    return _gathered(_json_parts(record, positions, views=views, disputes=disputes))


def _record_to(
    ledger: WizardLedger, game_id: str | UUID, viewer: int | str | None, to: int | None
) -> tuple[GameRecord, int]:
    """The record as ``viewer`` may read it, up to ``to``; and the game's positions."""
    record = read_record(ledger, parse_game_id(game_id), viewer)
    positions = len(record.entries)
    if to is not None and to < positions:
        record = _first_positions(record, to)
    return record, positions


def _json_parts(
    record: GameRecord, positions: int, *, views: bool, disputes: bool
) -> Iterator[str]:
    started = record.started
    reveal = record.finished or record.viewer == ALL
    outcome = record.outcome
    labels = view_labels(record) if views else []
    head = {
        "format": FORMAT,
        "version": VERSION,
        "schema": schema_name(record.game.spec.id),
        "game_id": str(record.game_id),
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
        "annotations": [
            {"position": at, "number": int(n["number"]), "author": n["author"], "text": n["text"]}
            for at in sorted(record.notes)
            for n in record.notes[at]
        ],
        "views": [label for label, _ in labels],
        "seats": {label: seat for label, seat in labels},
        "outcome": outcome_json(outcome, record.words),
        "result": record.words.outcome(outcome),
        **({"positions": positions} if len(record.entries) < positions else {}),
    }
    yield _dumps(head)[:-1]  # the object stays open for the parts that follow
    events = _events(record)
    yield ',"events":'
    yield _dumps(events)
    cited = _cited(events)
    del events
    said: set[str] = set()
    if views:
        # The boards wait, written, while the frames go out: one walk makes both.
        boards: list[str] = []
        yield ',"frames":['
        for k, (frame, board) in enumerate(_frames(record)):
            yield ("," if k else "") + _dumps(frame)
            boards.append(_dumps(board))
            _strings(board.get("views"), said)
            _strings(board.get("ops"), said)
        yield '],"boards":['
        yield from _joined(boards)
        del boards
        yield '],"faces":' + _dumps(_shown_faces(started_face(started), said))
    else:
        yield ',"frames":[],"boards":[],"faces":null'
    yield ',"disputes":{'
    if disputes:
        for k, (position, panel) in enumerate(each_dispute(record, with_views=False)):
            panel = _by_rule_id(panel)
            cited |= _cited_by_panel(panel)
            yield ("," if k else "") + _dumps(str(position)) + ":" + _dumps(panel)
    yield '},"rules":' + _dumps(_rules(record, cited)) + "}"


def _joined(pieces: list[str]) -> Iterator[str]:
    for k, piece in enumerate(pieces):
        yield ("," if k else "") + piece


def _gathered(pieces: Iterator[str]) -> Iterator[str]:
    """``pieces`` given again in chunks of about ``CHUNK`` characters (the last
    may be shorter)."""
    held: list[str] = []
    size = 0
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if size >= CHUNK:
            yield "".join(held)
            held, size = [], 0
    if held:
        yield "".join(held)


def document(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    viewer: int | str | None = ALL,
    views: bool = True,
    disputes: bool = True,
    to: int | None = None,
) -> dict[str, Any]:
    """The JSON export as a dict (``json_chunks``, read back)."""
    chunks = json_chunks(ledger, game_id, viewer=viewer, views=views, disputes=disputes, to=to)
    doc: dict[str, Any] = json.loads("".join(chunks))
    return doc


def _first_positions(record: GameRecord, to: int) -> GameRecord:
    """``record`` cut after the stretch that holds position ``to`` (an action is
    never cut from its consequences); what the viewer may see is the whole game's."""
    events = record.events
    end = max(1, to)
    while end < len(events) and not isinstance(events[end], ActionTaken):
        end += 1
    return dataclasses.replace(record, entries=record.entries[:end])


def export_chunks(
    ledger: WizardLedger,
    game_id: str | UUID,
    fmt: str,
    *,
    viewer: int | str | None = ALL,
    to: int | None = None,
) -> Iterator[str]:
    """The export in ``fmt``, in chunks as it is made (the CLI writes them, the HTTP
    export sends them). ``to``: the JSON document of the first positions only."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: use one of {list(FORMATS)}")
    if fmt == "md":
        return iter([markdown_text(read_record(ledger, game_id, viewer))])
    if fmt == "json":
        return json_chunks(ledger, game_id, viewer=viewer, to=to)
    record, positions = _record_to(ledger, game_id, viewer, None)
    parts = _json_parts(record, positions, views=True, disputes=True)
    return html_chunks(record.game.spec.id, _gathered(parts))


def export_text(
    ledger: WizardLedger,
    game_id: str | UUID,
    fmt: str,
    *,
    viewer: int | str | None = ALL,
    to: int | None = None,
) -> str:
    """The export in ``fmt`` whole (``export_chunks``)."""
    return "".join(export_chunks(ledger, game_id, fmt, viewer=viewer, to=to))
