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
from collections.abc import Sequence
from dataclasses import dataclass, field
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
from services.ledger import WizardLedger
from services.review.redecide import (
    SERVICE_EVENTS,
    Redecision,
    Step,
    difference,
    indices_of,
)
from services.seats.hold import OPENING, Hold, Refused, by_seats, row_hash
from services.store.codec import GENESIS, Record, decode_body, link_hash
from services.store.fold import RecordRow, decode_events
from services.store.values import Snapshot, parse_game_id
from services.words.sentences import Words


@dataclass
class Problem:
    position: int
    check: str
    message: str
    # An adjudication's first difference in its one shape (``redecide.difference``):
    # the two events as stored and as decided again, for programs; the message says them.
    difference: dict[str, Any] | None = None

    def __str__(self) -> str:
        return f"event #{self.position}: {self.check}: {self.message}"


@dataclass
class Report:
    game_id: UUID
    events: int = 0
    finished: bool = False
    problems: list[Problem] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    # What this verification cannot see, said rather than passed over: each a
    # sentence (a tampering the store alone cannot show, a record too old to check).
    unseen: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def first(self) -> Problem | None:
        return min(self.problems, key=lambda p: p.position) if self.problems else None

    def as_json(self) -> dict[str, Any]:
        first = self.first()
        return {
            "game_id": str(self.game_id),
            "ok": self.ok,
            "events": self.events,
            "finished": self.finished,
            "checks": self.checks,
            "unseen": self.unseen,
            "first_bad_event": None if first is None else first.position,
            "problems": [
                {"position": p.position, "check": p.check, "message": p.message}
                | ({} if p.difference is None else {"difference": p.difference})
                for p in self.problems
            ],
        }


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
        report.problems.append(Problem(1, "stream", "no events"))
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
                    f"expected position {expected_position}, found {position}"
                    " (an event was removed or inserted)",
                )
            )
            break
        if r.prev != prev:
            report.problems.append(
                Problem(expected_position, "chain", "does not link to the event before it")
            )
            break
        h = link_hash(prev, gid_hex, position, topic, r.schema, r.at, r.body, r.salt)
        if h != r.hash:
            report.problems.append(
                Problem(expected_position, "chain", "content does not match its hash (edited)")
            )
            break
        prev = r.hash
    report.checks.append("hash chain")
    if report.problems:
        return report
    if _check_head(ledger, gid, rows, report):
        return report
    _check_heads(ledger, gid, rows, report)
    if expect is not None:
        _check_kept(rows, expect, report)
    else:
        report.unseen.append(_UNSEEN_WITHOUT_EXPECT)

    # 2. Decode and fold.
    try:
        events = decode_events(rows, _as_is)
    except Exception as e:  # a body that no longer decodes is the finding itself
        bad = next(i for i, row in enumerate(rows, 1) if _fails(row))
        report.problems.append(Problem(bad, "decode", str(e.__cause__ or e)))
        return report
    started = events[0]
    if not isinstance(started, GameStarted):
        report.problems.append(Problem(1, "stream", "does not open with GameStarted"))
        return report
    game = get_game(started.game)
    report.checks.append("decode")
    problem = _check_data(game, started)
    if problem is not None:
        report.problems.append(problem)
        return report
    _check_opening(ledger, gid, rows, started, report)
    _check_hold_record(ledger, gid, rows, started, report)

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
                    Problem(revealed_at + 1, "seed", "revealed seed does not match the commitment")
                )
                return report
            seeds[-1] = revealed
        for k, (seed_k, expected) in enumerate(zip(seeds, commitments, strict=True)):
            if seed_k is None or commitment(seed_k) != expected:
                where = 1 if k == 0 else marks[k - 1] + 1
                report.problems.append(
                    Problem(where, "seed", "the operator's seed does not match the commitment")
                )
                return report
        report.checks.append("seed commitment")

    # 4. Decide again: the opening, then every action, against the stored events.
    # Each stretch (the opening's events, then an action with its consequences)
    # is decided again from the fold before it, its chance checked event by
    # event, then folded at once. A snapshot's position, known before, keeps the
    # fold there for the comparison after. Where the rolls and shuffles lie is
    # found once, by class.
    snapshots = ledger.snapshot_rows(gid)
    again = Redecision(game, events, seeds, keep={v for v, _ in snapshots})
    if again.error is not None:
        report.problems.append(_fold_problem(again))
        return report
    checked = sorted([*indices_of(types, (DiceRolled, CardsShuffled)), *marks])
    stretch = next_checked = 0
    for step in again.steps():
        problem = _adjudication(game, step)
        if problem is not None:
            report.problems.append(problem)
            return report
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
            report.problems.append(problem)
            return report
    report.checks += ["dice re-derived", "fold", "re-adjudication"]
    _check_snapshots(snapshots, again.kept, ledger, rows, events, report)
    _check_annotations(ledger, gid, report)
    assert again.fold is not None
    report.finished = game.outcome(again.fold.state) is not None
    if report.finished and started.mode == "seeded" and not isinstance(events[-1], SeedRevealed):
        report.problems.append(
            Problem(len(events), "end", "a finished game must end with SeedRevealed")
        )
    return report


