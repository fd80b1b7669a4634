"""Every stored row carries the service's timestamp, written as ``datetime.isoformat``
writes an aware UTC time to the microsecond: readers parse it back, and the hash
chain covers it as written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from services.store import values


def _at(text: str) -> int:
    """Nanoseconds since the epoch of an ISO time (whole microseconds)."""
    moment = datetime.fromisoformat(text)
    return (int(moment.timestamp()) * 1_000_000 + moment.microsecond) * 1000


@pytest.mark.parametrize(
    "clock",
    [
        ["2026-11-29T23:59:59.999999+00:00", "2026-11-30T00:00:00.000000+00:00"],
        ["2026-12-31T23:59:58.000001+00:00", "2026-12-31T23:59:58.500000+00:00"],
        ["2024-02-29T12:00:00.000000+00:00", "2027-01-01T00:00:01.000042+00:00"],
    ],
)
def test_a_row_is_stamped_as_isoformat_writes_the_utc_time(
    monkeypatch: pytest.MonkeyPatch, clock: list[str]
) -> None:
    readings = iter(_at(t) + 999 for t in clock)  # a reading's nanoseconds are dropped
    monkeypatch.setattr(values.time, "time_ns", lambda: next(readings))
    for expected in clock:
        stamped = values.now()
        assert stamped == expected
        parsed = datetime.fromisoformat(stamped)
        assert parsed.tzinfo == UTC
        assert parsed.isoformat(timespec="microseconds") == stamped
