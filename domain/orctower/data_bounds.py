"""The numbers a table's data file may give the orc tower: each within what the rules
can use (``domain.kernel.data_bounds``), checked before the data is read.

The box's own counts are printed in its material list (« 72 pions de Créature »,
« 72 marqueurs Créature », « 14 Cartes Poison »); the board has 6 quarters of 3
sections (``orctower.setup.board``). The rest is ours (``orctower.assume.data-bounds``):
a creature whose hit points no turn's spells could reach would never be defeated,
a track longer than the game lasts would never be walked.
"""

from __future__ import annotations

from domain.kernel.data_bounds import Bound, Bounds
from domain.kernel.phrases import phrase

RULE = "orctower.assume.data-bounds"
BOARD = "orctower.setup.board"


def _creature(group: str) -> dict[str, Bound]:
    return {
        f"{group}[].hp": Bound(1, 10, phrase("hit points"), RULE),
        f"{group}[].count": Bound(1, 72, phrase("pawns of a type"), RULE),
        f"{group}[].track": Bound(1, 10, phrase("spaces of a counter track"), RULE),
        f"{group}[].track[]": Bound(0, 20, phrase("values of a counter's space"), RULE),
        f"{group}[].gauge": Bound(1, 10, phrase("skulls of a gauge"), RULE),
        f"{group}[].markers[]": Bound(0, 72, phrase("markers of a type"), RULE),
    }


def _destiny(deck: str) -> dict[str, Bound]:
    return {
        f"{deck}[].quarters[]": Bound(1, 6, phrase("quarters"), BOARD),
        f"{deck}[].sections[]": Bound(0, 2, phrase("sections"), BOARD),
    }


BOUNDS: Bounds = {
    **_creature("creatures"),
    **_creature("reinforcements"),
    "spells[].levels": Bound(1, 3, phrase("levels of a spell"), RULE),
    "spells[].levels[].energy": Bound(1, 10, phrase("energies a level needs"), RULE),
    "spells[].levels[].amount": Bound(1, 10, phrase("the size of a level's effect"), RULE),
    "spells[].copies": Bound(1, 10, phrase("copies of a spell"), RULE),
    **_destiny("destiny"),
    **_destiny("new_destiny"),
    "markers_per_quarter[]": Bound(1, 72, phrase("markers per quarter"), RULE),
    "poison_cards": Bound(0, 14, phrase("poison cards"), RULE),
    "terrain_sections[]": Bound(0, 2, phrase("sections"), BOARD),
}
