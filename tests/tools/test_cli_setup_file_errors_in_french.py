"""A setup file or a data file of Guerre des sorts or Sorcier ultime that the game
refuses is said in the reader's language (``--lang fr``): « mise en place » for a
setup file, « fichier de données » for a data file, seats as « place N »; the same
refusals in English say none of the French."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()

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


def _refusals(tmp_path: Path, lang: str) -> list[str]:
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang, "--errors", "text"]
    said = []
    for name, (game, flag, text) in FILES.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, [*base, "new", game, "--names", "Ann,Bob", flag, str(path)])
        assert result.exit_code != 0, result.stdout
        said.append(result.stderr)
    return said


def test_refused_files_are_said_in_french(tmp_path: Path) -> None:
    for text, french, english in zip(_refusals(tmp_path, "fr"), FRENCH, ENGLISH, strict=True):
        assert french in text and english not in text, text
        assert "code : bad_setup" in text, text


def test_refused_files_are_said_in_english(tmp_path: Path) -> None:
    for text, french, english in zip(_refusals(tmp_path, "en"), FRENCH, ENGLISH, strict=True):
        assert english in text and french not in text, text
        assert "code: bad_setup" in text, text
