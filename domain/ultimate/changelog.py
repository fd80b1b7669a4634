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
    Change(
        version="0.5.0",
        rule="kernel.also",
        field="also",
        why="Ultimate's events cite the rulings and assumptions they rely on besides their "
        "rule (a combo replacing its cards' texts, the round's health, an elimination checked "
        "once the action is over); records of earlier engines cite the rule alone.",
    ),
)
