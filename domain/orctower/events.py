"""Consequence events of the orc tower. Each cites a catalogue rule in ``rule``."""

from __future__ import annotations

from domain.kernel import Consequence, Visibility, private


class StageChanged(Consequence, frozen=True, kw_only=True):
    stage: str


class SetupCompleted(Consequence, frozen=True, kw_only=True):
    """The opening is laid out (from the rulebook's setup, a position, or both)."""


class RoundStarted(Consequence, frozen=True, kw_only=True):
    round: int


class DestinyRevealed(Consequence, frozen=True, kw_only=True):
    card: str
    moves: tuple[str, ...] = ()
    quarters: tuple[int, ...] = ()
    sections: tuple[int, ...] = ()
    change: str = ""


class PaletteReturned(Consequence, frozen=True, kw_only=True):
    """« Échange de sorts »: the palette goes back into its piles (shuffles follow)."""


class PaletteFilled(Consequence, frozen=True, kw_only=True):
    slot: int
    card: str


class MarkerRevealed(Consequence, frozen=True, kw_only=True):
    quarter: int
    marker: str


class MarkersDealt(Consequence, frozen=True, kw_only=True):
    """The shuffled markers laid into the six stacks, quarter 1 first, by these
    sizes (a setup position whose board is already under way); any left over are
    out of the game."""

    sizes: tuple[int, ...]


class CreatureMoved(Consequence, frozen=True, kw_only=True):
    creature: str
    quarter: int
    section: int


class CreatureArrived(Consequence, frozen=True, kw_only=True):
    """A creature reached the tower: off the board, its counter moves back."""

    creature: str
    quarter: int


class CreatureLost(Consequence, frozen=True, kw_only=True):
    seat: int
    slot: int  # 0-based, the engine's index (``State.types``)


class TurnStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    actions: int


class CardsDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]
    source: str = "deck"  # or "discard" (its top cards)

    def visibility(self) -> Visibility:
        return private(self.seat)


class HandDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]


class MageTeleported(Consequence, frozen=True, kw_only=True):
    seat: int
    space: int
    action: bool = True  # False: an upgrade effect, no action spent


class SpellCast(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    energy: str


class UpgradePlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    energy: str
    teleport: bool = False
    draw: bool = False


class UpgradeEffectUsed(Consequence, frozen=True, kw_only=True):
    seat: int
    effect: str  # "teleport" or "draw"


class UpgradeEffectsLapsed(Consequence, frozen=True, kw_only=True):
    """Option ``upgrade_timing = "immediate"``: the unused upgrade effects lapse as
    the next upgrade is played."""

    seat: int


class DamageDealt(Consequence, frozen=True, kw_only=True):
    creature: str
    amount: int


class CreatureDefeated(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str
    slot: int
    # False: its bonus action does not open (a Bombardier's blast victim under
    # ``blast_kills = "no_bonus"``, orctower.ruling.bombardier-kills).
    bonus: bool = True


class CreatureRemoved(Consequence, frozen=True, kw_only=True):
    """A creature the Bombardier's blast defeats goes back to the box, kept by nobody
    (``blast_kills = "box"``, orctower.ruling.bombardier-kills)."""

    creature: str


class PowerGained(Consequence, frozen=True, kw_only=True):
    seat: int
    power: str


class SpellLearned(Consequence, frozen=True, kw_only=True):
    seat: int
    slot: int
    card: str


class CreaturesSwapped(Consequence, frozen=True, kw_only=True):
    first: str
    second: str


class ActionGained(Consequence, frozen=True, kw_only=True):
    seat: int


class DiscardDemanded(Consequence, frozen=True, kw_only=True):
    seats: tuple[int, ...]


class CardDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class SpellFinished(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]


class Passed(Consequence, frozen=True, kw_only=True):
    seat: int


class CreaturesHealed(Consequence, frozen=True, kw_only=True):
    pass


class LastRoundAnnounced(Consequence, frozen=True, kw_only=True):
    pass


class GameEnded(Consequence, frozen=True, kw_only=True):
    scores: tuple[int, ...]
    details: tuple[str, ...] = ()


class PoisonGiven(Consequence, frozen=True, kw_only=True):
    seat: int
    to: int
    card: str


class CardRemoved(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class MissionsDealt(Consequence, frozen=True, kw_only=True):
    seat: int
    missions: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)


class MissionKept(Consequence, frozen=True, kw_only=True):
    seat: int
    mission: str

    def visibility(self) -> Visibility:
        return private(self.seat)


class BonusTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str
    bonus: str


class BonusesSkipped(Consequence, frozen=True, kw_only=True):
    seat: int


class EnergyGained(Consequence, frozen=True, kw_only=True):
    seat: int


class TerrainPlaced(Consequence, frozen=True, kw_only=True):
    kind: str
    quarter: int
    section: int


class ToadTileLaid(Consequence, frozen=True, kw_only=True):
    tile: str
    quarter: int
    section: int


class ToadTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    tile: str


class ToadUsed(Consequence, frozen=True, kw_only=True):
    seat: int
    tile: str
    creature: str = ""


EVENT_TYPES: tuple[type[Consequence], ...] = (
    SetupCompleted,
    StageChanged,
    RoundStarted,
    DestinyRevealed,
    PaletteReturned,
    PaletteFilled,
    MarkerRevealed,
    MarkersDealt,
    CreatureMoved,
    CreatureArrived,
    CreatureLost,
    TurnStarted,
    CardsDrawn,
    HandDiscarded,
    MageTeleported,
    SpellCast,
    UpgradePlayed,
    UpgradeEffectUsed,
    UpgradeEffectsLapsed,
    DamageDealt,
    CreatureDefeated,
    CreatureRemoved,
    PowerGained,
    SpellLearned,
    CreaturesSwapped,
    ActionGained,
    DiscardDemanded,
    CardDiscarded,
    SpellFinished,
    Passed,
    CreaturesHealed,
    LastRoundAnnounced,
    GameEnded,
    PoisonGiven,
    CardRemoved,
    MissionsDealt,
    MissionKept,
    BonusTaken,
    BonusesSkipped,
    EnergyGained,
    TerrainPlaced,
    ToadTileLaid,
    ToadTaken,
    ToadUsed,
)
