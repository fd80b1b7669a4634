"""``--help`` in the reader's language: ``wizards --lang fr … --help`` (or
``WIZARDS_LANG=fr``) printed the whole help in English, commands, options and
typer's frame alike, while every other word of the CLI was French."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app


def _help(*args: str, lang: str = "en") -> str:
    """``wizards ARGS`` as a user types it, with ``WIZARDS_LANG=lang``, on a
    terminal wide enough that no phrase is wrapped."""
    wizards = Path(sys.executable).with_name("wizards")
    env = {**os.environ, "WIZARDS_LANG": lang, "COLUMNS": "300", "TERMINAL_WIDTH": "300"}
    done = subprocess.run([str(wizards), *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _reads(text: str, french: list[str], english: list[str]) -> None:
    assert [p for p in french if p not in text] == [], text
    assert [p for p in english if p in text] == [], text


# Phrases of the same help, said in French and in English.
WIZARDS = (
    [
        "Utilisation : wizards",
        "Wizard Ledger : jouer, rejouer, exporter et vérifier",
        "Créer une partie et afficher son identifiant.",
        "Bifurquer en une branche « et si » à la position --at.",
        "Rejouer, exporter, vérifier",
        "la langue de ce qui est dit : en ou fr",
        "[variable d'environnement : WIZARDS_STORE]",
        "Afficher ce message et quitter.",
    ],
    [
        "Usage:",
        "Wizard Ledger: play, replay",
        "Create a game and print its id.",
        "Branch a what-if game",
        "Replay, export, verify",
        "the language of what is said",
        "[env var: WIZARDS_STORE]",
        "Show this message and exit.",
    ],
)
EXPORT = (
    [
        "Exporter l'histoire annotée en JSON, Markdown ou HTML.",
        "le HTML est le visualiseur de rejeu autonome",
        "[par défaut : json]",
        "[obligatoire]",
        "du point de vue de cette place",
    ],
    [
        "Export the annotated history",
        "the HTML is the self-contained replay viewer",
        "[default: json]",
        "[required]",
        "as this seat saw it",
    ],
)
NEW = (
    ["Créer une partie", "nombre de places (ou donnez --names)", "mode table : valeurs des dés"],
    ["Create a game", "number of seats", "table mode: dice values"],
)


def test_wizards_help_with_lang_fr_reads_in_french() -> None:
    _reads(_help("--lang", "fr", "--help"), *WIZARDS)


def test_a_commands_help_reads_in_french_with_the_global_or_its_own_lang() -> None:
    _reads(_help("--lang", "fr", "export", "--help"), *EXPORT)
    _reads(_help("export", "--lang=fr", "--help"), *EXPORT)


def test_wizards_lang_fr_in_the_environment_makes_the_help_french() -> None:
    _reads(_help("new", "--help", lang="fr"), *NEW)
    # A group's commands too.
    _reads(_help("store", "--help", lang="fr"), ["Lier le stockage"], ["Bind the store"])


def test_english_readers_get_the_help_as_written() -> None:
    for command, (french, english) in (((), WIZARDS), (("export",), EXPORT), (("new",), NEW)):
        _reads(_help("--lang", "en", *command, "--help"), english, french)
    # --lang says it over the environment's language.
    _reads(_help("--lang", "en", "new", "--help", lang="fr"), NEW[1], NEW[0])


def test_a_french_help_leaves_the_next_command_in_its_own_language() -> None:
    """One process runs many commands (a test, ``wizards shell``): typer's frame
    words, module-wide, are English again after a French help."""
    runner = CliRunner()
    env = {"COLUMNS": "300"}
    french = runner.invoke(app, ["--lang", "fr", "export", "--help"], env=env)
    english = runner.invoke(app, ["export", "--help"], env=env)
    assert french.exit_code == english.exit_code == 0
    _reads(french.stdout, *EXPORT)
    _reads(english.stdout, EXPORT[1], EXPORT[0])
