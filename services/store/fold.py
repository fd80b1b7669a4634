"""Stored rows decoded and folded straight from their bytes.

A cold read, time travel from a snapshot, a catch-up and ``entries`` come
through here: each row's record is decoded once (the fields a fold does not
need are passed over), each body once, and the game evolves over the whole
batch (``apply_all``), which builds one Fold instead of one per event.

Two ways to name a row's class. ``decode_events`` reads it from the row's topic
(the general way: any event class, any schema version). ``fold_states`` reads
it from the body's tag, with one decoder for every event a game's stream may
hold, so that a long fold needs only the state column; it gives up (None) on
anything else: a class the game does not list, an older schema, a damaged row.
The caller then reads the rows whole. Both give the same events; the topic,
which the hash chain covers, is checked by ``verify``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Any, Union

import msgspec

from domain.games import get_game
from domain.kernel import (
    KERNEL_EVENTS,
    ActionTaken,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    apply_all,
)
from services.store.codec import Link, Record, body_reader, decode_body, decode_link, decode_record
from services.store.rows import Row

Keys = dict[str, tuple[int, int, int]]
# A row with its record decoded: (position, topic, record).
RecordRow = tuple[int, str, Record]
# The events that open or close an idempotency key's stretch of the stream.
_MARKS = frozenset((ActionTaken, GameForked))
_body = attrgetter("body")
_schema = attrgetter("schema")
_state = itemgetter(2)
_key = attrgetter("key")


class UnreadableEvent(ValueError):
    """A stored row this engine cannot decode: damaged (``verify`` names the first
    bad event), or written by a newer engine."""


def decode_events(
    rows: Sequence[tuple[int, str, Any]], parse: Callable[[Any], Link | Record] = decode_link
) -> list[Event]:
    """The events of ``rows`` (position, topic, state), in order; an old schema is
    upcast on the way. ``parse`` reads a state's schema and body (given records
    already decoded, it passes them on)."""
    readers: dict[str, tuple[int, Callable[[bytes], Any]]] = {}
    events: list[Event] = []
    append = events.append
    position = 0
    try:
        for position, topic, state in rows:  # noqa: B007 (named by the error below)
            link = parse(state)
            reader = readers.get(topic)
            if reader is None:
                reader = readers[topic] = body_reader(topic)
            if link.schema == reader[0]:
                append(reader[1](link.body))
            else:
                append(decode_body(topic, link.schema, link.body))
    except Exception as e:  # any damage: say where, whatever the decoder met
        raise UnreadableEvent(
            f"the stored event at position {position} does not decode "
            f"({type(e).__name__}: {e}); `wizards verify` names the first bad event"
        ) from e
    return events


def head_of(rows: Sequence[Row]) -> str:
    """The chain hash of the last row."""
    position, _, state = rows[-1]
    try:
        return decode_record(state).hash
    except Exception as e:
        raise UnreadableEvent(
            f"the stored event at position {position} does not decode ({type(e).__name__}: {e})"
        ) from e


def read_records(rows: Sequence[Row]) -> list[Record]:
    """The record of each row, every field (verify checks the chain with them)."""
    try:
        return list(map(decode_record, map(_state, rows)))
    except msgspec.DecodeError as e:
        bad = next(position for position, _, state in rows if hash_of(state) is None)
        raise UnreadableEvent(
            f"the stored event at position {bad} does not decode ({type(e).__name__}: {e})"
        ) from e


def fold_rows(
    game: Game[Any], table: Fold[Any], keys: Keys, rows: Sequence[Row]
) -> tuple[Fold[Any], Keys]:
    """``table`` and its idempotency ``keys`` after the events of ``rows``."""
    events = decode_events(rows)
    return apply_all(game, table, events), track_keys(keys, [r[0] for r in rows], events)


# ------------------------------------------------------------ by the bodies' tags


@cache
def _classes(game_id: str) -> frozenset[type[Event]]:
    return frozenset(KERNEL_EVENTS) | frozenset(get_game(game_id).event_types)


@cache
def _tagged(game_id: str) -> Callable[[bytes], Any]:
    """One decoder for every event class a stream of the game may hold: the tags
    name the class."""
    decoder = msgspec.msgpack.Decoder(Union[tuple(_classes(game_id))])  # noqa: UP007  # a Union built at run time
    return decoder.decode


_started = msgspec.msgpack.Decoder(GameStarted).decode


def opening(state: bytes) -> tuple[GameStarted, str] | None:
    """The ``GameStarted`` a stream's first row holds and its hash; None if the row
    holds anything else (the caller reads the rows whole, and says what is wrong)."""
    try:
        record = decode_record(state)
        if record.schema != GameStarted.version:
            return None
        return _started(record.body), record.hash
    except msgspec.DecodeError:
        return None


def hash_of(state: bytes) -> str | None:
    """The chain hash a row's state holds; None if it does not decode."""
    try:
        return decode_record(state).hash
    except msgspec.DecodeError:
        return None


def fold_states(
    game: Game[Any], table: Fold[Any], keys: Keys, first: int, states: Sequence[bytes]
) -> tuple[Fold[Any], Keys, str] | None:
    """``table``, its ``keys`` and the chain's head after ``states``, the rows from
    position ``first`` on; None when a row needs its topic (see the module's doc)."""
    if not states:
        return None
    decode = _tagged(game.spec.id)
    # Read at each fold, not kept: a class's version is what the code says now.
    versions = {c.version for c in _classes(game.spec.id)}
    try:
        links = list(map(decode_link, states))
        events: list[Event] = list(map(decode, map(_body, links)))
        head = decode_record(states[-1]).hash
    except msgspec.DecodeError:
        return None
    # Each event's class must be of the schema it was written with (an older one is
    # upcast by the general way); when the game's classes share one version, one
    # look at the set of schemas says so.
    uniform = len(versions) == 1 and set(map(_schema, links)) == versions
    if not uniform and any(
        type(e).version != s for e, s in zip(events, map(_schema, links), strict=True)
    ):
        return None
    positions = range(first, first + len(states))
    return apply_all(game, table, events), track_keys(keys, positions, events), head


def track_keys(keys: Keys, positions: Sequence[int], events: Sequence[Event]) -> Keys:
    """Idempotency keys -> (first position, last position, seat) of their action.

    A key covers its ``ActionTaken`` and the consequences after it, up to the next
    action (or the end). A fork starts afresh: keys copied from the original belong
    to the original. Only actions and forks are looked at, and of the actions only
    those with a key (most have none) in Python.
    """
    types = list(map(type, events))
    marks = list(compress(range(len(types)), map(_MARKS.__contains__, types)))
    if not marks:
        return keys
    marked = list(map(events.__getitem__, marks))
    forks = GameForked in types
    if not forks and list(map(_key, marked)).count(None) == len(marked):
        return keys
    for n, i in enumerate(marks):
        event = marked[n]
        if type(event) is GameForked:
            keys = {}
        elif event.key is not None:  # type: ignore[attr-defined]  # an ActionTaken: the marks are actions and forks, forks handled first
            last = marks[n + 1] - 1 if n + 1 < len(marks) else len(events) - 1
            keys[event.key] = (positions[i], positions[last], event.seat)  # type: ignore[attr-defined]  # an ActionTaken: the marks are actions and forks, forks handled first
    return keys
