"""What each engine version changed of ultimate's outcomes (its rules profiles,
``domain.kernel.profiles``): data, read with the catalogue."""

from __future__ import annotations

from domain.kernel.profiles import Change

CHANGELOG: tuple[Change, ...] = (
    Change(
        version="0.2.0",
        rule="ultimate.ruling.reshuffle-timing",
        renamed_from="ultimate.turn.reshuffle",
        why="The reshuffle became a ruling with readings (option reshuffle), and cites it; "
        "records of 0.1.0 cite the turn's rule for the same event.",
    ),
)
