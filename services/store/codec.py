"""msgspec encoding of stored events, with schema versions and upcasting.

Each stored row holds one ``Record``: the event's body (msgpack of the event
Struct), the schema version of its class when written, the service's
timestamp and the hash chain link. The body bytes are hashed as written, so
an upcast on read never disturbs the chain.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from hashlib import sha256
from importlib import import_module
from typing import Any
from uuid import UUID

import msgspec

from domain.kernel import Event


class Record(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One stored position. ``salt`` is random and never shown to players while
    the game runs: without it the public hash of a small hidden body (a dealt
    hand, a face-down spell) could be found by trying every possible body.

    ``gc=False``: a record holds only numbers, text and bytes, and verify reads
    every record of a stream at once (the collector's passes over them were
    about a tenth of verifying a long stream)."""

    schema: int
    at: str
    prev: str
    hash: str
    body: bytes
    salt: bytes = b""


class Link(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A stored ``Record`` as a fold reads it: the schema and the body. The text
    fields before the body are passed over undecoded (a fold needs only the last
    row's hash, read whole), and the salt after it is not read at all."""

    schema: int
    at: msgspec.Raw
    prev: msgspec.Raw
    hash: msgspec.Raw
    body: bytes


GENESIS = "0" * 64
_record_encoder = msgspec.msgpack.Encoder()
_record_decoder = msgspec.msgpack.Decoder(Record)
decode_link = msgspec.msgpack.Decoder(Link).decode
_body_encoder = msgspec.msgpack.Encoder()


def topic_of(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


# Only event classes of these packages are decoded: a topic is read from the
# database, and importing whatever module a row names would run its code.
EVENT_PACKAGES: list[str] = ["domain"]


@cache
def resolve(topic: str) -> type[Event]:
    module, _, name = topic.partition(":")
    if module.split(".")[0] not in EVENT_PACKAGES:
        raise TypeError(f"topic {topic!r} is outside the event packages {EVENT_PACKAGES}")
    obj: Any = import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    if not (isinstance(obj, type) and issubclass(obj, Event)):
        raise TypeError(f"topic {topic!r} is not an event class")
    return obj


@cache
def _decoder(cls: type[Event]) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(cls)


def encode_body(event: Event) -> bytes:
    return _body_encoder.encode(event)


def decode_body(topic: str, schema: int, body: bytes) -> Event:
    cls = resolve(topic)
    if schema == cls.version:
        return _decoder(cls).decode(body)
    if schema > cls.version:
        raise ValueError(
            f"{topic} was written with schema v{schema}, newer than this engine's v{cls.version}"
        )
    data: dict[str, Any] = msgspec.msgpack.decode(body)
    for v in range(schema, cls.version):
        upcast = cls.upcasters.get(v)
        if upcast is None:
            raise ValueError(f"{topic}: no upcaster from schema v{v} to v{v + 1}")
        data = upcast(data)
    data["type"] = cls.__name__
    return msgspec.convert(data, cls)


def body_reader(topic: str) -> tuple[int, Callable[[bytes], Any]]:
    """The schema version of ``topic``'s class, and the decoder of bodies written
    with it (a read resolves each topic once; other schemas go to ``decode_body``)."""
    cls = resolve(topic)
    return cls.version, _decoder(cls).decode


def link_hash(
    prev: str,
    game_id: UUID | str,
    position: int,
    topic: str,
    schema: int,
    at: str,
    body: bytes,
    salt: bytes = b"",
) -> str:
    """sha256 of the link's fields, each followed by 0x1f, then of sha256(salt + body).

    Built as one buffer and hashed in one call: verify hashes every row (and
    passes the game id's hex, the same for each)."""
    gid = game_id if isinstance(game_id, str) else game_id.hex
    fields = f"{prev}\x1f{gid}\x1f{position}\x1f{topic}\x1f{schema}\x1f{at}\x1f"
    return sha256(fields.encode() + sha256(salt + body).digest()).hexdigest()


def encode_record(record: Record) -> bytes:
    return _record_encoder.encode(record)


def decode_record(state: bytes) -> Record:
    return _record_decoder.decode(state)
