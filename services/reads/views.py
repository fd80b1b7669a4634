"""Read views of a game: state for a seat at any position, the event log, legal commands.

Every read goes through the seat's visibility: an event private to other
seats, or hidden until the end, is shown redacted while the game runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol
from uuid import UUID

import msgspec

from domain.kernel import ActionTaken, Consequence, Event, Fold, Game, GameStarted, Outcome
from domain.kernel.events import laid_from_file
from domain.kernel.phrases import Phrase
from services.ledger import WizardLedger
from services.reads.holds import held_json
from services.reads.lobby import lobby_fields
from services.seats.hold import by_seats
from services.store.codec import GENESIS
from services.store.values import Acted, Entry, Loaded, parse_game_id
from services.words.sentences import Words, hidden_line


def status_of(game: Game[Any], table: Fold[Any]) -> str:
    return "finished" if game.outcome(table.state) is not None else "running"


HIDDEN_SETUP = {"hidden": "the setup position is shown when the game is over"}


def shown_event(event: Event, finished: bool) -> Event:
    """The event as players may read it while the game runs.

    ``GameStarted`` is public, but a setup position in it holds every hand,
    the draw pile's order and, in table mode, the scripted dice: all of it is
    withheld until the end (each seat's own view still shows its hand). So are
    the dice and deck orders a table supplied with a command.
    """
    if finished:
        return event
    if isinstance(event, GameStarted) and event.setup is not None:
        return msgspec.structs.replace(event, setup=shown_setup(event.setup))
    if isinstance(event, ActionTaken) and (event.orders or event.dice or event.drew):
        # A table's deck order tells the new draw pile; a supplied roll may be one
        # that only some seats may see. The rolls that are public are shown by
        # their own DiceRolled events anyway.
        return msgspec.structs.replace(event, orders=(), dice=(), drew=())
    return event


def shown_setup(setup: dict[str, Any] | None) -> dict[str, Any] | None:
    """A running game's ``GameStarted.setup`` as players may read it: a position
    laid from a file is hidden whole; a table's chance script (the dice, the
    cards dealt) goes, not said to be a file; who enters the chance stays."""
    if setup is None:
        return None
    kept = {k: setup[k] for k in ("chance_by",) if k in setup}
    if laid_from_file(setup):
        return {**HIDDEN_SETUP, **kept}
    return kept or None


def visible_entries(entries: list[Entry], seat: int | None, finished: bool) -> list[Entry]:
    """The entries ``seat`` (None: a spectator) may read, each as it may read it."""
    if finished:
        return entries
    return [
        dataclasses.replace(e, event=shown_event(e.event, finished))
        for e in entries
        if e.event.visibility().allows(seat)
    ]


def event_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(event)
    return data


def named_prompts(view: Any, words: Words) -> Any:
    """A game's view with each ``prompt`` in it (words a page shows as they are:
    a Spell Wars card's question) in the game's words (``prompt_words``); the
    rest is data. Only the parts the game declares to hold prompts
    (``GameWords.prompts_in``) are looked into: a view is mostly data, and a walk
    through all of it cost a warm state read most of its time."""
    if words.said.prompt_words is None or not isinstance(view, dict):
        return view
    parts = [key for key in words.said.prompts_in if key in view]
    if not parts:
        return view
    said = dict(view)
    for key in parts:
        said[key] = _prompts_said(view[key], words)
    return said


def _prompts_said(part: Any, words: Words) -> Any:
    if isinstance(part, dict):
        return {
            k: words.prompt(v)
            if k == "prompt" and isinstance(v, str | Phrase | dict)
            else _prompts_said(v, words)
            for k, v in part.items()
        }
    if isinstance(part, list | tuple):
        return [_prompts_said(v, words) for v in part]
    return part


def pending_json(state: Any, words: Words) -> list[dict[str, Any]]:
    """The decisions a state waits for, each prompt in words."""
    return [
        {"seat": p.seat, "accepts": list(p.accepts), "prompt": words.prompt(p.prompt)}
        for p in words.game.pending(state)
    ]


def outcome_json(outcome: Outcome | None, words: Words) -> dict[str, Any] | None:
    """A game's outcome as data, its reason in words."""
    if outcome is None:
        return None
    data: dict[str, Any] = msgspec.to_builtins(msgspec.structs.replace(outcome, reason=""))
    data["reason"] = words.say(outcome.reason)
    return data


