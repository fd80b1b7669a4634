"""docs/table-mode.md's commands for a table whose seats enter their own draws, run
as written."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.tools.doc_blocks import command_lines, run_as_written


def test_the_seat_draw_commands_run_as_written(tmp_path: Path) -> None:
    env = {**os.environ, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'readme.db'}"}
    env.pop("WIZARDS_REDIS", None)
    lines = command_lines("docs/table-mode.md", "## Each seat enters its own draws")
    done = run_as_written(lines, tmp_path, env)
    assert "2 cards drawn from the draw pile for Bob" in done.stderr  # Bob's own, no more
    assert "held: Bob does not defend — waiting for Ann" in done.stderr
    # The hint names the flags for what is asked, and no deck order: at such a
    # table an order would say every seat's cards.
    refusal = json.loads(next(line for line in done.stderr.splitlines() if "dice_required" in line))
    assert "--drew CARD" in refusal["hint"] and "--dice" in refusal["hint"]
    assert "--order" not in refusal["hint"] and "shuffled in" not in refusal["message"]
    assert done.stdout.count(": ok (") == 1
    # The referee's record: Ann's fireball (decided at once), Bob's held
    # command, then Ann's entry that completed it.
    at = next(i for i, line in enumerate(lines) if line.endswith("holds $S") or " holds $S" in line)
    record = json.loads(done.stdout.split(f"__rc {at - 1} 0")[1].split(f"__rc {at} 0")[0])
    # Ann's refused entry is kept, marked, after the row it was sent at.
    refused = record.pop(2)
    assert refused["refused"] is True and refused["after_row"] == 2
    assert refused["entered_by"] == "Ann" and refused["drew"] == ["Bouclier", "Explosion"]
    assert refused["code"] == "drawn_card_refused" and "'Bouclier'" in refused["message"]
    assert [(r["held"], r["entered_by"], r["done"], r["refused"]) for r in record] == [
        ("Ann", "Ann", True, False),
        ("Bob", "Bob", False, False),
        ("Bob", "Ann", True, False),
    ]
    assert record[1]["waiting"] == ["Ann"]
    # As each seat typed them, in the deal's order: Ann's, then Bob's.
    assert record[2]["drew"] == ["Éclair", "Explosion", "Bouclier", "Miroir"]
    # The state as Ann reads it while the command is held asks her for two cards.
    decoder = json.JSONDecoder()
    text = done.stdout
    states = []
    at = text.find("{")
    while at != -1:
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            at = text.find("{", at + 1)
            continue
        if isinstance(value, dict) and "held" in value and "game_id" in value:
            states.append(value)
        at = text.find("{", end)
    assert len(states) == 1
    held = states[0]["held"]
    assert held["waiting"] == [0] and [n["seat"] for n in held["needs"]] == [0, 0]
    # Ann's own act shows her cards, and Bob's only as hidden from her.
    at = next(i for i, line in enumerate(lines) if "--drew Éclair,Explosion" in line)
    hers = done.stdout.split(f"__rc {at - 1} 2")[1].split(f"__rc {at} 0")[0]  # after her slip
    assert "Ann is dealt Éclair and Explosion" in hers
    assert "Bob is dealt" not in hers and '"redacted"' in hers
