"""The CLI tests' fixture: the ``wizards`` command on a SQLite store of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tools.wizards_cli import Wizards


@pytest.fixture
def wizards(tmp_path: Path) -> Wizards:
    return Wizards(f"sqlite:///{tmp_path / 'cli.db'}")
