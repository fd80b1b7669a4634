"""Elfenwizards in words: the events that list seats, by the players' names; the
levels by their names; a view as facts player by player (read by
``services.words`` and ``services.view_words``; everything here is optional)."""

from __future__ import annotations

from typing import Any

from domain.elfenwizards.board import BOARD
from domain.elfenwizards.events import PhaseBegan, WinnersDeclared
from domain.elfenwizards.facts import view_facts

__all__ = ["card_name", "event_words", "view_facts"]

_LEVEL_NAMES = {lv.id: lv.name for lv in BOARD.levels}


def card_name(card_id: str) -> str | None:
    """A level (``druide``, a title's and a major-spell space's) by the name the
    board prints for it, as the events' lines say it."""
    return _LEVEL_NAMES.get(card_id)


def event_words(event: Any, words: Any) -> str | None:
    if isinstance(event, PhaseBegan):
        who = ", ".join(words.seat(s) for s in event.order) or "nobody"
        return f"{event.title()}: to act in turn {who}"
    if isinstance(event, WinnersDeclared):
        names = " and ".join(words.seat(s) for s in event.winners)
        return (
            f"{names} win{'s' if len(event.winners) == 1 else ''} with {max(event.totals)} points"
        )
    return None
