"""A full read folds straight from the rows' state bytes, decoding each body by its
tag; whatever that way cannot read (an older schema, a class the game does not
list, a damaged row) is read again by the rows' topics, with the same result or
a clear error naming the row."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest
from eventsourcing.persistence import StoredEvent

from domain.kernel import Consequence
from domain.ultimate import events as ultimate_events
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.store.codec import Record, encode_body, encode_record, link_hash, topic_of
from services.store.fold import UnreadableEvent
from services.store.values import Loaded


def play_with_keys(ledger: WizardLedger, gid: UUID, actions: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for n in range(actions):
        state = state_json(ledger, gid)
        if state["status"] == "finished":
            return
        seat = state["pending"][0]["seat"]
        ledger.act(gid, seat, rng.choice(legal_json(ledger, gid, seat)), key=f"k{n}")


def same(a: Loaded, b: Loaded) -> bool:
    return (a.fold, a.head, a.keys) == (b.fold, b.head, b.keys)


def cold(url: str, **kwargs: Any) -> WizardLedger:
    return WizardLedger(url, **kwargs)


@pytest.fixture
def game(sqlite_url: str) -> tuple[str, UUID, Loaded]:
    ledger = WizardLedger(sqlite_url, snapshot_every=25)
    gid = ledger.create_game("ultimate", 3, seed="reads").game_id
    play_with_keys(ledger, gid, 40)
    return sqlite_url, gid, ledger.load(gid)


def test_a_cold_read_equals_the_live_game_with_its_idempotency_keys(store_url: str) -> None:
    ledger = WizardLedger(store_url, snapshot_every=25)
    gid = ledger.create_game("ultimate", 3, seed="reads").game_id
    play_with_keys(ledger, gid, 40)
    live = ledger.load(gid)
    assert len(live.keys) == 40
    from_zero = cold(store_url, use_snapshots=False).load(gid)
    from_snapshot = cold(store_url).load(gid)
    assert same(from_zero, live) and same(from_snapshot, live)
    # Every past position too, with and without snapshots, as the rows whole give it.
    whole = cold(store_url)
    for at in range(1, live.version + 1, 7):
        expected = whole.loader.load_rows(gid, at)
        assert same(cold(store_url, use_snapshots=False).load(gid, at), expected)
        assert same(cold(store_url).load(gid, at), expected)


def test_a_fork_read_cold_keeps_only_its_own_keys(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="fork-keys").game_id
    play_with_keys(ledger, gid, 10)
    at = max(e.position for e in ledger.entries(gid) if type(e.event).__name__ == "ActionTaken")
    branch = ledger.fork(gid, at - 1).game_id
    play_with_keys(ledger, branch, 3, seed=1)
    live = ledger.load(branch)
    read = cold(sqlite_url, use_snapshots=False).load(branch)
    assert same(read, live)
    assert sorted(read.keys) == ["k0", "k1", "k2"]


def test_an_event_of_an_older_schema_is_upcast_on_a_cold_read(
    game: tuple[str, UUID, Loaded], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine moves ``TurnStarted`` to schema 2: the stored rows are of schema 1
    and go through the upcaster, and the fold is the same."""
    url, gid, live = game
    calls: list[int] = []

    def v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(data["turn"])
        return data

    monkeypatch.setattr(ultimate_events.TurnStarted, "version", 2)
    monkeypatch.setattr(ultimate_events.TurnStarted, "upcasters", {1: v1_to_v2})
    read = cold(url, use_snapshots=False).load(gid)
    assert same(read, live)
    started = [e for e in cold(url).entries(gid) if type(e.event).__name__ == "TurnStarted"]
    assert calls and len(calls) >= len(started)


def test_a_stored_schema_newer_than_the_engine_is_refused_naming_its_row(
    game: tuple[str, UUID, Loaded], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, gid, _ = game
    first = next(e for e in cold(url).entries(gid) if type(e.event).__name__ == "TurnStarted")
    monkeypatch.setattr(ultimate_events.TurnStarted, "version", 0)
    with pytest.raises(UnreadableEvent, match=f"position {first.position} .*newer than this"):
        cold(url, use_snapshots=False).load(gid)


class NotePinned(Consequence, frozen=True, kw_only=True):
    """An event class no game lists (a test's own)."""

    text: str


def test_an_event_the_game_does_not_list_is_read_by_its_topic(
    game: tuple[str, UUID, Loaded], monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.store import codec

    monkeypatch.setattr(codec, "EVENT_PACKAGES", [*codec.EVENT_PACKAGES, "tests"])
    codec.resolve.cache_clear()
    url, gid, live = game
    ledger = cold(url)
    note = NotePinned(rule="ultimate.turn", text="a pin")
    body, topic, position = encode_body(note), topic_of(NotePinned), live.version + 1
    h = link_hash(live.head, gid, position, topic, 1, "now", body)
    record = Record(schema=1, at="now", prev=live.head, hash=h, body=body)
    ledger.shards.of(gid).insert_events([StoredEvent(gid, position, topic, encode_record(record))])
    read = cold(url, use_snapshots=False).load(gid)
    assert read.version == position and read.head == h
    assert read.fold.state == live.fold.state  # the game has nothing to do with it
    assert isinstance(cold(url).entries(gid, gt=live.version)[0].event, NotePinned)
    codec.resolve.cache_clear()


def _row(path: Path, gid: UUID, position: int, state: bytes | None = None) -> bytes:
    """The state bytes stored at ``position`` (replaced by ``state`` if given)."""
    with sqlite3.connect(path) as db:
        (old,) = db.execute(
            "SELECT state FROM stored_events WHERE originator_id=? AND originator_version=?",
            (gid.hex, position),
        ).fetchone()
        if state is not None:
            db.execute(
                "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
                (state, gid.hex, position),
            )
    return bytes(old)


def test_a_damaged_row_gives_an_error_naming_its_position(
    game: tuple[str, UUID, Loaded],
) -> None:
    url, gid, _ = game
    path = Path(url.removeprefix("sqlite:///"))
    kept = _row(path, gid, 12, b"\xc1garbage")
    with pytest.raises(UnreadableEvent, match="position 12 does not decode"):
        cold(url, use_snapshots=False).load(gid)
    with pytest.raises(UnreadableEvent, match="position 12 does not decode"):
        cold(url).entries(gid)
    _row(path, gid, 12, kept)
    # A row whose body no longer fits any class is found the same way.
    record = msgspec.msgpack.decode(_row(path, gid, 14), type=Record)
    bad = msgspec.structs.replace(record, body=msgspec.msgpack.encode({"type": "Nothing"}))
    _row(path, gid, 14, encode_record(bad))
    with pytest.raises(UnreadableEvent, match="position 14 does not decode"):
        cold(url, use_snapshots=False).load(gid)
    # Before it, the stream still reads.
    assert cold(url, use_snapshots=False).load(gid, 13).version == 13
