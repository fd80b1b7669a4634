"""A consequence cites the rule it applies and every ruling and assumption it
relied on besides (``Consequence.also``); each id must be in the game's catalogue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from msgspec.structs import replace

from domain.games import get_game
from domain.kernel import Consequence, Dice, act
from tools.simulation import open_game


@dataclass
class _Citing:
    """The orc tower, its first consequence citing ``also`` besides its rule."""

    also: tuple[str, ...]

    def __post_init__(self) -> None:
        self.game = get_game("orctower")
        self.spec, self.catalogue = self.game.spec, self.game.catalogue

    def outcome(self, state: Any) -> None:
        return None

    def decide(self, state: Any, seat: int, command: Any, dice: Dice) -> list[Any]:
        first, *rest = self.game.decide(state, seat, command, dice)
        return [replace(first, also=self.also), *rest]


def _first_action(citing: _Citing) -> list[Any]:
    table, _, _ = open_game(citing.game, 2, "cites")
    seat = table.state.pending[0].seat
    command = citing.game.legal_commands(table.state, seat)[0]
    return act(citing, table, seat, command, Dice.seeded("cites", table.counter))  # type: ignore[arg-type]


def test_an_event_cites_its_rule_and_what_it_relied_on() -> None:
    events = _first_action(_Citing(("orctower.assume.creatures", "orctower.ruling.end-check")))
    first = events[1]
    assert isinstance(first, Consequence)
    assert first.citations() == (
        first.rule,
        "orctower.assume.creatures",
        "orctower.ruling.end-check",
    )


def test_an_unknown_citation_among_the_others_is_refused() -> None:
    with pytest.raises(ValueError, match=r"cites unknown rule 'orctower\.nowhere'"):
        _first_action(_Citing(("orctower.assume.creatures", "orctower.nowhere")))
