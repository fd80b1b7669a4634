"""Elfenwizards' terms in words: its phases by the rulebook's titles, its guilds'
colours, the reasons its events record, as phrases (``domain.kernel.phrases``).
The French catalogue says the phases as printed (``state.PHASE_TITLE``); the
English is their translation."""

from __future__ import annotations

from typing import Any

from domain.elfenwizards.board import BOARD
from domain.elfenwizards.placement import COLOURS
from domain.kernel.phrases import Card, Phrase, Seat, phrase

# The board's top title (the Grand Druide), by the name the table calls it.
TOP = Card(BOARD.levels[0].id)

PHASES = {
    # Before the first round and after the last: no phase of the rulebook's.
    "setup": phrase("set-up"),
    "over": phrase("game over"),
    "retire": phrase("Retirement of the {top}", top=TOP),
    "roll": phrase("Rolling and allocating the major spells"),
    "reroll": phrase("Rolling and allocating the remaining major spells"),
    "recover": phrase("Recovering the minor spells"),
    "compete": phrase("Competition and awarding of the titles"),
    "recover2": phrase("Recovering the minor spells"),
    "vacancies": phrase("Awarding the vacant titles"),
    "demote": phrase("Demotion of the remaining magicians"),
    "grey": phrase("Removal of the grey magic tokens"),
}
# The guilds' colours (seat i plays ``placement.COLOURS[i]``).
GUILD_COLOURS = {
    "red": phrase("red"),
    "green": phrase("green"),
    "blue": phrase("blue"),
    "yellow": phrase("yellow"),
    "black": phrase("black"),
}
# Why a title stays vacant, why the game ends: the reasons the events record.
REASONS = {
    "no candidate": phrase("no candidate"),
    "no candidate has a point": phrase("no candidate has a point"),
    "the candidates are tied": phrase("the candidates are tied"),
    "a tie leaves no clear winner": phrase("a tie leaves no clear winner"),
    "the owner's two candidates are tied": phrase("the owner's two candidates are tied"),
    "a player became Grand Druide for the second time": phrase(
        "a player became {top} for the second time", top=TOP
    ),
    "a second round without a Grand Druide": phrase("a second round without a {top}", top=TOP),
    "the fourth round is over": phrase("the fourth round is over"),
}


def phase_phrase(phase: str) -> Phrase | str:
    """A phase by the rulebook's title, in the reader's language."""
    return PHASES.get(phase, phase)


def reason_phrase(reason: str) -> Phrase | str:
    """A recorded reason in the reader's language."""
    return REASONS.get(reason, reason)


def pawn_phrase(wizard: Any) -> Phrase | str:
    """A pawn (``blue-2``) as the table calls it, by its guild's colour and its
    number ("blue wizard 2"); an id of no guild's colour, as it is."""
    colour, _, number = str(wizard).rpartition("-")
    if colour in GUILD_COLOURS:
        return phrase("{colour} wizard {n}", colour=GUILD_COLOURS[colour], n=number)
    return str(wizard)


def wizard_phrase(wizard: Any) -> Phrase | str:
    """A pawn with its guild's player ("Cid's blue wizard 2"): seat i plays ``COLOURS[i]``."""
    colour = str(wizard).rpartition("-")[0]
    if colour in COLOURS:
        return phrase(
            "{seat}'s {wizard}", seat=Seat(COLOURS.index(colour)), wizard=pawn_phrase(wizard)
        )
    return str(wizard)
