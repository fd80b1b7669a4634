"""``wizards --help`` and each command's ``--help`` read as whole sentences.

Typer keeps a docstring's line breaks: a summary written over two source lines
showed in the commands panel as "who entered what and when, for" over "each
command held". Each command now has a one-line summary that fits the panel of
an 80-column terminal, and its further paragraphs wrap at the terminal's width."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()
# A row of a help panel: "│ name   text │", or a continuation row with no name.
_ROW = re.compile(r"^│ (\S*)\s+(.*?)\s*│$")


def _commands(typer_app: object = app, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for info in typer_app.registered_commands:  # type: ignore[attr-defined]
        out.append((*prefix, info.name or info.callback.__name__))
    for group in typer_app.registered_groups:  # type: ignore[attr-defined]
        out.extend(_commands(group.typer_instance, (*prefix, group.name)))
    return out


def _command_panels(text: str) -> list[tuple[str, str]]:
    """The (name, text) rows of every panel of commands (``wizards --help`` groups
    them: Play, Replay…; a group such as ``store`` has one, Commands), in order."""
    lines = text.splitlines()
    rows = []
    inside = False
    for line in lines:
        if line.startswith("╭─ "):
            inside = not line.startswith("╭─ Options ")
            continue
        if line.startswith("╰"):
            inside = False
            continue
        if inside:
            m = _ROW.match(line)
            assert m is not None, line
            rows.append((m.group(1), m.group(2)))
    return rows


def _as_run(*args: str, columns: int) -> str:
    """``wizards ARGS`` as a user runs it, in a terminal ``columns`` wide."""
    wizards = Path(sys.executable).with_name("wizards")
    env = {**os.environ, "COLUMNS": str(columns), "TERMINAL_WIDTH": str(columns)}
    done = subprocess.run([str(wizards), *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("group", [(), ("store",)])
def test_each_command_is_summed_up_in_one_whole_sentence_on_one_line(
    group: tuple[str, ...], lang: str
) -> None:
    shown = _command_panels(_as_run("--lang", lang, *group, "--help", columns=80))
    below = [c[len(group)] for c in _commands() if c[: len(group)] == group and c != group]
    names = list(dict.fromkeys(below))  # a group's own commands are one row: its name
    # One row per command, its name on it: no summary runs on to a second line.
    assert [name for name, _ in shown] == names
    for name, summary in shown:
        assert summary.endswith("."), (name, summary)
        assert not re.search(r"(,| the| for| another| a| and| or)$", summary), (name, summary)


def test_each_commands_own_help_keeps_its_paragraphs_whole() -> None:
    """At any width a paragraph wraps where the terminal ends, never where the
    docstring's source line did: on a wide terminal each is one line, a whole
    sentence or more."""
    for command in _commands():
        result = runner.invoke(
            app, [*command, "--help"], env={"COLUMNS": "400"}, terminal_width=400
        )
        assert result.exit_code == 0, (command, result.stdout)
        lines = [line.strip() for line in result.stdout.splitlines()]
        usage = next(i for i, line in enumerate(lines) if line.startswith("Usage:"))
        panel = next(i for i, line in enumerate(lines) if line.startswith("╭"))
        paragraphs = [line for line in lines[usage + 1 : panel] if line]
        assert paragraphs, command
        for paragraph in paragraphs:
            assert re.search(r"[.)\"]$", paragraph), (command, paragraph)
