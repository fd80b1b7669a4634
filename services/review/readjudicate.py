"""``readjudicate`` (the record decided again, first divergence) and ``diff``
(what changed between two positions, in the game's own words)."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from domain.kernel import ENGINE_VERSION, ActionTaken, start
from domain.kernel.events import option_value_text
from services.ledger import WizardLedger
from services.reads.views import shown_event
from services.review.dispute import Record, consequence_json, read_record
from services.review.redecide import (
    Decided,
    ParallelFold,
    actions,
    chance,
    decide_again,
    first_difference,
    rules_events,
    started_under,
)
from services.review.story import ALL
from services.store.chance import opening_dice
from services.store.values import parse_game_id
from services.words.differences import difference_words
from services.words.sentences import Words
from services.words.views import changes, flatten


def _texts(record: Record, events: list[Any], first: int) -> list[dict[str, Any]]:
    return [consequence_json(record, first + k, e) for k, e in enumerate(events)]


def switched_text(words: Words, name: str, now: Any, recorded: Any) -> str:
    """A switched option in a sentence: what it decides (its doc, in the table's
    names), its value in this run and in the record, and how to ask for it."""
    spec = next((o for o in words.game.spec.options if o.name == name), None)
    what = spec.doc.rstrip(".") if spec is not None and spec.doc else name.replace("_", " ")
    typed = json.dumps(now) if not isinstance(now, str) else now
    return (
        f"Reading switched: {words.names.rename(what)} — "
        f"{option_value_text(words.names.typed(now))} here, "
        f"{option_value_text(words.names.typed(recorded))} in the record "
        f"(--option {name}={typed})"
    )


def readjudicate(
    ledger: WizardLedger, game_id: str | UUID, options: dict[str, str] | None = None
) -> dict[str, Any]:
    """Decide every recorded action again (this engine; ``options`` switched) with the
    recorded chance, and report the first position where the result differs."""
    record = read_record(ledger, game_id, ALL)
    game, started = record.game, record.started
    given = options or {}
    parsed = {k: v for k, v in game.spec.resolve_options(given).items() if k in given}
    under = started_under(started, parsed)
    events = record.events
    report: dict[str, Any] = {
        "game_id": str(parse_game_id(game_id)),
        "game": game.spec.id,
        "engine_recorded": started.engine_version,
        "engine_now": ENGINE_VERSION,
        "options": {k: started.options.get(k) for k in parsed},
        "options_now": parsed,
        "switched": [
            switched_text(record.words, k, v, started.options.get(k)) for k, v in parsed.items()
        ],
        "actions_checked": 0,
        "first_difference": None,
    }
    fold = ParallelFold(game, under)
    first_action = next(
        (k for k, e in enumerate(events) if isinstance(e, ActionTaken)), len(events)
    )
    if fold.broken:
        report["first_difference"] = {
            "position": 1,
            "action": None,
            "text": fold.broken,
            "recorded": [],
            "engine": [],
            "refused": fold.broken,
        }
        return report
    if started.mode == "table" or record.seeds[0] is not None:
        try:
            opening = start(game, under, opening_dice(started, record.seeds[0]))[1:]
        except Exception as e:  # the opening fails under this engine or reading
            opening, failed = [], f"the opening fails: {type(e).__name__}: {e}"
        else:
            failed = ""
        recorded = rules_events(events[1:first_action])
        if failed or [*map(_plain, opening)] != [*map(_plain, recorded)]:
            k = first_difference(opening, recorded)
            report["first_difference"] = {
                "position": 2 + k,
                "action": None,
                "text": "the opening (setup) is decided differently",
                "recorded": _texts(record, recorded, 2),
                "engine": _texts(record, opening, 2),
                "refused": failed,
                **({} if failed else _difference(record, recorded, opening, k, 2)),
            }
            return report
    spans = dict(actions(events))
    for k in range(1, len(events)):
        if k in spans:
            action = events[k]
            assert isinstance(action, ActionTaken)
            recorded = events[k + 1 : spans[k]]
            if fold.broken:
                decided = Decided([], fold.broken)
            else:
                dice = chance(fold.current, action, record.seeds[k], recorded)
                decided = decide_again(game, fold.current, action, dice)
            report["actions_checked"] += 1
            if fold.broken or not decided.same_as(recorded):
                kept = rules_events(recorded)
                at = k + 2 + (0 if decided.refused else first_difference(decided.events, kept))
                report["first_difference"] = {
                    "position": at,
                    "action": k + 1,
                    "text": record.words.event(action),
                    "recorded": _texts(record, kept, k + 2),
                    "engine": _texts(record, decided.events, k + 2),
                    # The engine's words: the table's names.
                    "refused": record.words.names.rename(decided.refused or fold.broken),
                    **(
                        {}
                        if decided.refused or fold.broken
                        else _difference(record, kept, decided.events, at - k - 2, k + 2)
                    ),
                }
                return report
        fold.apply(events[k], k + 1)
    return report


def _difference(
    record: Record, recorded: list[Any], engine: list[Any], k: int, first: int
) -> dict[str, Any]:
    """The two events at the first difference (index ``k``; ``first``: the position
    of index 0), as data and in words."""
    theirs = recorded[k] if k < len(recorded) else None
    mine = engine[k] if k < len(engine) else None
    return {
        "difference": {
            "recorded": None if theirs is None else _plain(theirs),
            "engine": None if mine is None else _plain(mine),
            "text": difference_words(record.words, first + k, theirs, mine, "by this engine"),
        }
    }


def _plain(event: Any) -> Any:
    import msgspec

    return msgspec.to_builtins(event)


def diff_positions(
    ledger: WizardLedger,
    game_id: str | UUID,
    a: int,
    b: int,
    *,
    viewer: int | str | None = ALL,
) -> dict[str, Any]:
    """What changed from position ``a`` to ``b``: the public facts, then each seat's
    own (a hand) where the viewer may see it."""
    if a > b:
        a, b = b, a
    first, second = ledger.load(game_id, a), ledger.load(game_id, b)
    game = first.game
    started = first.fold.started
    words = Words.table(game, started)
    finished = game.outcome(ledger.load(game_id).fold.state) is not None
    seats: list[int | None] = [None]
    if viewer == ALL or finished:
        seats += list(range(len(started.players)))
    elif isinstance(viewer, int):
        seats.append(viewer)
    public = changes(game.view(first.fold.state, None), game.view(second.fold.state, None), words)
    found = list(public)
    public_facts = set(flatten(game.view(second.fold.state, None), words))
    for seat in seats[1:]:
        assert seat is not None
        own = changes(game.view(first.fold.state, seat), game.view(second.fold.state, seat), words)
        for item in own:
            if item["what"] in public_facts:
                continue
            name = words.seat(seat)
            found.append({**item, "seen_by": name, "text": f"{name} sees — {item['text']}"})
    reveal = viewer == ALL or finished
    between = [
        e
        for e in ledger.entries(game_id, gt=a, lte=b)
        if isinstance(e.event, ActionTaken)
        and (viewer == ALL or finished or e.event.visibility().allows(viewer))  # type: ignore[arg-type]
    ]
    return {
        "game_id": str(parse_game_id(game_id)),
        "game": game.spec.id,
        "from": a,
        "to": b,
        "changes": found,
        "actions": [
            {"position": e.position, "text": words.event(shown_event(e.event, reveal))}
            for e in between
        ],
    }