def _check_data(game: Any, started: GameStarted) -> Problem | None:
    """A table's own data: its hash binds it, and the game still accepts it as stored."""
    if started.data is None:
        if started.data_hash:
            return Problem(1, "data", "a data hash without data")
        return None
    if data_hash(started.data) != started.data_hash:
        return Problem(1, "data", "the table's data does not match its hash (edited)")
    try:
        normal = game.validate_data(started.data)
    except ValueError as e:
        return Problem(1, "data", f"this engine refuses the table's data: {e}")
    if msgspec.json.encode(normal, order="sorted") != msgspec.json.encode(
        started.data, order="sorted"
    ):
        return Problem(1, "data", "this engine reads the table's data differently")
    return None


def _adjudication(game: Any, step: Step) -> Problem | None:
    """The stretch decided again by this engine against the stored events: the
    opening (its setup), or an action with its consequences."""
    decided, k = step.decided, step.differs_at
    if k is None:
        return None
    error = decided.error
    why = (
        ""
        if error is None
        else error.message
        if isinstance(error, IllegalCommand)
        else f"{type(error).__name__}: {error}"
    )
    if step.action is None:
        if decided.refused:
            return Problem(step.position, "setup", f"setup no longer succeeds: {why}")
        return Problem(
            step.position + k,
            "adjudication",
            "setup decided today differs from the stored events",
        )
    if decided.refused:
        refuses = "refuses" if isinstance(error, IllegalCommand) else "fails on"
        return Problem(step.position, "adjudication", f"this engine {refuses} the action: {why}")
    return _differently(game, step)


def _differently(game: Any, step: Step) -> Problem:
    """What differs at the first differing event, in the story's words (players by
    name, cards by the table's names), and under which engines, so that a referee
    sees at once whether a rule's outcome or only its citation moved. The two
    events stay in the report as data for programs."""
    recorded = step.started.engine_version
    engines = (
        f" (recorded by engine {recorded}, decided again by {ENGINE_VERSION}; "
        "`wizards readjudicate` shows both side by side)"
        if recorded != ENGINE_VERSION
        else ""
    )
    found = difference(step, Words.table(game, step.started), "by this engine")
    assert step.differs_at is not None
    return Problem(
        step.position + step.differs_at,
        "adjudication",
        f"this engine decides the action differently{engines}; " + "\n".join(found["text"]),
        found,
    )


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
                message = f"counter {event.counter}, expected {counter}"
                return Problem(i + 1, "dice", message), stretch
            seed = seeds[stretch]
            if seed is not None and not rederive(seed, event):
                return Problem(i + 1, "dice", "values do not follow from the seed"), stretch
            counter = next_counter(event)
        elif isinstance(event, GameForked) and event.seed_commitment:
            stretch += 1
    return None, stretch


