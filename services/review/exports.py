"""Exports of a game: the JSON document (the replay viewer's data), Markdown and HTML.

The JSON document is the one source: every event in words with its rule and
dice, round and turn headings, the referees' notes, the view at every position
as the exporting viewer may see it (frames of changed facts), and the dispute
panels of the actions the referees' notes point at (every action's when asked:
deciding each action again under every other reading was most of a long game's
export, and the desk makes any panel on demand). Markdown is written from it;
the HTML export is the replay viewer with the document embedded
(``services.review.html_export``).
"""

from __future__ import annotations

import bisect
import dataclasses
import json
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
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
from domain.kernel.errors import SaidError
from domain.kernel.phrases import phrase
from services.ledger import WizardLedger
from services.reads.views import outcome_json, shown_event, shown_setup
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
from services.review.view_facts import Entries, Told, ViewFacts
from services.store.values import parse_game_id
from services.words.card_names import started_face
from services.words.rule_words import told_rule
from services.words.sentences import hidden_until_end
from services.words.views import flatten

KEYFRAME_EVERY = 250
FORMATS = ("json", "md", "html")


def _frames(
    record: GameRecord, values: Interned
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The views at each position in turn: as a frame of changed facts, and as the
    boards the table page draws (``services.review.board_frames``); what every view
    holds alike is kept once, under ``"*"``."""
    game, words = record.game, record.words
    labels = view_labels(record)
    boards = BoardFrames(KEYFRAME_EVERY, values.index)
    table: Fold[Any] = open_fold(game, record.started)
    entries = Entries(words)
    facts = ViewFacts((lambda view: flatten(view, words)) if entries.whole else None)
    told: dict[str, tuple[dict[str, Told], list[str]]] = {}
    views: dict[str, dict[str, Any]] = {}
    drawn: dict[str, dict[str, Any]] = {}
    for k, entry in enumerate(record.entries):
        was = table.state
        if k:
            table = apply(game, table, entry.event)
        if k and table.state is was:
            # The event left the state as it was (an action's own record, a reshuffle
            # of nothing): every view is the one before, nothing told anew. A third
            # of a long game's positions are such.
            told = {label: (mine, []) for label, (mine, _) in told.items()}
        else:
            views = {label: game.view(table.state, seat) for label, seat in labels}
            told = entries.told(views)
        last = facts.last
        step = facts.step(told, views, whole_frame=k % KEYFRAME_EVERY == 0)
        now, changed, dropped = step.now, step.changed, step.dropped
        added = {label: _added(last.get(label, {}), c) if c else {} for label, c in changed.items()}
        # A view none of whose entries was told anew draws the board it drew.
        drawn = {
            label: {key: t.board for key, t in mine.items()} if anew else drawn[label]
            for label, (mine, anew) in told.items()
        }
        board = boards.add(k + 1, drawn, {label: anew for label, (_, anew) in told.items()})
        # A frame's position is its place in the list (from version 4).
        frame: dict[str, Any] = {}
        if k % KEYFRAME_EVERY == 0:
            frame = {"full": True, "set": shared_entries(now)}
        else:
            if any(changed.values()):
                # Shared only where every view changed alike ("*" sets it in each).
                frame["set"] = {
                    lb: c for lb, c in shared_entries(changed, _holds(last, now)).items() if c
                }
            if any(added.values()):
                frame["add"] = {lb: a for lb, a in shared_entries(added).items() if a}
            if any(dropped.values()):
                frame["drop"] = shared_lists(dropped)
        yield frame, board


_GONE = object()
_MICROSECOND = timedelta(microseconds=1)


def _holds(
    before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]
) -> Callable[[str, str, Any], bool]:
    """Whether a label's facts held a fact's value already and still hold it."""

    def holds(label: str, fact: str, value: Any) -> bool:
        return before.get(label, {}).get(fact, _GONE) == value == after[label].get(fact, _GONE)

    return holds


def _added(before: dict[str, Any], changed: dict[str, Any]) -> dict[str, list[Any]]:
    """The facts of ``changed`` that are lists grown at their end (a discard pile's
    names), taken out of it: the items added to each (from version 6)."""
    out: dict[str, list[Any]] = {}
    for fact, value in changed.items():
        was = before.get(fact)
        grown = type(was) is list and type(value) is list and len(value) > len(was)
        if grown and was and value[: len(was)] == was:
            out[fact] = value[len(was) :]
    for fact in out:
        del changed[fact]
    return out


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


class Interned:
    """What the document says more than once, said once in a list of its and
    referred to by index there: the events as told (``told``, from version 6),
    and the board values that come back (``board_values``: a seat's prompt, from
    version 5)."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._index: dict[Any, int] = {}

    def index(self, value: Any, key: Any = None) -> int:
        """``value``'s index (``key``: what tells it apart, where it is no string)."""
        key = value if key is None else key
        k = self._index.get(key)
        if k is None:
            k = self._index[key] = len(self.values)
            self.values.append(value)
        return k


_DEFAULTS: dict[type, tuple[tuple[str, str, Any], ...]] = {}


def _defaults(kind: type) -> tuple[tuple[str, str, Any], ...]:
    """Each field of an event type that has a default: (name, JSON name, default)."""
    told = _DEFAULTS.get(kind)
    if told is None:
        out = []
        for field in msgspec.structs.fields(kind):
            if field.default is not msgspec.NODEFAULT:
                out.append((field.name, field.encode_name, field.default))
            elif field.default_factory is not msgspec.NODEFAULT:
                out.append((field.name, field.encode_name, field.default_factory()))
        told = _DEFAULTS[kind] = tuple(out)
    return told


def _stored_fields(event: Any) -> dict[str, Any]:
    """The event's fields as stored, less those that hold their default (an
    action's empty dice and orders, a consequence's empty ``also``): the schema
    gives them."""
    out: dict[str, Any] = msgspec.to_builtins(event)
    for name, said, default in _defaults(type(event)):
        if getattr(event, name) == default:
            del out[said]
    return out


def _events(record: GameRecord, told: Interned) -> tuple[list[int], list[list[Any]]]:
    """The events by position, each the index in ``told`` of the event as the
    document tells it (its words, fields as stored, heading and dice: a long game
    tells the same few events again and again, from version 6); and the times
    (``[position, microseconds since the first event]`` where an event's time is
    not the event before's)."""
    words = record.words
    out: list[int] = []
    times: list[list[int]] = []
    reveal = record.finished or record.viewer == ALL
    at = ""
    start = datetime.fromisoformat(record.entries[0].at)
    for entry in record.entries:
        event = entry.event
        # An action and its consequences are stored at one time: said at the first.
        if entry.at != at:
            at = entry.at
            times.append([entry.position, (datetime.fromisoformat(at) - start) // _MICROSECOND])
        # The chain's hashes are the store's to check (verify): the document names
        # its last event's alone (``head``), the one ``verify --expect`` takes.
        item: dict[str, Any]
        if entry.position > 1 and not record.sees(event):
            # A placeholder keeps positions contiguous. Its words say what kind of
            # event it is, as the table page's log says it to the same reader
            # ("cards shuffled — hidden from you"), and nothing more.
            item = {"text": hidden_until_end(type(event).__name__, record.words), "hidden": True}
        else:
            shown = shown_event(event, reveal)
            item = {"text": words.event(shown), "event": _stored_fields(shown)}
            if isinstance(event, Consequence):
                dice = dice_check(record, event)
                if dice is not None:
                    item["dice"] = dice
            heading = words.heading(event)
            if heading is not None:
                item["heading"] = {"level": heading[0], "title": heading[1]}
        out.append(told.index(item, _ENCODER.encode(item)))
    return out, times


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


def _cited(told: list[dict[str, Any]]) -> set[str]:
    """The rules the events cite (``told``: the document's)."""
    told = [e["event"] for e in told if "event" in e]
    return {e["rule"] for e in told if "rule" in e} | {r for e in told for r in e.get("also", ())}


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
        told = told_rule(rule, names)
        out[rule_id] = {
            "id": rule.id,
            "section": told.section,
            "passage": told.passage,
            "gloss": told.summary,
            "source": rule.source,
            "readings": [r.summary for r in told.readings],
            "default": told.default,
        }
    return out


CHUNK = 16_384  # characters a streamed export gathers before giving them

# msgspec's encoder writes what ``json.dumps(ensure_ascii=False)`` writes, compact,
# in a fraction of its time: a long game's export is some 25,000 parts.
_ENCODER = msgspec.json.Encoder()


def _dumps(value: Any) -> str:
    return _ENCODER.encode(value).decode("utf-8")


PANELS = ("noted", "all", "none")


def noted_actions(record: GameRecord) -> set[int]:
    """The positions of the actions a referee's note points at: each note's position
    is in the stretch of one action (the action or one of its consequences)."""
    actions = [e.position for e in record.entries if isinstance(e.event, ActionTaken)]
    out: set[int] = set()
    for at in record.notes:
        k = bisect.bisect_right(actions, at)
        if k:
            out.add(actions[k - 1])
    return out


def json_chunks(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    viewer: int | str | None = ALL,
    views: bool = True,
    disputes: str = "noted",
    to: int | None = None,
) -> Iterator[str]:
    """The JSON export (see ``services.review.export_schema``), written as it is made:
    its head first, then the events, the views position by position, the dispute
    panels action by action, and what those parts cite (the rules; the faces of
    the cards the boards show). ``disputes``: whose panels the document holds
    (``PANELS``: the actions the referees' notes point at, every action's, or
    none; the desk makes any other on demand). ``to``: only the first positions,
    up to the end of the action whose stretch holds ``to`` (the replay page shows
    them while the whole is made); ``positions`` then says how many the game has."""
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


def _json_parts(record: GameRecord, positions: int, *, views: bool, disputes: str) -> Iterator[str]:
    if disputes not in PANELS:
        raise SaidError(
            phrase(
                "unknown dispute panels {panels}: use one of {known}",
                panels=repr(disputes),
                known=", ".join(PANELS),
            )
        )
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
        "head": {"position": record.entries[-1].position, "hash": record.entries[-1].hash},
        # The first event's time, as stored: ``times`` counts from it (from version 6).
        "started_at": record.entries[0].at,
        "dispute_panels": disputes,
    }
    yield _dumps(head)[:-1]  # the object stays open for the parts that follow
    values, told = Interned(), Interned()
    events, times = _events(record, told)
    yield ',"events":' + _dumps(events) + ',"times":' + _dumps(times)
    cited = _cited(told.values)
    del events, times
    said: set[str] = set()
    if views:
        # The boards wait, written, while the frames go out: one walk makes both.
        boards: list[str] = []
        yield ',"frames":['
        for k, (frame, board) in enumerate(_frames(record, values)):
            yield ("," if k else "") + _dumps(frame)
            boards.append(_dumps(board))
            # What the boards write: whole now and then, else what changed.
            _strings(board.get("views"), said)
            _strings(board.get("ops"), said)
        yield '],"boards":['
        yield from _joined(boards)
        del boards
        yield '],"faces":' + _dumps(_shown_faces(started_face(started), said))
    else:
        yield ',"frames":[],"boards":[],"faces":null'
    yield ',"disputes":{'
    if disputes != "none":
        only = None if disputes == "all" else noted_actions(record)
        panels = each_dispute(record, with_views=False, only=only)
        for k, (position, panel) in enumerate(panels):
            panel = _by_rule_id(panel)
            cited |= _cited_by_panel(panel)
            yield ("," if k else "") + _dumps(str(position)) + ":" + _dumps(panel)
    yield '},"rules":' + _dumps(_rules(record, cited))
    yield ',"told":' + _dumps(told.values)
    yield ',"board_values":' + _dumps(values.values) + "}"


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
    disputes: str = "noted",
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
    disputes: str = "noted",
) -> Iterator[str]:
    """The export in ``fmt``, in chunks as it is made (the CLI writes them, the HTTP
    export sends them). ``to``: the JSON document of the first positions only;
    ``disputes``: whose dispute panels the JSON and HTML hold (``PANELS``)."""
    if fmt not in FORMATS:
        raise SaidError(
            phrase(
                "unknown format {format}: use one of {known}",
                format=repr(fmt),
                known=", ".join(FORMATS),
            )
        )
    if disputes not in PANELS:
        raise SaidError(
            phrase(
                "unknown dispute panels {panels}: use one of {known}",
                panels=repr(disputes),
                known=", ".join(PANELS),
            )
        )
    if fmt == "md":
        return iter([markdown_text(read_record(ledger, game_id, viewer))])
    if fmt == "json":
        return json_chunks(ledger, game_id, viewer=viewer, to=to, disputes=disputes)
    record, positions = _record_to(ledger, game_id, viewer, None)
    parts = _json_parts(record, positions, views=True, disputes=disputes)
    return html_chunks(record.game.spec.id, _gathered(parts))


def export_text(
    ledger: WizardLedger,
    game_id: str | UUID,
    fmt: str,
    *,
    viewer: int | str | None = ALL,
    to: int | None = None,
    disputes: str = "noted",
) -> str:
    """The export in ``fmt`` whole (``export_chunks``)."""
    return "".join(export_chunks(ledger, game_id, fmt, viewer=viewer, to=to, disputes=disputes))
