"""The README's commands for positions, table mode and a table's data, run as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECTION = "### Positions both ways, table mode that follows the table, a table's own data"


def readme_block() -> list[str]:
    text = (ROOT / "README.md").read_text()
    after = text[text.index(SECTION) :]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_position_commands_run_as_written(tmp_path: Path) -> None:
    lines = readme_block()
    # Each line runs in one shell (variables carry over); its exit status is reported.
    script = "".join(f'{line}\necho "__rc {i} $?"\n' for i, line in enumerate(lines))
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'readme.db'}"}
    env.pop("WIZARDS_REDIS", None)
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    codes = dict(re.findall(r"^__rc (\d+) (\d+)$", done.stdout, re.M))
    assert len(codes) == len(lines), done.stderr
    for i, line in enumerate(lines):
        expected = "2" if "refused (exit 2)" in line else "0"
        assert codes[str(i)] == expected, (line, done.stderr)
    out = done.stdout
    assert "dice_required" in done.stderr and "the card drawn from the draw pile" in done.stderr
    assert out.count(": ok (") == 2  # both verifications
    position = (tmp_path / "pos.toml").read_text()
    assert position.startswith("# ultimate position 7 of game ") and 'stage = "action"' in position
    assert "[cards.fireball]" in (tmp_path / "cards.toml").read_text()
    assert '"?"' in out  # seat 0's view of position 7 hides the other hand and the pile
