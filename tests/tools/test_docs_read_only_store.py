"""docs/operations.md's read-only block, run as written: the store's files are the
same, byte for byte, after the referee's commands, and a write is refused."""

from __future__ import annotations

import os
from pathlib import Path

from tests.tools.doc_blocks import command_lines, run_as_written


def test_the_read_only_block_runs_as_written(tmp_path: Path) -> None:
    lines = command_lines("docs/operations.md", "## A store examined read-only")
    env = {**os.environ, "WIZARDS_REDIS": "none", "NO_COLOR": "1"}
    env.pop("WIZARDS_READ_ONLY", None)
    done = run_as_written(lines, tmp_path, env)
    assert ": ok (" in done.stdout and "Same result" in done.stdout
    assert "read_only_store" in done.stderr
    assert "FAILED" not in done.stdout + done.stderr
