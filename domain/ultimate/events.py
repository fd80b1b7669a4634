"""Consequence events of Sorcier ultime. Each cites a catalogue rule in ``rule``."""

from __future__ import annotations

from typing import Literal

from domain.kernel import Consequence, Visibility, private
from domain.ultimate.state import Hit

DiscardReason = Literal["no_action", "discard_phase", "cost", "demanded", "picked"]
EffectEnd = Literal["expired", "consumed", "ticked"]


class RoundStarted(Consequence, frozen=True, kw_only=True):
    """All cards gathered, life reset, effects cleared; the deal follows."""

    round: int
    health: int


class CardsDealt(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)


class TurnStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    turn: int


class DiscardPileReshuffled(Consequence, frozen=True, kw_only=True):
    """Public notice of the reshuffle; the hidden order is in the CardsShuffled after it."""

    cards: int


class CardDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.seat)


class CardPlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    target: int | None = None


class ComboPlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    combo: str
    cards: tuple[str, ...]
    targets: tuple[int, ...] = ()
    card: str | None = None


class CardDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    reason: DiscardReason


class CardRecovered(Consequence, frozen=True, kw_only=True):
    """A card taken from the (public) discard pile into a hand."""

    seat: int
    card: str


class CardStolen(Consequence, frozen=True, kw_only=True):
    thief: int
    victim: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.thief, self.victim)


class HandsSwapped(Consequence, frozen=True, kw_only=True):
    seat: int
    other: int


class DamageDealt(Consequence, frozen=True, kw_only=True):
    """A blow from ``source`` lands: ``amount`` is the life actually lost,
    ``requested`` the damage the blow carried (more than ``amount`` when life
    floors at 0), ``life`` what is left (never below 0).

    Events stored before ``requested`` existed decode with ``requested=None``;
    their ``amount`` is the damage carried, not necessarily the life lost.
    """

    seat: int
    amount: int
    life: int
    source: str
    requested: int | None = None


class DamageBlocked(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    by: str


class LifeRestored(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    life: int


class EffectStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    kind: str
    turn: int


class EffectEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    kind: str
    reason: EffectEnd


class AttackBegan(Consequence, frozen=True, kw_only=True):
    """``rule``: why this is an attack (and in what order its hits resolve);
    ``effect_rule``: the card or combo rule the hits' damage and effects apply."""

    attacker: int
    source: str
    effect_rule: str
    hits: tuple[Hit, ...]


class AttackPrevented(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int


class AttackArrived(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int
    damage: int
    defendable: bool


class DefencePlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    target: int | None = None


class DefenceDeclined(Consequence, frozen=True, kw_only=True):
    seat: int


class AttackRedirected(Consequence, frozen=True, kw_only=True):
    attacker: int
    from_seat: int
    to_seat: int


class HitResolved(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int


class DiscardDemanded(Consequence, frozen=True, kw_only=True):
    seat: int
    by: int


class PlayedCardsDiscarded(Consequence, frozen=True, kw_only=True):
    cards: tuple[str, ...]


class DiscardPhaseStarted(Consequence, frozen=True, kw_only=True):
    seat: int


class TurnEnded(Consequence, frozen=True, kw_only=True):
    seat: int


class WizardEliminated(Consequence, frozen=True, kw_only=True):
    """``cards``: the hand, which goes face up to the discard pile."""

    seat: int
    cards: tuple[str, ...]


class RoundWon(Consequence, frozen=True, kw_only=True):
    seat: int
    wins: int


class RoundDrawn(Consequence, frozen=True, kw_only=True):
    round: int


class MatchWon(Consequence, frozen=True, kw_only=True):
    seat: int
    wins: int


EVENT_TYPES: tuple[type[Consequence], ...] = (
    RoundStarted,
    CardsDealt,
    TurnStarted,
    DiscardPileReshuffled,
    CardDrawn,
    CardPlayed,
    ComboPlayed,
    CardDiscarded,
    CardRecovered,
    CardStolen,
    HandsSwapped,
    DamageDealt,
    DamageBlocked,
    LifeRestored,
    EffectStarted,
    EffectEnded,
    AttackBegan,
    AttackPrevented,
    AttackArrived,
    DefencePlayed,
    DefenceDeclined,
    AttackRedirected,
    HitResolved,
    DiscardDemanded,
    PlayedCardsDiscarded,
    DiscardPhaseStarted,
    TurnEnded,
    WizardEliminated,
    RoundWon,
    RoundDrawn,
    MatchWon,
)
