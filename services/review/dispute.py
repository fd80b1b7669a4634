"""The dispute desk: everything a table needs to settle a ruling on one action.

For the action at a position: the position before it as its seat saw it
(everything once the game is over), the command and who sent it, the legal
alternatives that seat had, each consequence with its rule passage (French)
and gloss, its dice and whether they re-derive from the revealed seed, the
referees' notes, and for every ruling that applied, each other reading: the
consequences the engine gives with that option switched, decided again from
the same position, beside what was recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec

from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    Consequence,
    DiceRolled,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    SeedRevealed,
    apply,
    open_fold,
)
from domain.kernel.dice import rederive
from services.ledger import WizardLedger
from services.reads.views import shown_event
from services.review.redecide import (
    Alternative,
    Decided,
    ParallelFold,
    actions,
    alternatives,
    chance,
    decide_again,
    first_difference,
    plain,
    reading_text,
    rules_events,
    started_under,
    stretch_seeds,
)
from services.review.story import ALL, rule_of
from services.store.values import Entry, parse_game_id
from services.words.copies import told_apart
from services.words.differences import difference_words
from services.words.sentences import Words

MAX_LEGAL = 40


class NotAnAction(ValueError):
    pass


@dataclass
class Record:
    """A stored game read for the desk, for one viewer."""

    game: Game[Any]
    entries: list[Entry]
    started: GameStarted
    finished: bool
    words: Words
    viewer: int | str | None
    seeds: list[str | None]  # the seed known at each index, for re-deciding
    revealed: str | None
    notes: dict[int, list[dict[str, str]]]

    @property
    def events(self) -> list[Event]:
        return [e.event for e in self.entries]

    def sees(self, event: Event) -> bool:
        return self.viewer == ALL or self.finished or event.visibility().allows(self.viewer)  # type: ignore[arg-type]

    def sees_seat(self, seat: int) -> bool:
        """May the viewer see what this seat saw (its hand, its legal commands)?"""
        return self.viewer == ALL or self.finished or self.viewer == seat


def read_record(
    ledger: WizardLedger, game_id: str | UUID, viewer: int | str | None = ALL
) -> Record:
    gid = parse_game_id(game_id)
    entries = ledger.entries(gid)
    started = entries[0].event
    assert isinstance(started, GameStarted)
    loaded = ledger.load(gid)
    finished = loaded.game.outcome(loaded.fold.state) is not None
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
    return Record(
        game=loaded.game,
        entries=entries,
        started=started,
        finished=finished,
        words=Words.table(loaded.game, started),
        viewer=viewer,
        seeds=stretch_seeds(events, known),
        revealed=revealed,
        notes=notes,
    )


def action_span(record: Record, at: int) -> tuple[int, int]:
    """(index of the action at or before position ``at``, index after its consequences)."""
    events = record.events
    if not 1 <= at <= len(events):
        raise ValueError(f"game has positions 1–{len(events)}, not {at}")
    i = at - 1
    while i >= 0 and not isinstance(events[i], ActionTaken):
        i -= 1
    if i < 0:
        first = next((k + 1 for k, e in enumerate(events) if isinstance(e, ActionTaken)), None)
        where = f"the first action is at {first}" if first else "no action was taken yet"
        raise NotAnAction(f"position {at} is part of the game's opening; {where}")
    j = i + 1
    while j < len(events) and not isinstance(events[j], ActionTaken):
        j += 1
    return i, j


# ------------------------------------------------------------------ the parts


def rule_json(record: Record, rule_id: str) -> dict[str, Any]:
    """A rule as the desk shows it: the rulebook's passage verbatim (a quotation),
    our gloss in the table's card names."""
    rule = rule_of(record.game, rule_id)
    if rule is None:
        return {"id": rule_id}
    return {
        "id": rule.id,
        "section": rule.section,
        "passage": rule.passage,
        "gloss": record.words.names.rename(rule.summary),
        "source": rule.source,
    }


def dice_check(record: Record, event: Event) -> dict[str, Any] | None:
    if not isinstance(event, DiceRolled | CardsShuffled):
        return None
    out: dict[str, Any] = {"text": record.words.dice(event), "source": event.source}
    if isinstance(event, DiceRolled):
        out |= {"sides": event.sides, "values": list(event.values), "counter": event.counter}
    else:
        out |= {"cards": len(event.order), "counter": event.counter}
    if event.source != "seed":
        out["rederived"] = None
        out["check"] = "supplied by the table: nothing to re-derive"
    elif record.revealed is None:
        out["rederived"] = None
        out["check"] = "the seed is revealed when the game ends"
    else:
        ok = rederive(record.revealed, event)
        out["rederived"] = ok
        out["check"] = (
            "re-derives from the revealed seed"
            if ok
            else "does NOT re-derive from the revealed seed"
        )
    return out


