"""A command sent where another is asked for is refused with the commands the
seat may send said as the table says them (each game's words for its
commands), in the reader's language: never the commands' class names."""

from __future__ import annotations

import pytest

from domain.games import get_game
from domain.kernel import IllegalCommand
from domain.kernel.pending import Pending, require_pending
from domain.ultimate.commands import Draw
from services.words.sentences import Words
from services.words.telling import speaking

ASKED = (Pending(seat=1, accepts=("Defend", "Decline"), prompt=""),)


def _refused() -> IllegalCommand:
    with pytest.raises(IllegalCommand) as refused:
        require_pending(ASKED, 1, Draw())
    return refused.value


def test_a_wrong_decision_says_what_is_asked_as_the_table_says_it() -> None:
    refused = _refused()
    assert refused.code == "wrong_decision"
    with speaking("en"):
        said = Words(get_game("ultimate"), ("Ann", "Bob")).say(refused.said)
    assert said == "Bob can only defend or take it (no defence) now, not draw a card"
    with speaking("fr"):
        said = Words(get_game("ultimate"), ("Ann", "Bob")).say(refused.said)
    assert said == (
        "Bob peut seulement se défendre ou encaisser (pas de défense) maintenant, "
        "pas piocher une carte"
    )
    # Outside any table (``str(error)``) the commands keep their names.
    assert str(refused) == "seat 1 can only Defend or Decline now, not Draw"
