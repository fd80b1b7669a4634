"""A setup or data file whose values have the wrong shape (a list where a table
goes, a word where a number goes) is refused with where and what, read from the
file's types: « seats[0].hand doit être une liste (chaque élément : un texte) ou
null, pas 3 », in the reader's language, where msgspec's English (`$.seats[0]`,
`array | null`) was shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tools.file_refusals import assert_said_in, refused_files

CASES = [
    (["orctower", "--names", "Ann,Bob"], "--data", 'creatures = "x"\n'),
    (["orctower", "--names", "Ann,Bob"], "--setup", "[[seats]]\nhand = 3\n"),
    (["orctower", "--names", "Ann,Bob"], "--setup", "[[seats]]\nhond = []\n"),
    (
        ["elfenwizards", "--names", "Ann,Bob,Cy"],
        "--data",
        '[[layout.level]]\nid = "top"\nname = "GD"\npoints = "five"\n'
        '[[layout.space]]\nid = "gd"\nlevel = "top"\n',
    ),
]
FRENCH = [
    'données d\'orctower : creatures doit être une liste (chaque élément : une table), pas "x"',
    "seats[0].hand doit être une liste (chaque élément : un texte) ou null, pas 3",
    "seats[0] n'a pas de clé hond : ses clés sont space, hand, ",
    'layout : level nº 1 : points doit être un nombre entier, pas "five"',
]
ENGLISH = [
    'orctower data: creatures must be a list (a table each), not "x"',
    "seats[0].hand must be a list (a text each) or null, not 3",
    "seats[0] has no key hond: its keys are space, hand, ",
    'layout: level #1: points must be a whole number, not "five"',
]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_value_of_the_wrong_shape_is_said_by_its_place(tmp_path: Path, lang: str) -> None:
    said = refused_files(tmp_path, lang, CASES)
    assert_said_in(lang, said, FRENCH, ENGLISH)
    assert not any("`" in s or "$." in s for s in said), said
