"""A refused setup file or data file of the Orc tower is said in the reader's
language (``--lang fr``): a seat count, a stage, a number beyond its bound, an
unknown key; the same errors in English say none of the French."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()

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


def _errors(tmp_path: Path, lang: str) -> list[str]:
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang, "--errors", "text"]
    said = []
    for i, (flag, text) in enumerate(FILES):
        path = tmp_path / f"{i}.toml"
        path.write_text(text, encoding="utf-8")
        new = ["new", "orctower", "--names", "Ann,Bob", "--seed", "s", flag, str(path)]
        result = runner.invoke(app, [*base, *new])
        assert result.exit_code != 0, result.stdout
        said.append(result.stderr)
    return said


def test_setup_and_data_errors_are_said_in_french(tmp_path: Path) -> None:
    for text, french, english in zip(_errors(tmp_path, "fr"), FRENCH, ENGLISH, strict=True):
        assert french in text and english not in text, text


def test_setup_and_data_errors_are_said_in_english(tmp_path: Path) -> None:
    for text, french, english in zip(_errors(tmp_path, "en"), FRENCH, ENGLISH, strict=True):
        assert english in text and french not in text, text
