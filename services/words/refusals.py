"""A refusal in the words of the table that gets it: told from its phrase
(``IllegalCommand.said``) in the reader's language, each seat by its player's
name and each card by the table's name for it. A refusal the service words
itself (a table's entries, already in the players' names) is said as it is.

A table-mode refusal's needs are data a page asks the table for, field by
field; each carries what it is for (``said``: "Bob's deck", "first player"),
told here too, so that a page labels a field without reading a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.games import get_game
from domain.kernel import DiceRequired, GameStarted, IllegalCommand
from domain.kernel.chance_needs import ChanceNeed, need_what
from services.words.sentences import Words


def worded(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> IllegalCommand:
    """``error`` with its message in the table's words (the same error object)."""
    error.message = worded_message(error, started, lang)
    error.args = (error.message,)
    if isinstance(error, DiceRequired):
        words = Words.table(get_game(started.game), started, lang)
        error.needs_said = tuple(need_said(n, words) for n in error.needs)
    return error


def worded_message(error: IllegalCommand, started: GameStarted, lang: str | None = None) -> str:
    """``error``'s message in the table's words (the error left as it is)."""
    if error.said is None:
        return error.message
    return Words.table(get_game(started.game), started, lang).say(error.said)


def need_said(need: ChanceNeed, words: Words) -> str:
    """What a need is for, in the table's words."""
    return words.teller.value(need_what(need))


def needs_json(needs: Sequence[ChanceNeed], words: Words) -> list[dict[str, Any]]:
    """Needs as data, each with what it is for in words (``said``)."""
    return [{**msgspec.to_builtins(n), "said": need_said(n, words)} for n in needs]
