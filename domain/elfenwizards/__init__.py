"""Elfenwizards (Alan R. Moon), run by its French rulebook (rules/elfenwizards.txt)."""

from domain.elfenwizards.game import Elfenwizards
from domain.kernel import register

GAME = register(Elfenwizards())

__all__ = ["GAME"]
