"""docs/dispute-desk.md's block, run as written, and the step-through driven
through a pseudo-terminal."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from services.review.export_read import events
from services.review.export_schema import VERSION
from services.review.html_export import embedded_document
from tests.tools.doc_blocks import doc_block

WIZARDS = Path(sys.executable).parent / "wizards"


def environment(tmp_path: Path) -> dict[str, str]:
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parent.parent)
    return {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'desk.db'}", "NO_COLOR": "1"}


def test_the_dispute_desk_block_runs_as_written(tmp_path: Path) -> None:
    script = "set -euo pipefail\n" + doc_block("docs/dispute-desk.md", "## Settling a ruling")
    run = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp_path,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Dispute of action #3" in out and "Sent by Ann (--seat 0): Ann plays Éclair" in out
    assert "eclair_hits_caster = false (recorded: true)" in out and "DIFFERENT outcome" in out
    assert '"recorded_decides_again": true' in out
    assert "Ann — life: 9 → 8" in out  # diff
    assert "Same result" in out and "First difference at position #5" in out
    assert "differs from #5" in out
    assert "decided again by engine 0.2.0 as of c08a9c1" in out  # a revision variant
    html = (tmp_path / "game.html").read_text()
    assert html.startswith("<!doctype html>")
    # The file holds the panel of the action the note at #5 points at (its
    # consequence); the JSON asked for every action's holds them all.
    embedded = embedded_document(html)
    assert embedded["dispute_panels"] == "noted" and list(embedded["disputes"]) == ["3"]
    every = json.loads((tmp_path / "game.json").read_text())
    actions = [str(e["position"]) for e in events(every) if e.get("action")]
    assert every["dispute_panels"] == "all" and list(every["disputes"]) == actions
    assert "#3 ActionTaken: Ann plays Éclair\n" in out  # jq reads an event and its words
    assert (
        f'"title": "Wizard Ledger export v{VERSION}: ultimate"'
        in (tmp_path / "ultimate.schema.json").read_text()
    )
    assert "kept:" in out
    assert out.count(": ok (") == 3  # the disputed game and the two kept bot games


def test_step_through_in_a_terminal_reaches_a_rule(tmp_path: Path) -> None:
    env = environment(tmp_path)
    store = env["WIZARDS_STORE"]
    made = subprocess.run(
        [str(WIZARDS), "--store", store, "simulate", "ultimate", "--games", "1", "--seed",
         "pty", "--option", "rounds_to_win=1", "--keep", "--json"],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    gid = re.search(r'"kept": \[\s*"([0-9a-f-]+)"', made.stdout).group(1)  # type: ignore[union-attr]
    child = pexpect.spawn(
        str(WIZARDS),
        ["--store", store, "replay", gid, "--step", "--until", "TurnStarted"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    try:
        child.expect(r"#(\d+)/(\d+) TurnStarted")
        first = int(child.match.group(1))
        child.expect("step> ")
        child.sendline("n")
        child.expect(rf"#{first + 1}/")
        child.expect("step> ")
        child.sendline("b")
        child.expect(rf"#{first}/\d+ TurnStarted")
        child.expect("step> ")
        child.sendline("r ultimate.turn.discard")
        child.expect(r"#(\d+)/\d+ \w+: .*\[ultimate\.turn\.discard\]")
        at = int(child.match.group(1))
        assert at > first
        child.expect("step> ")
        child.sendline("s 1")
        child.expect(r"as bot 2 sees it:")
        child.expect("step> ")
        child.sendline("s 9")
        child.expect("no seat 9")
        child.expect("step> ")
        child.sendline("d")
        child.expect(r"Dispute of action #\d+")
        child.expect("step> ")
        child.sendline("j 2")
        child.expect(r"#2/\d+")
        child.expect("step> ")
        child.sendline("t DiceRolled")
        child.expect(r"#\d+/\d+ DiceRolled: rolled d")
        child.expect("step> ")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
