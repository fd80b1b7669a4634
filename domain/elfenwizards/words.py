"""Elfenwizards in words: the events that list seats, by the players' names
(read by ``services.words``; everything here is optional)."""

from __future__ import annotations

from typing import Any

from domain.elfenwizards.events import PhaseBegan, WinnersDeclared


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
