"""A refusal as the seat that sent the command is told it.

A refusal for missing chance lists the cards that could be drawn; told from
the pile as it is now, that list would show by elimination what other seats
drew. It is listed from the record instead (``chance.unrevealing``), without the
cards the seat sees elsewhere, and then told in the table's words."""

from __future__ import annotations

from uuid import UUID

from domain.kernel import CardsShuffled, DiceRequired, IllegalCommand
from services.store.chance import unrevealing
from services.store.loading import Loader
from services.store.values import Loaded
from services.words.refusals import worded


def told(
    loader: Loader,
    gid: UUID,
    loaded: Loaded,
    seat: int,
    error: IllegalCommand,
) -> IllegalCommand:
    """``error`` as ``seat`` is told it: the cards it could have drawn as it may
    know them, in the game's words (the table's card names, every seat by its
    player's name)."""
    refused = (
        unrevealed(loader, gid, error, loaded, seat) if isinstance(error, DiceRequired) else error
    )
    return worded(refused, loaded.fold.started)


def unrevealed(
    loader: Loader, gid: UUID, refused: DiceRequired, loaded: Loaded, seat: int
) -> DiceRequired:
    """``seat``'s refusal for missing cards, listing what could be drawn as the
    seat may know it: read from the record, on this path only, without the
    cards the seat sees elsewhere at ``loaded``'s position."""
    if not any(need.kind == "card" for need in refused.needs):
        return refused
    # Before a held opening is stored, no pile has been drawn from: as they are.
    stored = loader.entries(gid, gt=0)
    shuffles = [e.event for e in stored if isinstance(e.event, CardsShuffled)]
    hidden = loaded.game.hidden_from(loaded.fold.state, seat) if shuffles else None
    needs = unrevealing(refused.needs, shuffles, hidden)
    return refused.with_needs(needs)
