"""The registered games as ``wizards games`` lists them, in the reader's language:
each game's name, its player counts and its options (by the names and values an
``--option`` takes, which stay as typed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel.phrases import phrase, plural
from services.words.telling import Teller


def game_line(spec: Mapping[str, Any]) -> str:
    """``ultimate  Sorcier ultime (2–4 players; round_health=9, …)``."""
    tell = Teller(str, str)
    options = ", ".join(f"{o['name']}={o['default']}" for o in spec["options"])
    none = tell(phrase("no options"))
    low, high = spec["players"]
    said = plural(
        "{name} ({low}–{n} player; {options})",
        "{name} ({low}–{n} players; {options})",
        high,
        name=spec["name"],
        low=low,
        options=options or none,
    )
    return f"{spec['id']:<14} {tell(said)}"
