"""Ratings with openskill's Plackett–Luce model (see ``projections.ratings``)."""

from __future__ import annotations

import pytest

from domain.kernel import Outcome
from projections import ratings


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    after = ratings.update({"a": ratings.START, "b": ratings.START}, {"a": 0, "b": 1})
    assert after["a"][0] > ratings.START_MU > after["b"][0]
    # One game makes both estimates surer.
    assert after["a"][1] < ratings.START_SIGMA and after["b"][1] < ratings.START_SIGMA
    assert ratings.ordinal(after["a"]) > ratings.ordinal(after["b"])


def test_a_free_for_all_ranks_every_place_and_ties_share() -> None:
    start = {n: ratings.START for n in "abcd"}
    after = ratings.update(start, {"a": 0, "b": 1, "c": 1, "d": 2})
    assert after["b"][0] == pytest.approx(after["c"][0])
    assert after["a"][0] > after["b"][0] > after["d"][0]
    same = ratings.update({"a": ratings.START, "b": ratings.START}, {"a": 0, "b": 0})
    assert same["a"] == pytest.approx(same["b"])


def test_the_model_is_deterministic_and_order_sensitive() -> None:
    def run(order: list[dict[str, int]]) -> dict[str, ratings.Skill]:
        skills: dict[str, ratings.Skill] = {}
        for places in order:
            skills |= ratings.update({n: skills.get(n, ratings.START) for n in places}, places)
        return skills

    games = [{"a": 0, "b": 1, "c": 2}, {"b": 0, "c": 1}, {"c": 0, "a": 1}]
    assert run(games) == run(list(games))  # same order, same bits
    assert run(games) != run(list(reversed(games)))  # the log's order matters


def test_beating_a_stronger_player_gains_more() -> None:
    strong = (30.0, 4.0)
    weak = (20.0, 4.0)
    upset = ratings.update({"w": weak, "s": strong}, {"w": 0, "s": 1})
    expected = ratings.update({"w": weak, "s": strong}, {"w": 1, "s": 0})
    assert upset["w"][0] - weak[0] > expected["s"][0] - strong[0]


def test_places_from_the_outcome() -> None:
    ranked = Outcome(winners=(2,), ranking=((2,), (0, 3)))
    assert ratings.seat_places(ranked, 4) == [1, 2, 0, 1]
    plain = Outcome(winners=(1,))
    assert ratings.seat_places(plain, 3) == [1, 0, 1]
    assert ratings.name_places(["x", "y", "x"], [2, 1, 0]) == {"x": 0, "y": 1}
