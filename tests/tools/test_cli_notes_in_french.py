"""The CLI's own short notes in the reader's language: a referee's note kept
(« note 1 sur la position 7 »), a file written (« … écrit »)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("lang", "noted", "wrote"),
    [
        ("fr", "note 1 sur la position 7", "{file} écrit"),
        ("en", "note 1 on position 7", "wrote {file}"),
    ],
)
def test_a_note_and_a_file_written_are_said_in_the_readers_language(
    tmp_path: Path, lang: str, noted: str, wrote: str
) -> None:
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang]
    gid = runner.invoke(app, [*base, "new", "ultimate", "--names", "Ann,Bob", "--seed", "n"])
    game = gid.stdout.strip()
    note = runner.invoke(app, [*base, "annotate", game, "--at", "7", "--text", "pourquoi ?"])
    assert note.exit_code == 0 and note.stdout.strip() == noted
    out = tmp_path / "g.md"
    export = runner.invoke(app, [*base, "export", game, "--format", "md", "-o", str(out)])
    assert export.exit_code == 0 and export.stderr.strip() == wrote.format(file=out)
