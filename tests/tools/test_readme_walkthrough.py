"""The README's five-minute walk-through, run as written: a game created, played,
replayed, verified, exported, disputed, annotated and forked."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.tools.doc_blocks import command_lines, run_as_written


def test_the_walk_through_runs_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'walk.db'}", "NO_COLOR": "1"}
    env.pop("WIZARDS_REDIS", None)
    lines = command_lines("README.md", "## A five-minute walk-through")
    done = run_as_written(lines, tmp_path, env)
    out, err = done.stdout, done.stderr
    refusal = json.loads(next(line for line in err.splitlines() if "not_your_turn" in line))
    assert refusal["code"] == "not_your_turn" and refusal["rule"] == "kernel.turn"
    # Ann's Malédiction, Bob taking it, then the story and the check of it all.
    assert "Ann plays Malédiction on Bob, discarding Voile d'ombre" in out
    assert "Bob takes 2 damage from Malédiction (life 7)" in out
    assert "#10     Ann discards Voile d'ombre as a cost  [ultimate.ruling.curse-discard" in out
    assert out.count(": ok (") == 1
    assert (tmp_path / "game.md").read_text(encoding="utf-8").startswith("# Sorcier ultime")
    # The dispute names the ruling and its other reading, which refuses Ann's move.
    assert "Dispute of action #8" in out
    assert "malediction_discard = target (recorded: caster)" in out
    assert "DIFFERENT outcome" in out and "refused under this reading" in out
    assert "note 1 on position 10" in out
    # In the what-if branch Bob's Barrière d'arcane blocks both points.
    assert "Barrière d'arcane blocks 2 damage for Bob" in out
    assert "games_per_second" in out
