"""The rating formula (see ``projections.elo``)."""

from __future__ import annotations

import pytest

from domain.kernel import Outcome
from projections import elo


def test_two_players_is_classic_elo() -> None:
    after = elo.update({"a": 1500.0, "b": 1500.0}, {"a": 0, "b": 1})
    assert after == {"a": 1516.0, "b": 1484.0}
    # The favourite gains less by winning.
    after = elo.update({"a": 1700.0, "b": 1500.0}, {"a": 0, "b": 1})
    assert after["a"] == pytest.approx(1700 + 32 * (1 - 1 / (1 + 10 ** (-200 / 400))))


def test_changes_sum_to_zero_and_ties_share() -> None:
    ratings = {"a": 1600.0, "b": 1500.0, "c": 1400.0, "d": 1450.0}
    after = elo.update(ratings, {"a": 1, "b": 0, "c": 0, "d": 2})
    assert sum(after.values()) == pytest.approx(sum(ratings.values()))
    assert after["b"] > ratings["b"] and after["d"] < ratings["d"]
    same = elo.update({"a": 1500.0, "b": 1500.0}, {"a": 0, "b": 0})
    assert same == {"a": 1500.0, "b": 1500.0}
    # One game is worth at most K, whatever the table size.
    big = elo.update({n: 1500.0 for n in "abcdef"}, {"a": 0, **{n: 1 for n in "bcdef"}})
    assert big["a"] == pytest.approx(1500 + elo.K / 2)


def test_places_from_the_outcome() -> None:
    ranked = Outcome(winners=(2,), ranking=((2,), (0, 3)))
    assert elo.seat_places(ranked, 4) == [1, 2, 0, 1]
    plain = Outcome(winners=(1,))
    assert elo.seat_places(plain, 3) == [1, 0, 1]
    assert elo.name_places(["x", "y", "x"], [2, 1, 0]) == {"x": 0, "y": 1}
