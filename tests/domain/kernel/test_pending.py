"""Who is waited for, in the words of a refusal."""

from __future__ import annotations

from domain.kernel.pending import either_text, seats_text


def test_seats_are_named_in_a_sentence_not_as_a_list() -> None:
    assert seats_text([0]) == "seat 0"
    # Each seat whole: the story and the page replace "seat N" by the player's name.
    assert seats_text([2, 0]) == "seat 0 and seat 2"
    assert seats_text([3, 1, 0, 1]) == "seat 0, seat 1 and seat 3"


def test_the_commands_a_seat_may_answer_with_are_named_in_a_sentence() -> None:
    assert either_text(["Draw"]) == "Draw"
    assert either_text(["Draw", "Pass"]) == "Draw or Pass"
    assert either_text(["Cast", "Draw", "Pass", "Draw"]) == "Cast, Draw or Pass"
