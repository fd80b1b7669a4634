"""The ``wizards`` entry point: every command module registered on the one app,
global options read wherever they are typed, help text flowed."""

from __future__ import annotations

import inspect
import sys

import typer

# Each command module registers its commands on the one app as it is imported:
# the order here is the order of ``wizards --help``.
# isort: off
from tools.cli import play  # noqa: F401
from tools.cli import positions  # noqa: F401
from tools.cli import review  # noqa: F401
from tools.cli import dispute  # noqa: F401
from tools.cli import games  # noqa: F401
from tools.cli import read_models  # noqa: F401
from tools.cli import serve  # noqa: F401
from tools.cli import store  # noqa: F401

# isort: on
from tools.cli.common import app, close_ledgers


def globals_first(args: list[str]) -> list[str]:
    """The options every command takes (``--store``, ``--no-snapshots``) moved in
    front of the command's name, where the CLI reads them: ``wizards new G --store
    URL`` is ``wizards --store URL new G``, as the README's "every command takes
    --store" reads. Nothing after ``--`` is moved."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--store" and i + 1 < len(args):
            front += args[i : i + 2]
            i += 2
            continue
        (front if arg.startswith("--store=") or arg == "--no-snapshots" else rest).append(arg)
        i += 1
    return front + rest


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


def _flow_help(typer_app: typer.Typer) -> None:
    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = flowed(inspect.getdoc(info.callback) or "")
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _flow_help(group.typer_instance)


_flow_help(app)
