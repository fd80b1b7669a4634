"""An Elfenwizards setup file or data file the game refuses is said in the
reader's language (``--lang fr``): an unknown setup key, a queue out of turn
order, a data file's pawns, placement or layout, a number out of the rules'
bounds. In English the same refusals say what they said before, and none of the
French."""

from __future__ import annotations

from pathlib import Path

from tests.tools.file_refusals import assert_said_in, refused_files

LAYOUT_OF_TWO_LEVELS = """
[[layout.level]]
id = "top"
name = "Grand Druide"
points = 5
[[layout.level]]
id = "bottom"
name = "Magicien"
points = 1
shared = true
[[layout.space]]
id = "gd"
level = "top"
[[layout.space]]
id = "m1"
level = "bottom"
contests = ["gd"]
"""

FILES = {
    ("--setup", "unknown.toml"): "nope = 1\n",
    ("--setup", "queue.toml"): 'phase = "roll"\ndragon = 1\nqueue = [0, 2]\n',
    ("--data", "pawns.toml"): "[pawns]\nred = 3\n",
    ("--data", "placement.toml"): '[placement.2]\nred = ["x"]\n',
    ("--data", "layout.toml"): LAYOUT_OF_TWO_LEVELS,
    ("--data", "zero.toml"): "[pawns]\nred = 0\ngreen = 8\nblue = 8\nyellow = 8\nblack = 7\n",
}

FRENCH = [
    "clé(s) de mise en place inconnue(s) ['nope'] ; les clés sont ['layout', ",
    "queue : [0, 2] ne suit pas l'ordre du tour à partir du dragon (place 1)",
    "pawns doit donner les pions de chaque couleur : ['red', 'green', ",
    "placement doit donner une table par nombre de joueurs : ['3', '4', '5']",
    "layout : au moins trois niveaux (Grand Druide, titres, Magiciens)",
    "pions d'une couleur",
]
ENGLISH = [
    "unknown setup key(s) ['nope']; known: ['layout', ",
    "queue: [0, 2] is not in turn order from the dragon (seat 1)",
    "pawns must give the pawns of every colour: ['red', 'green', ",
    "placement must give one table per player count: ['3', '4', '5']",
    "layout: at least three levels (Grand Druide, titles, Magiciens)",
    "pawns of a colour",
]


CASES = [
    (["elfenwizards", "--names", "Ann,Bob,Cy"], option, text) for (option, _), text in FILES.items()
]


def test_file_refusals_are_said_in_french(tmp_path: Path) -> None:
    assert_said_in("fr", refused_files(tmp_path, "fr", CASES), FRENCH, ENGLISH)


def test_file_refusals_are_said_in_english(tmp_path: Path) -> None:
    assert_said_in("en", refused_files(tmp_path, "en", CASES), FRENCH, ENGLISH)
