"""The README's block of ``wizards shell``, run as written: a game played and
checked by one process reading a script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.tools.doc_blocks import doc_block


def test_the_shell_block_runs_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'shell.db'}", "NO_COLOR": "1"}
    env.pop("WIZARDS_REDIS", None)
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])
    script = "set -euo pipefail\n" + doc_block("README.md", "## Many commands in one process")
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # Every line ran, in order, in the one process: Ann's move, Bob's answer, the
    # story of both and the check of it all.
    assert '"hand"' in out
    assert out.index("Ann plays Malédiction on Bob") < out.index("Bob takes 2 damage")
    assert "Bob takes 2 damage from Malédiction (life 7)" in out
    assert out.count(": ok (") == 1
