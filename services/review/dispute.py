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

from collections.abc import Collection, Iterator, Mapping
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
    IllegalCommand,
    OptionSpec,
    Rule,
)
from domain.kernel.dice import rederive
from domain.kernel.phrases import Seat, phrase
from services.ledger import WizardLedger
from services.reads.views import shown_event
from services.review.record import GameRecord, read_record
from services.review.redecide import (
    Redecision,
    Step,
    difference,
    engine_profile,
    own_profile,
    refusal_text,
)
from services.review.story import ALL, rule_of
from services.store.values import parse_game_id
from services.words.card_names import NO_NAMES, CardNames
from services.words.copies import told_apart
from services.words.refusals import worded_message
from services.words.rule_words import option_doc, told_rule

MAX_LEGAL = 40


class NotAnAction(ValueError):
    pass


def action_span(record: GameRecord, at: int) -> tuple[int, int]:
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


def rule_json(record: GameRecord, rule_id: str) -> dict[str, Any]:
    """A rule as the desk shows it: the rulebook's passage verbatim (a quotation),
    our gloss in the table's card names."""
    rule = rule_of(record.game, rule_id)
    if rule is None:
        return {"id": rule_id}
    told = told_rule(rule, record.words.names)
    return {
        "id": rule.id,
        "section": told.section,
        "passage": told.passage,
        "gloss": told.summary,
        "source": rule.source,
    }


def dice_check(record: GameRecord, event: Event) -> dict[str, Any] | None:
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


def consequence_json(record: GameRecord, position: int, event: Event) -> dict[str, Any]:
    if not record.sees(event):
        return {"position": position, "hidden": True, "text": "(not visible to you yet)"}
    shown = shown_event(event, record.reveals)
    out: dict[str, Any] = {
        "position": position,
        "type": type(event).__name__,
        "text": record.words.event(shown),
    }
    if isinstance(event, Consequence):
        out["rule"] = rule_json(record, event.rule)
        if event.also:
            out["also"] = [rule_json(record, r) for r in event.also]
    dice = dice_check(record, event)
    if dice is not None:
        out["dice"] = dice
    return out


def views_at(record: GameRecord, fold: Fold[Any], seat: int) -> dict[str, Any]:
    """The position as the acting seat saw it (for the operator, or that seat), every
    seat's view once the game is over, and otherwise the viewer's own view."""
    game, names = record.game, record.words
    if record.finished:
        seats = range(len(record.started.players))
        return {names.seat(s): game.view(fold.state, s) for s in seats}
    if record.viewer in (ALL, seat):
        return {names.seat(seat): game.view(fold.state, seat)}
    if isinstance(record.viewer, int):
        return {names.seat(record.viewer): game.view(fold.state, record.viewer)}
    return {"spectator": game.view(fold.state, None)}


def legal_json(record: GameRecord, fold: Fold[Any], action: ActionTaken) -> dict[str, Any]:
    if not record.sees_seat(action.seat):
        return {"shown": False, "why": "another seat's options stay hidden until the end"}
    commands = record.game.legal_commands(fold.state, action.seat)
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


def decided_json(record: GameRecord, step: Step) -> dict[str, Any]:
    """The consequences a reading gives (or its refusal), as the desk shows them."""
    decided = step.decided
    if decided.refused:
        # The engine's refusal in the table's words, as a seat is told it: its
        # players by name, the cards by the table's names.
        if isinstance(decided.error, IllegalCommand):
            said = worded_message(decided.error, record.started)
            return {"refused": refusal_text(decided.error, said), "events": []}
        return {"refused": record.words.names.rename(decided.refused), "events": []}
    first = step.position + 1
    return {
        "events": [consequence_json(record, first + k, e) for k, e in enumerate(decided.events[1:])]
    }


def _difference(record: GameRecord, step: Step) -> dict[str, Any]:
    """Where the reading's consequences first part from the record, and the two
    events there (two events can read alike and still differ)."""
    k = step.differs_at
    if k is None:
        return {"differs_at": None}
    out: dict[str, Any] = {"differs_at": step.position + k}
    if step.decided.refused:
        return out
    if all(e is None or record.sees(e) for e in step.at_difference()):
        reveal = record.reveals
        # The words as a player reads the events; the data stays for clients.
        out["difference"] = difference(
            step,
            record.words,
            record.words.text("under this reading"),
            lambda e: shown_event(e, reveal),
        )
    return out


