"""Spell Wars in words: card instance ids (``roulepelax#1``) by their printed names."""

from __future__ import annotations

from typing import Any

from domain.spellwars.cards import card
from domain.spellwars.events import FlowSet
from domain.spellwars.selector_words import said_prompt


def card_name(card_id: str) -> str | None:
    try:
        return card(card_id).name
    except KeyError:
        return None


def event_words(event: Any, words: Any) -> str | None:
    """The placing phase waits for several seats: name them."""
    if isinstance(event, FlowSet) and event.flow.choice is None and event.flow.phase == "place":
        seats = sorted({p.seat for p in event.pending})
        return "waiting for spells (or cards taken back) from " + ", ".join(map(words.seat, seats))
    return None


def command_words(command: dict[str, Any], who: str, words: Any) -> str | None:
    """A block answered with no creature says what it means, not an empty field."""
    if command.get("type") != "Block":
        return None
    creature = command.get("creature")
    if creature is None:
        return f"{who} blocks with no creature and takes the damage"
    return f"{who} blocks with {words.card(creature)}"


def prompt_words(prompt: str) -> str:
    """A pending decision's prompt as a player reads it (target selectors in words)."""
    return said_prompt(prompt)
