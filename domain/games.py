"""Importing this module registers every game."""

from domain.ultimate import GAME as ULTIMATE  # noqa: F401
from domain.spellwars import GAME as SPELLWARS  # noqa: F401
