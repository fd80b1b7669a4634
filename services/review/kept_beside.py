"""The checks of what is kept beside a game's events: every recorded head and the
one a referee expects, the opening's hash kept at creation, the snapshots, the
notes' chain and, at a table whose seats enter their own draws, the hold
record's chains and their binding into the game's own chain."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

import msgspec

from domain.kernel import (
    ENGINE_VERSION,
    Fold,
    GameStarted,
)
from domain.kernel.errors import SaidError
from domain.kernel.phrases import Phrase, phrase, plural
from services.ledger import WizardLedger
from services.review.findings import Problem, Report
from services.seats.hold import OPENING, Hold, Refused, by_seats, row_hash
from services.store.codec import GENESIS, Record
from services.store.fold import RecordRow
from services.store.values import Snapshot


def check_head(ledger: WizardLedger, gid: UUID, rows: list[RecordRow], report: Report) -> bool:
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
                end,
                "head",
                phrase("the store has no head for this stream: its head rows were deleted"),
            )
        )
        return False
    if head[0] > end:
        report.problems.append(
            Problem(
                end + 1,
                "truncated",
                phrase(
                    "the store recorded position {recorded}, the stream ends at {end}: "
                    "events were removed from its end",
                    recorded=head[0],
                    end=end,
                ),
            )
        )
        return True
    if head[0] < end:
        report.problems.append(
            Problem(
                head[0] + 1,
                "head",
                phrase(
                    "the recorded head (position {recorded}) is behind the stream "
                    "(position {end}): events after it have no head, or the head's last "
                    "rows were deleted",
                    recorded=head[0],
                    end=end,
                ),
            )
        )
        return False
    if head[1] != last.hash:
        report.problems.append(
            Problem(
                head[0],
                "chain",
                phrase("the last event differs from the head the store recorded"),
            )
        )
        return True
    report.checks.append("recorded head")
    return False


def check_kept(rows: list[RecordRow], expect: str, report: Report) -> None:
    """A ``POSITION:HASH`` kept outside the store must still be in the stream."""
    raw_position, sep, kept = expect.partition(":")
    if not sep or not raw_position.strip().isdigit() or not kept.strip():
        raise SaidError(
            phrase("--expect {given}: give POSITION:HASH from a log line", given=repr(expect))
        )
    position = int(raw_position)
    if position > len(rows):
        report.problems.append(
            Problem(
                position,
                "kept hash",
                phrase(
                    "the stream ends at {end}, before the kept position {position}: "
                    "events were removed with their head",
                    end=len(rows),
                    position=position,
                ),
            )
        )
    elif rows[position - 1][2].hash != kept.strip():
        report.problems.append(
            Problem(
                position,
                "kept hash",
                phrase("the event here differs from the hash that was kept"),
            )
        )
    else:
        report.checks.append("kept hash")


def check_snapshots(
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
    advice = phrase("reads fold from the events instead (--no-snapshots forces it everywhere)")
    for version, state in snapshots:
        if version > len(events):
            report.problems.append(
                Problem(
                    version,
                    "snapshot",
                    phrase(
                        "a snapshot lies past the end of the stream ({n} events): "
                        "the events it was taken after were removed",
                        n=len(events),
                    ),
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
                        phrase(
                            "the snapshot stored at this position does not decode "
                            "({error}); {advice}",
                            error=type(e).__name__,
                            advice=advice,
                        ),
                    )
                )
                return
            if snap is None:
                continue  # another engine's fold: never used by this one
            head = snap.head
        if head != rows[version - 1][2].hash:
            report.problems.append(
                Problem(
                    version,
                    "snapshot",
                    phrase("the snapshot does not link to this event; {advice}", advice=advice),
                )
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
                    phrase(
                        "the snapshot stored at this position differs from the fold of the "
                        "events; read with snapshots off (--no-snapshots) and rebuild them"
                    ),
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


UNSEEN_WITHOUT_EXPECT = phrase(
    "without --expect, a stream cut at the end of an action together with its head "
    "rows (and snapshots) reads as a shorter game, and a stream rewritten whole (its "
    "chain, every head and the opening's kept hash recomputed) as the game played: "
    "only a hash kept outside the store shows either (--expect POSITION:HASH from a "
    "log line)"
)


def check_heads(ledger: WizardLedger, gid: UUID, rows: list[RecordRow], report: Report) -> None:
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
                    phrase(
                        "the event here differs from the head the store recorded when it was "
                        "written: the stream was rewritten after it (an event edited and the "
                        "chain recomputed)"
                    ),
                )
            )
            return
    report.checks.append("recorded heads")


def check_opening(
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
                    phrase(
                        "the game's opening differs from the one stored when the game was "
                        "created (its data, options or players edited, and the chain "
                        "recomputed)"
                    ),
                )
            )
        else:
            report.checks.append("opening kept")
    elif not _salted(rows[0][2]) and not by_seats(started.setup):
        report.unseen.append(
            phrase(
                "the opening's hash was not kept when this game was created (an earlier "
                "release): an opening edited with its chain and heads recomputed is found "
                "only through a snapshot after it, or --expect"
            )
        )


def _salted(record: Record) -> bool:
    """Whether a first event carries a hold row's hash after its random salt."""
    return len(record.salt) == _SALT + 32


