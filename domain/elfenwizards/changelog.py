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
    Change(
        version="0.5.0",
        rule="kernel.also",
        field="also",
        why=(
            "Elfenwizards' events cite the rulings and assumptions they rely on besides their"
            " rule (the seats' colours, the award order, the Nécromancien order, the vacancy "
            "turn, minor spells recovered from the space); records of earlier engines cite "
            "the rule alone."
        ),
    ),
)
