"""Elfenwizards in words (``GAME.words``): the events that list seats, by the players'
names; the levels by their names; each command as the rulebook's action; a view as
facts player by player (``facts.py``); the page's command labels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.elfenwizards.board import BOARD, GREY_SPACE, MINOR_SPACE
from domain.elfenwizards.events import PhaseBegan, WinnersDeclared
from domain.elfenwizards.facts import view_facts
from domain.elfenwizards.placement import COLOURS
from domain.kernel import Event, GameWords, Naming
from domain.kernel.words import SEAT_KEYS

_LEVEL_NAMES = {lv.id: lv.name for lv in BOARD.levels}


def card_name(card_id: str) -> str | None:
    """A level (``druide``, a title's and a major-spell space's) by the name the
    board prints for it, as the events' lines say it."""
    return _LEVEL_NAMES.get(card_id)


def event_words(event: Event, words: Naming) -> str | None:
    if isinstance(event, PhaseBegan):
        who = ", ".join(words.seat(s) for s in event.order) or "nobody"
        return f"{event.title()}: to act in turn {who}"
    if isinstance(event, WinnersDeclared):
        names = " and ".join(words.seat(s) for s in event.winners)
        return (
            f"{names} win{'s' if len(event.winners) == 1 else ''} with {max(event.totals)} points"
        )
    return None


def command_words(command: Mapping[str, Any], who: str, words: Naming) -> str | None:
    """One sentence for each of the game's commands (``commands.ElfenCommand``)."""
    said = _SAID.get(str(command.get("type")))
    return None if said is None else said(command, who, words)


def _wizard(wizard: Any, words: Naming) -> str:
    """A pawn (``blue-2``) with its guild's player: seat i plays ``COLOURS[i]``."""
    colour = str(wizard).rsplit("-", 1)[0]
    if colour in COLOURS:
        return f"{words.seat(COLOURS.index(colour))}'s {wizard}"
    return str(wizard)


def _space(space: Any, words: Naming, kind: str = "space") -> str:
    """A board space by its level's name and its id ("the Magicien space M2",
    "the Sorcier title S2"). A table's own layout may use other ids: those are
    said as they are."""
    if isinstance(space, str) and BOARD.has_space(space):
        return f"the {words.card(BOARD.space(space).level)} {kind} {space}"
    return f"the {kind} {space}"


def _dice_space(space: Any, words: Naming) -> str:
    if space == MINOR_SPACE:
        return "the minor-spell space"
    if space == GREY_SPACE:
        return "the grey space"
    return f"the {words.card(str(space))} major-spell space"


def _retire(c: Mapping[str, Any], who: str, words: Naming) -> str:
    top = words.card(BOARD.levels[0].id)
    to = f"retires the {top} to {_space(c.get('space'), words)}"
    paid = {"reserve": "from the reserve", "space": "from the minor-spell space"}
    source = paid.get(str(c.get("source")))
    if source is None:
        return f"{who} has no minor spell for the round counter, and {to}"
    return f"{who} puts a minor spell {source} on the round counter, and {to}"


def _cast(c: Mapping[str, Any], who: str, words: Naming) -> str:
    spell = "a minor spell" if c.get("die") is None else f"a major {c['die']}"
    return f"{who} casts {spell} beside {_wizard(c.get('wizard'), words)}"


_SAID: dict[str, Callable[[Mapping[str, Any], str, Naming], str]] = {
    "RetireGrandDruide": _retire,
    "RollSpells": lambda c, who, w: f"{who} rolls their major spells",
    "PlaceDie": lambda c, who, w: (
        f"{who} places a {c.get('die')} on {_dice_space(c.get('space'), w)}"
    ),
    "EndPlacement": lambda c, who, w: f"{who} keeps the dice not yet placed for phase 3",
    "Reroll": lambda c, who, w: (
        f"{who} pays a minor spell to roll the remaining major spells once more"
    ),
    "SpendDie": lambda c, who, w: f"{who} spends a die showing {c.get('die')}",
    "StopSpending": lambda c, who, w: (
        f"{who} stops recovering minor spells; the unspent dice stay on the minor-spell space"
    ),
    "LeaveDice": lambda c, who, w: f"{who} leaves the unspent dice on the space for the next round",
    "TakeBackDice": lambda c, who, w: f"{who} takes the unspent dice back, unused",
    "CastSpell": _cast,
    "Pass": lambda c, who, w: f"{who} passes and places no more spells this round",
    "FillVacancy": lambda c, who, w: (
        f"{who} moves the defeated {c.get('wizard')} to "
        + _space(c.get("title"), w, "title").replace("the ", "the vacant ", 1)
    ),
    "Demote": lambda c, who, w: f"{who} demotes {c.get('wizard')} to {_space(c.get('space'), w)}",
    "RemoveGreyToken": lambda c, who, w: f"{who} removes a grey magic token from {c.get('wizard')}",
    "DesignateWinner": lambda c, who, w: (
        f"{who} designates {c.get('wizard')} to take the title their tied candidates contest"
    ),
}


WORDS = GameWords(
    card_name=card_name,
    command_words=command_words,
    event_words=event_words,
    view_facts=view_facts,
    seat_keys=SEAT_KEYS | {"to act", "dragon"},  # who acts now, who holds the dragon
    command_labels={
        "RetireGrandDruide": "Retire the Grand Druide",
        "RollSpells": "Roll your spells",
        "PlaceDie": "Place a die",
        "EndPlacement": "Keep the rest for phase 3",
        "Reroll": "Reroll (pay a minor spell)",
        "SpendDie": "Spend a die",
        "StopSpending": "Stop spending",
        "LeaveDice": "Leave the dice",
        "TakeBackDice": "Take the dice back",
        "CastSpell": "Cast a spell",
        "Pass": "Pass",
        "FillVacancy": "Fill a vacant title",
        "Demote": "Move to a Magicien space",
        "RemoveGreyToken": "Remove a grey token",
    },
)
