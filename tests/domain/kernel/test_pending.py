"""Who is waited for: only a pending seat may answer, and only as asked; and who
that is, in the words of a refusal."""

from __future__ import annotations

import pytest

from domain.kernel import Command, IllegalCommand, Pending, require_pending
from domain.kernel.pending import seats_text


def test_seats_are_named_in_a_sentence_not_as_a_list() -> None:
    assert seats_text([0]) == "seat 0"
    # Each seat whole: the story and the page replace "seat N" by the player's name.
    assert seats_text([2, 0]) == "seat 0 and seat 2"
    assert seats_text([3, 1, 0, 1]) == "seat 0, seat 1 and seat 3"


def test_the_commands_a_seat_may_answer_with_are_named_in_a_sentence() -> None:
    """Outside any table (``str(error)``), each once; a table's words say them as
    the game does (tests/services/words/test_wrong_decision_words.py)."""
    pending = (Pending(seat=1, accepts=("Cast", "Draw", "Pass", "Draw"), prompt=""),)
    with pytest.raises(IllegalCommand) as e:
        require_pending(pending, 1, Play(card="x"))
    assert str(e.value) == "seat 1 can only Cast, Draw or Pass now, not Play"


class Draw(Command, frozen=True):
    pass


class Play(Command, frozen=True):
    card: str


def test_only_a_pending_seat_may_answer_and_only_as_asked() -> None:
    pending = (Pending(seat=1, accepts=("Play",), prompt="defend"),)
    assert require_pending(pending, 1, Play(card="x")).seat == 1
    with pytest.raises(IllegalCommand) as e:
        require_pending(pending, 0, Play(card="x"))
    assert (e.value.code, e.value.rule) == ("not_your_turn", "kernel.turn")
    with pytest.raises(IllegalCommand) as e:
        require_pending(pending, 1, Draw())
    assert e.value.code == "wrong_decision"
    assert "defend" in e.value.message
