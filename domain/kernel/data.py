"""A table's own game data: the content hash that binds it into ``GameStarted``."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from typing import Any

import msgspec

# A name stands in every line that names its card or player: one line of the
# story, a cell of a table, a chip on a card face.
MAX_NAME = 40


def name_problem(name: object, max_length: int = MAX_NAME) -> str | None:
    """Why ``name`` cannot be a name in a data file (a card's, a level's) or a
    player's, or None."""
    if not isinstance(name, str) or not name.strip():
        return f"a name needs at least one visible character, not {name!r}"
    if len(name) > max_length:
        return f"a name has at most {max_length} characters, not {len(name)}"
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return f"a name holds no control characters (line breaks, tabs): {name!r}"
    return None


def data_hash(data: Mapping[str, Any]) -> str:
    """sha256 of the data's canonical JSON (keys sorted), hex."""
    canonical = msgspec.json.encode(data, order="sorted")
    return hashlib.sha256(canonical).hexdigest()
