"""A game's optional words module (``domain/<game>/words.py``), looked up once.

``services.words.sentences`` reads its sentences from it, ``services.words.card_names`` whether
the game's own lines name cards by id."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def declared(game_id: str) -> ModuleType | None:
    """The module, or None. Looked up once per game: a game without one would
    otherwise search the import path again for every line said in words."""
    try:
        return importlib.import_module(f"domain.{game_id}.words")
    except ModuleNotFoundError as e:
        if e.name != f"domain.{game_id}.words":
            raise
        return None


def says_ids(game_id: str) -> bool:
    """Whether the game's own lines name cards by instance id (``ice_storm.04``),
    so that every text must say the card's name with it."""
    return bool(getattr(declared(game_id), "LINES_SAY_IDS", False))
