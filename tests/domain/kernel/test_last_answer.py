"""``kernel.last_answer``: a repeated ask of one state answered from memory, and
``listed`` telling whether that answer holds an item without working one out."""

from __future__ import annotations

import msgspec

from domain.kernel import last_answer
from domain.kernel.last_answer import LastAnswer


class _State(msgspec.Struct, frozen=True):
    moves: tuple[str, ...]


def _counted() -> tuple[list[int], LastAnswer[_State, str]]:
    asked: list[int] = []

    @last_answer
    def legal(state: _State, seat: int) -> list[str]:
        asked.append(seat)
        return [f"{move}@{seat}" for move in state.moves]

    return asked, legal


def test_a_repeated_ask_of_the_same_state_is_answered_from_memory() -> None:
    asked, legal = _counted()
    state = _State(moves=("a", "b"))
    first = legal(state, 0)
    first.append("changed by its caller")
    assert legal(state, 0) == ["a@0", "b@0"]
    assert asked == [0]


def test_an_equal_state_that_is_another_object_is_asked_again() -> None:
    asked, legal = _counted()
    legal(_State(moves=("a",)), 0)
    legal(_State(moves=("a",)), 0)
    legal(_State(moves=("a",)), 1)
    assert asked == [0, 0, 1]


def test_listed_reads_the_last_answer_of_that_state_and_seat_only() -> None:
    asked, legal = _counted()
    state = _State(moves=("a", "b"))
    assert not legal.listed(state, 0, "a@0")  # nothing asked yet
    legal(state, 0)
    assert legal.listed(state, 0, "b@0")
    assert not legal.listed(state, 0, "c@0")
    assert not legal.listed(state, 1, "b@0")  # another seat
    assert not legal.listed(_State(moves=("a", "b")), 0, "b@0")
    assert asked == [0]  # ``listed`` never works an answer out