def _as_is(record: Record) -> Record:
    return record


def _fails(row: RecordRow) -> bool:
    _, topic, record = row
    try:
        decode_body(topic, record.schema, record.body)
    except Exception:
        return True
    return False


def _check_head(ledger: WizardLedger, gid: UUID, rows: list[RecordRow], report: Report) -> bool:
    """The head recorded apart from the stream; True when verification must stop.

    The head is written with the events: a missing head, or one behind the
    stream, means rows were deleted (or written around the service); one ahead
    means the stream lost its last events.
    """
    head = ledger.recorded_head(gid)
    end, _, last = rows[-1]
    if head is None:
        report.problems.append(
            Problem(
                end, "head", "the store has no head for this stream: its head rows were deleted"
            )
        )
        return False
    if head[0] > end:
        report.problems.append(
            Problem(
                end + 1,
                "truncated",
                f"the store recorded position {head[0]}, the stream ends at {end}: "
                "events were removed from its end",
            )
        )
        return True
    if head[0] < end:
        report.problems.append(
            Problem(
                head[0] + 1,
                "head",
                f"the recorded head (position {head[0]}) is behind the stream (position {end}): "
                "events after it have no head, or the head's last rows were deleted",
            )
        )
        return False
    if head[1] != last.hash:
        report.problems.append(
            Problem(head[0], "chain", "the last event differs from the head the store recorded")
        )
        return True
    report.checks.append("recorded head")
    return False


def _check_kept(rows: list[RecordRow], expect: str, report: Report) -> None:
    """A ``POSITION:HASH`` kept outside the store must still be in the stream."""
    raw_position, sep, kept = expect.partition(":")
    if not sep or not raw_position.strip().isdigit() or not kept.strip():
        raise ValueError(f"--expect {expect!r}: give POSITION:HASH from a log line")
    position = int(raw_position)
    if position > len(rows):
        report.problems.append(
            Problem(
                position,
                "kept hash",
                f"the stream ends at {len(rows)}, before the kept position {position}: "
                "events were removed with their head",
            )
        )
    elif rows[position - 1][2].hash != kept.strip():
        report.problems.append(
            Problem(position, "kept hash", "the event here differs from the hash that was kept")
        )
    else:
        report.checks.append("kept hash")


def _check_snapshots(
    snapshots: list[tuple[int, bytes]],
    tables: dict[int, Fold[Any]],
    ledger: WizardLedger,
    rows: list[RecordRow],
    events: list[Any],
    report: Report,
) -> None:
    """A snapshot is a cache of the fold; one that differs from it would be served.

    Each stored snapshot must decode, lie within the stream, link to the event
    it was taken after, and hold exactly the fold of the events up to it
    (``tables``: the fold at each snapshot's position, kept by the re-decision).
    """
    decoded: dict[int, Any] = {}
    checked = 0
    advice = "; reads fold from the events instead (--no-snapshots forces it everywhere)"
    for version, state in snapshots:
        if version > len(events):
            report.problems.append(
                Problem(
                    version,
                    "snapshot",
                    f"a snapshot lies past the end of the stream ({len(events)} events): "
                    "the events it was taken after were removed",
                )
            )
            return
        head = _head_if_encoded(state, tables[version])
        snap = None
        if head is None:
            try:
                snap = ledger.decode_snapshot(state)
            except Exception as e:  # the damage itself is the finding
                report.problems.append(
                    Problem(
                        version,
                        "snapshot",
                        f"the snapshot stored at this position does not decode "
                        f"({type(e).__name__}){advice}",
                    )
                )
                return
            if snap is None:
                continue  # another engine's fold: never used by this one
            head = snap.head
        if head != rows[version - 1][2].hash:
            report.problems.append(
                Problem(version, "snapshot", f"the snapshot does not link to this event{advice}")
            )
            return
        checked += 1
        if snap is not None:
            decoded[version] = snap
    for position in sorted(decoded):
        cached, folded = decoded[position].fold, tables[position]
        if cached != folded and msgspec.to_builtins(cached) != msgspec.to_builtins(folded):
            report.problems.append(
                Problem(
                    position,
                    "snapshot",
                    "the snapshot stored at this position differs from the fold of the events; "
                    "read with snapshots off (--no-snapshots) and rebuild them",
                )
            )
            return
    if checked:
        report.checks.append("snapshots")


