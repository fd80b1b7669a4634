"""A forger's tools for verify's tests: a stream's events rewritten with their chain
recomputed, and the recorded heads set to match, as someone who can write the
store would do."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec

from services.store.codec import GENESIS, decode_record, encode_record, link_hash


@contextmanager
def _db(path: Path) -> Iterator[sqlite3.Connection]:
    with sqlite3.connect(path) as db:
        yield db


def rewrite_stream(
    path: Path, gid: str, change: Callable[[int, dict[str, Any]], dict[str, Any] | None]
) -> None:
    """Every event's body passed through ``change`` (None: as it is), and the
    chain recomputed from the first changed on, as a forger would."""
    with _db(path) as db:
        rows = db.execute(
            "SELECT originator_version, topic, state FROM stored_events "
            "WHERE originator_id=? ORDER BY originator_version",
            (UUID(gid).hex,),
        ).fetchall()
    prev = GENESIS
    for position, topic, state in rows:
        record = decode_record(state)
        body = msgspec.msgpack.decode(record.body)
        changed = change(position, body)
        if changed is not None:
            record = msgspec.structs.replace(record, body=msgspec.msgpack.encode(changed))
        h = link_hash(
            prev, UUID(gid), position, topic, record.schema, record.at, record.body, record.salt
        )
        record = msgspec.structs.replace(record, prev=prev, hash=h)
        with _db(path) as db:
            db.execute(
                "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
                (encode_record(record), UUID(gid).hex, position),
            )
        prev = h


def heads_made_good(path: Path, gid: str, *, every: bool) -> None:
    """The last head (or every head) set to the rewritten chain."""
    hashes = {
        position: decode_record(state).hash
        for position, state in sqlite3.connect(path).execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id=?",
            (UUID(gid).hex,),
        )
    }
    with _db(path) as db:
        heads = [
            p
            for (p,) in db.execute(
                "SELECT originator_version FROM stored_heads WHERE originator_id=?",
                (UUID(gid).hex,),
            )
        ]
        for position in heads if every else heads[-1:]:
            db.execute(
                "UPDATE stored_heads SET state=? WHERE originator_id=? AND originator_version=?",
                (hashes[position].encode(), UUID(gid).hex, position),
            )
