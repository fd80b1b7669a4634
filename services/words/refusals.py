"""A refusal in the words of the table that gets it: its quoted card ids by the
names the table reads, the cards by the table's own names, and where asked the
seats by their players' names ("given by Bob")."""

from __future__ import annotations

from domain.kernel import GameStarted, IllegalCommand
from domain.kernel.chance_needs import seats_named
from services.words.card_names import table_names
from services.words.naming import quoted_names, seat_words


def worded(error: IllegalCommand, started: GameStarted, *, seats_by_name: bool) -> IllegalCommand:
    """``error`` with its message in the table's words (the same error object)."""
    said = seats_named(error.message, seat_words(started)) if seats_by_name else error.message
    error.message = table_names(started).rename(quoted_names(said, started))
    error.args = (error.message,)
    return error
