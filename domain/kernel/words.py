"""What a game says about itself in words (``Game.words``), each part with a default.

The service makes every text from a game's values (``services.words``); a game
says here how its events and commands read, as phrases (``domain.kernel.phrases``:
a message id and the seats, cards and numbers it names, never finished text),
and what its values cannot say alone: its printed card names, its prompts, its
whole view as facts. Every part is pure, and every part a game leaves out reads
its values generically (``services.words.sentences`` says how).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.kernel.events import (
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    GameForked,
    GameStarted,
    SeedRevealed,
)
from domain.kernel.phrases import Phrase, Purpose, Seat, listed, phrase, plural
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

    def say(self, said: Phrase | str) -> str:
        """A phrase in the reader's language and names."""
        ...


def _unnamed(card_id: str) -> str | None:
    return None


def _unsaid_command(command: Mapping[str, Any], seat: int) -> Phrase | None:
    return None


def _unsaid_event(event: Event) -> Phrase | None:
    return None


@dataclass(frozen=True, kw_only=True)
class GameWords:
    """A game's words. ``None`` or the default: the generic reading.

    - ``card_name``: the printed name of a card, token or piece id used in commands
      and events, or None when the id is not one the game names;
    - ``command_phrase``: a command (its JSON form) sent by ``seat`` as a phrase,
      or None for the generic "who: verb — field value";
    - ``event_phrase``: an event of the game as a phrase (each game says all of
      its own; the kernel's events are said by ``domain.kernel.telling``);
    - ``prompt_words``: a pending decision's prompt as a player reads it, where the
      recorded one keeps an id of the game's (a Spell Wars target selector); None:
      prompts read as recorded;
    - ``prompts_in``: the keys of the game's view whose value holds such prompts
      (a ``prompt`` key at any depth within it); the rest of a view is not looked
      into for one (a test checks every prompt a view holds is in these);
    - ``view_facts``: the game's whole view (``Game.view``, with its ``game`` key)
      as labelled facts, where the generic walk would read as a dump; None: the walk;
    - ``command_labels``: what a page's button says for each command type (a
      phrase, told in the reader's language);
    - ``seat_fields``: the names of command fields that hold a seat;
    - ``seat_keys``, ``seat_lists``: the keys of its views and events (in words:
      ``to act``) whose number is a seat, whose list of numbers is a list of seats;
    - ``purpose_words``: a roll's recorded purpose in words, where the game records
      one the kernel's reading (``purpose_phrase``) does not know; None: the kernel's;
    - ``named_after``: ids said by a card's name (ultimate's lasting effects, by the
      card that lays them), so a table that renames the card renames them too;
    - ``round_heading``: the story's heading of a round, in its rulebook's word for
      one (a « manche », a « tour » of four, a « round »); None: ``Round {round}``;
    - ``hidden_kinds``: what kind of thing each of its events a reader may not
      see yet is, by type name ("a card drawn"), said in its place;
    - ``fact_labels``: the keys of its views no other game holds, as a fact's
      label reads them (a phrase each); the keys the games share are the kernel's
      (``domain.kernel.fact_labels``);
    - ``fact_values``: the enumerated values its views hold (a stage, a phase, a
      colour), by (key, value), as a fact says them: a phrase each, in the rulebook's
      terms (a value unlisted is said as a card's id would be);
    - ``lines_say_ids``: the game names cards by instance id (the orc tower's
      ``ice_storm.04``, which a player types), so every text says the card's name
      before the id.
    """

    card_name: Callable[[str], str | None] = _unnamed
    command_phrase: Callable[[Mapping[str, Any], int], Phrase | None] = _unsaid_command
    event_phrase: Callable[[Event], Phrase | None] = _unsaid_event
    prompt_words: Callable[[str], Phrase] | None = None
    prompts_in: frozenset[str] = frozenset({"pending"})
    view_facts: Callable[[Mapping[str, Any], Naming], dict[str, Any]] | None = None
    command_labels: Mapping[str, Phrase] = field(default_factory=dict)
    seat_fields: frozenset[str] = SEAT_FIELDS
    seat_keys: frozenset[str] = SEAT_KEYS
    seat_lists: frozenset[str] = frozenset()
    lines_say_ids: bool = False
    purpose_words: Callable[[str], Phrase | str] | None = None
    named_after: Mapping[str, str] = field(default_factory=dict)
    round_heading: Callable[[int], Phrase] | None = None
    hidden_kinds: Mapping[str, Phrase] = field(default_factory=dict)
    fact_labels: Mapping[str, Phrase] = field(default_factory=dict)
    fact_values: Mapping[tuple[str, str], Phrase] = field(default_factory=dict)


# ---------------------------------------------------------------- the kernel's events

