"""Importing this module registers every game."""

from domain.elfenwizards import GAME as ELFENWIZARDS  # noqa: F401
from domain.orctower import GAME as ORCTOWER  # noqa: F401
from domain.spellwars import GAME as SPELLWARS  # noqa: F401
from domain.ultimate import GAME as ULTIMATE  # noqa: F401
