"""Drawing from the three decks, reshuffling a discard pile only when a deck is empty."""

from __future__ import annotations

from domain.spellwars.run import Run

PILES = {
    "main": ("deck", "discard"),
    "treasure": ("treasure_deck", "treasure_discard"),
    "dead": ("dead_deck", "dead_discard"),
}


def draw(run: Run, pile: str, count: int) -> list[str]:
    """The top ``count`` cards (fewer if deck and discard run out); the caller's
    event moves them. A reshuffle is emitted when the deck runs dry."""
    deck_field, discard_field = PILES[pile]
    out: list[str] = []
    taken = 0
    while len(out) < count:
        deck: tuple[str, ...] = getattr(run.s, deck_field)
        if taken >= len(deck):
            discard: tuple[str, ...] = getattr(run.s, discard_field)
            if not discard:
                break
            # The shuffle replaces the deck: cards already taken leave with the caller's event.
            run.emit(run.dice.shuffle(discard, pile=pile, rule="sw.deck.reshuffle"))
            taken = 0
            continue
        out.append(deck[taken])
        taken += 1
    return out
