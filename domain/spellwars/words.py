"""Spell Wars in words (``GAME.words``): card instance ids (``roulepelax#1``) by their
printed names, commands as a table says them, prompts with their target selectors in
words, and the page's command labels."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.kernel import Event, GameWords, Naming
from domain.kernel.words import SEAT_KEYS
from domain.spellwars.cards import built_in
from domain.spellwars.events import FlowSet
from domain.spellwars.selector_words import said_prompt


def card_name(card_id: str) -> str | None:
    """The printed name of a card instance (the built-in data's: a table's own names
    are the service's, ``services.words.card_names``)."""
    found = built_in().by_instance.get(card_id)
    return None if found is None else found.name


def event_words(event: Event, words: Naming) -> str | None:
    """The placing phase waits for several seats: name them."""
    if isinstance(event, FlowSet) and event.flow.choice is None and event.flow.phase == "place":
        seats = sorted({p.seat for p in event.pending})
        return "waiting for spells (or cards taken back) from " + ", ".join(map(words.seat, seats))
    return None


def _cards(ids: Iterable[str] | None, words: Naming) -> str:
    named = [words.card(c) for c in ids or ()]
    if not named:
        return "no card"
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def command_words(command: Mapping[str, Any], who: str, words: Naming) -> str | None:
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


WORDS = GameWords(
    card_name=card_name,
    command_words=command_words,
    event_words=event_words,
    prompt_words=prompt_words,
    # Whose spell resolves, who holds the dungeon; the winners, the seats a choice
    # may pick.
    seat_keys=SEAT_KEYS | {"caster", "dungeon"},
    seat_lists=frozenset({"winners", "targets"}),
    command_labels={
        "PlaceCards": "Place your spell",
        "TakeBack": "Take a card back",
        "PickTarget": "Pick a target",
        "Pay": "Pay blood",
        "Choose": "Choose",
        "Block": "Block with a creature",
        "GiveCard": "Give a card",
    },
)
