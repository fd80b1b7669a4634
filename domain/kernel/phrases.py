"""Words as structure: what a game says of an event or a command, as a message
and the values it names, never as finished text.

A ``Phrase`` is a message id (the English sentence, with ``{name}`` where a
value goes, as gettext catalogues key it) and its values: a seat (``Seat``),
a card (``Card``), a list of either (``Listed``), a recorded prompt
(``Prompt``) or purpose (``Purpose``), another phrase, or a number.
Phrases are values that can be recorded (tagged msgspec structs): a pending
decision keeps its prompt as one (``Pending.prompt``), told again in each
reader's language. The service tells it (``services.words.telling``) in the reader's language,
each seat by its player's name and each card by the table's name for it, the
way a chess program writes a move from the board it is played on. Nothing in
``domain`` formats a player's name or a card's name into a string, so nothing
has to be found again in a string and renamed.

``phrase`` and ``plural`` are the markers the catalogues are extracted by
(``pybabel extract -k phrase -k plural:1,2``): a message id is always a
literal at their call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import msgspec


class Seat(msgspec.Struct, frozen=True, tag=True, gc=False):
    """A seat, said by its player's name."""

    seat: int


class Card(msgspec.Struct, frozen=True, tag=True, gc=False):
    """A card (or a token, a piece) by its id, said by the name the table calls it."""

    card: str


class Prompt(msgspec.Struct, frozen=True, tag=True, gc=False):
    """A pending decision's prompt as recorded (``Pending.prompt``), said by the
    game's words for prompts (``GameWords.prompt_words``): the kernel, which
    refuses an answer to it, does not know how the game reads its prompts."""

    text: str


class Purpose(msgspec.Struct, frozen=True, tag=True, gc=False):
    """What a roll is for, as the rules record it (``DiceRolled.purpose``, a
    table-mode need's ``what``), said by the game's reading of its purposes
    (``GameWords.purpose_words``): a seat it names by the player's name."""

    text: str


class Asked(msgspec.Struct, frozen=True, tag=True, gc=False):
    """A command type (``Draw``), said as the game's words call it
    (``GameWords.command_labels``: "draw a card"): the kernel, which refuses a
    command the seat was not asked for, does not know how a game says its commands."""

    command: str


class Listed(msgspec.Struct, frozen=True, tag=True, gc=False):
    """Values said as a list ("Ann, Bob and Cleo"); ``empty`` where there are none.
    ``choices``: alternatives, said with commas only and in the order of their
    words as told ("any of: Bouclier, Éclair, Miroir"). ``either``: one of them,
    said with "or" ("defend or take it")."""

    items: tuple[Arg, ...]
    empty: Phrase | None = None
    choices: bool = False
    either: bool = False


class Phrase(msgspec.Struct, frozen=True, tag=True, gc=False):
    """A message and its values. ``plural``: the message for a count other than
    one, chosen by the value named ``count`` (ngettext's rule of the language)."""

    msgid: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str = ""
    count: str = ""


# ``str``: a value said as it is (a seed, a code), never translated.
Arg: TypeAlias = Seat | Card | Prompt | Purpose | Asked | Listed | Phrase | int | str


def phrase(msgid: str, /, **args: Arg) -> Phrase:
    """A message with its values."""
    return Phrase(msgid, tuple(args.items()))


def plural(singular: str, many: str, n: int, /, **args: Arg) -> Phrase:
    """A message said by its count ``n`` (``{n}`` in it): "1 card", "2 cards"."""
    return Phrase(singular, (("n", n), *args.items()), many, "n")


def seats(numbers: Iterable[int], empty: Phrase | None = None) -> Listed:
    """Seats said as a list of the players' names."""
    return Listed(tuple(Seat(s) for s in numbers), empty)


def cards(ids: Iterable[str], empty: Phrase | None = None) -> Listed:
    """Cards said as a list of their names."""
    return Listed(tuple(Card(c) for c in ids), empty)


def listed(items: Iterable[Arg], empty: Phrase | None = None) -> Listed:
    """Any values said as a list."""
    return Listed(tuple(items), empty)


def either(items: Iterable[Arg]) -> Listed:
    """Values of which one is meant, said with "or"."""
    return Listed(tuple(items), either=True)


def plain(said: Phrase | str) -> str:
    """A phrase in English with nobody's names: each seat as ``seat N``, each card
    by its id. What an exception says of itself (``str(error)``) outside any
    table; every text a person reads is told by the service instead."""
    if isinstance(said, str):
        return said
    message = said.plural if said.plural and dict(said.args).get(said.count) != 1 else said.msgid
    return message.format(**{name: _plain(value) for name, value in said.args})


def _plain(value: Arg) -> str:
    if isinstance(value, Seat):
        return f"seat {value.seat}"
    if isinstance(value, Card):
        return value.card
    if isinstance(value, Prompt | Purpose):
        return value.text
    if isinstance(value, Asked):
        return value.command
    if isinstance(value, Listed):
        items = [_plain(v) for v in value.items]
        if not items:
            return plain(value.empty) if value.empty else "nobody"
        if value.choices:
            return ", ".join(sorted(items, key=str.casefold))
        joint = "or" if value.either else "and"
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {joint} {items[-1]}"
    if isinstance(value, Phrase):
        return plain(value)
    return str(value)
