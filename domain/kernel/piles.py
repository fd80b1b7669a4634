"""Face-down piles in table mode, and the cards a setup file leaves out.

A pile is a tuple of card ids, top first. In table mode a pile the table
shuffled without giving its order keeps its cards but not their order: the
game stores how many cards at the bottom lie in unknown order (``unknown``)
and draws with ``Dice.draw``, which takes the card the table names and checks
that it could be there. See ``domain/kernel/TABLE_MODE.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from domain.kernel.dice import Dice
from domain.kernel.events import CardsShuffled


def take(pile: Sequence[str], unknown: int, card: str) -> tuple[tuple[str, ...], int]:
    """``pile`` without (the first) ``card``, and its new count of unknown cards.

    The card is taken from the known top if it is there, otherwise from the
    unknown part (the table named it)."""
    if not unknown:  # every card known (always, in a seeded game): one copy, no search twice
        cards_now = tuple(pile)
        i = cards_now.index(card)
        return cards_now[:i] + cards_now[i + 1 :], 0
    cards = list(pile)
    known = len(cards) - unknown
    if card in cards[:known]:
        cards.remove(card)
        return tuple(cards), unknown
    index = cards.index(card, known)
    del cards[index]
    return tuple(cards), unknown - 1


def left_out(manifest: Iterable[str], placed: Iterable[str]) -> list[str]:
    """The cards of ``manifest`` (a multiset, in its order) that ``placed`` does not hold."""
    remaining = Counter(placed)
    out = []
    for card in manifest:
        if remaining[card]:
            remaining[card] -= 1
        else:
            out.append(card)
    return out


def shuffle_left_out(
    dice: Dice, manifest: Iterable[str], placed: Iterable[str], *, pile: str, rule: str
) -> CardsShuffled | None:
    """Shuffle the cards a setup file leaves out, with the game's chance.

    Never manifest order: a seeded game shuffles them from its seed, a table
    gives their order or (``follow``) leaves them face down in unknown order.
    None when every card is placed."""
    cards = left_out(manifest, placed)
    if not cards:
        return None
    return dice.shuffle(cards, pile=pile, rule=rule, follow=True)
