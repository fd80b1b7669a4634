"""Elfenwizards (Alan R. Moon), run by its French rulebook (rules/elfenwizards.txt)."""

from domain.elfenwizards.game import GAME

__all__ = ["GAME"]
