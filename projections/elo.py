"""Elo ratings for games of two or more players.

Every player name starts at ``START`` = 1500. A finished game is scored as
every pair of its players having met once (Elo's pairwise generalisation):

    S(a, b) = 1 if a placed better than b, 1/2 if they placed the same, 0 if worse
    E(a, b) = 1 / (1 + 10 ** ((R(b) - R(a)) / 400))
    R'(a)   = R(a) + K / (n - 1) * sum over b != a of (S(a, b) - E(a, b))

with ``K`` = 32 and n the number of distinct players in the game. All
expectations use the ratings from before the game, so the order of players
does not matter, and the changes sum to zero. Dividing by n - 1 keeps one
game worth at most K points, whatever the table size; a two-player game is
classic Elo.

Places come from the game's outcome: its ``ranking`` (groups of seats, best
first; seats it leaves out share the place after the last group) when the
game gives one, otherwise the winners share first place and everyone else
second. A name that sat at several seats of one game counts once, at its
best place. Ratings depend on the order games finished in; the notification
log fixes that order, so a rebuild from zero gives the same ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.kernel import Outcome

START = 1500.0
K = 32.0


def expected(rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def _score(place: int, other: int) -> float:
    return 1.0 if place < other else 0.5 if place == other else 0.0


def update(
    ratings: Mapping[str, float], places: Mapping[str, int], k: float = K
) -> dict[str, float]:
    """New ratings of the players in ``places`` (lower place is better)."""
    names = list(places)
    n = len(names)
    if n < 2:
        return {name: ratings[name] for name in names}
    out: dict[str, float] = {}
    for a in names:
        delta = sum(
            _score(places[a], places[b]) - expected(ratings[a], ratings[b]) for b in names if b != a
        )
        out[a] = ratings[a] + k * delta / (n - 1)
    return out


def seat_places(outcome: Outcome, seats: int) -> list[int]:
    """The place of each seat (0 = first)."""
    if outcome.ranking:
        place = {s: i for i, group in enumerate(outcome.ranking) for s in group}
        last = len(outcome.ranking)
        return [place.get(s, last) for s in range(seats)]
    winners = set(outcome.winners)
    return [0 if s in winners else 1 for s in range(seats)]


def name_places(players: Sequence[str], places: Sequence[int]) -> dict[str, int]:
    """Places by player name; a name at several seats keeps its best place."""
    out: dict[str, int] = {}
    for name, place in zip(players, places, strict=True):
        out[name] = min(place, out.get(name, place))
    return out
