"""The page docs/orctower.md: its JSON commands decode and its setup file plays."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from domain.kernel import decode_command
from domain.orctower import GAME
from domain.orctower.events import CreatureDefeated
from tests.domain.orctower.scenario import Scenario, of

PAGE = Path(__file__).resolve().parents[3] / "docs" / "orctower.md"


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_every_json_command_of_the_page_decodes() -> None:
    text = PAGE.read_text(encoding="utf-8")
    commands = [json.loads(line) for block in _blocks("json") for line in block.splitlines()]
    commands += [json.loads(m) for m in re.findall(r"`(\{\"type\".*?\})`", text, re.S)]
    assert len(commands) > 20
    for command in commands:
        decode_command(GAME, command)


def test_the_page_setup_file_plays_as_written() -> None:
    (block,) = _blocks("toml")
    setup = tomllib.loads(block)
    s = Scenario(2, setup, seed="docs")
    hand = s.state.seats[1].hand
    zap, cold = hand[0], hand[1]
    (goblin,) = [c.id for c in s.state.creatures]
    s.play({"type": "Cast", "card": zap}, {"type": "Attack", "level": 1, "creature": goblin})
    out = s.play({"type": "Cast", "card": cold}, {"type": "Attack", "level": 1, "creature": goblin})
    assert of(out, CreatureDefeated)[0].creature == goblin
