"""Sorcier ultime: the 16-card wizard duel (rules/ultimate.txt), 2–4 players."""

from domain.kernel import register
from domain.ultimate.game import UltimateGame

GAME = UltimateGame()
register(GAME)

__all__ = ["GAME"]
