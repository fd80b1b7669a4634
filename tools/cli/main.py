"""The ``wizards`` entry point: every command module registered on the one app,
global options read wherever they are typed, help text flowed, usage errors
said in the reader's language."""

from __future__ import annotations

import inspect
import sys

import typer
from typer.core import TyperCommand

# Each command module registers its commands on the one app as it is imported:
# the order here is the order of ``wizards --help``.
# isort: off
from tools.cli import play  # noqa: F401
from tools.cli import positions  # noqa: F401
from tools.cli import review  # noqa: F401
from tools.cli import dispute  # noqa: F401
from tools.cli import games  # noqa: F401
from tools.cli import read_models  # noqa: F401
from tools.cli import shell  # noqa: F401
from tools.cli import serve  # noqa: F401
from tools.cli import store  # noqa: F401

# isort: on
from tools.cli.common import app, close_ledgers, globals_first
from tools.cli.help_words import SaidCommand

__all__ = ["app", "globals_first", "main"]


def main() -> None:
    try:
        app(args=globals_first(sys.argv[1:]))
    finally:
        close_ledgers()


def flowed(help_text: str) -> str:
    """A docstring as whole paragraphs, each on one line. Typer (rich markup)
    keeps a docstring's line breaks, which a terminal of another width shows as
    lines broken mid-sentence; a paragraph on one line wraps at its width."""
    paragraphs = inspect.cleandoc(help_text).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _told(typer_app: typer.Typer) -> None:
    """Every command's help flowed, and its usage errors said in the reader's
    language (``help_words.SaidCommand``; the groups are ``SaidGroup``s)."""
    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = flowed(inspect.getdoc(info.callback) or "")
        if info.cls is TyperCommand:
            info.cls = SaidCommand
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _told(group.typer_instance)


_told(app)
