"""Colours, pawns per colour and the starting placement table, as data.

The rulebook refers to a placement table printed on the back of the rules,
which we do not have; this one is our assumption (rule
``elfenwizards.assume.placement``). It fits the box's 39 pawns (8 red, green,
blue and yellow, 7 black) and mixes owners in every starting contest. A table
with the printed sheet may replace it, or pass its own in a setup file.
"""

from __future__ import annotations

import tomllib

# Seat i plays COLOURS[i]: the rulebook's order of adding colours by count.
COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")

PAWNS_IN_BOX: dict[str, int] = {"red": 8, "green": 8, "blue": 8, "yellow": 8, "black": 7}

PLACEMENT_TOML = """
# One list of spaces per colour: one entry per pawn placed at the start.
[3]
red = ["D1", "S4", "N1", "N4", "N6", "M1", "M2", "M4"]
green = ["D2", "S2", "N3", "N5", "N8", "M1", "M3", "M4"]
blue = ["S1", "S3", "N2", "N7", "M1", "M2", "M3", "M4"]

[4]
red = ["D1", "N1", "N4", "N7", "M1", "M2", "M3", "M4"]
green = ["D2", "N2", "N5", "N8", "M1", "M2", "M3", "M4"]
blue = ["S1", "S4", "N3", "M1", "M1", "M2", "M3", "M4"]
yellow = ["S2", "S3", "N6", "M1", "M2", "M3", "M3", "M4"]

[5]
red = ["D1", "N1", "N6", "M1", "M2", "M3", "M4"]
green = ["D2", "N3", "N8", "M1", "M2", "M3", "M4"]
blue = ["S1", "N4", "N5", "M1", "M2", "M3", "M4"]
yellow = ["S2", "S4", "N2", "M1", "M2", "M3", "M4"]
black = ["S3", "N7", "M1", "M2", "M2", "M3", "M4"]
"""

PLACEMENT: dict[int, dict[str, list[str]]] = {
    int(k): v for k, v in tomllib.loads(PLACEMENT_TOML).items()
}


def colours_for(players: int) -> tuple[str, ...]:
    return COLOURS[:players]


def wizard_id(colour: str, index: int) -> str:
    """Pawn ids such as ``red-3``: readable and unique on the board."""
    return f"{colour}-{index}"
