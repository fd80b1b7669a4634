"""How game events sit in eventsourcing's store: the mapper and the row type."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent

from domain.kernel import Event
from services.store.codec import Record, decode_body, decode_record, encode_record


@dataclass(frozen=True)
class StoredGameEvent:
    """One position of a game stream as eventsourcing sees it.

    ``topic`` names the event class; ``record`` holds the body and the chain link.
    """

    originator_id: UUID
    originator_version: int
    topic: str
    record: Record
    _event: list[Event] = field(default_factory=list, compare=False, repr=False)

    @property
    def event(self) -> Event:
        # Decoding is deferred: verify reads the raw chain without it.
        if not self._event:
            self._event.append(decode_body(self.topic, self.record.schema, self.record.body))
        return self._event[0]


class LedgerMapper(Mapper[UUID]):
    """Maps our records to eventsourcing's ``StoredEvent`` with msgspec, not JSON."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(transcoder=JSONTranscoder())

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=domain_event.topic,
            state=encode_record(domain_event.record),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        oid = stored_event.originator_id
        return StoredGameEvent(
            originator_id=oid if isinstance(oid, UUID) else UUID(str(oid)),
            originator_version=stored_event.originator_version,
            topic=stored_event.topic,
            record=decode_record(stored_event.state),
        )
