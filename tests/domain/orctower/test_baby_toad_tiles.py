"""« Si un joueur inflige 1 point de dégâts à cette tuile, il la prend »: a spell of
the mage's quarter takes a baby toad tile lying there; whether Éclair, which may
hit any creature of the board, takes one is ``ruling.toad-bolt``."""

from __future__ import annotations

import pytest

from domain.kernel import IllegalCommand
from domain.orctower import GAME
from domain.orctower import commands as c
from domain.orctower.events import ToadTaken
from tests.domain.orctower.scenario import Scenario, base, of

RULING = "orctower.ruling.toad-bolt"
HAND = ["lightning_bolt.11", "zap.11", "smash.11", "cold_snap.11"]
TILES = [{"kind": "toad_action.01", "quarter": 3, "section": 1}]


def _bolt(reading: str) -> Scenario:
    setup = base(2, toad_tiles=TILES, seats=[{"hand": HAND}, {}])
    s = Scenario(2, setup, {"toad": "shaman", "bolt_toads": reading})
    s.play({"type": "Cast", "card": "lightning_bolt.11"}, {"type": "Upgrade", "card": "zap.11"})
    return s


def _aims(s: Scenario) -> set[str]:
    return {x.creature for x in GAME.legal_commands(s.state, 0) if isinstance(x, c.Attack)}


def test_eclair_takes_no_tile_and_the_refusal_cites_the_ruling() -> None:
    s = _bolt("no")
    assert "toad_action.01" not in _aims(s)
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "Attack", "level": 1, "creature": "toad_action.01"})
    assert refused.value.rule == RULING


def test_read_otherwise_eclair_takes_a_tile_of_any_quarter() -> None:
    s = _bolt("yes")
    assert "toad_action.01" in _aims(s)
    out = s.play({"type": "Attack", "level": 1, "creature": "toad_action.01"})
    taken = of(out, ToadTaken)
    assert [(e.tile, e.also) for e in taken] == [("toad_action.01", (RULING,))]
    assert s.state.seats[0].toads == ("toad_action.01",)
