"""Consequence events of the orc tower. Each cites a catalogue rule in ``rule``."""

from __future__ import annotations

from domain.kernel import Consequence, Visibility, private
from domain.kernel.events import and_text
from domain.orctower.data import CHANGE_NAMES, POWER_NAMES, SECTION_NAMES, destiny_name


def _s(seat: int) -> str:
    return f"seat {seat}"


class StageChanged(Consequence, frozen=True, kw_only=True):
    stage: str

    def describe(self) -> str:
        return f"now: {self.stage}"


class SetupCompleted(Consequence, frozen=True, kw_only=True):
    """The opening is laid out (from the rulebook's setup, a position, or both)."""

    def describe(self) -> str:
        return "setup complete"


class RoundStarted(Consequence, frozen=True, kw_only=True):
    round: int

    def describe(self) -> str:
        return f"round {self.round} begins"


class DestinyRevealed(Consequence, frozen=True, kw_only=True):
    card: str
    moves: tuple[str, ...] = ()
    quarters: tuple[int, ...] = ()
    sections: tuple[int, ...] = ()
    change: str = ""

    def describe(self) -> str:
        card = destiny_name(self.card) or self.card
        return f"{card} revealed: " + destiny_says(
            self.moves, self.quarters, self.sections, self.change
        )


def destiny_says(
    moves: tuple[str, ...], quarters: tuple[int, ...], sections: tuple[int, ...], change: str
) -> str:
    """What a destiny card shows: who moves, and its rule change."""
    if moves or not quarters:
        what = f"the {and_text(list(moves))} creatures move"
    else:
        in_sections = and_text([SECTION_NAMES[s] for s in sections])
        in_quarters = and_text([str(q) for q in quarters])
        what = (
            f"the creatures of the {in_sections} section{'s' * (len(sections) > 1)} "
            f"of quarter{'s' * (len(quarters) > 1)} {in_quarters} move"
        )
    return f"{what}; rule change: {CHANGE_NAMES.get(change, change) or 'none'}"


class PaletteReturned(Consequence, frozen=True, kw_only=True):
    """« Échange de sorts »: the palette goes back into its piles (shuffles follow)."""

    def describe(self) -> str:
        return "the palette is shuffled back into its piles"


class PaletteFilled(Consequence, frozen=True, kw_only=True):
    slot: int
    card: str

    def describe(self) -> str:
        return f"palette slot {self.slot} gets {self.card}"


class MarkerRevealed(Consequence, frozen=True, kw_only=True):
    quarter: int
    marker: str

    def describe(self) -> str:
        return f"marker {self.marker} revealed on quarter {self.quarter}: onto its outer section"


class MarkersDealt(Consequence, frozen=True, kw_only=True):
    """The shuffled markers laid into the six stacks, quarter 1 first, by these
    sizes (a setup position whose board is already under way); any left over are
    out of the game."""

    sizes: tuple[int, ...]

    def describe(self) -> str:
        return f"marker stacks of {list(self.sizes)}, quarter 1 first"


class CreatureMoved(Consequence, frozen=True, kw_only=True):
    creature: str
    quarter: int
    section: int

    def describe(self) -> str:
        return f"{self.creature} moves to quarter {self.quarter}, section {self.section}"


class CreatureArrived(Consequence, frozen=True, kw_only=True):
    """A creature reached the tower: off the board, its counter moves back."""

    creature: str
    quarter: int

    def describe(self) -> str:
        return f"{self.creature} reaches the tower from quarter {self.quarter}"


class CreatureLost(Consequence, frozen=True, kw_only=True):
    seat: int
    slot: int  # 0-based, the engine's index (``State.types``)

    def describe(self) -> str:
        # A player counts the board's six portraits from 1, Gobelin first.
        return f"{_s(self.seat)} loses a defeated creature of hunting-board slot {self.slot + 1}"


class TurnStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    actions: int

    def describe(self) -> str:
        return f"{_s(self.seat)}'s turn, {self.actions} actions"


class CardsDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]
    source: str = "deck"  # or "discard" (its top cards)

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"{_s(self.seat)} draws {', '.join(self.cards) or 'nothing'} from the {self.source}"


class HandDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{_s(self.seat)} discards the hand: {', '.join(self.cards) or 'nothing'}"


class MageTeleported(Consequence, frozen=True, kw_only=True):
    seat: int
    space: int
    action: bool = True  # False: an upgrade effect, no action spent

    def describe(self) -> str:
        return f"{_s(self.seat)} teleports to tower space {self.space}"