def _head_if_encoded(state: bytes, folded: Fold[Any]) -> str | None:
    """The head of the snapshot stored as ``state`` when this engine took it and its
    table is, byte for byte, the encoding of ``folded`` (it decodes to exactly the
    fold); None otherwise, and the snapshot is decoded and compared field by
    field. Encoding the fold costs a fraction of decoding the snapshot's table."""
    try:
        snap = msgspec.msgpack.decode(state, type=Snapshot)
    except msgspec.DecodeError:
        return None
    if snap.engine != ENGINE_VERSION or bytes(snap.table) != msgspec.msgpack.encode(folded):
        return None
    return snap.head


_UNSEEN_WITHOUT_EXPECT = (
    "without --expect, a stream cut at the end of an action together with its head "
    "rows (and snapshots) reads as a shorter game, and a stream rewritten whole (its "
    "chain, every head and the opening's kept hash recomputed) as the game played: "
    "only a hash kept outside the store shows either (--expect POSITION:HASH from a "
    "log line)"
)


def _check_heads(ledger: WizardLedger, gid: UUID, rows: list[RecordRow], report: Report) -> None:
    """Every head the store recorded (one per write, at its last event) against the
    chain: a stream rewritten after a write (an event edited, its chain recomputed
    and only the last head set right) no longer reaches the heads of the writes
    before."""
    for position, head in ledger.recorded_heads(gid):
        if position <= len(rows) and rows[position - 1][2].hash != head:
            report.problems.append(
                Problem(
                    position,
                    "head",
                    "the event here differs from the head the store recorded when it was "
                    "written: the stream was rewritten after it (an event edited and the "
                    "chain recomputed)",
                )
            )
            return
    report.checks.append("recorded heads")


def _check_opening(
    ledger: WizardLedger, gid: UUID, rows: list[RecordRow], started: GameStarted, report: Report
) -> None:
    """The opening against the hash kept with the game's secrets when it was
    first stored: its data (whose hash ``GameStarted`` carries), options or players
    edited, with the chain and the heads recomputed, no longer match it. A held
    opening is bound by the hold record instead."""
    kept = ledger.recorded_opening(gid)
    if kept:
        if kept != rows[0][2].hash:
            report.problems.append(
                Problem(
                    1,
                    "opening",
                    "the game's opening differs from the one stored when the game was "
                    "created (its data, options or players edited, and the chain recomputed)",
                )
            )
        else:
            report.checks.append("opening kept")
    elif not _salted(rows[0][2]) and not by_seats(started.setup):
        report.unseen.append(
            "the opening's hash was not kept when this game was created (an earlier "
            "release): an opening edited with its chain and heads recomputed is found "
            "only through a snapshot after it, or --expect"
        )


def _salted(record: Record) -> bool:
    """Whether a first event carries a hold row's hash after its random salt."""
    return len(record.salt) == _SALT + 32


_SALT = 16  # the random part of an event's salt (``Appender.stage``)


