"""OOO, the orc tower (Frank Thyben; rules/orctower.txt), 2–4 players."""

from domain.kernel import register
from domain.orctower.game import OrcTower

GAME = OrcTower()
register(GAME)

__all__ = ["GAME"]
