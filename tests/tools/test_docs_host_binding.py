"""docs/design.md's commands for a PostgreSQL store bound to one host, run as written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.tools.doc_blocks import command_lines, run_as_written


@pytest.mark.postgres
def test_the_binding_commands_run_as_written(postgres_url: str, tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": postgres_url}
    env.pop("WIZARDS_REDIS", None)
    env.pop("WIZARDS_COUNTERS", None)
    lines = command_lines("docs/design.md", "### Reads of the current position")
    done = run_as_written(lines, tmp_path, env)
    counters = tmp_path / "wizards.counters"
    assert f"bound to the counters file {counters} of host" in done.stdout
    assert '"code": "store_bound_elsewhere"' in done.stderr
    assert "unbound: was bound to the counters file" in done.stdout
    assert counters.stat().st_size == 64 + 128 * 1024


@pytest.mark.postgres
def test_the_binding_is_said_in_the_readers_language(postgres_url: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tools.cli import app

    counters = tmp_path / "wizards.counters"
    url = f"{postgres_url}{'&' if '?' in postgres_url else '?'}counters={counters}"
    runner = CliRunner()
    bound = runner.invoke(app, ["--store", url, "--lang", "fr", "store", "bind"])
    assert bound.exit_code == 0, bound.output
    assert bound.stdout.startswith(f"lié au fichier de compteurs {counters} de l'hôte ")
    shown = runner.invoke(app, ["--store", url, "--lang", "fr", "store", "binding"])
    assert shown.stdout.strip().endswith("; cet hôte a ce fichier"), shown.stdout
    lifted = runner.invoke(app, ["--store", url, "--lang", "fr", "store", "unbind"])
    assert lifted.stdout.startswith("délié : était lié au fichier de compteurs"), lifted.stdout
    again = runner.invoke(app, ["--store", url, "--lang", "fr", "store", "unbind"])
    assert again.stdout.strip() == "non lié : rien à délier", again.stdout
