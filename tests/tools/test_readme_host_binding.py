"""The README's commands for a PostgreSQL store bound to one host, run as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECTION = "### Reads of the current position"


def readme_block() -> list[str]:
    text = (ROOT / "README.md").read_text()
    after = text[text.index(SECTION) :]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block is not None
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


@pytest.mark.postgres
def test_the_readme_binding_commands_run_as_written(postgres_url: str, tmp_path: Path) -> None:
    lines = readme_block()
    script = "".join(f'{line}\necho "__rc {i} $?"\n' for i, line in enumerate(lines))
    bin_dir = str(Path(sys.executable).parent)  # `wizards` as the venv installs it
    env = {**os.environ, "WIZARDS_STORE": postgres_url, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("WIZARDS_REDIS", None)
    env.pop("WIZARDS_COUNTERS", None)
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    codes = dict(re.findall(r"^__rc (\d+) (\d+)$", done.stdout, re.M))
    assert len(codes) == len(lines), done.stderr
    for i, line in enumerate(lines):
        expected = "2" if "refused (exit 2)" in line else "0"
        assert codes[str(i)] == expected, (line, done.stdout, done.stderr)
    counters = tmp_path / "wizards.counters"
    assert f"bound to the counters file {counters} of host" in done.stdout
    assert '"code": "store_bound_elsewhere"' in done.stderr
    assert "unbound: was bound to the counters file" in done.stdout
    assert counters.stat().st_size == 64 + 128 * 1024