def consequence_json(record: Record, position: int, event: Event) -> dict[str, Any]:
    if not record.sees(event):
        return {"position": position, "hidden": True, "text": "(not visible to you yet)"}
    shown = shown_event(event, record.finished or record.viewer == ALL)
    out: dict[str, Any] = {
        "position": position,
        "type": type(event).__name__,
        "text": record.words.event(shown),
    }
    if isinstance(event, Consequence):
        out["rule"] = rule_json(record, event.rule)
    dice = dice_check(record, event)
    if dice is not None:
        out["dice"] = dice
    return out


def views_at(record: Record, table: Fold[Any], seat: int) -> dict[str, Any]:
    """The position as the acting seat saw it (for the operator, or that seat), every
    seat's view once the game is over, and otherwise the viewer's own view."""
    game, names = record.game, record.words
    if record.finished:
        seats = range(len(record.started.players))
        return {names.seat(s): game.view(table.state, s) for s in seats}
    if record.viewer in (ALL, seat):
        return {names.seat(seat): game.view(table.state, seat)}
    if isinstance(record.viewer, int):
        return {names.seat(record.viewer): game.view(table.state, record.viewer)}
    return {"spectator": game.view(table.state, None)}


def legal_json(record: Record, table: Fold[Any], action: ActionTaken) -> dict[str, Any]:
    if not record.sees_seat(action.seat):
        return {"shown": False, "why": "another seat's options stay hidden until the end"}
    commands = record.game.legal_commands(table.state, action.seat)
    sent = action.command
    items = []
    for c in commands:
        data = msgspec.json.decode(msgspec.json.encode(c))
        items.append(
            {
                "command": data,
                "text": record.words.command(action.seat, data),
                "sent": data == sent,
            }
        )
    # Two choices naming two copies of one card read alike: each says its copy.
    said = told_apart([i["text"] for i in items], [i["command"] for i in items], record.words.card)
    for item, text in zip(items, said, strict=True):
        item["text"] = text
    chosen = [i for i in items if i["sent"]]
    others = [i for i in items if not i["sent"]]
    return {"shown": True, "count": len(items), "items": chosen + others[: MAX_LEGAL - len(chosen)]}


def decided_json(record: Record, decided: Decided, first_position: int) -> dict[str, Any]:
    if decided.refused:
        # The engine's refusal, in the game's words: the table's names.
        return {"refused": record.words.names.rename(decided.refused), "events": []}
    return {
        "events": [
            consequence_json(record, first_position + k, e) for k, e in enumerate(decided.events)
        ]
    }


def _difference(
    record: Record, decided: Decided, recorded: Sequence[Event], first_position: int
) -> dict[str, Any]:
    """Where the reading's consequences first part from the record, and the two
    events there as data (two events can read alike and still differ)."""
    if decided.refused:
        return {"differs_at": first_position}
    kept = rules_events(recorded)
    if plain(decided.events) == plain(kept):
        return {"differs_at": None}
    k = first_difference(decided.events, kept)
    out: dict[str, Any] = {"differs_at": first_position + k}
    mine = decided.events[k] if k < len(decided.events) else None
    theirs = kept[k] if k < len(kept) else None
    if all(e is None or record.sees(e) for e in (mine, theirs)):
        reveal = record.finished or record.viewer == ALL
        out["difference"] = {
            "recorded": None if theirs is None else msgspec.to_builtins(theirs),
            "reading": None if mine is None else msgspec.to_builtins(mine),
            # The same, said as a player reads it (the data stays for clients).
            "text": difference_words(
                record.words,
                first_position + k,
                None if theirs is None else shown_event(theirs, reveal),
                None if mine is None else shown_event(mine, reveal),
                "under this reading",
            ),
        }
    return out


def readings_json(
    record: Record,
    i: int,
    j: int,
    folds: dict[Alternative, ParallelFold],
    recorded_table: Fold[Any],
) -> dict[str, Any]:
    """The recorded options decided again, then each other reading."""
    events = record.events
    action = events[i]
    assert isinstance(action, ActionTaken)
    recorded = events[i + 1 : j]
    seed = record.seeds[i]
    again = decide_again(
        record.game, recorded_table, action, chance(recorded_table, action, seed, recorded)
    )
    cited = {e.rule for e in recorded if isinstance(e, Consequence)}
    catalogue = record.game.catalogue
    out: list[dict[str, Any]] = []
    for alt, fold in folds.items():
        rule = rule_of(record.game, alt.option.rule)
        applied = alt.option.rule in cited
        if fold.broken:
            decided = Decided([], fold.broken, undecided=True)
        else:
            dice = chance(fold.current, action, seed, recorded)
            decided = decide_again(record.game, fold.current, action, dice)
        same = decided.same_as(recorded)
        if same and not applied:
            continue  # this ruling played no part in the action
        out.append(
            {
                **_difference(record, decided, recorded, i + 2),
                "rule": rule_json(record, alt.option.rule),
                "option": alt.option.name,
                "value": alt.value,
                "recorded_value": record.started.options.get(alt.option.name, alt.option.default),
                "reading": reading_text(rule, alt, record.words.names),
                "cited": applied,
                "same_as_recorded": same,
                **({"undecided": True} if decided.undecided else {}),
                **decided_json(record, decided, i + 2),
            }
        )
    unselectable = [
        {
            "rule": rule_json(record, r),
            "readings": [record.words.names.rename(x.summary) for x in catalogue[r].readings],
            "default": record.words.names.rename(catalogue[r].default),
            "why": "the other readings are listed in the catalogue but are not game options",
        }
        for r in sorted(cited)
        if r in catalogue
        and catalogue[r].readings
        and not any(o.rule == r for o in record.game.spec.options)
    ]
    return {
        "recorded_decides_again": again.same_as(recorded),
        "recorded_check": again.refused
        or (
            "this engine, with the recorded options and chance, gives the recorded consequences"
            if again.same_as(recorded)
            else "this engine, with the recorded options and chance, gives other consequences"
        ),
        "other_readings": out,
        "readings_not_selectable": unselectable,
    }


