"""What a game says about itself in words (``Game.words``), each part with a default.

The service makes every text from a game's values (``services.words``); a game
fills in here only what its values cannot say alone: its printed card names,
its commands and some events as sentences, its prompts, its whole view as facts.
Every part is pure, and every part a game leaves out reads its values generically
(``services.words.sentences`` says how).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.kernel.types import Event

# Command fields that hold a seat in every game so far: said by the player's name.
SEAT_FIELDS = frozenset(
    {"target", "second_target", "seat", "victim", "to", "to_seat", "from_seat", "player"}
)
# Keys of views and events (in words: ``to_act`` is "to act") whose number is a seat
# in every game (-1 or None: nobody).
SEAT_KEYS = frozenset({"seat", "owner", "first", "active", "winner"})


class Naming(Protocol):
    """The naming context a game's words are told in: the players' names, the
    table's own card names (``services.words.sentences.Words``)."""

    def seat(self, seat: int | None) -> str:
        """A seat by its player's name."""
        ...

    def card(self, card_id: str) -> str:
        """A card (or a token, a level) by the name the table calls it."""
        ...

    def prompt(self, text: str) -> str:
        """A recorded prompt as a player reads it."""
        ...

    def rename(self, text: str) -> str:
        """A line in the game's built-in names, in the table's own."""
        ...


def _unnamed(card_id: str) -> str | None:
    return None


def _unsaid_command(command: Mapping[str, Any], who: str, naming: Naming) -> str | None:
    return None


def _unsaid_event(event: Event, naming: Naming) -> str | None:
    return None


@dataclass(frozen=True, kw_only=True)
class GameWords:
    """A game's words. ``None`` or the default: the generic reading.

    - ``card_name``: the printed name of a card, token or piece id used in commands
      and events, or None when the id is not one the game names;
    - ``command_words``: one sentence for a command (its JSON form) sent by ``who``,
      or None for the generic "who: verb — field value";
    - ``event_words``: one line for an event, or None for its own ``describe``;
    - ``prompt_words``: a pending decision's prompt as a player reads it, where the
      recorded one keeps an id of the game's (a Spell Wars target selector); None:
      prompts read as recorded;
    - ``view_facts``: the game's whole view (``Game.view``, with its ``game`` key)
      as labelled facts, where the generic walk would read as a dump; None: the walk;
    - ``command_labels``: what a page's button says for each command type;
    - ``seat_fields``: the names of command fields that hold a seat;
    - ``seat_keys``, ``seat_lists``: the keys of its views and events (in words:
      ``to act``) whose number is a seat, whose list of numbers is a list of seats;
    - ``lines_say_ids``: the game's own lines (``Event.describe``) name cards by
      instance id (the orc tower's ``ice_storm.04``), so every text says the card's
      name before the id.
    """

    card_name: Callable[[str], str | None] = _unnamed
    command_words: Callable[[Mapping[str, Any], str, Naming], str | None] = _unsaid_command
    event_words: Callable[[Event, Naming], str | None] = _unsaid_event
    prompt_words: Callable[[str], str] | None = None
    view_facts: Callable[[Mapping[str, Any], Naming], dict[str, Any]] | None = None
    command_labels: Mapping[str, str] = field(default_factory=dict)
    seat_fields: frozenset[str] = SEAT_FIELDS
    seat_keys: frozenset[str] = SEAT_KEYS
    seat_lists: frozenset[str] = frozenset()
    lines_say_ids: bool = False
