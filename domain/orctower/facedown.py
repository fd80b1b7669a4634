"""Face-down piles in table mode: which cards lie in an order nobody knows.

A pile the table shuffled without giving its order (``CardsShuffled.unknown``) keeps
its cards but not their order: ``State.unknown`` maps the pile's name (as in its
shuffle: ``deck.<seat>``, ``attack``, ``knowledge``, ``destiny``, ``missions``,
``toads``, ``markers``) to how many cards at its bottom lie in unknown order. Seeded
games never have any. Draws name the card actually drawn (``Dice.draw``); the six
marker stacks are one face-down pool while their shuffle is unknown: a marker revealed
from any stack may be any marker still in the stacks. See domain/kernel/TABLE_MODE.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.kernel import Dice
from domain.kernel.piles import take

WHAT = {
    "attack": "the attack spell pile",
    "knowledge": "the knowledge spell pile",
    "destiny": "the destiny deck",
    "missions": "the mission cards",
    "toads": "the baby toad tiles",
    "markers": "the creature marker stacks",
}


def what(pile: str) -> str:
    if pile.startswith("deck."):
        return f"seat {pile.split('.')[1]}'s spell deck"
    return WHAT.get(pile, pile)


def counted(unknown: Mapping[str, int], pile: str, count: int) -> dict[str, int]:
    """``unknown`` with ``pile``'s count set (a pile with none is not listed)."""
    out = {k: v for k, v in unknown.items() if k != pile}
    if count:
        out[pile] = count
    return out


def draw(
    dice: Dice,
    cards: Sequence[str],
    unknown: int,
    pile: str,
    where: str | None = None,
    seat: int | None = None,
) -> str:
    """The card drawn from the top of ``cards`` (top first); ``where`` says which
    part of the pile, for a table that names the card (a quarter's stack);
    ``seat``: whose hidden hand it goes to."""
    return cards[dice.draw(cards, unknown=unknown, what=where or what(pile), seat=seat, kept=pile)]


def deal(
    dice: Dice,
    cards: Sequence[str],
    unknown: int,
    pile: str,
    count: int,
    seat: int | None = None,
) -> tuple[list[str], tuple[str, ...], int]:
    """``count`` draws (fewer if the pile runs out) for ``seat``: the cards, the
    pile left, its unknown."""
    drawn: list[str] = []
    pile_left, left = tuple(cards), unknown
    where = what(pile)  # said once for the whole deal, not at each card
    while pile_left and len(drawn) < count:
        # ``draw``'s own line, without its call: a deal is most of a turn's end.
        card = pile_left[dice.draw(pile_left, unknown=left, what=where, seat=seat, kept=pile)]
        drawn.append(card)
        pile_left, left = take(pile_left, left, card)
    return drawn, pile_left, left


def taken(
    cards: tuple[str, ...], unknown: Mapping[str, int], pile: str, gone: Sequence[str]
) -> tuple[tuple[str, ...], dict[str, int]]:
    """``cards`` (the pile ``pile``) without the drawn ``gone``, and the new counts."""
    if pile not in unknown and isinstance(unknown, dict) and cards[: len(gone)] == tuple(gone):
        # Drawn from the top of a pile whose order is known (a seeded game's every
        # draw): the top taken off, as ``take`` would one card at a time.
        return cards[len(gone) :], unknown
    left = unknown.get(pile, 0)
    for card in gone:
        cards, left = take(cards, left, card)
    if not left and pile not in unknown and isinstance(unknown, dict):
        # Nothing face down here (a seeded game's every draw): the counts stand as
        # they are, no copy needed (states are never changed in place).
        return cards, unknown
    return cards, counted(unknown, pile, left)


def revealed_from_pool(
    stacks: tuple[tuple[str, ...], ...], quarter: int, marker: str
) -> tuple[tuple[str, ...], ...]:
    """The stacks after ``marker`` left stack ``quarter`` (1..6). When it lay elsewhere in
    the face-down pool, the card on top of that stack takes its place there (the pool's
    order is unknown, so only how many markers each stack holds is a fact)."""
    out = [list(s) for s in stacks]
    q = quarter - 1
    if out[q][0] != marker:
        r, j = next((r, s.index(marker)) for r, s in enumerate(out) if marker in s)
        out[r][j] = out[q][0]
    del out[q][0]
    return tuple(tuple(s) for s in out)
