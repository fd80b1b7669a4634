"""OOO, the orc tower (Frank Thyben; rules/orctower.txt), 2–4 players."""

from domain.orctower.game import GAME

__all__ = ["GAME"]
