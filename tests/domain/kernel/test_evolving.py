"""The kernel's evolve helpers: a piece changed or dropped by id, and a flow's
working state stepped without its pending decisions."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import Pending
from domain.kernel.evolving import PendingEvolver, change_by_id, without_id
from tools.simulation import play


class Piece(msgspec.Struct, frozen=True):
    id: str
    at: int = 0


def _moved(p: Piece) -> Piece:
    return msgspec.structs.replace(p, at=p.at + 1)


def test_change_by_id_changes_only_the_piece_named() -> None:
    pieces = (Piece("a"), Piece("b"), Piece("c"))
    assert change_by_id(pieces, "b", _moved) == (Piece("a"), Piece("b", 1), Piece("c"))
    assert change_by_id(pieces, "z", _moved) == pieces


def test_change_by_id_changes_every_piece_of_a_repeated_id() -> None:
    pieces = (Piece("a"), Piece("b"), Piece("a", 5))
    assert change_by_id(pieces, "a", _moved) == (Piece("a", 1), Piece("b"), Piece("a", 6))


def test_without_id_drops_the_piece_named_or_every_piece_of_a_repeated_id() -> None:
    assert without_id((Piece("a"), Piece("b"), Piece("c")), "b") == (Piece("a"), Piece("c"))
    assert without_id((Piece("a"), Piece("b"), Piece("a", 2)), "a") == (Piece("b"),)
    assert without_id((Piece("a"),), "z") == (Piece("a"),)


class Counter(msgspec.Struct, frozen=True):
    n: int = 0
    pending: tuple[Pending, ...] = ()


class Added(msgspec.Struct, frozen=True):
    by: int


def _pending(state: Counter) -> tuple[Pending, ...]:
    return (Pending(seat=state.n % 2, accepts=("Add",), prompt="add"),)


EVOLVER = PendingEvolver({Added: lambda s, e: msgspec.structs.replace(s, n=s.n + e.by)}, _pending)


def test_step_applies_the_handler_and_leaves_the_pending_decisions_as_they_were() -> None:
    start = EVOLVER.evolve(Counter(), Added(by=2))
    assert start.pending[0].seat == 0
    stepped = EVOLVER.step(start, Added(by=1))
    assert stepped.n == 3 and stepped.pending == start.pending
    # evolve derives them: the only difference
    assert EVOLVER.evolve(start, Added(by=1)) == msgspec.structs.replace(
        stepped, pending=_pending(stepped)
    )
    assert EVOLVER.step(start, Piece("not handled")) is start


@pytest.mark.parametrize(
    ("game_id", "stepping", "deriving"),
    [
        # ultimate's and the orc tower's flows read each event's handler from their
        # table (``STEPS``)
        ("ultimate", "STEPS", lambda evolve: dict.fromkeys(evolve.STEPS, evolve.evolve)),
        ("orctower", "STEPS", lambda evolve: dict.fromkeys(evolve.STEPS, evolve.evolve)),
        # elfenwizards' flow folds a batch at a time
        ("elfenwizards", "step_all", lambda evolve: evolve.evolve_all),
    ],
)
def test_a_flow_decides_the_same_events_when_it_derives_pending_at_every_event(
    game_id: str,
    stepping: str,
    deriving: Callable[[ModuleType], Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A flow steps its working state without the pending decisions (they are read
    only before its first event): a whole game decided with them derived at
    every event gives exactly the same events."""
    game = get_game(game_id)
    stepped = play(game, game.spec.max_players, "flow-step").events
    flow = importlib.import_module(f"domain.{game_id}.flow")
    evolve = importlib.import_module(f"domain.{game_id}.evolve")
    monkeypatch.setattr(flow, stepping, deriving(evolve))
    assert play(game, game.spec.max_players, "flow-step").events == stepped
