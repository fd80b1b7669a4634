"""The README's commands for positions, table mode and a table's data, run as written."""

from __future__ import annotations

import os
from pathlib import Path

from tests.tools.readme_blocks import readme_block, run_as_written

SECTION = "### Positions both ways, table mode that follows the table, a table's own data"


def test_the_readme_position_commands_run_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'readme.db'}"}
    env.pop("WIZARDS_REDIS", None)
    done = run_as_written(readme_block(SECTION), tmp_path, env)
    out = done.stdout
    assert "dice_required" in done.stderr and "the card drawn from the draw pile" in done.stderr
    assert "--drew CARD" in done.stderr  # the hint says which flag gives it
    assert out.count(": ok (") == 2  # both verifications
    position = (tmp_path / "pos.toml").read_text()
    assert position.startswith("# ultimate position 7 of game ") and 'stage = "action"' in position
    assert "[cards.fireball]" in (tmp_path / "cards.toml").read_text()
    assert '"?"' in out  # seat 0's view of position 7 hides the other hand and the pile
