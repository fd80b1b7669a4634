"""Spell Wars events: past tense, each carrying its rule citation."""

from __future__ import annotations

from domain.kernel import HIDDEN, Consequence, Pending, Visibility, private
from domain.spellwars.cards import printed_name
from domain.spellwars.state import Flow, Wizard


def _names(cards: tuple[str, ...]) -> str:
    return ", ".join(printed_name(c) for c in cards) or "nothing"


class RoundStarted(Consequence, frozen=True, kw_only=True):
    round: int


class TurnStarted(Consequence, frozen=True, kw_only=True):
    turn: int


class CardsDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)


class SpellPlaced(Consequence, frozen=True, kw_only=True):
    """``slots``: each card's type, or a wild magic card's place in the row (``wild``
    where its type is fixed on reveal); ``declared``: the delivery its caster will
    keep (option incorrect_initiative=declared)."""

    seat: int
    cards: tuple[str, ...]
    slots: tuple[str, ...]
    declared: str = ""

    def visibility(self) -> Visibility:
        return private(self.seat)


class CardTakenBack(Consequence, frozen=True, kw_only=True):
    """More than 3 cards were placed: one goes back into hand before the sizes are announced."""

    seat: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.seat)


class CardTrimmed(Consequence, frozen=True, kw_only=True):
    """An incorrect spell loses one card to the discard."""

    seat: int
    card: str


class WildTypesChosen(Consequence, frozen=True, kw_only=True):
    """Which missing type each wild magic card of a revealed spell stands for."""

    seat: int
    wilds: tuple[str, ...]
    slots: tuple[str, ...]


class SizesAnnounced(Consequence, frozen=True, kw_only=True):
    sizes: tuple[int, ...]  # per seat; 0 for the dead


class CasterChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    size: int
    initiative: int


class SpellRevealed(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]
    carried: tuple[str, ...] = ()


class WildMagicReplaced(Consequence, frozen=True, kw_only=True):
    seat: int
    wild: str
    slot: str
    turned: tuple[str, ...]
    found: str | None


class ComponentStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class ComponentResolved(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class SpellFinished(Consequence, frozen=True, kw_only=True):
    seat: int
    kept: tuple[str, ...]
    discarded: tuple[str, ...]


class TargetChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    targets: tuple[int, ...]
    how: str


class BloodPaid(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    card: str


class OptionChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    option: str


class DamageDealt(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    amount: int
    card: str


class DamageBlocked(Consequence, frozen=True, kw_only=True):
    target: int
    creature: str
    amount: int
    card: str


class Healed(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    card: str


class LifeSet(Consequence, frozen=True, kw_only=True):
    seat: int
    life: int


class BloodGained(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    why: str


class BloodMoved(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    amount: int
    card: str


class DungeonTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    previous: int


class TreasureGained(Consequence, frozen=True, kw_only=True):
    seat: int
    treasure: str
    previous: int = -1  # -1: from the treasure deck


class TreasureDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    treasure: str


class CreatureKilled(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str


class CreatureAdded(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str


class KeepEarned(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str


class CreatureDiceGranted(Consequence, frozen=True, kw_only=True):
    seat: int
    dice: int


class HandRevealed(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]


class CardsDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]


class CardsPassed(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.source, self.target)


class PassCounted(Consequence, frozen=True, kw_only=True):
    received: tuple[int, ...]


class SplitDiceUnused(Consequence, frozen=True, kw_only=True):
    """A split roll ran out of opponents: the dice left are set aside, in the open."""

    seat: int
    card: str
    dice: tuple[int, ...]


class WizardDied(Consequence, frozen=True, kw_only=True):
    seat: int
    killer: int
    lost: tuple[str, ...]


class DeathAverted(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class DeadCardDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str


class DeadCardsCleared(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]


class TreasureDeferred(Consequence, frozen=True, kw_only=True):
    seat: int
    count: int


class TurnEnded(Consequence, frozen=True, kw_only=True):
    turn: int


class RoundEnded(Consequence, frozen=True, kw_only=True):
    round: int
    survivor: int  # -1: nobody earns the token


class TokenAwarded(Consequence, frozen=True, kw_only=True):
    seat: int
    round: int


class PointScored(Consequence, frozen=True, kw_only=True):
    seat: int
    why: str
    round: int = 0
    survivor: bool = False


class RoundCleared(Consequence, frozen=True, kw_only=True):
    discarded: tuple[str, ...]
    treasures: tuple[str, ...]


class MatchWon(Consequence, frozen=True, kw_only=True):
    winners: tuple[int, ...]


class PositionLoaded(Consequence, frozen=True, kw_only=True):
    """A recorded table position replaces the opening shuffles (setup file)."""

    deck: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    dead_deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    life: tuple[int, ...]
    blood: tuple[int, ...]
    tokens: tuple[int, ...]
    treasures: tuple[tuple[str, ...], ...]
    creatures: tuple[tuple[str, ...], ...]
    dungeon: int

    def visibility(self) -> Visibility:
        return HIDDEN


class PositionEntered(Consequence, frozen=True, kw_only=True):
    """A position from a setup file: every zone and every wizard's standing (the turn
    structure follows in the command's ``FlowSet``)."""

    round: int
    turn: int
    dungeon: int
    wizards: tuple[Wizard, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    treasure_discard: tuple[str, ...]
    dead_deck: tuple[str, ...]
    dead_discard: tuple[str, ...]
    # table mode: the cards at the bottom of each deck in unknown order
    deck_unknown: int = 0
    treasure_deck_unknown: int = 0
    dead_deck_unknown: int = 0

    def visibility(self) -> Visibility:
        return HIDDEN


class FlowSet(Consequence, frozen=True, kw_only=True):
    """Bookkeeping: where the turn structure stands and who must decide now."""

    flow: Flow
    pending: tuple[Pending, ...]


EVENTS = (
    RoundStarted,
    TurnStarted,
    CardsDrawn,
    SpellPlaced,
    CardTakenBack,
    CardTrimmed,
    WildTypesChosen,
    SizesAnnounced,
    CasterChosen,
    SpellRevealed,
    WildMagicReplaced,
    ComponentStarted,
    ComponentResolved,
    SpellFinished,
    TargetChosen,
    BloodPaid,
    OptionChosen,
    DamageDealt,
    DamageBlocked,
    Healed,
    LifeSet,
    BloodGained,
    BloodMoved,
    DungeonTaken,
    TreasureGained,
    TreasureDiscarded,
    CreatureKilled,
    CreatureAdded,
    KeepEarned,
    CreatureDiceGranted,
    HandRevealed,
    CardsDiscarded,
    CardsPassed,
    PassCounted,
    SplitDiceUnused,
    WizardDied,
    DeathAverted,
    DeadCardDrawn,
    DeadCardsCleared,
    TreasureDeferred,
    TurnEnded,
    RoundEnded,
    TokenAwarded,
    PointScored,
    RoundCleared,
    MatchWon,
    PositionLoaded,
    PositionEntered,
    FlowSet,
)
