"""A setup file or a data file of Guerre des sorts or Sorcier ultime that the game
refuses is said in the reader's language (``--lang fr``): « mise en place » for a
setup file, « fichier de données » for a data file, seats as « place N »; the same
refusals in English say none of the French."""

from __future__ import annotations

from pathlib import Path

from tests.tools.file_refusals import assert_said_in, refused_files

FILES = {
    "sw-setup.toml": ("spellwars", "--setup", "life = [0, 20]\n"),
    "sw-data.toml": ("spellwars", "--data", '[[source]]\nslug = "nope"\n'),
    "ul-setup.toml": ("ultimate", "--setup", "nope = 1\n"),
    "ul-data.toml": ("ultimate", "--data", '[cards.nope]\nname = "X"\n'),
}
FRENCH = [
    "mise en place 'life' : le sorcier de la place 0 est vivant avec 0 points de vie",
    "fichier de données, source[0] : pas de carte source 'nope' dans la boîte (les cartes sont :",
    "mise en place de Sorcier ultime : clé(s) inconnue(s) ['nope'] ; les clés sont ['hands',",
    "fichier de données de Sorcier ultime : cards.nope : cette carte n'existe pas ;",
]
ENGLISH = [
    "setup 'life': seat 0 is alive with 0 life",
    "data source[0]: no source card 'nope' in the box (known:",
    "ultimate setup: unknown key(s) ['nope']; known: ['hands',",
    "ultimate data: cards.nope: no such card; cards are",
]


CASES = [([game, "--names", "Ann,Bob"], flag, text) for game, flag, text in FILES.values()]


def test_refused_files_are_said_in_french(tmp_path: Path) -> None:
    assert_said_in("fr", refused_files(tmp_path, "fr", CASES), FRENCH, ENGLISH)


def test_refused_files_are_said_in_english(tmp_path: Path) -> None:
    assert_said_in("en", refused_files(tmp_path, "en", CASES), FRENCH, ENGLISH)
