"""The numbers a table's data file may give Spell Wars: each within what the rules can
use (``domain.kernel.data_bounds``), and every number an effect line holds at most
``MAX_LINE_NUMBER`` (``domain.spellwars.language``), checked before the cards are built.

A card's copies are the box's (the deck manifest), and its initiative is printed on
the Destination cards (1 to 13 in the box); a number of an effect line (damage, a
cost, dice to roll, a roll to meet) goes far beyond any printed card's (7 at most)
only to deal more damage than any wizard has life, or to roll more dice than a table
holds. These bounds are ours (``sw.assume.data-bounds``).
"""

from __future__ import annotations

from domain.kernel.data_bounds import Bound, Bounds
from domain.kernel.phrases import phrase

RULE = "sw.assume.data-bounds"
MAX_LINE_NUMBER = 99

BOUNDS: Bounds = {
    "*[].copies": Bound(1, 10, phrase("copies of a card"), RULE),
    "*[].initiative": Bound(0, 99, phrase("initiatives"), RULE),
}
