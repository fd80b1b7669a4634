"""Payloads are msgspec-encoded; an old schema version is upcast on read, never rewritten."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
import pytest

from domain.kernel import ActionTaken, Consequence, DiceRolled, GameStarted
from services.store.codec import decode_body, encode_body, topic_of


class ManaSpent(Consequence, frozen=True, kw_only=True):
    """Version 2 split the old ``amount`` into ``mana`` and ``colour``."""

    version: ClassVar[int] = 2

    @staticmethod
    def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
        data = dict(data)
        data["mana"] = data.pop("amount")
        data.setdefault("colour", "grey")
        return data

    upcasters: ClassVar[dict[int, Any]] = {1: _v1_to_v2}
    seat: int
    mana: int
    colour: str


@pytest.fixture(autouse=True)
def _test_events_are_decodable(monkeypatch: pytest.MonkeyPatch) -> None:
    from services.store import codec

    monkeypatch.setattr(codec, "EVENT_PACKAGES", [*codec.EVENT_PACKAGES, "tests"])
    codec.resolve.cache_clear()


def test_a_topic_outside_the_event_packages_is_not_imported() -> None:
    from services.store import codec

    codec.resolve.cache_clear()
    with pytest.raises(TypeError, match="outside the event packages"):
        codec.resolve("os:system")


def test_a_v1_payload_is_upcast_to_the_current_class() -> None:
    v1_body = msgspec.msgpack.encode({"type": "ManaSpent", "rule": "r.1", "seat": 2, "amount": 3})
    event = decode_body(topic_of(ManaSpent), 1, v1_body)
    assert event == ManaSpent(rule="r.1", seat=2, mana=3, colour="grey")


def test_a_current_payload_round_trips_without_upcasting() -> None:
    event = ManaSpent(rule="r.1", seat=0, mana=1, colour="red")
    assert decode_body(topic_of(ManaSpent), 2, encode_body(event)) == event


def test_a_payload_newer_than_the_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="newer"):
        decode_body(
            topic_of(ManaSpent), 3, encode_body(ManaSpent(rule="r", seat=0, mana=1, colour="x"))
        )


@pytest.mark.parametrize(
    "event",
    [
        GameStarted(
            game="ultimate",
            options={"round_health": 9},
            players=("a", "b"),
            mode="seeded",
            seed_commitment="ab",
            engine_version="0",
            setup={"hands": [["x"], ["y"]]},
        ),
        ActionTaken(seat=1, command={"type": "Draw"}, dice=(3, 4), key="k"),
        DiceRolled(rule="r", seat=None, purpose="p", sides=6, values=(1, 6), counter=9),
    ],
)
def test_kernel_events_round_trip_with_tuples_kept(event: Any) -> None:
    back = decode_body(topic_of(type(event)), type(event).version, encode_body(event))
    assert back == event
    assert type(back) is type(event)


def test_records_written_before_salts_still_decode_and_hash_as_before() -> None:
    from uuid import uuid4

    from services.store.codec import Record, decode_record, link_hash

    gid = uuid4()
    body = b"\x81\xa4type\xa4Test"
    unsalted = link_hash("0" * 64, gid, 1, "t", 1, "now", body)
    old = msgspec.msgpack.encode([1, "now", "0" * 64, unsalted, body])  # no salt field
    record = decode_record(old)
    assert record.salt == b""
    assert link_hash("0" * 64, gid, 1, "t", 1, "now", body, record.salt) == unsalted
    salted = Record(1, "now", "0" * 64, "", body, salt=b"x" * 16)
    assert link_hash("0" * 64, gid, 1, "t", 1, "now", body, salted.salt) != unsalted
