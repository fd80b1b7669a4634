"""What a seat may send. JSON-tagged by class name: ``{"type": "RollSpells"}``."""

from __future__ import annotations

from typing import Literal

from domain.kernel import Command


class RetireGrandDruide(Command, frozen=True, kw_only=True):
    """Phase 1: the minor spell for the round counter, and the Magicien space to go to."""

    source: Literal["reserve", "space", "none"]
    space: str


class RollSpells(Command, frozen=True, kw_only=True):
    """Phases 2 and 3: roll every major spell in front of you."""


class PlaceDie(Command, frozen=True, kw_only=True):
    """Phases 2 and 3: put one rolled die (by face) on a board space.

    ``space``: a major-spell level of the board (on the default board druide,
    sorcier, necromancien, magicien), ``minor`` or ``grey``.
    """

    die: int
    space: str


class EndPlacement(Command, frozen=True, kw_only=True):
    """Phase 2: keep the dice not yet placed for phase 3."""


class Reroll(Command, frozen=True, kw_only=True):
    """Phase 3: pay a minor spell to roll all remaining dice once more."""


class SpendDie(Command, frozen=True, kw_only=True):
    """Phases 4, 6 and 9: spend one die (by face) from the minor-spell or grey space."""

    die: int


class StopSpending(Command, frozen=True, kw_only=True):
    """Phase 4: stop recovering; unspent dice stay on the minor-spell space."""


class LeaveDice(Command, frozen=True, kw_only=True):
    """Phases 6 and 9: leave the unspent dice on the space for the next round."""


class TakeBackDice(Command, frozen=True, kw_only=True):
    """Phases 6 and 9: take the unspent dice back, unused."""


class CastSpell(Command, frozen=True, kw_only=True):
    """Phase 5: a spell beside a wizard: a major (``die`` face, from the wizard's level)
    or, with ``die`` omitted, a minor spell."""

    wizard: str
    die: int | None = None


class Pass(Command, frozen=True, kw_only=True):
    """Phase 5: place no more spells this round."""


class FillVacancy(Command, frozen=True, kw_only=True):
    """Phase 7: move one of your defeated wizards to a vacant title."""

    wizard: str
    title: str


class Demote(Command, frozen=True, kw_only=True):
    """Phase 8: move one of your defeated wizards to a Magicien space."""

    wizard: str
    space: str


class RemoveGreyToken(Command, frozen=True, kw_only=True):
    """Phase 9: the pool covers a token: take it from one of your wizards."""

    wizard: str


class DesignateWinner(Command, frozen=True, kw_only=True):
    """Phase 5, after every pass (option same_owner_tie=owner_designates): which of
    your two tied candidates for one title takes it."""

    wizard: str


ElfenCommand = (
    RetireGrandDruide
    | RollSpells
    | PlaceDie
    | EndPlacement
    | Reroll
    | SpendDie
    | StopSpending
    | LeaveDice
    | TakeBackDice
    | CastSpell
    | Pass
    | FillVacancy
    | Demote
    | RemoveGreyToken
    | DesignateWinner
)

COMMAND_TYPES: tuple[type[Command], ...] = (
    RetireGrandDruide,
    RollSpells,
    PlaceDie,
    EndPlacement,
    Reroll,
    SpendDie,
    StopSpending,
    LeaveDice,
    TakeBackDice,
    CastSpell,
    Pass,
    FillVacancy,
    Demote,
    RemoveGreyToken,
    DesignateWinner,
)
