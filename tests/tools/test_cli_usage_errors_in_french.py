"""A usage error is said in the reader's language: ``WIZARDS_LANG=fr wizards act``
said "Missing argument 'game_id'." (and "No such option", "Invalid value …",
"Got unexpected extra argument(s)", "No such command …") in English inside the
French frame, as the click that typer vendors writes them. Each kind is now said
from its structure in French, and in English as before where that was good;
the usage line, the hint and the exit code 2 stay."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from tools.cli import app

# Wide enough that no sentence is wrapped inside the error's panel.
WIDE = {"COLUMNS": "300", "TERMINAL_WIDTH": "300"}

# Every kind of usage error the commands raise: what is typed, and what is said
# of it in English and in French.
TYPED = [
    "act",
    "act G",
    "state G --nope",
    "state G --st",
    "state G --at",
    "--read-only=yes games",
    "state G --at x",
    "diff G 1 1.5",
    "list --limit 0",
    "serve --workers 99",
    "--errors nope games",
    "nosuch",
    "stat",
    "store bnd",
    "--no-snapshots",
    "games extra",
    "games a b",
]
SAID_IN_ENGLISH = [
    "Missing argument 'game_id'.",
    "Missing option '--seat' / '-s'.",
    "No such option: --nope",
    "No such option: --st (Possible options: --at, --seat)",
    "Option '--at' requires an argument.",
    "Option '--read-only' does not take a value.",
    "Invalid value for '--at': 'x' is not a valid integer.",
    "Invalid value for 'b': '1.5' is not a valid integer.",
    "Invalid value for '--limit': 0 is below the minimum, 1.",
    "Invalid value for '--workers': 99 is above the maximum, 64.",
    "Invalid value for '--errors' (env var: 'WIZARDS_ERRORS'): "
    "'nope' is not one of 'auto', 'text' or 'json'.",
    "No such command 'nosuch'.",
    "No such command 'stat'. Did you mean 'stats' or 'state'?",
    "No such command 'bnd'. Did you mean 'bind', 'unbind' or 'binding'?",
    "Missing command.",
    "Got unexpected extra argument (extra)",
    "Got unexpected extra arguments (a b)",
]
SAID_IN_FRENCH = [
    "Il manque l'argument « game_id ».",
    "Il manque l'option « --seat » / « -s ».",
    "Option inconnue : --nope",
    "Option inconnue : --st (options possibles : --at, --seat)",
    "L'option « --at » attend une valeur.",
    "L'option « --read-only » ne prend pas de valeur.",
    "Valeur invalide pour « --at » : « x » n'est pas un nombre entier.",
    "Valeur invalide pour « b » : « 1.5 » n'est pas un nombre entier.",
    "Valeur invalide pour « --limit » : 0 est inférieur au minimum, 1.",
    "Valeur invalide pour « --workers » : 99 dépasse le maximum, 64.",
    "Valeur invalide pour « --errors » (variable d'environnement : « WIZARDS_ERRORS ») : "
    "« nope » n'est pas l'une des valeurs « auto », « text » ou « json ».",
    "Commande inconnue : « nosuch ».",
    "Commande inconnue : « stat ». Vouliez-vous dire « stats » ou « state » ?",
    "Commande inconnue : « bnd ». Vouliez-vous dire « bind », « unbind » ou « binding » ?",
    "Il manque la commande.",
    "Argument en trop : extra",
    "Arguments en trop : a b",
]
KINDS = list(zip(TYPED, SAID_IN_ENGLISH, SAID_IN_FRENCH, strict=True))

# What click and typer say in English, none of which a French reader meets.
ENGLISH = [
    "Usage:",
    "Try '",
    "Error",
    "Missing",
    "No such",
    "Invalid value",
    "Got unexpected",
    "requires",
    "does not take",
    "is not",
    "Did you mean",
    "Possible options",
    "env var",
    "below the",
    "above the",
]


def _said(args: list[str], lang: str) -> tuple[list[str], int]:
    """The lines of the error ``wizards --lang LANG ARGS`` prints, borders aside, and
    its exit code."""
    done = CliRunner().invoke(app, ["--lang", lang, *args], env=WIDE, prog_name="wizards")
    lines = [line.strip("│╭╮╰╯─ ") for line in done.stderr.splitlines()]
    return [line for line in lines if line], done.exit_code


@pytest.mark.parametrize(("typed", "english", "french"), KINDS, ids=TYPED)
def test_a_usage_error_is_said_in_french_and_in_english(
    typed: str, english: str, french: str
) -> None:
    args = typed.split()
    said, code = _said(args, "fr")
    assert code == 2
    assert said[0].startswith("Utilisation : wizards"), said
    assert said[1].startswith("Essayez « wizards"), said
    assert said[2:] == ["Erreur", french]
    assert [e for e in ENGLISH if any(e in line for line in said)] == [], said
    # The next command, in the same process, is said in English again.
    said, code = _said(args, "en")
    assert code == 2
    assert said[0].startswith("Usage: wizards"), said
    assert said[1].startswith("Try 'wizards"), said
    assert said[2:] == ["Error", english]


def _typed(lang: str, *args: str, **env: str) -> tuple[str, int]:
    """``WIZARDS_LANG=lang wizards ARGS`` as a user types it: its stderr and exit code."""
    wizards = Path(sys.executable).with_name("wizards")
    done = subprocess.run(
        [str(wizards), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **WIDE, **env, "WIZARDS_LANG": lang},
    )
    return done.stderr, done.returncode


def test_wizards_lang_fr_says_a_missing_argument_in_french() -> None:
    """The command of the issue."""
    said, code = _typed("fr", "act")
    assert code == 2
    assert "Il manque l'argument « game_id »." in said
    assert "Missing argument" not in said


# The plain lines of ``wizards state G --at`` after its usage line, in each language.
PLAIN = {
    "fr": [
        "Essayez « wizards state --help » pour obtenir de l'aide.",
        "",
        "Erreur : L'option « --at » attend une valeur.",
    ],
    "en": [
        "Try 'wizards state --help' for help.",
        "",
        "Error: Option '--at' requires an argument.",
    ],
}


def test_without_rich_the_plain_error_is_said_in_the_readers_language() -> None:
    """Typer prints a usage error in plain lines where rich is not used."""
    for lang, usage_word in (("fr", "Utilisation :"), ("en", "Usage:")):
        said, code = _typed(lang, "state", "G", "--at", TYPER_USE_RICH="0")
        usage, *rest = said.splitlines()
        assert code == 2
        assert usage.startswith(f"{usage_word} wizards state [OPTIONS]"), said
        assert rest == PLAIN[lang]


def test_a_choice_from_the_environment_is_refused_in_the_readers_language() -> None:
    done = CliRunner().invoke(
        app, ["--lang", "fr", "games"], env={**WIDE, "WIZARDS_ERRORS": "loud"}
    )
    assert done.exit_code == 2
    assert "« loud » n'est pas l'une des valeurs « auto », « text » ou « json »" in done.stderr


def _command_paths(command: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    if isinstance(command, TyperGroup):
        return [p for name, c in command.commands.items() for p in _command_paths(c, (*path, name))]
    return [path]


def test_every_command_refuses_an_unknown_option_in_french() -> None:
    """A command added later says its usage errors in the reader's language too."""
    paths = _command_paths(typer.main.get_command(app))
    assert {("act",), ("export",), ("store", "bind")} <= set(paths)
    unsaid = []
    for path in paths:
        said, code = _said([*path, "--qqq"], "fr")
        if code != 2 or "Option inconnue : --qqq" not in said:
            unsaid.append((path, said))
    assert unsaid == []
