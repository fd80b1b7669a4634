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


def _cards(ids: Any, words: Any) -> str:
    named = [words.card(c) for c in ids or ()]
    if not named:
        return "no card"
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def command_words(command: dict[str, Any], who: str, words: Any) -> str | None:
    """Each command as a table says it (a block with no creature says what it
    means, not an empty field); cards by their printed names."""
    kind = command.get("type")
    if kind == "Block":
        creature = command.get("creature")
        if creature is None:
            return f"{who} blocks with no creature and takes the damage"
        return f"{who} blocks with {words.card(creature)}"
    if kind == "PlaceCards":
        return f"{who} places {_cards(command.get('cards'), words)} face down"
    if kind == "TakeBack":
        return f"{who} takes {words.card(command['card'])} back into their hand"
    if kind == "PlaceSpell":  # retired, in old records: one card per slot
        slots = [command.get(k) for k in ("source", "quality", "delivery")]
        return f"{who} places {_cards([c for c in slots if c], words)} face down"
    if kind == "PickTarget":
        return f"{who} picks {words.seat(command['seat'])} as the target"
    if kind == "Pay":
        amount = int(command.get("amount", 0))
        return f"{who} pays no blood" if amount == 0 else f"{who} pays {amount} blood"
    if kind == "Choose":
        return f"{who} chooses {words.card(str(command['choice']))}"
    if kind == "GiveCard":
        return f"{who} gives away {words.card(command['card'])}"
    return None


def prompt_words(prompt: str) -> str:
    """A pending decision's prompt as a player reads it (target selectors in words)."""
    return said_prompt(prompt)
