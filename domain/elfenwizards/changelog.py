"""What each engine version changed of Elfenwizards' outcomes (its rules profiles,
``domain.kernel.profiles``): data, read with the catalogue."""

from __future__ import annotations

from domain.kernel.profiles import Change

CHANGELOG: tuple[Change, ...] = (
    Change(
        version="0.2.0",
        rule="elfenwizards.ruling.place-none",
        renamed_from="elfenwizards.roll.major",
        why="Ending the placing with dice kept became a ruling (place-none), and cites it; "
        "records of 0.1.0 cite the roll's rule for the same event.",
    ),
)
