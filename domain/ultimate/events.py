"""Consequence events of Sorcier ultime. Each cites a catalogue rule in ``rule``."""

from __future__ import annotations

from typing import Literal

from domain.kernel import Consequence, Visibility, private
from domain.ultimate.cards import name_of
from domain.ultimate.state import Hit

DiscardReason = Literal["no_action", "discard_phase", "cost", "demanded", "picked"]
EffectEnd = Literal["expired", "consumed", "ticked"]


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(name_of(c) for c in cards) if cards else "nothing"


class RoundStarted(Consequence, frozen=True, kw_only=True):
    """All cards gathered, life reset, effects cleared; the deal follows."""

    round: int
    health: int

    def describe(self) -> str:
        return f"round {self.round} begins; every wizard at {self.health} life"


class CardsDealt(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"{_seat(self.seat)} is dealt {_cards(self.cards)}"


class TurnStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    turn: int

    def describe(self) -> str:
        return f"turn {self.turn}: {_seat(self.seat)} to play"


class DiscardPileReshuffled(Consequence, frozen=True, kw_only=True):
    """Public notice of the reshuffle; the hidden order is in the CardsShuffled after it."""

    cards: int

    def describe(self) -> str:
        return f"the draw pile is empty: {self.cards} discarded cards shuffled into a new one"


class CardDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"{_seat(self.seat)} draws {name_of(self.card)}"


class CardPlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    target: int | None = None

    def describe(self) -> str:
        aim = "" if self.target is None else f" at {_seat(self.target)}"
        return f"{_seat(self.seat)} plays {name_of(self.card)}{aim}"


class ComboPlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    combo: str
    cards: tuple[str, ...]
    targets: tuple[int, ...] = ()
    card: str | None = None

    def describe(self) -> str:
        aim = f" at {', '.join(_seat(t) for t in self.targets)}" if self.targets else ""
        pick = f" taking {name_of(self.card)}" if self.card else ""
        into = name_of(self.combo)
        return f"{_seat(self.seat)} combines {_cards(self.cards)} into {into}{aim}{pick}"


class CardDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    reason: DiscardReason

    def describe(self) -> str:
        why = {
            "no_action": "instead of acting",
            "discard_phase": "at the end of the turn",
            "cost": "as a cost",
            "demanded": "as demanded",
            "picked": "picked blind by the caster",
        }[self.reason]
        return f"{_seat(self.seat)} discards {name_of(self.card)} {why}"


class CardRecovered(Consequence, frozen=True, kw_only=True):
    """A card taken from the (public) discard pile into a hand."""

    seat: int
    card: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} takes {name_of(self.card)} back from the discard pile"


class CardStolen(Consequence, frozen=True, kw_only=True):
    thief: int
    victim: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.thief, self.victim)

    def describe(self) -> str:
        return f"{_seat(self.thief)} steals {name_of(self.card)} from {_seat(self.victim)}"


class HandsSwapped(Consequence, frozen=True, kw_only=True):
    seat: int
    other: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} and {_seat(self.other)} swap hands"


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

    def describe(self) -> str:
        taken = f"{self.amount} damage"
        if self.requested is not None and self.requested != self.amount:
            taken = f"{self.amount} of {self.requested} damage"
        return f"{_seat(self.seat)} takes {taken} from {name_of(self.source)} (life {self.life})"


class DamageBlocked(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    by: str

    def describe(self) -> str:
        return f"{name_of(self.by)} blocks {self.amount} damage for {_seat(self.seat)}"


class LifeRestored(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    life: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} regains {self.amount} life (life {self.life})"


class EffectStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    kind: str
    turn: int

    def describe(self) -> str:
        return f"{name_of(self.kind)} now lies on {_seat(self.seat)}"


class EffectEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    kind: str
    reason: EffectEnd

    def describe(self) -> str:
        return f"{name_of(self.kind)} on {_seat(self.seat)} ends ({self.reason})"


class AttackBegan(Consequence, frozen=True, kw_only=True):
    """``rule``: why this is an attack (and in what order its hits resolve);
    ``effect_rule``: the card or combo rule the hits' damage and effects apply."""

    attacker: int
    source: str
    effect_rule: str
    hits: tuple[Hit, ...]

    def describe(self) -> str:
        aims = ", ".join(_seat(h.target) for h in self.hits)
        return f"{_seat(self.attacker)} attacks {aims} with {name_of(self.source)}"


class AttackPrevented(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int

    def describe(self) -> str:
        return f"the attack of {_seat(self.attacker)} on {_seat(self.target)} is prevented"


class AttackArrived(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int
    damage: int
    defendable: bool

    def describe(self) -> str:
        ask = f"; {_seat(self.target)} may defend" if self.defendable else ""
        return f"the attack reaches {_seat(self.target)} ({self.damage} damage){ask}"


class DefencePlayed(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    target: int | None = None

    def describe(self) -> str:
        aim = "" if self.target is None else f" towards {_seat(self.target)}"
        return f"{_seat(self.seat)} defends with {name_of(self.card)}{aim}"


class DefenceDeclined(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} does not defend"


class AttackRedirected(Consequence, frozen=True, kw_only=True):
    attacker: int
    from_seat: int
    to_seat: int

    def describe(self) -> str:
        return (
            f"the attack of {_seat(self.attacker)} is deflected from {_seat(self.from_seat)} "
            f"to {_seat(self.to_seat)}"
        )


class HitResolved(Consequence, frozen=True, kw_only=True):
    attacker: int
    target: int

    def describe(self) -> str:
        return f"the attack of {_seat(self.attacker)} on {_seat(self.target)} is resolved"


class DiscardDemanded(Consequence, frozen=True, kw_only=True):
    seat: int
    by: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} must discard a card of their choice"


class PlayedCardsDiscarded(Consequence, frozen=True, kw_only=True):
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"played cards go to the discard pile: {_cards(self.cards)}"


class DiscardPhaseStarted(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} may discard a card or end the turn"


class TurnEnded(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} ends the turn"


class WizardEliminated(Consequence, frozen=True, kw_only=True):
    """``cards``: the hand, which goes face up to the discard pile."""

    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{_seat(self.seat)} is eliminated; their hand ({_cards(self.cards)}) is discarded"


class RoundWon(Consequence, frozen=True, kw_only=True):
    seat: int
    wins: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} wins the round ({self.wins} round wins)"


class RoundDrawn(Consequence, frozen=True, kw_only=True):
    round: int

    def describe(self) -> str:
        return f"nobody is left standing: round {self.round} is replayed"


class MatchWon(Consequence, frozen=True, kw_only=True):
    seat: int
    wins: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} is the ultimate sorcerer with {self.wins} round wins"


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
