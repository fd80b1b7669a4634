"""Helpers for position tests: a game opened from a position, and TOML text.

``toml_text`` writes a TOML-ready mapping as TOML (one ``key = inline value``
line per key), so the tests read positions back through ``tomllib`` exactly as
a setup file would be read.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from domain.elfenwizards import GAME
from domain.elfenwizards.state import State
from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    Event,
    Fold,
    GameStarted,
    act,
    apply,
    replay,
    start,
)
from domain.kernel.data import data_hash


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"not TOML-ready: {value!r} ({type(value).__name__})")


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise TypeError(f"TOML keys are strings, not {key!r}")
    return json.dumps(key, ensure_ascii=False)


def toml_text(mapping: Mapping[str, Any]) -> str:
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in mapping.items())


def through_toml(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return tomllib.loads(toml_text(mapping))


def started(
    players: int,
    setup: Mapping[str, Any] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    data: Mapping[str, Any] | None = None,
) -> GameStarted:
    normal_data = GAME.validate_data(data) if data is not None else None
    return GameStarted(
        game="elfenwizards",
        options=GAME.spec.resolve_options(options),
        players=tuple(f"player {i}" for i in range(players)),
        mode="table",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(setup, players) if setup is not None else None,
        data=normal_data,
        data_hash=data_hash(normal_data) if normal_data is not None else "",
    )


def opened(
    players: int,
    setup: Mapping[str, Any] | None,
    dice: Dice,
    *,
    options: Mapping[str, Any] | None = None,
    data: Mapping[str, Any] | None = None,
) -> tuple[Fold[State], list[Event]]:
    """A game opened from ``setup`` (through TOML text), its table and events."""
    text = through_toml(setup) if setup is not None else None
    events = start(GAME, started(players, text, options=options, data=data), dice)
    return replay(GAME, events), events


def play_on(table: Fold[State], seed: str, limit: int = 5000) -> tuple[Fold[State], list[Event]]:
    """Random legal commands (seeded) with the game's seeded chance, to the end."""
    rng = random.Random(f"bots:{seed}")
    events: list[Event] = []
    for _ in range(limit):
        if GAME.outcome(table.state) is not None:
            return table, events
        seat = table.state.pending[0].seat
        command = rng.choice(GAME.legal_commands(table.state, seat))
        new = act(GAME, table, seat, command, Dice.seeded(seed, table.counter))
        for event in new:
            table = apply(GAME, table, event)
        events += new
    raise AssertionError(f"no end after {limit} commands")


DOC = Path(__file__).resolve().parents[3] / "docs" / "elfenwizards.md"


def dispute_toml() -> str:
    """The dispute's setup file, as the docs print it."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"```toml\n(# dispute\.toml.*?)```", text, re.S)
    assert match, "docs/elfenwizards.md prints the dispute's setup file"
    return match.group(1)
