"""Who is waited for, in the words of a refusal."""

from __future__ import annotations

from domain.kernel import seats_text


def test_seats_are_named_in_a_sentence_not_as_a_list() -> None:
    assert seats_text([0]) == "seat 0"
    assert seats_text([2, 0]) == "seats 0 and 2"
    assert seats_text([3, 1, 0, 1]) == "seats 0, 1 and 3"