# ----------------------------------------------------------------- readings


@dataclass(frozen=True)
class Alternative:
    """One other reading: an option switched to a value the game allows."""

    option: OptionSpec
    value: Any

    @property
    def key(self) -> str:
        return f"{self.option.name}={option_text(self.value)}"


def option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def alternatives(game: Game[Any], options: dict[str, Any]) -> list[Alternative]:
    """Every other value of every option tied to a rule (a reading of a ruling, or
    an assumed number): booleans flip, listed values each count."""
    out: list[Alternative] = []
    for spec in game.spec.options:
        current = options.get(spec.name, spec.default)
        if isinstance(spec.default, bool):
            values: tuple[Any, ...] = (not current,)
        else:
            values = tuple(v for v in spec.allowed if v != current)
        out += [Alternative(spec, v) for v in values]
    return out


def reading_text(rule: Rule | None, alt: Alternative, names: CardNames = NO_NAMES) -> str:
    """The catalogue's words for the reading the option selects, its cards by the
    table's ``names``."""
    if rule is not None:
        for reading in told_rule(rule, names).readings:
            if reading.option == alt.key:
                return reading.summary
    doc = option_doc(alt.option, names).rstrip(".") or alt.option.name
    return f"{doc}: {option_text(names.typed(alt.value))}"


def other_readings(
    record: GameRecord,
    step: Step,
    options: Mapping[str, Any] | None = None,
    alts: list[Alternative] | None = None,
) -> dict[Alternative, Step]:
    """The action of ``step`` under each other reading of the options tied to rules,
    each decided from the recorded position before it with its option switched;
    ``options``: the readings in force (None: the recorded ones; a profile's, where
    the action is decided under another engine version's); ``alts``: their
    ``alternatives``, where the caller has them already."""
    if alts is None:
        alts = alternatives(record.game, dict(options or record.started.options))
    return {alt: step.under({alt.option.name: alt.value}) for alt in alts}


def readings_json(
    record: GameRecord, step: Step, others: Mapping[Alternative, Step]
) -> dict[str, Any]:
    """The recorded options decided again (``step``), then each other reading."""
    # Every rule the stretch cites, the service's own events' too.
    cited = {
        rule
        for e in record.events[step.index + 1 : step.end]
        if isinstance(e, Consequence)
        for rule in e.citations()
    }
    catalogue = record.game.catalogue
    out: list[dict[str, Any]] = []
    for alt, other in others.items():
        rule = rule_of(record.game, alt.option.rule)
        applied = alt.option.rule in cited
        same = other.differs_at is None
        if same and not applied and step.differs_at is None:
            # This ruling played no part in the action (where the reading in force
            # decides otherwise than the record, one that gives the record did).
            continue
        out.append(
            {
                **_difference(record, other),
                "rule": rule_json(record, alt.option.rule),
                "option": alt.option.name,
                "value": alt.value,
                "recorded_value": record.started.options.get(alt.option.name, alt.option.default),
                "reading": reading_text(rule, alt, record.words.names),
                "cited": applied,
                "same_as_recorded": same,
                **({"undecided": True} if other.decided.undecided else {}),
                **decided_json(record, other),
            }
        )
    unselectable = [
        {
            "rule": rule_json(record, r),
            "readings": [x.summary for x in told_rule(catalogue[r], record.words.names).readings],
            "default": told_rule(catalogue[r], record.words.names).default,
            "why": record.words.say(
                phrase("the other readings are listed in the catalogue but are not game options")
            ),
        }
        for r in sorted(cited)
        if r in catalogue
        and catalogue[r].readings
        and not any(o.rule == r for o in record.game.spec.options)
    ]
    same = step.differs_at is None
    return {
        "recorded_decides_again": same,
        "recorded_check": step.decided.refused
        or record.words.say(
            phrase(
                "this engine, with the recorded options and chance, gives the recorded consequences"
            )
            if same
            else phrase(
                "this engine, with the recorded options and chance, gives other consequences"
            )
        ),
        "other_readings": out,
        "readings_not_selectable": unselectable,
    }


