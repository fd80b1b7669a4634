"""A refusal in the words of the table that gets it: told from its phrase
(``IllegalCommand.said``) in the reader's language, each seat by its player's
name and each card by the table's name for it. A refusal the service words
itself (a table's entries, already in the players' names) is said as it is."""

from __future__ import annotations

from domain.games import get_game
from domain.kernel import GameStarted, IllegalCommand
from services.words.sentences import Words


def worded(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> IllegalCommand:
    """``error`` with its message in the table's words (the same error object)."""
    error.message = worded_message(error, started, lang)
    error.args = (error.message,)
    return error


def worded_message(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> str:
    """``error``'s message in the table's words (the error left as it is)."""
    if error.said is None:
        return error.message
    return Words.table(get_game(started.game), started, lang).say(error.said)
