"""Spell Wars commands, JSON-tagged by class name."""

from __future__ import annotations

from domain.kernel import Command


class PlaceSpell(Command, frozen=True, kw_only=True):
    """Place the spell face down: a card id (or null) per slot; wild magic fits any slot."""

    source: str | None = None
    quality: str | None = None
    delivery: str | None = None

    def secret(self) -> bool:
        return True

    def cards(self) -> tuple[str, ...]:
        return tuple(c for c in (self.source, self.quality, self.delivery) if c is not None)


class PickTarget(Command, frozen=True, kw_only=True):
    """Pick one seat among the offered candidates."""

    seat: int


class Pay(Command, frozen=True, kw_only=True):
    """Answer a blood cost: 0 declines."""

    amount: int


class Choose(Command, frozen=True, kw_only=True):
    """Pick one of the offered labels (an option, a card, a die, a type...)."""

    choice: str


class Block(Command, frozen=True, kw_only=True):
    """Sacrifice a kept creature to absorb the damage, or null to take it."""

    creature: str | None = None


class GiveCard(Command, frozen=True, kw_only=True):
    """Give a card from hand (secret: only giver and receiver learn which)."""

    card: str

    def secret(self) -> bool:
        return True


COMMAND = PlaceSpell | PickTarget | Pay | Choose | Block | GiveCard
ANSWERS = {
    "target": "PickTarget",
    "pay": "Pay",
    "option": "Choose",
    "block": "Block",
    "give": "GiveCard",
}
