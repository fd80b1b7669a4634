"""``wizards serve`` names a setting it cannot read, before it starts, rather
than dying with a traceback from inside the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("WIZARDS_READ_WORKERS", "many"),
        ("WIZARDS_READ_WORKERS", "-1"),
        ("WIZARDS_RATE_READ", "x/y"),
    ],
)
def test_serve_refuses_a_setting_it_cannot_read(tmp_path: Path, variable: str, value: str) -> None:
    wizards = str(Path(sys.executable).with_name("wizards"))
    run = subprocess.run(
        [wizards, "--store", f"sqlite:///{tmp_path / 'w.db'}", "serve", "--port", "1"],
        env={**os.environ, variable: value},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    error = json.loads(run.stderr.strip().splitlines()[-1])
    assert error["code"] == "bad_setting"
    assert variable in error["message"] and repr(value) in error["message"]


def test_a_setting_it_cannot_read_is_said_in_the_readers_language(tmp_path: Path) -> None:
    wizards = str(Path(sys.executable).with_name("wizards"))
    run = subprocess.run(
        [wizards, "--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", "fr", "--errors",
         "text", "serve", "--port", "1"],
        env={**os.environ, "WIZARDS_RATE_READ": "x/y"},
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert run.returncode == 2
    assert "WIZARDS_RATE_READ : limite de débit 'x/y' : écrivez N/SECONDES" in run.stderr
    assert "code : bad_setting" in run.stderr
