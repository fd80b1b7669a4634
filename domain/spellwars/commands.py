"""Spell Wars commands, JSON-tagged by class name."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import force_setattr

from domain.kernel import Command
from domain.spellwars.cards import SLOTS


class PlaceCards(Command, frozen=True, kw_only=True, omit_defaults=True):
    """Place any set of cards from hand face down, as at a physical table.

    The cards are a set: they are stored sorted, so that every order a client
    sends is the same command (``legal_commands`` lists each set once). Types
    are printed on the cards; a wild magic card stands for a missing type, fixed
    on reveal. More than 3 cards, or two of one type, are legal placements:
    the rulebook repairs them (take-back before the sizes, trimming on reveal).

    Two readings ask more of the placement (fields left out otherwise, so a
    placement reads as it always did): ``wilds``, with option wild_type=row, the
    place in the row of each wild magic card placed (``source``, ``quality``,
    ``delivery``; the wild cards are alike, so the places are a set, stored in
    reading order); ``declared``, with option incorrect_initiative=declared, the
    delivery card whose initiative counts when several are placed, which the
    caster will keep.
    """

    # No default: with omit_defaults, an empty placement would be recorded without
    # its ``cards``, where every earlier record (and the pinned seeded games) has them.
    cards: tuple[str, ...]
    wilds: tuple[str, ...] = ()
    declared: str = ""

    def __post_init__(self) -> None:
        force_setattr(self, "cards", tuple(sorted(self.cards)))
        force_setattr(self, "wilds", tuple(sorted(self.wilds, key=_reading_order)))

    @classmethod
    def of_sorted(cls, sets: Iterable[tuple[str, ...]]) -> tuple[PlaceCards, ...]:
        """A placement of each set, given sorted already: copies of one made whole,
        each with its cards set, skipping ``__post_init__``'s sort (a seat with a
        full hand is offered 255 placements, and the sort was most of their cost)."""
        copy = cls(cards=()).__copy__  # type: ignore[attr-defined]  # msgspec has it; its stubs do not
        out = []
        for cards in sets:
            made = copy()
            force_setattr(made, "cards", cards)
            out.append(made)
        return tuple(out)

    def secret(self) -> bool:
        return True


def _reading_order(place: str) -> int:
    return SLOTS.index(place) if place in SLOTS else len(SLOTS)


class TakeBack(Command, frozen=True, kw_only=True):
    """Take one placed card back into hand (more than 3 were placed); secret."""

    card: str

    def secret(self) -> bool:
        return True


class PlaceSpell(Command, frozen=True, kw_only=True):
    """Retired: one card per slot. Kept so that stored logs still decode; never legal."""

    source: str | None = None
    quality: str | None = None
    delivery: str | None = None

    def secret(self) -> bool:
        return True


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


COMMAND = PlaceCards | TakeBack | PickTarget | Pay | Choose | Block | GiveCard | PlaceSpell
ANSWERS = {
    "target": "PickTarget",
    "pay": "Pay",
    "option": "Choose",
    "block": "Block",
    "give": "GiveCard",
}
