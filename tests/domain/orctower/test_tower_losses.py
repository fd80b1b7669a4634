"""A creature reaching the tower costs the mage facing it a defeated one (« celle-ci
retourne dans la boîte »); what becomes of its skull gauge is
``ruling.loss-gauge``, which the loss cites."""

from __future__ import annotations

import pytest

from domain.orctower.events import CreatureLost
from tests.domain.orctower.scenario import Scenario, base, of


@pytest.mark.parametrize(("reading", "gauge"), [("stays", 2), ("lowered", 1)])
def test_the_skull_gauge_after_a_loss(reading: str, gauge: int) -> None:
    setup = base(
        3,
        active=2,
        destiny_deck=["d05"],  # the strong creatures move
        creatures=[{"id": "shaman-20", "quarter": 3, "section": 2}],
        seats=[{}, {}, {"defeated": [0, 0, 2, 0, 0, 0], "gauges": [0, 0, 2, 0, 0, 0]}],
    )
    s = Scenario(3, setup, {"loss_gauge": reading})
    lost = of(s.play({"type": "Pass"}), CreatureLost)
    assert [(e.slot, e.also) for e in lost] == [(2, ("orctower.ruling.loss-gauge",))]
    assert s.state.seats[2].defeated[2] == 1
    assert s.state.seats[2].gauges[2] == gauge
