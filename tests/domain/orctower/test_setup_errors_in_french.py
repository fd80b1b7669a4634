"""A refused setup file or data file of the Orc tower is said in the reader's
language (``--lang fr``): a seat count, a stage, a number beyond its bound, an
unknown key; the same errors in English say none of the French."""

from __future__ import annotations

from pathlib import Path

from tests.tools.file_refusals import assert_said_in, refused_files

FILES = [
    ("--setup", "seats = [{}]\n"),
    ("--setup", 'stage = "nope"\n'),
    ("--data", "poison_cards = 99\n"),
    ("--data", "nope = 1\n"),
]
FRENCH = [
    "seats doit lister 2 places, pas 1",
    "stage doit être l'un de ['",
    "poison_cards vaut 99 ; cartes Poison : les règles en utilisent de 0 à 14",
    "clé(s) de données inconnue(s) ['nope'] ; les clés sont ['",
]
ENGLISH = [
    "seats must list 2 seats, not 1",
    "stage must be one of ['",
    "poison_cards is 99; the rules use poison cards from 0 to 14",
    "unknown data key(s) ['nope']; known: ['",
]


CASES = [(["orctower", "--names", "Ann,Bob", "--seed", "s"], flag, text) for flag, text in FILES]


def test_setup_and_data_errors_are_said_in_french(tmp_path: Path) -> None:
    assert_said_in("fr", refused_files(tmp_path, "fr", CASES), FRENCH, ENGLISH)


def test_setup_and_data_errors_are_said_in_english(tmp_path: Path) -> None:
    assert_said_in("en", refused_files(tmp_path, "en", CASES), FRENCH, ENGLISH)
