"""Player ratings: openskill's Plackett–Luce model, made for free-for-all games of
two or more players (Weng & Lin, "A Bayesian Approximation Method for Online
Ranking", JMLR 12, 2011; the ``openskill`` package implements it).

Each player name has a skill estimate ``mu`` and an uncertainty ``sigma``,
starting at openskill's defaults (mu 25, sigma 25/3). A finished game is one
match: every player is a team of one, ranked by its place in the outcome. The
rating shown and sorted by is the conservative estimate ``mu - 3 * sigma``
(openskill's ``ordinal``): a new player starts at 0 and climbs as games make
the estimate surer.

Places come from the game's outcome: its ``ranking`` (groups of seats, best
first; seats it leaves out share the place after the last group) when the
game gives one, otherwise the winners share first place and everyone else
second. A name that sat at several seats of one game counts once, at its
best place. The model is deterministic; ratings depend on the order games
finished in, which the notification log fixes, so a rebuild from zero gives
the same ratings to the last bit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from domain.kernel import Outcome

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma

Skill = tuple[float, float]  # (mu, sigma)
START: Skill = (START_MU, START_SIGMA)


def ordinal(skill: Skill) -> float:
    """The rating shown: mu - 3 sigma."""
    mu, sigma = skill
    return mu - 3.0 * sigma


def update(skills: Mapping[str, Skill], places: Mapping[str, int]) -> dict[str, Skill]:
    """New skills of the players in ``places`` (lower place is better); one match."""
    names = list(places)
    if len(names) < 2:
        return {name: skills[name] for name in names}
    teams = [[MODEL.rating(mu=skills[n][0], sigma=skills[n][1], name=n)] for n in names]
    rated = MODEL.rate(teams, ranks=[float(places[n]) for n in names])
    # Each team is one player, rated under the name given above.
    return {str(team[0].name): (float(team[0].mu), float(team[0].sigma)) for team in rated}


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


def describe() -> dict[str, object]:
    """What the scoreboard says about its ratings."""
    return {
        "system": "openskill Plackett-Luce",
        "start": {"mu": START_MU, "sigma": START_SIGMA},
        "shown": "mu - 3 sigma",
    }
