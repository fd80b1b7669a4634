"""Spell Wars (Baston de sorciers au Donjon du Poulpe Sanguinaire), run by its French rulebook."""

from domain.spellwars.game import GAME

__all__ = ["GAME"]
