"""Events told as a person reads them, for the domain's tests: the game's own
phrases (``Game.words``) in a naming context of a table of named players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.kernel import Event, Game, IllegalCommand
from services.words.sentences import Words

PLAYERS = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay")


def told(game: Game[Any], event: Event, players: Sequence[str] = PLAYERS, lang: str = "en") -> str:
    """``event`` as the story tells it at a table of ``players``."""
    return Words(game, players, lang=lang).event(event)


def refused(
    game: Game[Any], error: IllegalCommand, players: Sequence[str] = PLAYERS, lang: str = "en"
) -> str:
    """A refusal as a seat at a table of ``players`` is told it (every refusal
    of the rules is a phrase: its seats and cards named when told)."""
    assert error.said is not None, error.message
    return Words(game, players, lang=lang).say(error.said)


def assert_in_language(lang: str, text: str, french: str, english: str) -> None:
    """``text`` says its words in ``lang`` (``french`` or ``english``) and none of
    the other language's."""
    ours, theirs = (french, english) if lang == "fr" else (english, french)
    assert ours in text and theirs not in text, text