_SALT = 16  # the random part of an event's salt (``Appender.stage``)


def check_hold_record(
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
    problem = _chain(gid, holds, phrase("hold record")) or _chain(
        gid, refusals, phrase("refused entries")
    )
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
            plural(
                "{n} row of the hold record was kept before it had a chain (an earlier "
                "release): it is not checked",
                "{n} rows of the hold record were kept before it had a chain (an earlier "
                "release): they are not checked",
                old,
            )
        )
    report.checks.append("hold record")
    report.unseen.append(
        phrase(
            "the hold rows and refused entries after the last stored action are chained but "
            "bound to no event yet: rows removed from their end cannot be told from entries "
            "never made"
        )
    )


def _chain(
    gid: UUID, numbered: Sequence[tuple[int, Hold | Refused]], what: Phrase
) -> Problem | None:
    """The first break in a stream of the hold record: a number missing, a row
    that does not link to the one before, or one whose hash its fields do not
    give. Rows from before the chain (no hash) may only come first."""
    prev = ""
    for expected, (number, row) in enumerate(numbered, start=1):
        where = _where(row)
        if number != expected:
            return Problem(
                where,
                "hold record",
                phrase("{what}: row {row} is missing (a row was removed)", what=what, row=expected),
            )
        if not row.hash:
            if prev:
                return Problem(
                    where,
                    "hold record",
                    phrase("{what}: row {row} has lost its link (edited)", what=what, row=number),
                )
            continue
        if row.prev != (prev or GENESIS) or row.hash != row_hash(row, gid, number):
            return Problem(
                where,
                "hold record",
                phrase(
                    "{what}: row {row} was edited, or a row before it removed",
                    what=what,
                    row=number,
                ),
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
                phrase(
                    "refused entries kept before hold row {row} were removed or edited",
                    row=number,
                ),
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
                phrase(
                    "hold row {row} is not the one stored with the action at this position "
                    "(edited or put in its place)",
                    row=number,
                ),
            )
    for position, _, record in rows:
        if _salted(record) and record.salt[_SALT:].hex() not in done:
            return Problem(
                position,
                "hold record",
                phrase(
                    "the hold row stored with this action is missing from the hold record "
                    "(removed, with the rows after it)"
                ),
            )
    return None


def check_annotations(ledger: WizardLedger, gid: UUID, report: Report) -> None:
    """Referees' notes have their own chain: an edited or removed note breaks it."""
    prev = GENESIS
    notes = ledger.annotations(gid)
    for expected_number, (number, note) in enumerate(notes, start=1):
        if number != expected_number or note.prev != prev or note.hash != note.expected_hash():
            report.problems.append(
                Problem(
                    note.at,
                    "annotation",
                    phrase(
                        "note {note} on this position was edited, or a note before it removed",
                        note=number,
                    ),
                )
            )
            return
        prev = note.hash
    if notes:
        report.checks.append("annotations")