class SpellCast(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    energy: str

    def describe(self) -> str:
        return f"{_s(self.seat)} casts {self.card} (+1 {self.energy} energy)"


class UpgradePlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    energy: str
    teleport: bool = False
    draw: bool = False

    def describe(self) -> str:
        return f"{_s(self.seat)} adds {self.card} as an upgrade (+1 {self.energy} energy)"


class UpgradeEffectUsed(Consequence, frozen=True, kw_only=True):
    seat: int
    effect: str  # "teleport" or "draw"

    def describe(self) -> str:
        return f"{_s(self.seat)} uses an upgrade's {self.effect} effect"


class UpgradeEffectsLapsed(Consequence, frozen=True, kw_only=True):
    """Option ``upgrade_timing = "immediate"``: the unused upgrade effects lapse as
    the next upgrade is played."""

    seat: int

    def describe(self) -> str:
        return f"{_s(self.seat)}'s unused upgrade effects lapse"


class DamageDealt(Consequence, frozen=True, kw_only=True):
    creature: str
    amount: int

    def describe(self) -> str:
        return f"{self.creature} takes {self.amount} damage"


class CreatureDefeated(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str
    slot: int
    # False: its bonus action does not open (a Bombardier's blast victim under
    # ``blast_kills = "no_bonus"``, orctower.ruling.bombardier-kills).
    bonus: bool = True

    def describe(self) -> str:
        return f"{_s(self.seat)} defeats {self.creature}"


class CreatureRemoved(Consequence, frozen=True, kw_only=True):
    """A creature the Bombardier's blast defeats goes back to the box, kept by nobody
    (``blast_kills = "box"``, orctower.ruling.bombardier-kills)."""

    creature: str

    def describe(self) -> str:
        return f"{self.creature} falls to the blast and goes back to the box, kept by nobody"


class PowerGained(Consequence, frozen=True, kw_only=True):
    seat: int
    power: str

    def describe(self) -> str:
        return f"{_s(self.seat)} gains the bonus power {POWER_NAMES.get(self.power, self.power)}"


class SpellLearned(Consequence, frozen=True, kw_only=True):
    seat: int
    slot: int
    card: str

    def describe(self) -> str:
        return f"{_s(self.seat)} learns {self.card} (palette slot {self.slot}) into the discard"


class CreaturesSwapped(Consequence, frozen=True, kw_only=True):
    first: str
    second: str

    def describe(self) -> str:
        return f"{self.first} and {self.second} swap places"


class ActionGained(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_s(self.seat)} gains an action"


class DiscardDemanded(Consequence, frozen=True, kw_only=True):
    seats: tuple[int, ...]

    def describe(self) -> str:
        return f"seats {list(self.seats)} must discard a card"


class CardDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return f"{_s(self.seat)} discards {self.card}"


class SpellFinished(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{_s(self.seat)} puts {', '.join(self.cards)} in the discard"


class Passed(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_s(self.seat)} passes"


class CreaturesHealed(Consequence, frozen=True, kw_only=True):
    def describe(self) -> str:
        return "undefeated creatures recover all their hit points"


class LastRoundAnnounced(Consequence, frozen=True, kw_only=True):
    def describe(self) -> str:
        return "at least 4 quarters are empty: this round is the last"


class GameEnded(Consequence, frozen=True, kw_only=True):
    scores: tuple[int, ...]
    details: tuple[str, ...] = ()

    def describe(self) -> str:
        return "game over; " + ", ".join(f"seat {s} scored {n}" for s, n in enumerate(self.scores))


class PoisonGiven(Consequence, frozen=True, kw_only=True):
    seat: int
    to: int
    card: str

    def describe(self) -> str:
        return f"{_s(self.seat)} puts {self.card} into {_s(self.to)}'s discard"


class CardRemoved(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return f"{_s(self.seat)} removes {self.card} from the game"


class MissionsDealt(Consequence, frozen=True, kw_only=True):
    seat: int
    missions: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"{_s(self.seat)} is dealt missions {', '.join(self.missions)}"


class MissionKept(Consequence, frozen=True, kw_only=True):
    seat: int
    mission: str

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"{_s(self.seat)} keeps mission {self.mission}"


class BonusTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str
    bonus: str

    def describe(self) -> str:
        return f"{_s(self.seat)} takes the bonus action {self.bonus} of {self.creature}"


class BonusesSkipped(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_s(self.seat)} renounces the open bonus actions"


class EnergyGained(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_s(self.seat)} gains 1 energy of any type for the next action"


class TerrainPlaced(Consequence, frozen=True, kw_only=True):
    kind: str
    quarter: int
    section: int

    def describe(self) -> str:
        return f"terrain {self.kind} on quarter {self.quarter}, section {self.section}"


class ToadTileLaid(Consequence, frozen=True, kw_only=True):
    tile: str
    quarter: int
    section: int

    def describe(self) -> str:
        return f"baby toad {self.tile} laid on quarter {self.quarter}, section {self.section}"


class ToadTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    tile: str

    def describe(self) -> str:
        return f"{_s(self.seat)} takes baby toad {self.tile}"


class ToadUsed(Consequence, frozen=True, kw_only=True):
    seat: int
    tile: str
    creature: str = ""

    def describe(self) -> str:
        aim = f" on {self.creature}" if self.creature else ""
        return f"{_s(self.seat)} uses baby toad {self.tile}{aim}"


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
