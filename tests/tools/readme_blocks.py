"""Running a README block of shell commands as written, line by line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_block(section: str) -> list[str]:
    """The lines of the first ``sh`` block after the heading ``section``."""
    text = (ROOT / "README.md").read_text()
    after = text[text.index(section) :]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block is not None
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def run_as_written(
    lines: list[str], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Every line in one shell (variables carry over), from ``cwd``, where ``.venv``
    is this interpreter's; each line's exit status must be 0, or 2 where the line
    says ``refused (exit 2)``."""
    script = "".join(f'{line}\necho "__rc {i} $?"\n' for i, line in enumerate(lines))
    (cwd / ".venv").symlink_to(Path(sys.executable).parents[1])
    done = subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    codes = dict(re.findall(r"^__rc (\d+) (\d+)$", done.stdout, re.M))
    assert len(codes) == len(lines), done.stderr
    for i, line in enumerate(lines):
        expected = "2" if "refused (exit 2)" in line else "0"
        assert codes[str(i)] == expected, (line, done.stdout, done.stderr)
    return done
