"""The numbers a table's data file may give Elfenwizards: each within what the rules
can use (``domain.kernel.data_bounds``), checked before the data is read.

The rulebook prints neither the board nor its points (``elfenwizards.assume.layout``);
these bounds are ours (``elfenwizards.assume.data-bounds``): a board of more levels or
spaces than a table could hold, or a level worth negative or absurd points, would
play no game the rulebook describes.
"""

from __future__ import annotations

from domain.kernel.data_bounds import Bound, Bounds
from domain.kernel.phrases import phrase

P = "elfenwizards."  # as the catalogue names its entries
RULE = P + "assume.data-bounds"

BOUNDS: Bounds = {
    "pawns.*": Bound(1, 20, phrase("pawns of a colour"), RULE),
    "layout.level": Bound(
        1, 10, phrase("levels of a board"), RULE
    ),  # 3 at least: the layout says why
    "layout.level[].points": Bound(0, 50, phrase("points of a level"), RULE),
    "layout.space": Bound(1, 100, phrase("spaces of a board"), RULE),
}
