"""Spell Wars (Baston de sorciers au Donjon du Poulpe Sanguinaire), run by its French rulebook."""

from domain.kernel import register
from domain.spellwars.game import GAME

register(GAME)

__all__ = ["GAME"]
