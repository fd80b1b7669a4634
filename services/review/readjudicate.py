"""``readjudicate`` (the record decided again, first divergence) and ``diff``
(what changed between two positions, in the game's own words)."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import msgspec

from domain.kernel import ActionTaken, Game, IllegalCommand
from domain.kernel.phrases import phrase, plural
from domain.kernel.profiles import Change, Profile, version_key
from services.ledger import WizardLedger
from services.reads.views import shown_event
from services.review.dispute import consequence_json
from services.review.record import GameRecord, read_record
from services.review.redecide import (
    Redecision,
    Step,
    difference,
    engine_profile,
    own_profile,
    refusal_text,
)
from services.review.story import ALL
from services.store.values import parse_game_id
from services.words.refusals import worded_message
from services.words.rule_words import option_doc
from services.words.sentences import Words
from services.words.telling import Teller
from services.words.views import changes, flatten


def _texts(record: GameRecord, events: list[Any], first: int) -> list[dict[str, Any]]:
    return [consequence_json(record, first + k, e) for k, e in enumerate(events)]


def switched_text(words: Words, name: str, now: Any, recorded: Any) -> str:
    """A switched option in a sentence: what it decides (its doc, in the table's
    names), its value in this run and in the record, and how to ask for it."""
    spec = next((o for o in words.game.spec.options if o.name == name), None)
    what = (option_doc(spec) if spec is not None else "").rstrip(".") or name.replace("_", " ")
    typed = json.dumps(now) if not isinstance(now, str) else now
    return words.say(
        phrase(
            "Reading switched: {what} — here: {now}; in the record: {recorded} (--option {key})",
            what=words.names.rename(what),
            now=words.option_value(now, spec),
            recorded=words.option_value(recorded, spec),
            key=f"{name}={typed}",
        )
    )


def readjudicate(
    ledger: WizardLedger,
    game_id: str | UUID,
    options: dict[str, str] | None = None,
    engine: str | None = None,
) -> dict[str, Any]:
    """Decide every recorded action again with the recorded chance, under the rules
    profile of ``engine`` (None: this engine's) with ``options`` switched, and report
    the first position where the result differs, attributed to the changelog
    entries that cause it."""
    record = read_record(ledger, game_id, ALL)
    game, started = record.game, record.started
    profile = engine_profile(game, engine)
    given = options or {}
    parsed = {k: v for k, v in game.spec.resolve_options(given).items() if k in given}
    own = own_profile(game, record.events, record.seeds)
    between = _between(game, own, profile)
    report: dict[str, Any] = {
        "game_id": str(parse_game_id(game_id)),
        "game": game.spec.id,
        "engine_recorded": started.engine_version,
        # The profile that decides the record as recorded (a revision variant of its
        # version, where one shipped two behaviours), and the one it is decided under.
        "recorded_under": own.name,
        "engine_now": profile.name,
        "changes_between": [c.name for c in between],
        "options": {k: started.options.get(k) for k in parsed},
        "options_now": parsed,
        "switched": [
            switched_text(record.words, k, v, started.options.get(k)) for k, v in parsed.items()
        ],
        "actions_checked": 0,
        "first_difference": None,
    }
    again = Redecision(game, record.events, record.seeds, parsed, profile=profile, own=own)
    if again.broken:  # the game cannot open under this reading
        report["first_difference"] = {
            "position": 1,
            "action": None,
            "text": again.broken,
            "recorded": [],
            "engine": [],
            "refused": again.broken,
        }
        return report
    for step in again.steps():
        if step.action is not None:
            report["actions_checked"] += 1
        elif not step.chance_known:
            continue  # the opening's chance is the seed's, and the seed is not known
        if step.differs_at is not None:
            said = _stretch_report(record, step)
            causes = _attribute(record, step, own, profile, parsed, between)
            said["attributed_to"] = [c.as_json() for c in causes]
            said["attribution"] = Teller(str, str)(
                plural(
                    "caused by the changelog entry {names}",
                    "caused by the changelog entries {names}",
                    len(causes),
                    names="; ".join(c.name for c in causes),
                )
                if causes
                else phrase("no changelog entry explains this difference")
            )
            report["first_difference"] = said
            return report
    return report


def _between(game: Game[Any], own: Profile, target: Profile) -> list[Change]:
    """The changelog entries that part two profiles, oldest first: those of the
    versions between them, and each revision variant's own entries where only one
    of the two is that variant."""
    lo, hi = sorted((version_key(own.version), version_key(target.version)))
    found = [
        c for c in game.catalogue.changelog if not c.revision and lo < version_key(c.version) <= hi
    ]
    found += [c for c in own.shipped if c not in target.shipped]
    found += [c for c in target.shipped if c not in own.shipped]
    return sorted(found, key=lambda c: version_key(c.version))


def _attribute(
    record: GameRecord,
    step: Step,
    own: Profile,
    profile: Profile,
    switched: dict[str, Any],
    between: list[Change],
) -> list[Change]:
    """The changelog entries whose reading makes the difference at ``step``: each
    reading that parts the two profiles (the record's ``own`` and ``profile``: an
    option the record does not hold, nor switched by hand), taken back to the
    record's value alone, else all at once; an entry causes the difference where
    the step then decides as recorded."""
    game, started = record.game, record.started
    known = {o.name: o.default for o in game.spec.options}
    candidates = [
        c
        for c in between
        if c.option in known
        and c.option not in started.options
        and c.option not in switched
        and own.options.get(c.option, known[c.option])
        != profile.options.get(c.option, known[c.option])
    ]

    def settles(changes: list[Change]) -> bool:
        tried = profile
        for c in changes:
            value = own.options.get(c.option, known[c.option])
            tried = tried.reverting(Change(**{**msgspec.structs.asdict(c), "old": value}))
        again = Redecision(game, record.events, record.seeds, switched, profile=tried, own=own)
        for other in again.steps():
            if other.index == step.index:
                return other.differs_at is None
        return False

    alone = [c for c in candidates if settles([c])]
    if alone or len(candidates) < 2:
        return alone
    return candidates if settles(candidates) else []


def _stretch_report(record: GameRecord, step: Step) -> dict[str, Any]:
    """The first stretch decided otherwise, both versions side by side."""
    assert step.differs_at is not None
    decided, action = step.decided, step.action
    # The stretch's events after its action: the consequences, or the opening's.
    skip, first = (0, step.position) if action is None else (1, step.position + 1)
    said: dict[str, Any] = {
        "position": step.position + step.differs_at,
        "action": None if action is None else step.position,
        "text": record.words.say(phrase("the opening (setup) is decided differently"))
        if action is None
        else record.words.event(action),
        "recorded": _texts(record, step.recorded[skip:], first),
        "engine": _texts(record, decided.events[skip:], first),
    }
    if action is None:
        error = decided.error
        said["refused"] = (
            "" if error is None else f"the opening fails: {type(error).__name__}: {error}"
        )
    elif isinstance(decided.error, IllegalCommand):
        # The refusal as a seat is told it: players by name, cards by the table's names.
        said["refused"] = refusal_text(decided.error, worded_message(decided.error, record.started))
    else:
        # The engine's words: the table's names.
        said["refused"] = record.words.names.rename(decided.refused)
    if not decided.refused:
        said["difference"] = difference(step, record.words, record.words.text("by this engine"))
    return said


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
        and (viewer == ALL or finished or e.event.visibility().allows(viewer))  # type: ignore[arg-type]  # viewer is a seat or None here: ALL is tested first
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
