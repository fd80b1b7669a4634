"""Drawing from the three decks, reshuffling a discard pile only when a deck is empty.

In table mode a deck the table shuffled without giving its order stays face down: the
state keeps how many cards at its bottom lie in unknown order (``<deck>_unknown``) and
each draw names the card actually drawn (``Dice.draw``; see domain/kernel/TABLE_MODE.md).
"""

from __future__ import annotations

from domain.kernel.piles import take
from domain.spellwars.run import Run

PILES = {
    "main": ("deck", "discard"),
    "treasure": ("treasure_deck", "treasure_discard"),
    "dead": ("dead_deck", "dead_discard"),
}
NAMES = {"main": "the draw pile", "treasure": "the treasure deck", "dead": "the dead-wizard deck"}


def reshuffle(run: Run, pile: str) -> bool:
    """Shuffle the discard pile into a new deck (False when the discard pile is empty)."""
    discard: tuple[str, ...] = getattr(run.s, PILES[pile][1])
    if not discard:
        return False
    run.emit(run.dice.shuffle(discard, pile=pile, rule="sw.deck.reshuffle", follow=True))
    return True


def draw_one(
    run: Run, pile: str, deck: tuple[str, ...], unknown: int, seat: int | None = None
) -> str:
    """The card drawn from the top of ``deck`` (a working copy of the pile), for ``seat``."""
    return deck[run.dice.draw(deck, unknown=unknown, what=NAMES[pile], seat=seat)]


def draw(run: Run, pile: str, count: int, seat: int | None = None) -> list[str]:
    """The top ``count`` cards (fewer if deck and discard run out); the caller's
    event moves them. A reshuffle is emitted when the deck runs dry."""
    deck_field = PILES[pile][0]
    deck: tuple[str, ...] = getattr(run.s, deck_field)
    unknown: int = getattr(run.s, f"{deck_field}_unknown")
    out: list[str] = []
    while len(out) < count:
        if not deck:
            # The shuffle replaces the deck: cards already taken leave with the caller's event.
            if not reshuffle(run, pile):
                break
            deck, unknown = getattr(run.s, deck_field), getattr(run.s, f"{deck_field}_unknown")
            continue
        drawn = draw_one(run, pile, deck, unknown, seat)
        out.append(drawn)
        deck, unknown = take(deck, unknown, drawn)
    return out
