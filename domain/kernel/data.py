"""A table's own game data: the content hash that binds it into ``GameStarted``."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import msgspec


def data_hash(data: Mapping[str, Any]) -> str:
    """sha256 of the data's canonical JSON (keys sorted), hex."""
    canonical = msgspec.json.encode(data, order="sorted")
    return hashlib.sha256(canonical).hexdigest()
