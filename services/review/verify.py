"""``verify``: check a stored game end to end and name the first bad event.

Checks, in order: the hash chain over the raw rows (an edited, removed or
reordered event breaks it); positions contiguous from 1; every body decodes;
the fold succeeds; the seed (revealed, or the operator's secret copy) matches
the commitment; every recorded roll and shuffle re-derives from the seed at
its counter, and counters follow on; and every action, decided again by this
engine from the state before it, yields exactly the stored consequences (the
re-adjudication that finds the first divergence under a newer engine).
Beside the stream: every recorded head, the opening's hash kept at creation,
the snapshots, the notes' chain and, at a table whose seats enter their own
draws, the hold record's chains and their binding into the game's. What it
cannot see, it says (``Report.unseen``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any
from uuid import UUID

import msgspec

from domain.games import get_game
from domain.kernel import (
    ENGINE_VERSION,
    CardsShuffled,
    DiceRolled,
    Fold,
    GameForked,
    GameStarted,
    IllegalCommand,
    SeedRevealed,
    commitment,
)
from domain.kernel.data import data_hash
from domain.kernel.dice import next_counter, rederive
from domain.kernel.phrases import Phrase, phrase
from domain.kernel.profiles import Profile
from services.ledger import WizardLedger
from services.review.findings import Problem, Report
from services.review.kept_beside import (
    UNSEEN_WITHOUT_EXPECT,
    check_annotations,
    check_head,
    check_heads,
    check_hold_record,
    check_kept,
    check_opening,
    check_snapshots,
)
from services.review.redecide import (
    SERVICE_EVENTS,
    Redecision,
    Step,
    difference,
    indices_of,
    profiles_to_try,
)
from services.store.codec import GENESIS, Record, decode_body, link_hash
from services.store.fold import RecordRow, decode_events
from services.store.values import parse_game_id
from services.words.sentences import Words

__all__ = ["Problem", "Report", "verify_game"]


def verify_game(ledger: WizardLedger, game_id: str | UUID, *, expect: str | None = None) -> Report:
    """Verify one game. ``expect`` is a ``POSITION:HASH`` kept outside the store
    (a player's last log line): the stream must still hold that event."""
    gid = parse_game_id(game_id)
    report = Report(gid)
    rows = ledger.raw_rows(gid)
    report.events = len(rows)
    if not rows:
        held = ledger.holds.opening_held_refusal(gid)
        if held is not None:  # nothing to verify: no event is stored before the deal
            raise held
        report.problems.append(Problem(1, "stream", phrase("no events")))
        return report

    # 1. The chain, over the bytes as stored.
    prev = GENESIS
    gid_hex = gid.hex
    for expected_position, (position, topic, r) in enumerate(rows, start=1):
        if position != expected_position:
            report.problems.append(
                Problem(
                    expected_position,
                    "sequence",
                    phrase(
                        "expected position {expected}, found {found}"
                        " (an event was removed or inserted)",
                        expected=expected_position,
                        found=position,
                    ),
                )
            )
            break
        if r.prev != prev:
            report.problems.append(
                Problem(expected_position, "chain", phrase("does not link to the event before it"))
            )
            break
        h = link_hash(prev, gid_hex, position, topic, r.schema, r.at, r.body, r.salt)
        if h != r.hash:
            report.problems.append(
                Problem(
                    expected_position,
                    "chain",
                    phrase("content does not match its hash (edited)"),
                )
            )
            break
        prev = r.hash
    report.checks.append("hash chain")
    if report.problems:
        return report
    if check_head(ledger, gid, rows, report):
        return report
    check_heads(ledger, gid, rows, report)
    if expect is not None:
        check_kept(rows, expect, report)
    else:
        report.unseen.append(UNSEEN_WITHOUT_EXPECT)

    # 2. Decode and fold.
    try:
        events = decode_events(rows, as_is)
    except Exception as e:  # a body that no longer decodes is the finding itself
        bad = next(i for i, row in enumerate(rows, 1) if fails(row))
        report.problems.append(Problem(bad, "decode", str(e.__cause__ or e)))
        return report
    started = events[0]
    if not isinstance(started, GameStarted):
        report.problems.append(Problem(1, "stream", phrase("does not open with GameStarted")))
        return report
    game = get_game(started.game)
    report.checks.append("decode")
    problem = _check_data(game, started)
    if problem is not None:
        report.problems.append(problem)
        return report
    check_opening(ledger, gid, rows, started, report)
    check_hold_record(ledger, gid, rows, started, report)

    # 3. The seeds: one per stretch (a fork with fresh dice starts a stretch),
    # each against its commitment; the revealed one against the last.
    types = list(map(type, events))
    services = indices_of(types, SERVICE_EVENTS)
    forks = [
        (i, fork)
        for i in services
        if isinstance(fork := events[i], GameForked) and fork.seed_commitment
    ]
    marks = [i for i, _ in forks]
    commitments = [started.seed_commitment] + [fork.seed_commitment for _, fork in forks]
    revealed_at = next((i for i in services if isinstance(events[i], SeedRevealed)), None)
    seeds: list[str | None] = [None] * len(commitments)
    if started.mode == "seeded":
        known = list(ledger.seeds_for_verification(gid))
        for k in range(min(len(known), len(seeds))):
            seeds[k] = known[k]
        if revealed_at is not None:
            shown = events[revealed_at]
            assert isinstance(shown, SeedRevealed)
            revealed = shown.seed
            if commitment(revealed) != commitments[-1]:
                report.problems.append(
                    Problem(
                        revealed_at + 1,
                        "seed",
                        phrase("revealed seed does not match the commitment"),
                    )
                )
                return report
            seeds[-1] = revealed
        for k, (seed_k, expected) in enumerate(zip(seeds, commitments, strict=True)):
            if seed_k is None or commitment(seed_k) != expected:
                where = 1 if k == 0 else marks[k - 1] + 1
                report.problems.append(
                    Problem(
                        where, "seed", phrase("the operator's seed does not match the commitment")
                    )
                )
                return report
        report.checks.append("seed commitment")

    # 4. Decide again: the opening, then every action, against the stored events.
    # A version that shipped two behaviours has several profiles: the record is
    # authentic where one of them, in changelog order, decides it as recorded.
    snapshots = ledger.snapshot_rows(gid)
    keep = {v for v, _ in snapshots}
    profiles = profiles_to_try(game, started)
    found: tuple[Problem | None, Redecision] | None = None
    for own in profiles:
        tried = _decide_again(game, events, seeds, types, marks, keep, own)
        if found is None or tried[0] is None:
            found = tried
        if tried[0] is None or tried[0].check not in ("adjudication", "setup"):
            break
    assert found is not None
    problem, again = found
    if problem is not None:
        report.problems.append(problem)
        return report
    report.decided_under = again.own.name
    report.checks += ["dice re-derived", "fold", "re-adjudication"]
    check_snapshots(snapshots, again.kept, ledger, rows, events, report)
    check_annotations(ledger, gid, report)
    assert again.fold is not None
    report.finished = game.outcome(again.fold.state) is not None
    if report.finished and started.mode == "seeded" and not isinstance(events[-1], SeedRevealed):
        report.problems.append(
            Problem(len(events), "end", phrase("a finished game must end with SeedRevealed"))
        )
    return report


def _decide_again(
    game: Any,
    events: list[Any],
    seeds: list[str | None],
    types: list[type],
    marks: list[int],
    keep: set[int],
    own: Profile,
) -> tuple[Problem | None, Redecision]:
    """The opening, then every action, decided again under the record's ``own``
    profile against the stored events; the first problem (None: as recorded).

    Each stretch (the opening's events, then an action with its consequences)
    is decided again from the fold before it, its chance checked event by
    event, then folded at once. A snapshot's position (``keep``), known before,
    keeps the fold there for the comparison after. Where the rolls and shuffles
    lie is found once, by class."""
    again = Redecision(game, events, seeds, keep=keep, own=own)
    if again.error is not None:
        return _fold_problem(again), again
    checked = sorted([*indices_of(types, (DiceRolled, CardsShuffled)), *marks])
    stretch = next_checked = 0
    for step in again.steps():
        problem = _adjudication(game, step)
        if problem is not None:
            return problem, again
        assert step.before is not None
        upto = bisect_left(checked, step.end, next_checked)
        chance, stretch = _check_chance(
            step.before, events, checked[next_checked:upto], seeds, stretch
        )
        next_checked = upto
        problem = None if again.error is None else _fold_problem(again)
        if chance is not None and (problem is None or chance.position <= problem.position):
            problem = chance
        if problem is not None:
            return problem, again
    return None, again


def _check_data(game: Any, started: GameStarted) -> Problem | None:
    """A table's own data: its hash binds it, and the game still accepts it as stored."""
    if started.data is None:
        if started.data_hash:
            return Problem(1, "data", phrase("a data hash without data"))
        return None
    if data_hash(started.data) != started.data_hash:
        return Problem(1, "data", phrase("the table's data does not match its hash (edited)"))
    try:
        normal = game.validate_data(started.data)
    except ValueError as e:
        return Problem(1, "data", phrase("this engine refuses the table's data: {why}", why=str(e)))
    if msgspec.json.encode(normal, order="sorted") != msgspec.json.encode(
        started.data, order="sorted"
    ):
        return Problem(1, "data", phrase("this engine reads the table's data differently"))
    return None


def _adjudication(game: Any, step: Step) -> Problem | None:
    """The stretch decided again by this engine against the stored events: the
    opening (its setup), or an action with its consequences."""
    decided, k = step.decided, step.differs_at
    if k is None:
        return None
    error = decided.error
    # A refusal of the rules is said as the table says it (its phrase: players by
    # name, in the reader's language); any other failure as the program put it.
    why: Phrase | str = (
        ""
        if error is None
        else (error.said or error.message)
        if isinstance(error, IllegalCommand)
        else f"{type(error).__name__}: {error}"
    )
    if step.action is None:
        if decided.refused:
            return Problem(
                step.position, "setup", phrase("setup no longer succeeds: {why}", why=why)
            )
        return Problem(
            step.position + k,
            "adjudication",
            phrase("setup decided today differs from the stored events"),
        )
    if decided.refused:
        refuses = (
            phrase("this engine refuses the action: {why}", why=why)
            if isinstance(error, IllegalCommand)
            else phrase("this engine fails on the action: {why}", why=why)
        )
        return Problem(step.position, "adjudication", refuses)
    return _differently(game, step)


def _differently(game: Any, step: Step) -> Problem:
    """What differs at the first differing event, in the story's words (players by
    name, cards by the table's names), and under which engines, so that a referee
    sees at once whether a rule's outcome or only its citation moved. The two
    events stay in the report as data for programs."""
    recorded = step.started.engine_version
    words = Words.table(game, step.started)
    found = difference(step, words, words.text("by this engine"))
    told = "\n".join(found["text"])
    message = (
        phrase(
            "this engine decides the action differently (recorded by engine {recorded}, "
            "decided again by {engine}; `wizards readjudicate` shows both side by side); "
            "{found}",
            recorded=recorded,
            engine=ENGINE_VERSION,
            found=told,
        )
        if recorded != ENGINE_VERSION
        else phrase("this engine decides the action differently; {found}", found=told)
    )
    assert step.differs_at is not None
    return Problem(step.position + step.differs_at, "adjudication", message, found)


def _fold_problem(again: Redecision) -> Problem:
    error = again.error
    return Problem(again.broken_at, "fold", f"{type(error).__name__}: {error}")


def _check_chance(
    table: Fold[Any],
    events: list[Any],
    at: list[int],
    seeds: list[str | None],
    stretch: int,
) -> tuple[Problem | None, int]:
    """The first roll or shuffle of ``events`` at the indices ``at`` (the rolls,
    shuffles and seed-starting forks of one stretch) that is not where the counter
    stands or not what the seed gives there; and the seed's stretch after them."""
    counter = table.counter
    for i in at:
        event = events[i]
        if isinstance(event, DiceRolled | CardsShuffled):
            if event.counter != counter:
                message = phrase(
                    "counter {found}, expected {expected}", found=event.counter, expected=counter
                )
                return Problem(i + 1, "dice", message), stretch
            seed = seeds[stretch]
            if seed is not None and not rederive(seed, event):
                return Problem(i + 1, "dice", phrase("values do not follow from the seed")), stretch
            counter = next_counter(event)
        elif isinstance(event, GameForked) and event.seed_commitment:
            stretch += 1
    return None, stretch


def as_is(record: Record) -> Record:
    return record


def fails(row: RecordRow) -> bool:
    _, topic, record = row
    try:
        decode_body(topic, record.schema, record.body)
    except Exception:
        return True
    return False


def record_words(ledger: WizardLedger, gid: UUID, lang: str | None = None) -> Words | None:
    """The words of a record's table, to say its problems by name; None when even
    its opening cannot be read (a record broken there is said by seat number)."""
    try:
        loaded = ledger.load(gid, 1)
        return Words.table(loaded.game, loaded.fold.started, lang)
    except Exception:  # whatever broke the record, its report must still be said
        return None
