"""The orc tower in words (read by ``services.words``; everything here is optional).

The game's own lines name each card by its instance id (``ice_storm.04``,
``goblin-07``), which a player types in commands: every text says the card's
printed name (``data.py``) before it, ``Blizzard (ice_storm.04)``.
"""

from __future__ import annotations

from domain.orctower.data import CHANGE_NAMES, POWER_NAMES, destiny_name

LINES_SAY_IDS = True


def card_name(card_id: str) -> str | None:
    """A destiny card, a rule change or a bonus power by the rulebook's name for
    it (the spells and creatures are named from the game's data by
    ``services.card_names``)."""
    return destiny_name(card_id) or CHANGE_NAMES.get(card_id) or POWER_NAMES.get(card_id)
