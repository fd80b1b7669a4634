"""A refusal in the words of the table that gets it: told from its phrase where
the rules give one (``IllegalCommand.said``), with the players' names and the
table's card names; a refusal the rules word as text has its quoted card ids
said by the names the table reads and its seats by their players' names."""

from __future__ import annotations

from domain.games import get_game
from domain.kernel import GameStarted, IllegalCommand
from domain.kernel.chance_needs import seats_named
from services.words.card_names import table_names
from services.words.naming import quoted_names, seat_words
from services.words.sentences import Words


def worded(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> IllegalCommand:
    """``error`` with its message in the table's words (the same error object)."""
    error.message = worded_message(error, started, lang)
    error.args = (error.message,)
    return error


def worded_message(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> str:
    """``error``'s message in the table's words (the error left as it is)."""
    if error.said is not None:
        return Words.table(get_game(started.game), started, lang).say(error.said)
    said = seats_named(error.message, seat_words(started))
    return table_names(started).rename(quoted_names(said, started))