# The kernel's events a reader may not see yet, by what kind of thing they are.
KERNEL_HIDDEN = {
    "ActionTaken": phrase("an action"),
    "DiceRolled": phrase("a roll of the dice"),
    "CardsShuffled": phrase("a shuffle"),
    "SeedRevealed": phrase("the seed"),
}


def chance_phrase(started: GameStarted) -> Phrase:
    """Where the game's chance comes from, and what the opening is laid from."""
    parts = [
        phrase("table mode (dice and deck orders from the table)")
        if started.mode == "table"
        else phrase("seeded dice (the seed revealed at the end)")
    ]
    if started.setup and started.setup.get("chance_by") == "seats":
        parts.append(phrase("each seat entering the cards it draws"))
    if started.laid_from_file():
        parts.append(phrase("from a setup file"))
    if started.data:
        parts.append(phrase("with the table's own data file"))
    return joined(parts)


def joined(parts: list[Phrase]) -> Phrase:
    """Phrases one after the other, each its own message, separated by commas."""
    said = parts[0]
    for part in parts[1:]:
        said = phrase("{said}, {more}", said=said, more=part)
    return said


def table_chance_phrase(action: ActionTaken) -> Phrase | None:
    """What chance the table supplied with a command (None when none)."""
    parts: list[Phrase] = []
    if action.dice:
        parts.append(phrase("table dice {dice}", dice=", ".join(map(str, action.dice))))
    if action.orders:
        parts.append(plural("{n} deck order", "{n} deck orders", len(action.orders)))
    if action.drew:
        parts.append(
            plural("{n} card drawn at the table", "{n} cards drawn at the table", len(action.drew))
        )
    return phrase("with {chance}", chance=listed(parts)) if parts else None


# What a roll is for, as the engine records it (``DiceRolled.purpose``, a value of
# the record, kept as recorded): the purposes that name a seat, read back into
# their parts, and those said as they are written.
_SEAT_PURPOSES = (
    (re.compile(r"^card stolen from seat (\d+)$"), phrase("the card stolen from {seat}")),
    (re.compile(r"^card seat (\d+) discards$"), phrase("the card {seat} discards")),
    (
        re.compile(r"^card picked from seat (\d+)'s hand$"),
        phrase("the card picked from {seat}'s hand"),
    ),
)
# Each with its article, as a game's own purposes are ("the Power Roll of …"):
# a purpose is said after "for" ("rolled d3 for the first player", « pour le
# premier joueur ») and in a need's parentheses alike.
_PURPOSES = {
    "first player": phrase("the first player"),
    "first player (dragon)": phrase("the first player (dragon)"),
    "initiative tie": phrase("an initiative tie"),
    "initiative tie (ranking)": phrase("an initiative tie (ranking)"),
    "major spells": phrase("the major spells"),
    "remaining major spells": phrase("the remaining major spells"),
    "reroll of the remaining major spells": phrase("a reroll of the remaining major spells"),
}


def purpose_phrase(purpose: str) -> Phrase | str:
    """A recorded purpose in words, its seat by the player's name."""
    for pattern, said in _SEAT_PURPOSES:
        m = pattern.match(purpose)
        if m:
            return Phrase(said.msgid, (("seat", Seat(int(m.group(1)))),))
    return _PURPOSES.get(purpose, purpose)


_SEATS_PILE = re.compile(r"^(\w+)\.(\d+)$")


# The piles the games shuffle and draw from, by their ids (``CardsShuffled.pile``,
# a need's ``pile``), as each rulebook calls them: a whole noun with its article,
# so that a sentence about a pile agrees with it in French (« on mélange la
# pioche principale », « les tuiles bébé crapaud »).
_PILES = {
    # Sorcier ultime
    "deck": phrase("the draw pile"),
    "discard": phrase("the discard pile"),
    # Spell Wars
    "main": phrase("the main deck"),
    "treasure": phrase("the Treasure deck"),
    "dead": phrase("the Dead Wizard deck"),
    # the orc tower
    "destiny": phrase("the Destiny deck"),
    "attack": phrase("the attack spell pile"),
    "knowledge": phrase("the knowledge spell pile"),
    "markers": phrase("the creature markers"),
    "missions": phrase("the secret mission cards"),
    "terrain": phrase("the terrain tiles"),
    "toads": phrase("the baby toad tiles"),
}
# The piles kept one per seat (``deck.1``), said with their player's name.
_SEATS_PILES = {
    "deck": phrase("{seat}'s personal deck"),
}