def dispute_parts(
    record: GameRecord,
    step: Step,
    others: Mapping[Alternative, Step],
    *,
    with_views: bool = True,
) -> dict[str, Any]:
    """The desk's parts for the action of ``step`` (the record's own reading);
    ``others``: the same stretch under each other reading."""
    events = record.events
    action, before = step.action, step.before
    assert action is not None and before is not None
    i, j = step.index, step.end
    position = step.position
    names = record.words
    visible = record.sees(action)
    notes = [{**n, "at": at} for at in range(position - 1, j + 1) for n in record.notes.get(at, [])]
    out: dict[str, Any] = {
        "position": position,
        "seat": action.seat,
        "player": names.seat(action.seat),
        "command": action.command if visible else None,
        "text": names.event(shown_event(action, record.reveals))
        if visible
        else names.say(phrase("{seat} made a hidden choice", seat=Seat(action.seat))),
        "before": {"position": position - 1}
        | ({"views": views_at(record, before, action.seat)} if with_views else {}),
        "legal": legal_json(record, before, action)
        if visible
        else {"shown": False, "why": names.say(phrase("hidden choice"))},
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
        out |= readings_json(record, step, others if record.reveals else {})
        if not record.reveals:
            out["readings_withheld"] = record.words.say(
                phrase(
                    "the other readings are shown once the game is over (deciding again now "
                    "could show cards not yet drawn)"
                )
            )
    else:
        out |= {
            "other_readings": [],
            "readings_withheld": record.words.say(
                phrase("deciding again would show another seat's hidden cards")
            ),
        }
    return out


def _step_at(steps: Iterator[Step], index: int) -> Step:
    return next(step for step in steps if step.index == index and step.action is not None)


def dispute(
    ledger: WizardLedger,
    game_id: str | UUID,
    at: int,
    *,
    viewer: int | str | None = ALL,
    engine: str | None = None,
) -> dict[str, Any]:
    """The dispute of the action at (or whose consequences hold) position ``at``,
    decided again under the rules profile of ``engine`` (None: the record's own,
    its version's or the revision variant of it that decides the record as
    recorded, so the recorded consequences decide again as they were)."""
    record = read_record(ledger, game_id, viewer)
    i, _ = action_span(record, at)
    profile = None if engine is None else engine_profile(record.game, engine)
    own = own_profile(record.game, record.events, record.seeds)
    recorded = Redecision(record.game, record.events, record.seeds, profile=profile, own=own)
    if recorded.started is record.started:
        # The recorded options in force: from the fold before the action (a
        # snapshot's and the few events after it), never from the opening.
        step = _step_at(recorded.steps(since=ledger.load(game_id, i).fold), i)
    else:
        # A profile's readings of options the record does not hold (its own version's
        # too, for an option added since): the record folded under them from the opening.
        step = _step_at(recorded.steps(), i)
    # The others (shown only to who may see everything) with their option switched
    # on the position before the action.
    others = other_readings(record, step, recorded.started.options) if record.reveals else {}
    parts = dispute_parts(record, step, others)
    return {
        "game_id": str(parse_game_id(game_id)),
        "game": record.game.spec.id,
        "players": list(record.started.players),
        "finished": record.finished,
        "engine": record.started.engine_version,
        # The rules profile that decided the action again: an engine version, or a
        # revision variant of one (``0.1.0 as of 09066c5``).
        "decided_under": recorded.profile.name,
        # The table's own names of the cards its data file renames (none: built-in).
        "card_names": dict(record.words.names.renamed),
        **parts,
    }


def each_dispute(
    record: GameRecord, *, with_views: bool = True, only: Collection[int] | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The dispute of every action (or of those at the positions ``only`` names),
    action by action, in one walk of the record (the replay viewer's panels,
    written as they are made). The walk folds; only a panel decides again."""
    own = own_profile(record.game, record.events, record.seeds)
    recorded = Redecision(record.game, record.events, record.seeds, own=own)
    alts = alternatives(record.game, dict(record.started.options))
    for step in recorded.steps():
        if step.action is not None and (only is None or step.position in only):
            others = other_readings(record, step, alts=alts) if record.reveals else {}
            yield step.position, dispute_parts(record, step, others, with_views=with_views)


def every_dispute(record: GameRecord, *, with_views: bool = True) -> dict[int, dict[str, Any]]:
    """The dispute of every action, by its position."""
    return dict(each_dispute(record, with_views=with_views))
