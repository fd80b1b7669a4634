"""A setup or data file a game refuses, through ``wizards new`` as a person types
it, and the refusal said in the reader's language (the games' file-error tests)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


def refused_files(
    tmp_path: Path, lang: str, cases: Sequence[tuple[Sequence[str], str, str]]
) -> list[str]:
    """What ``wizards --lang LANG new ARGS FLAG FILE`` says on stderr for each case
    (the arguments of ``new``, ``--setup`` or ``--data``, the file's text)."""
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang, "--errors", "text"]
    said = []
    for i, (new, flag, text) in enumerate(cases):
        path = tmp_path / f"{i}.toml"
        path.write_text(text, encoding="utf-8")
        run = runner.invoke(app, [*base, "new", *new, flag, str(path)])
        assert run.exit_code == 2, run.output
        said.append(run.stderr)
    return said


def assert_said_in(
    lang: str, said: Sequence[str], french: Sequence[str], english: Sequence[str]
) -> None:
    """Each refusal holds its words in ``lang`` and none in the other language, and
    its code in that language's frame."""
    for text, fr, en in zip(said, french, english, strict=True):
        ours, theirs = (fr, en) if lang == "fr" else (en, fr)
        assert ours in text and theirs not in text, text
        assert ("\n  code : bad_setup" if lang == "fr" else "\n  code: bad_setup") in text, text
