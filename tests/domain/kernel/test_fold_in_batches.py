"""A fold of many events at once (``apply_all``, each game's ``evolve_all``) gives the
same table as applying them one by one: a full read folds in one batch, an act one
event at a time, and both must agree at every position."""

from __future__ import annotations

import pytest

from domain.games import all_games, get_game
from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    GameForked,
    GameStarted,
    SeedRevealed,
    apply,
    apply_all,
    open_fold,
)
from tools.simulation import play


@pytest.mark.parametrize("game_id", [g.spec.id for g in all_games()])
@pytest.mark.parametrize("seed", ["batch-1", "batch-2"])
def test_a_game_folded_in_batches_equals_it_folded_event_by_event(game_id: str, seed: str) -> None:
    game = get_game(game_id)
    events = play(game, game.spec.max_players, seed).events
    one_by_one = [open_fold(game, events[0])]
    for event in events[1:]:
        one_by_one.append(apply(game, one_by_one[-1], event))
    # Time travel: the fold of the first n events stands at position n.
    assert [t.position for t in one_by_one] == list(range(1, len(events) + 1))
    # Batches of every size from 1 to 11, so boundaries fall on every kind of event.
    table, i, size = one_by_one[0], 1, 1
    while i < len(events):
        table = apply_all(game, table, events[i : i + size])
        i = min(i + size, len(events))
        assert table == one_by_one[i - 1], f"{game_id}: differs after position {i}"
        size = size % 11 + 1
    assert apply_all(game, one_by_one[0], events[1:]) == one_by_one[-1]


def test_the_kernel_counts_chance_actions_and_the_seed_across_a_batch() -> None:
    game = get_game("ultimate")
    started = play(game, 2, "kernel-batch").events[0]
    assert isinstance(started, GameStarted)
    table = open_fold(game, started)
    events = [
        ActionTaken(seat=0, command={"type": "Draw"}, dice=(3, 4), orders=((1, 0),)),
        DiceRolled(
            rule="r", seat=0, purpose="p", sides=6, values=(3, 4), counter=5, source="table"
        ),
        CardsShuffled(rule="r", pile="deck", order=(), permutation=(), counter=7, source="table"),
        GameForked(rule="kernel.fork", from_game="g", at=3),
        SeedRevealed(rule="kernel.seed", seed="s"),
    ]
    after = apply_all(game, table, events)
    assert (after.position, after.actions, after.counter, after.seed) == (6, 1, 7, "s")
    assert (after.table_values, after.table_orders) == (2, 1)
    assert (after.supplied_values, after.supplied_orders) == (2, 1)
    assert after.script_position() == (0, 0)
    with pytest.raises(ValueError, match="GameStarted can only open a stream"):
        apply_all(game, table, [*events, started])
