"""Consequence events of Elfenwizards. Every one carries its rule citation.

The game has no hidden information (dice are rolled in the open and every
placement is public), so all events are public.
"""

from __future__ import annotations

from domain.elfenwizards.board import Board
from domain.elfenwizards.state import Wizard
from domain.kernel import Consequence, Event


class BoardLaidOut(Consequence, frozen=True, kw_only=True):
    """The board played on. ``board`` (levels, spaces, contests) is absent from
    games stored before layouts became setup data: they used the default."""

    spaces: tuple[str, ...]
    board: Board | None = None


class GuildsFormed(Consequence, frozen=True, kw_only=True):
    colours: tuple[str, ...]


class SpellsHandedOut(Consequence, frozen=True, kw_only=True):
    majors: int
    minors: int


class GreySupplyFilled(Consequence, frozen=True, kw_only=True):
    tokens: int


class DragonKept(Consequence, frozen=True, kw_only=True):
    seat: int


class SupportTallied(Consequence, frozen=True, kw_only=True):
    points: tuple[tuple[str, int], ...]


class DragonGiven(Consequence, frozen=True, kw_only=True):
    seat: int


class RoundBegan(Consequence, frozen=True, kw_only=True):
    round: int


class PhaseBegan(Consequence, frozen=True, kw_only=True):
    phase: str
    number: int
    order: tuple[int, ...]


class RoundCounterMarked(Consequence, frozen=True, kw_only=True):
    seat: int
    round: int
    source: str


class GrandDruideRetired(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    space: str


class MinorSpellPaid(Consequence, frozen=True, kw_only=True):
    seat: int


class DiePlaced(Consequence, frozen=True, kw_only=True):
    seat: int
    die: int
    space: str


class PlacementEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    kept: tuple[int, ...]


class DieSpent(Consequence, frozen=True, kw_only=True):
    seat: int
    die: int
    space: str
    pool: int


class MinorSpellsRecovered(Consequence, frozen=True, kw_only=True):
    seat: int
    count: int
    pips: int


class GreyTokenRemoved(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    pips: int


class DiceLeft(Consequence, frozen=True, kw_only=True):
    seat: int
    space: str
    dice: tuple[int, ...]


class DiceTakenBack(Consequence, frozen=True, kw_only=True):
    seat: int
    space: str
    dice: tuple[int, ...]


class SpendingEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    lost: int


class SpellCast(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    die: int | None = None


class CompetitionTurnEnded(Consequence, frozen=True, kw_only=True):
    seat: int


class PlayerPassed(Consequence, frozen=True, kw_only=True):
    seat: int
    forced: bool = False


class TitleAwarded(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    title: str
    points: int


class WizardDefeated(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    space: str
    points: int


class TitleLeftVacant(Consequence, frozen=True, kw_only=True):
    title: str
    reason: str


class SpellsWasted(Consequence, frozen=True, kw_only=True):
    majors: tuple[int, ...]


class SpellsReturned(Consequence, frozen=True, kw_only=True):
    majors: tuple[int, ...]
    minors: tuple[int, ...]


class VacantTitleFilled(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    title: str


class WizardDemoted(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    space: str
    grey: bool


class RoundScored(Consequence, frozen=True, kw_only=True):
    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


class GameEnded(Consequence, frozen=True, kw_only=True):
    reason: str


class FinalBonusScored(Consequence, frozen=True, kw_only=True):
    bonus: tuple[int, ...]
    totals: tuple[int, ...]


class WinnersDeclared(Consequence, frozen=True, kw_only=True):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class WizardsPlaced(Consequence, frozen=True, kw_only=True):
    wizards: tuple[Wizard, ...]


class TieBroken(Consequence, frozen=True, kw_only=True):
    """The owner of two tied candidates designates the one taking the title."""

    seat: int
    wizard: str
    title: str


class PlayResumed(Consequence, frozen=True, kw_only=True):
    """A game opened from a position taken in the middle of a round: play goes on
    from there (the state itself comes from the position in ``GameStarted``)."""

    round: int
    phase: str
    order: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    BoardLaidOut,
    GuildsFormed,
    SpellsHandedOut,
    GreySupplyFilled,
    DragonKept,
    SupportTallied,
    WizardsPlaced,
    RoundCounterMarked,
    SpellsWasted,
    FinalBonusScored,
    WinnersDeclared,
    DragonGiven,
    RoundBegan,
    PhaseBegan,
    GrandDruideRetired,
    MinorSpellPaid,
    DiePlaced,
    PlacementEnded,
    DieSpent,
    MinorSpellsRecovered,
    GreyTokenRemoved,
    DiceLeft,
    DiceTakenBack,
    SpendingEnded,
    SpellCast,
    CompetitionTurnEnded,
    PlayerPassed,
    TitleAwarded,
    WizardDefeated,
    TitleLeftVacant,
    SpellsReturned,
    VacantTitleFilled,
    WizardDemoted,
    RoundScored,
    GameEnded,
    TieBroken,
    PlayResumed,
)
