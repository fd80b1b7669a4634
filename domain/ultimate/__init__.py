"""Sorcier ultime: the 16-card wizard duel (rules/ultimate.txt), 2–4 players."""

from domain.ultimate.game import GAME

__all__ = ["GAME"]
