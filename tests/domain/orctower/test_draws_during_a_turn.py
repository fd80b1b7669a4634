"""« Si la pioche est épuisée au moment où un joueur pioche ses sorts, on mélange la
défausse pour créer une nouvelle pioche » names the draw that ends the turn: a
draw during the turn that meets an empty deck refills it as ``ruling.midturn-
reshuffle`` reads, and every event of that draw cites the ruling."""

from __future__ import annotations

import pytest

from domain.kernel import CardsShuffled, Consequence
from domain.orctower.events import CardsDrawn
from tests.domain.orctower.scenario import Scenario, base, of

RULING = "orctower.ruling.midturn-reshuffle"
HAND = ["replenish.11", "zap.11", "smash.11", "cold_snap.11"]


def _replenish(reading: str, deck: list[str]) -> tuple[Scenario, list[object]]:
    seat = {"hand": HAND, "deck": deck, "discard": ["fire_spark.11", "zap.12"]}
    s = Scenario(2, base(2, seats=[seat, {}]), {"midturn_draw": reading}, seed="midturn")
    out = s.play({"type": "Cast", "card": "replenish.11"}, {"type": "Replenish", "level": 1})
    return s, out


@pytest.mark.parametrize(("reading", "drawn"), [("reshuffle", 2), ("deck_only", 1)])
def test_a_draw_of_the_turn_meets_an_empty_deck(reading: str, drawn: int) -> None:
    _, out = _replenish(reading, ["smash.12"])
    cards = [card for e in of(out, CardsDrawn) for card in e.cards]
    assert len(cards) == drawn and cards[0] == "smash.12"
    assert bool(of(out, CardsShuffled)) == (reading == "reshuffle")
    relied = [e for e in out if isinstance(e, CardsDrawn | CardsShuffled)]
    assert relied and all(RULING in e.also for e in relied)  # type: ignore[attr-defined]


def test_a_draw_the_deck_can_answer_cites_no_ruling() -> None:
    _, out = _replenish("deck_only", ["smash.12", "cold_snap.12", "zap.13"])
    assert [len(e.cards) for e in of(out, CardsDrawn)] == [2]
    assert not any(RULING in e.also for e in out if isinstance(e, Consequence))
