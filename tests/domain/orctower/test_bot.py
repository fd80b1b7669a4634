"""The greedy bot plays to win: against random bots it wins most seeded games."""

from __future__ import annotations

import msgspec

from domain.orctower import GAME
from domain.orctower.bots import greedy
from tests.domain.orctower.scenario import Scenario, base
from tools.simulation import game_bot, play, random_bot


def test_greedy_beats_random_bots() -> None:
    wins = 0
    for i in range(10):
        finished = play(GAME, 2, f"greedy-{i}", [game_bot("greedy"), random_bot])
        outcome = GAME.outcome(finished.fold.state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 7


def test_greedy_finishes_a_goblin_it_can_defeat() -> None:
    setup = base(
        2,
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 1}],
        seats=[{"hand": ["cold_snap.11", "cold_snap.12", "wisdom.11", "zap.11"]}, {}],
    )
    s = Scenario(2, setup)
    for _ in range(4):
        if s.state.active != 0 or s.creature("goblin-20") is None:
            break
        choice = greedy(s.state, 0, GAME.legal_commands(s.state, 0))
        s.send(0, msgspec.to_builtins(choice))
    assert s.state.seats[0].defeated[0] == 1
