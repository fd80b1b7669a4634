"""What a seat's pending choice offers is in the view, under the key the docs name."""

from __future__ import annotations

import re
from pathlib import Path

from domain.spellwars import GAME as SPELLWARS
from tests.domain.spellwars.scenario import cast

DOCS = Path(__file__).resolve().parents[3] / "docs" / "spellwars.md"


def test_a_target_choice_lists_its_seats_under_the_key_the_docs_name() -> None:
    g, _ = cast({"delivery": "canibalocircus#1"})  # a tie: Ann picks seat 1 or seat 2
    choice = SPELLWARS.view(g.state, 0)["choice"]
    assert choice["kind"] == "target"
    assert choice["targets"] == [1, 2]
    keys = set(re.findall(r"`choice\.(\w+)`", DOCS.read_text(encoding="utf-8")))
    # The docs name every key a choice uses to offer values, and none that it lacks.
    assert "targets" in keys
    assert keys <= {"options", "targets", "kind", "seat", "prompt", "card", "dice"}, keys
    assert choice["card"] == "canibalocircus#1"  # the card whose effect asks
