"""The ``wizards`` CLI run in-process on a store, as a user types it."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


class Wizards:
    def __init__(self, store: str) -> None:
        self.store = store

    def __call__(self, *args: str, code: int = 0) -> Any:
        result = runner.invoke(app, ["--store", self.store, *args])
        assert result.exit_code == code, (result.stdout, result.stderr)
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self(*args).stdout)