def _check_hold_record(
    ledger: WizardLedger, gid: UUID, rows: list[RecordRow], started: GameStarted, report: Report
) -> None:
    """The hold record of a table whose seats enter their own draws: each of its
    two streams (the rows, the refused entries) a chain of its own; each row's
    link to the refusals kept before it; each row that completed a command bound
    into the first event stored with it (its salt), and each such event's row
    there. A record kept before the chain is said, not failed."""
    if not by_seats(started.setup):
        return
    holds = ledger.holds.hold_record(gid)
    refusals = ledger.holds.hold_refusals(gid)
    problem = _chain(gid, holds, "hold record") or _chain(gid, refusals, "refused entries")
    if problem is None:
        problem = _refusals_bound(holds, refusals)
    if problem is None:
        problem = _bound_to_events(holds, rows)
    if problem is not None:
        report.problems.append(problem)
        return
    old = sum(not row.hash for _, row in holds) + sum(not no.hash for _, no in refusals)
    if old:
        report.unseen.append(
            f"{old} rows of the hold record were kept before it had a chain (an earlier "
            "release): they are not checked"
        )
    report.checks.append("hold record")
    report.unseen.append(
        "the hold rows and refused entries after the last stored action are chained but "
        "bound to no event yet: rows removed from their end cannot be told from entries "
        "never made"
    )


def _chain(gid: UUID, numbered: Sequence[tuple[int, Hold | Refused]], what: str) -> Problem | None:
    """The first break in a stream of the hold record: a number missing, a row
    that does not link to the one before, or one whose hash its fields do not
    give. Rows from before the chain (no hash) may only come first."""
    prev = ""
    for expected, (number, row) in enumerate(numbered, start=1):
        where = _where(row)
        if number != expected:
            return Problem(
                where, "hold record", f"{what}: row {expected} is missing (a row was removed)"
            )
        if not row.hash:
            if prev:
                return Problem(
                    where, "hold record", f"{what}: row {number} has lost its link (edited)"
                )
            continue
        if row.prev != (prev or GENESIS) or row.hash != row_hash(row, gid, number):
            return Problem(
                where,
                "hold record",
                f"{what}: row {number} was edited, or a row before it removed",
            )
        prev = row.hash
    return None


def _where(row: Hold | Refused) -> int:
    """The game position a row of the hold record was sent at, as a problem's."""
    return max(row.at, 1)


def _refusals_bound(
    holds: Sequence[tuple[int, Hold]], refusals: Sequence[tuple[int, Refused]]
) -> Problem | None:
    """Each row names the last refusal kept when it was written: that refusal must
    still be there, and each row's at or after the one before's."""
    order = {no.hash: k for k, (_, no) in enumerate(refusals) if no.hash}
    seen = -1
    for number, row in holds:
        if not row.refused:
            continue
        k = order.get(row.refused)
        if k is None or k < seen:
            return Problem(
                _where(row),
                "hold record",
                f"refused entries kept before hold row {number} were removed or edited",
            )
        seen = k
    return None


def _bound_to_events(holds: Sequence[tuple[int, Hold]], rows: list[RecordRow]) -> Problem | None:
    """Each row that completed a command is the one whose hash its first event
    carries; each first event carrying a hash has its row."""
    done = {row.hash: (number, row) for number, row in holds if row.done and row.hash}
    for number, row in done.values():
        position = 1 if row.seat == OPENING else row.at + 1
        record = rows[position - 1][2] if position <= len(rows) else None
        if record is None or record.salt[_SALT:] != bytes.fromhex(row.hash):
            return Problem(
                position,
                "hold record",
                f"hold row {number} is not the one stored with the action at this position "
                "(edited or put in its place)",
            )
    for position, _, record in rows:
        if _salted(record) and record.salt[_SALT:].hex() not in done:
            return Problem(
                position,
                "hold record",
                "the hold row stored with this action is missing from the hold record "
                "(removed, with the rows after it)",
            )
    return None


def _check_annotations(ledger: WizardLedger, gid: UUID, report: Report) -> None:
    """Referees' notes have their own chain: an edited or removed note breaks it."""
    prev = GENESIS
    notes = ledger.annotations(gid)
    for expected_number, (number, note) in enumerate(notes, start=1):
        if number != expected_number or note.prev != prev or note.hash != note.expected_hash():
            report.problems.append(
                Problem(
                    note.at,
                    "annotation",
                    f"note {number} on this position was edited, or a note before it removed",
                )
            )
            return
        prev = note.hash
    if notes:
        report.checks.append("annotations")