def entry_json(
    entry: Entry,
    seat: int | None,
    finished: bool,
    *,
    full: bool = False,
    words: Words,
) -> dict[str, Any]:
    """One log line for ``seat`` (None: a spectator). ``full`` shows everything (operator).
    ``words``: the table's (``Words.table``), which its text is told in."""
    event = entry.event
    visible = full or finished or event.visibility().allows(seat)
    out: dict[str, Any] = {
        "position": entry.position,
        "type": type(event).__name__,
        "at": entry.at,
        "hash": entry.hash,
    }
    rule = event.rule if isinstance(event, Consequence) else None
    if rule is not None:
        out["rule"] = rule
    if visible:
        shown = event if full else shown_event(event, finished)
        out["event"] = event_json(shown)
        out["text"] = words.event(shown)
    else:
        out["redacted"] = event.visibility().kind
        out["text"] = hidden_line(type(event).__name__, words)
    return out


def state_json(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    at: int | None = None,
    seat: int | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    gid = parse_game_id(game_id)
    loaded = ledger.load(gid, at)
    out = state_of(gid, loaded, seat, lang)
    held = held_json(ledger, gid, loaded, seat) if at is None else None
    if held is not None:
        out["held"] = held
        if held["seat"] is None:  # the opening deal waits for seats' cards, as the list says
            out["status"] = "dealing"
    return out


def state_of(
    gid: UUID, loaded: Loaded, seat: int | None, lang: str | None = None
) -> dict[str, Any]:
    """``state_json`` of a fold in hand."""
    game, table = loaded.game, loaded.fold
    outcome = game.outcome(table.state)
    words = Words.table(game, table.started, lang)
    return {
        "game_id": str(gid),
        "game": game.spec.id,
        "position": table.position,
        "status": status_of(game, table),
        "seat": seat,
        "players": list(table.started.players),
        "pending": pending_json(table.state, words),
        "view": named_prompts(game.view(table.state, seat), words),
        "outcome": outcome_json(outcome, words),
    }


def legal_json(ledger: WizardLedger, game_id: str | UUID, seat: int) -> list[dict[str, Any]]:
    gid = parse_game_id(game_id)
    loaded = ledger.load(gid)
    if by_seats(loaded.fold.started.setup) and ledger.holds.held_at(gid, loaded) is not None:
        return []  # a command waits for seats' draws: nothing else can be sent
    return legal_of(loaded, seat)


def legal_of(loaded: Loaded, seat: int) -> list[dict[str, Any]]:
    """``legal_json`` of a fold in hand."""
    if loaded.game.outcome(loaded.fold.state) is not None:
        return []
    return [msgspec.to_builtins(c) for c in loaded.game.legal_commands(loaded.fold.state, seat)]


class ActFields(Protocol):
    """What an act request carries besides its seat (``services.http.models.ActRequest``,
    read here only)."""

    @property
    def command(self) -> Any: ...
    @property
    def dice(self) -> Sequence[int]: ...
    @property
    def orders(self) -> Sequence[Sequence[int]]: ...
    @property
    def drew(self) -> Sequence[str]: ...


def perform_json(
    ledger: WizardLedger,
    gid: UUID,
    seat: int,
    request: ActFields,
    key: str | None,
    lang: str | None = None,
) -> dict[str, Any]:
    """Perform a seat's act request and give its answer (``act_json``)."""
    acted = ledger.perform(
        gid,
        seat,
        request.command,
        key=key,
        dice=request.dice,
        orders=request.orders,
        drew=request.drew,
    )
    return act_json(ledger, gid, seat, acted, lang)


def act_json(
    ledger: WizardLedger, gid: UUID, seat: int, acted: Acted, lang: str | None = None
) -> dict[str, Any]:
    """An act's answer: the appended entries as ``seat`` may see them, and what
    follows them (the pending decisions, and the commands ``seat`` may send),
    so that a client needs no other request to play on.

    A retried idempotency key gets the first answer again, all of it as the game
    stood right after those entries, even if the game has moved on since."""
    entries = acted.entries
    last = entries[-1].position if entries else acted.loaded.version
    loaded = acted.loaded if acted.loaded.version == last else ledger.load(gid, last)
    game, state = loaded.game, loaded.fold.state
    finished = game.outcome(state) is not None
    held = held_json(ledger, gid, loaded, seat) if not finished else None
    legal = [] if finished or held is not None else game.legal_commands(state, seat)
    words = Words.table(game, loaded.fold.started, lang)
    answer = {
        "game_id": str(gid),
        "seat": seat,
        "position": last,
        "status": status_of(game, loaded.fold),
        "entries": [entry_json(e, seat, finished, words=words) for e in entries],
        "pending": pending_json(state, words),
        "legal": [msgspec.to_builtins(c) for c in legal],
    }
    if held is not None:
        answer["held"] = held
    return answer


def log_json(
    ledger: WizardLedger,
    game_id: str | UUID,
    *,
    seat: int | None = None,
    full: bool = False,
    before: int | None = None,
    last: int | None = None,
    lang: str | None = None,
) -> list[dict[str, Any]]:
    """The log's entries, in order: every one, or a page of them (``last``: the last
    so many, of those before position ``before`` if it is given), so that a long
    game's story shows its end first and older entries on demand."""
    gid = parse_game_id(game_id)
    loaded = ledger.load(gid)
    finished = loaded.game.outcome(loaded.fold.state) is not None
    words = Words.table(loaded.game, loaded.fold.started, lang)
    if loaded.head == GENESIS:
        return []  # its opening waits for seats' cards: nothing is stored yet
    lte = loaded.version if before is None else min(before - 1, loaded.version)
    gt = None if last is None else max(0, lte - last)
    if lte < 1:
        return []
    return [
        entry_json(e, seat, finished, full=full, words=words)
        for e in ledger.entries(gid, gt=gt, lte=lte)
    ]


def summary_json(
    ledger: WizardLedger, game_id: UUID, forks: set[UUID] | None = None
) -> dict[str, Any]:
    """One game's line in a list; ``forks``: the branches' ids, if already known."""
    loaded = ledger.load(game_id)
    return {
        "game_id": str(game_id),
        "game": loaded.game.spec.id,
        "players": len(loaded.fold.started.players),
        # A game whose opening is held has no stored event yet.
        "events": loaded.version if loaded.head != GENESIS else 0,
        **lobby_fields(ledger, game_id, loaded, forks),  # its status too (or dealing)
    }


def action_count(entries: list[Entry]) -> int:
    return sum(isinstance(e.event, ActionTaken) for e in entries)


def notes_by_position(
    ledger: WizardLedger, game_id: str | UUID
) -> dict[int, list[tuple[str, str]]]:
    """A game's annotations grouped by the position they comment on."""
    notes: dict[int, list[tuple[str, str]]] = {}
    for _, note in ledger.annotations(game_id):
        notes.setdefault(note.at, []).append((note.author, note.text))
    return notes


def notes_json(ledger: WizardLedger, game_id: str | UUID) -> list[dict[str, Any]]:
    """A game's annotations, numbered, as the CLI and the HTTP API show them."""
    return [
        {"number": n, "at": a.at, "author": a.author, "text": a.text, "written": a.written}
        for n, a in ledger.annotations(game_id)
    ]
