"""The hold record as a caller may read it (``GET /tables/{id}/holds``).

At a table whose seats enter their own draws, the record says who entered
what and when for each command held (``services.seats.desk``), and which
entries were refused. The cards a seat named are its hidden hand, so while
the game runs a seat reads the values of its own entries only, and of the
others' when and how many; a spectator (a referee at the table, say) reads
when and how many of everyone's. Once the game is over, everything is
public, as the log is. The operator's CLI (``wizards holds``) reads it whole.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.kernel import decode_command
from domain.kernel.rules import ENTRY_TRIES
from services.ledger import WizardLedger
from services.seats.hold import OPENING, Hold, Refused, by_seats
from services.words.naming import typed_card_words


def in_order(ledger: WizardLedger, gid: UUID) -> list[tuple[int, Hold | Refused]]:
    """The hold record's rows and the refused entries, numbered, in the order they
    came: a refused entry after the row it was sent at, before the next one."""
    keyed: list[tuple[tuple[int, int, int], int, Hold | Refused]] = [
        ((number, 0, 0), number, row) for number, row in ledger.holds.hold_record(gid)
    ]
    keyed += [((no.after, 1, number), number, no) for number, no in ledger.holds.hold_refusals(gid)]
    return [(number, item) for _, number, item in sorted(keyed, key=lambda k: k[0])]


def holds_json(ledger: WizardLedger, gid: UUID, seat: int | None) -> dict[str, Any]:
    """The game's hold record and refused entries as ``seat`` (None: a
    spectator) may read them, in the order they came."""
    loaded = ledger.load(gid)
    started = loaded.fold.started
    finished = loaded.game.outcome(loaded.fold.state) is not None
    names = list(started.players)
    out: dict[str, Any] = {
        "game_id": str(gid),
        "seat": seat,
        "status": "finished" if finished else "running",
        "whole": finished,
        "refused": [0] * len(names),
        "entry_tries": ENTRY_TRIES,
        "tries": [0] * len(names),
        "rows": [],
    }
    if not by_seats(started.setup):
        return out
    # The tries each seat has spent at the current position (its cards sent
    # again, its entries refused for naming a card that is not there).
    out["tries"] = [ledger.holds.tries(gid, s) for s in range(len(names))]
    say = typed_card_words(started)

    def who(s: int) -> str:
        return "whoever opened the table" if s == OPENING else names[s]

    def shows(s: int) -> bool:
        return finished or (seat is not None and s == seat)

    for number, item in in_order(ledger, gid):
        if isinstance(item, Refused):
            out["refused"][item.seat] += 1
            line: dict[str, Any] = {
                "row": None,
                "after_row": item.after,
                "refused": True,
                "at": item.at,
                "seat": item.seat,
                "entered_by": names[item.seat],
                "when": item.when,
                "counts": {
                    "dice": len(item.dice),
                    "orders": len(item.orders),
                    "drew": len(item.drew),
                },
                "tried": item.tried,
            }
            if shows(item.seat):
                line.update(_refusal(item))
            out["rows"].append(line)
            continue
        mine = _named_by(item, item.entered)
        line = {
            "row": number,
            "refused": False,
            "at": item.at,
            "held_seat": None if item.seat == OPENING else item.seat,
            "held": "the opening" if item.seat == OPENING else names[item.seat],
            "command": _command(loaded.game, item, seat, finished),
            "seat": None if item.entered == OPENING else item.entered,
            "entered_by": who(item.entered),
            "when": item.when,
            "counts": {k: len(v) for k, v in mine.items()},
            "waiting": list(item.waiting),
            "done": item.done,
            "again": item.again,
        }
        if shows(item.entered):
            line["named"] = {**mine, "drew": [say(str(c)) for c in mine["drew"]]}
        out["rows"].append(line)
    return out


def _named_by(row: Hold, seat: int) -> dict[str, list[Any]]:
    """The values ``seat`` has in the hold as ``row`` stands, stream by stream."""
    values: dict[str, Callable[[int], Any]] = {
        "dice": lambda i: row.dice[i],
        "orders": lambda i: list(row.orders[i] or ()),
        "drew": lambda i: row.drew[i],
    }
    named: dict[str, list[Any]] = {"dice": [], "orders": [], "drew": []}
    for stream, index, by in row.placed:
        if by == seat:
            named[stream].append(values[stream](index))
    return named


def _command(game: Any, row: Hold, seat: int | None, finished: bool) -> dict[str, Any] | None:
    """The held command, unless it is the opening or secret to the reader."""
    if row.seat == OPENING:
        return None
    if not finished and seat != row.seat and decode_command(game, row.command).secret():
        return None
    return row.command


def _refusal(no: Refused) -> dict[str, Any]:
    """What a refused entry named (as typed) and what its seat was told."""
    return {
        "command": no.command,
        "named": {
            "dice": list(no.dice),
            "orders": [list(o) for o in no.orders],
            "drew": list(no.drew),
        },
        "code": no.code,
        "message": no.message,
    }
