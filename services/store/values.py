"""The values the store hands out and keeps beside a game's stream: a game's
fold with its head (``Loaded``), a stored event (``Entry``), what an act wrote
(``Acted``, ``Staged``), a new game (``Created``), the secrets and notes kept
apart from the stream, snapshots; and the errors a caller may meet."""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import OperationalError

from domain.kernel import Event, Fold, Game
from domain.kernel.phrases import phrase
from services.store.commit import Rows

# Chance a table supplies with an act: die faces, deck orders, cards drawn.
Chance = tuple[Any, Any, Any]


class ActNotStored(OperationalError):
    """The store failed during an act and, read back, does not hold it: sending
    the command again cannot play it twice."""

    def __init__(self, failure: BaseException) -> None:
        super().__init__(
            f"the act was not stored: the store failed ({failure}); send it again "
            "once the store answers"
        )


class GameNotFound(LookupError):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id
        # What a person is told, in their language (``services.problems.classify``).
        self.said = phrase("no game {game}", game=str(game_id))


class NotAuthorized(PermissionError):
    pass


class IdempotencyConflict(ValueError):
    pass


class Secrets(msgspec.Struct, frozen=True):
    """Kept out of the game stream and the notification log: the seed and seat tokens.

    ``segments`` are the seeds of a forked stream's stretches, oldest first
    (each fork with fresh dice starts a stretch); empty means ``(seed,)``.
    """

    seed: str | None
    token_hashes: tuple[str, ...]
    segments: tuple[str, ...] = ()
    # The hash of the game's first event as it was first stored ("": a game
    # stored before it was kept, or whose opening was held for seats' cards,
    # which the hold record binds instead). ``verify`` compares the stream's.
    opening: str = ""

    def segment_seeds(self) -> tuple[str, ...]:
        if self.segments:
            return self.segments
        return (self.seed,) if self.seed is not None else ()


class Annotation(msgspec.Struct, frozen=True):
    """A referee's note on a position; kept apart from the game's events.

    Notes form a chain of their own (``prev``, ``hash``), so that an edited or
    removed note is found by ``verify`` like an edited event."""

    at: int
    author: str
    text: str
    written: str
    prev: str = ""
    hash: str = ""

    def expected_hash(self) -> str:
        h = hashlib.sha256()
        for part in (self.prev, str(self.at), self.author, self.text, self.written):
            h.update(part.encode())
            h.update(b"\x1f")
        return h.hexdigest()


class Snapshot(msgspec.Struct, frozen=True):
    """A game's fold as stored every ``snapshot_every`` positions (a cache: the
    events stay the record). ``table`` is the encoded fold, under the name it
    had when snapshots were first written."""

    engine: str
    game: str
    head: str
    table: msgspec.Raw
    keys: dict[str, tuple[int, int, int]]


@dataclass(frozen=True)
class Entry:
    """One stored event with its position and chain link."""

    position: int
    topic: str
    event: Event
    at: str
    prev: str
    hash: str
    schema: int


@dataclass
class Loaded:
    """A game's fold at some version, plus what the service needs around it."""

    game: Game[Any]
    fold: Fold[Any]
    head: str
    keys: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.fold.position


@dataclass(frozen=True)
class Acted:
    """What an act appended, and the game as this process knows it right after."""

    entries: list[Entry]
    loaded: Loaded


@dataclass
class Staged:
    """An append ready to commit: its rows, and the game before and after them."""

    gid: UUID
    loaded: Loaded
    new: Loaded
    entries: list[Entry]
    rows: Rows
    first_is_start: bool = False
    secret: Secrets | None = None
    # The game's turn, held by an act begun without a thread (``begin_act``).
    turn: threading.Lock | None = None
    # The game's commit counter once raised for these rows, (before, after) or
    # None (unknown), in a 1-tuple; None: not raised yet (``Appender.count``).
    counted: tuple[tuple[int, int] | None] | None = None


@dataclass(frozen=True)
class Created:
    game_id: UUID
    seats: list[tuple[int, str]]


@dataclass
class Counters:
    """How often acts met what metrics report: a lost race decided again, a retry
    answered from its idempotency key, an act decided on the event loop or by a
    thread (``perform``)."""

    conflicts: int = 0
    replays: int = 0
    acts_on_loop: int = 0
    acts_performed: int = 0


def now() -> str:
    """The service's timestamp of a row: UTC, to the microsecond, as
    ``datetime.isoformat`` writes it (``2026-11-29T18:20:00.123456+00:00``).

    Every act stamps its rows: the date and time to the second are made once a
    second (a ``datetime`` made and written out each time cost 3 µs, about 1 % of
    an act's CPU on the server)."""
    ns = time.time_ns()
    second, micro = divmod(ns // 1000, 1_000_000)
    global _second_written
    at, written = _second_written
    if at != second:
        written = datetime.fromtimestamp(second, UTC).isoformat()[:19]
        _second_written = (second, written)
    return f"{written}.{micro:06d}+00:00"


_second_written: tuple[int, str] = (-1, "")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def parse_game_id(raw: str | UUID) -> UUID:
    if isinstance(raw, UUID):
        return raw
    # Every request of play names its game: the ids of the games being played
    # are parsed once (a UUID made from its text costs 1.5 µs) and the same
    # object given back, which the caches' look-ups then match by identity
    # (comparing two UUIDs is a call of Python code, a dozen times an act).
    known = _parsed.get(raw) if isinstance(raw, str) else None
    if known is not None:
        return known
    try:
        gid = UUID(raw.strip())
    except (ValueError, AttributeError):
        raise GameNotFound(raw) from None
    if len(_parsed) >= _PARSED_KEPT:
        _parsed.clear()  # a new set of games is being played: kept anew
    _parsed[raw] = gid
    return gid


def new_game_id(gid: UUID) -> UUID:
    """``gid``, a game made now: its requests are given this very object back."""
    if len(_parsed) >= _PARSED_KEPT:
        _parsed.clear()
    _parsed[str(gid)] = gid
    return gid


_PARSED_KEPT = 4096
_parsed: dict[str, UUID] = {}
