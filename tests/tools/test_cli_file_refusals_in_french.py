"""A setup file or a data file a game refuses is said in the reader's language
(``--lang fr``), « mise en place » for a setup file, « fichier de données » for a
data file, seats by their players' names: for Elfenwizards an unknown setup key, a queue
out of turn order, a data file's pawns, placement or layout, a number out of the
rules' bounds; for Guerre des sorts and Sorcier ultime a setup's life, an unknown
card, an unknown key. In English the same refusals say what they said before, and
none of the French. (The orc tower's: tests/domain/orctower.)"""

from __future__ import annotations

from pathlib import Path

from tests.tools.file_refusals import assert_said_in, refused_files

# Elfenwizards
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

ELFEN_FILES = {
    ("--setup", "unknown.toml"): "nope = 1\n",
    ("--setup", "queue.toml"): 'phase = "roll"\ndragon = 1\nqueue = [0, 2]\n',
    ("--data", "pawns.toml"): "[pawns]\nred = 3\n",
    ("--data", "placement.toml"): '[placement.2]\nred = ["x"]\n',
    ("--data", "layout.toml"): LAYOUT_OF_TWO_LEVELS,
    ("--data", "zero.toml"): "[pawns]\nred = 0\ngreen = 8\nblue = 8\nyellow = 8\nblack = 7\n",
}

ELFEN_FRENCH = [
    "clé(s) de mise en place inconnue(s) ['nope'] ; les clés sont ['layout', ",
    "queue : [0, 2] ne suit pas l'ordre du tour à partir du dragon (Bob)",
    "pawns doit donner les pions de chaque couleur : ['red', 'green', ",
    "placement doit donner une table par nombre de joueurs : ['3', '4', '5']",
    # The key said once (it was « layout : layout : »).
    "wizards: layout : au moins trois niveaux (Grand Druide, titres, Magiciens)",
    "pions d'une couleur",
]
ELFEN_ENGLISH = [
    "unknown setup key(s) ['nope']; known: ['layout', ",
    "queue: [0, 2] is not in turn order from the dragon (Bob)",
    "pawns must give the pawns of every colour: ['red', 'green', ",
    "placement must give one table per player count: ['3', '4', '5']",
    "wizards: layout: at least three levels (Grand Druide, titles, Magiciens)",
    "pawns of a colour",
]


# Guerre des sorts and Sorcier ultime
OTHER_FILES = {
    "sw-setup.toml": ("spellwars", "--setup", "life = [0, 20]\n"),
    "sw-data.toml": ("spellwars", "--data", '[[source]]\nslug = "nope"\n'),
    "ul-setup.toml": ("ultimate", "--setup", "nope = 1\n"),
    "ul-data.toml": ("ultimate", "--data", '[cards.nope]\nname = "X"\n'),
}
OTHER_FRENCH = [
    "mise en place 'life' : le sorcier d'Ann est vivant avec 0 points de vie",
    "fichier de données, source[0] : pas de carte source 'nope' dans la boîte (les cartes sont :",
    "mise en place de Sorcier ultime : clé(s) inconnue(s) ['nope'] ; les clés sont ['hands',",
    "fichier de données de Sorcier ultime : cards.nope : cette carte n'existe pas ;",
]
OTHER_ENGLISH = [
    "setup 'life': Ann is alive with 0 life",
    "data source[0]: no source card 'nope' in the box (known:",
    "ultimate setup: unknown key(s) ['nope']; known: ['hands',",
    "ultimate data: cards.nope: no such card; cards are",
]


CASES = [
    *(
        (["elfenwizards", "--names", "Ann,Bob,Cy"], option, text)
        for (option, _), text in ELFEN_FILES.items()
    ),
    *(([game, "--names", "Ann,Bob"], flag, text) for game, flag, text in OTHER_FILES.values()),
]
FRENCH = [*ELFEN_FRENCH, *OTHER_FRENCH]
ENGLISH = [*ELFEN_ENGLISH, *OTHER_ENGLISH]


def test_refused_files_are_said_in_french(tmp_path: Path) -> None:
    assert_said_in("fr", refused_files(tmp_path, "fr", CASES), FRENCH, ENGLISH)


def test_refused_files_are_said_in_english(tmp_path: Path) -> None:
    assert_said_in("en", refused_files(tmp_path, "en", CASES), FRENCH, ENGLISH)