def dispute_parts(
    record: Record,
    i: int,
    j: int,
    before: Fold[Any],
    folds: dict[Alternative, ParallelFold],
    *,
    with_views: bool = True,
) -> dict[str, Any]:
    events = record.events
    action = events[i]
    assert isinstance(action, ActionTaken)
    position = i + 1
    names = record.words
    visible = record.sees(action)
    notes = [{**n, "at": at} for at in range(position - 1, j + 1) for n in record.notes.get(at, [])]
    out: dict[str, Any] = {
        "position": position,
        "seat": action.seat,
        "player": names.seat(action.seat),
        "command": action.command if visible else None,
        "text": names.event(shown_event(action, record.finished or record.viewer == ALL))
        if visible
        else f"{names.seat(action.seat)} made a hidden choice",
        "before": {"position": position - 1}
        | ({"views": views_at(record, before, action.seat)} if with_views else {}),
        "legal": legal_json(record, before, action)
        if visible
        else {"shown": False, "why": "hidden choice"},
        "consequences": [consequence_json(record, k + 1, events[k]) for k in range(i + 1, j)],
        "notes": notes,
    }
    if not with_views:
        # The replay viewer has the events, rules and notes already: keep what is new.
        out["consequences"] = {"from": position + 1, "to": j}
        del out["notes"]
        if out["legal"].get("shown"):
            out["legal"]["items"] = [
                {"text": item["text"], "sent": item["sent"]} for item in out["legal"]["items"]
            ]
    if visible and record.sees_seat(action.seat):
        # While the game runs, another reading could draw a card the record never
        # drew and so show a seat its deck ahead: players see the readings at the end.
        ahead = not (record.finished or record.viewer == ALL)
        out |= readings_json(record, i, j, {} if ahead else folds, before)
        if ahead:
            out["readings_withheld"] = (
                "the other readings are shown once the game is over (deciding again now "
                "could show cards not yet drawn)"
            )
    else:
        out |= {
            "other_readings": [],
            "readings_withheld": "deciding again would show another seat's hidden cards",
        }
    return out


def parallel_folds(record: Record) -> dict[Alternative, ParallelFold]:
    return {
        alt: ParallelFold(record.game, started_under(record.started, {alt.option.name: alt.value}))
        for alt in alternatives(record.game, record.started.options)
    }


def dispute(
    ledger: WizardLedger, game_id: str | UUID, at: int, *, viewer: int | str | None = ALL
) -> dict[str, Any]:
    """The dispute of the action at (or whose consequences hold) position ``at``."""
    record = read_record(ledger, game_id, viewer)
    i, j = action_span(record, at)
    before = ledger.load(game_id, i)
    folds = parallel_folds(record)
    for k, event in enumerate(record.events[1:i], start=2):
        for fold in folds.values():
            fold.apply(event, k)
    parts = dispute_parts(record, i, j, before.fold, folds)
    return {
        "game_id": str(parse_game_id(game_id)),
        "game": record.game.spec.id,
        "players": list(record.started.players),
        "finished": record.finished,
        "engine": record.started.engine_version,
        # The table's own names of the cards its data file renames (none: built-in).
        "card_names": dict(record.words.names.renamed),
        **parts,
    }


def every_dispute(record: Record, *, with_views: bool = True) -> dict[int, dict[str, Any]]:
    """The dispute of every action, in one walk (the replay viewer's panel)."""
    events = record.events
    folds = parallel_folds(record)
    table = open_fold(record.game, record.started)
    out: dict[int, dict[str, Any]] = {}
    spans = dict(actions(events))
    for k in range(1, len(events)):
        if k in spans:
            out[k + 1] = dispute_parts(record, k, spans[k], table, folds, with_views=with_views)
        table = apply(record.game, table, events[k])
        for fold in folds.values():
            fold.apply(events[k], k + 1)
    return out


def rules_cited(record: Record) -> list[str]:
    return sorted({e.rule for e in rules_events(record.events) if isinstance(e, Consequence)})
