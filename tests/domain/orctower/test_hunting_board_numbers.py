"""A hunting board's slots as a player reads them: the board shows six creature
portraits, and the story counts them from 1 (left to right, Gobelin first), not
from the 0 the engine indexes them by."""

from __future__ import annotations

from domain.orctower import GAME
from domain.orctower.events import CreatureLost
from services.words.sentences import Words
from tests.domain.orctower.scenario import Scenario, base, of


def test_the_story_numbers_a_lost_creatures_slot_as_the_board_does() -> None:
    """A Shaman gobelin (the board's third portrait, index 2) reaches the tower in
    front of red, who has defeated one: the story says slot 3."""
    setup = base(
        3,
        active=2,
        destiny_deck=["d05"],  # the strong creatures move
        creatures=[{"id": "shaman-20", "quarter": 3, "section": 2}],
        seats=[{}, {}, {"defeated": [0, 0, 1, 0, 0, 0]}],
    )
    s = Scenario(3, setup)
    lost = of(s.play({"type": "Pass"}), CreatureLost)
    assert [(e.seat, e.slot) for e in lost] == [(2, 2)]
    words = Words.table(GAME, s.events[0])  # type: ignore[arg-type]
    line = words.event(lost[0])
    assert line == "player 2 loses a defeated creature of hunting-board slot 3", line
