"""A table's own game data: the content hash that binds it into ``GameStarted``."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from typing import Any

import msgspec

from domain.kernel.phrases import Phrase, phrase

# A name stands in every line that names its card or player: one line of the
# story, a cell of a table, a chip on a card face.
MAX_NAME = 40


def name_problem(name: object, max_length: int = MAX_NAME) -> Phrase | None:
    """Why ``name`` cannot be a name in a data file (a card's, a level's) or a
    player's, or None."""
    if not isinstance(name, str) or not name.strip():
        return phrase("a name needs at least one visible character, not {name}", name=repr(name))
    if len(name) > max_length:
        return phrase("a name has at most {most} characters, not {n}", most=max_length, n=len(name))
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return phrase(
            "a name holds no control characters (line breaks, tabs): {name}", name=repr(name)
        )
    return None


def data_hash(data: Mapping[str, Any]) -> str:
    """sha256 of the data's canonical JSON (keys sorted), hex."""
    canonical = msgspec.json.encode(data, order="sorted")
    return hashlib.sha256(canonical).hexdigest()