def pile_phrase(pile: str) -> Phrase:
    """A pile as the table calls it: one kept per seat (``deck.1``) by its
    player's name; a pile no game names here by its id."""
    m = _SEATS_PILE.match(pile)
    if m:
        seat = Seat(int(m.group(2)))
        kept = _SEATS_PILES.get(m.group(1))
        if kept is not None:
            return Phrase(kept.msgid, (("seat", seat),))
        return phrase("{seat}'s {pile}", seat=seat, pile=m.group(1).replace("_", " "))
    return _PILES.get(pile) or phrase("{pile}", pile=pile.replace("_", " "))


# The piles a table draws from, as the games word them in a need's ``what``
# (``ChanceNeed.what``, the English a client reads beside the need's data).
_PILE_WORDS = {
    "the draw pile": phrase("the draw pile"),
    "the deck": phrase("the draw pile"),
    "the treasure deck": phrase("the Treasure deck"),
    "the dead-wizard deck": phrase("the Dead Wizard deck"),
    "the attack spell pile": phrase("the attack spell pile"),
    "the knowledge spell pile": phrase("the knowledge spell pile"),
    "the destiny deck": phrase("the Destiny deck"),
    "the mission cards": phrase("the secret mission cards"),
    "the baby toad tiles": phrase("the baby toad tiles"),
    "the creature marker stacks": phrase("the creature markers"),
}


def pile_owner(pile: str) -> int | None:
    """The seat a pile is kept for (``deck.1``: seat 1), or None for a shared pile."""
    m = _SEATS_PILE.match(pile)
    return int(m.group(2)) if m else None


def pile_text(pile: str) -> str:
    """``deck.1`` -> ``the deck of seat 1``: a pile in plain English, as a
    table-mode need's ``what`` says it to a client (``pile_words`` tells it)."""
    name, _, seat = pile.partition(".")
    return f"the {name} of seat {seat}" if seat.isdigit() else f"the {pile}"


def pile_words(pile: str, what: str = "") -> Phrase | Purpose:
    """The pile a need is of: one kept per seat (``deck.1``) by its player's name,
    another by the words the game gave it (``what``), the kernel's where it knows
    them, else read by the game's words as it reads its purposes
    (``GameWords.purpose_words``: the orc tower's "the marker stack of quarter 2")."""
    if _SEATS_PILE.match(pile):
        return pile_phrase(pile)
    # A need may name a part of a pile (the orc tower's markers of one quarter):
    # words the kernel does not know as a whole pile's are the game's to say.
    whole = not what or what in _PILE_WORDS or what == pile_text(pile)
    if pile in _PILES and whole:
        return pile_phrase(pile)
    what = what or pile_text(pile)
    return _PILE_WORDS.get(what) or Purpose(what)


def kernel_phrase(
    event: Event,
    mode: str = "seeded",
    purpose: Callable[[str], Phrase | str] = purpose_phrase,
) -> Phrase | None:
    """The kernel's own events (dice, shuffles, the seed, a branch) as phrases.
    ``mode``: the game's (``GameStarted.mode``), which a branch's mark does not
    repeat; ``purpose``: how the game reads a roll's recorded purpose
    (``GameWords.purpose_words``). (``GameStarted`` and ``ActionTaken`` are said
    by the service, which knows the game's name and its commands' words.)"""
    if isinstance(event, DiceRolled):
        values = ", ".join(map(str, event.values))
        if event.seat is None:
            return phrase(
                "rolled d{sides} for {purpose}: {values}",
                sides=event.sides,
                purpose=purpose(event.purpose),
                values=values,
            )
        return phrase(
            "{seat} rolled d{sides} for {purpose}: {values}",
            seat=Seat(event.seat),
            sides=event.sides,
            purpose=purpose(event.purpose),
            values=values,
        )
    if isinstance(event, CardsShuffled):
        if event.unknown:
            return plural(
                "{pile} shuffled at the table ({n} card, order unknown)",
                "{pile} shuffled at the table ({n} cards, order unknown)",
                len(event.order),
                pile=pile_phrase(event.pile),
            )
        return plural(
            "{pile} shuffled ({n} card)",
            "{pile} shuffled ({n} cards)",
            len(event.order),
            pile=pile_phrase(event.pile),
        )
    if isinstance(event, SeedRevealed):
        return phrase("the seed is revealed: {seed}", seed=event.seed)
    if isinstance(event, GameForked):
        # A table-mode game has no seed: its branch takes its chance from the
        # table as the original did, neither fresh dice nor the original's.
        if mode == "table":
            return phrase(
                "forked from game {game} at position {at}; its chance still comes from the table",
                game=event.from_game,
                at=event.at,
            )
        if event.seed_commitment:
            return phrase(
                "forked from game {game} at position {at}, with fresh dice",
                game=event.from_game,
                at=event.at,
            )
        return phrase(
            "forked from game {game} at position {at}, with the original's dice",
            game=event.from_game,
            at=event.at,
        )
    return None
