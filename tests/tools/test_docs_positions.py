"""docs/table-mode.md's commands, run as written: a real table's position from a
setup file; positions both ways, a table's own data and table mode."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.tools.doc_blocks import command_lines, doc_block, run_as_written

PAGE = "docs/table-mode.md"


def test_the_position_commands_run_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'readme.db'}"}
    env.pop("WIZARDS_REDIS", None)
    done = run_as_written(command_lines(PAGE, "## Positions both ways"), tmp_path, env)
    out = done.stdout
    assert "dice_required" in done.stderr and "the card drawn from the draw pile" in done.stderr
    assert "--drew CARD" in done.stderr  # the hint says which flag gives it
    assert out.count(": ok (") == 2  # both verifications
    position = (tmp_path / "pos.toml").read_text()
    assert position.startswith("# ultimate position 7 of game ") and 'stage = "action"' in position
    assert "[cards.fireball]" in (tmp_path / "cards.toml").read_text()
    assert '"?"' in out  # seat 0's view of position 7 hides the other hand and the pile


def test_a_real_tables_position_opens_from_the_page_setup_file(tmp_path: Path) -> None:
    """The page's setup file, saved as the name its first line gives, opens the
    game it describes: Ann at 3 life with Boule de feu and Explosion, to play."""
    heading = "## Reproducing a real table's position"
    setup = doc_block(PAGE, heading, "toml")
    assert setup.startswith("# dispute.toml:")
    (tmp_path / "dispute.toml").write_text(setup, encoding="utf-8")
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'table.db'}"}
    env.pop("WIZARDS_REDIS", None)
    done = run_as_written(command_lines(PAGE, heading), tmp_path, env)
    state = json.loads(done.stdout[done.stdout.index("{") : done.stdout.rindex("}") + 1])
    assert state["players"] == ["Ann", "Bob"] and state["seat"] == 0
    assert [p["life"] for p in state["view"]["players"]] == [3, 9]
    assert state["view"]["hand"] == ["fireball", "explosion"]
    assert [p["seat"] for p in state["pending"]] == [0]
