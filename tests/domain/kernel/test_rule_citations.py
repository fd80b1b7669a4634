"""Every consequence names a rule of its game's catalogue (or the kernel's)."""

from __future__ import annotations

import pytest


def test_a_decision_citing_a_rule_the_catalogue_lacks_is_never_returned() -> None:
    """Every consequence names a rule of its game's catalogue (or the kernel's): an
    engine that cites another is stopped before its events are returned."""
    from typing import Any

    from msgspec.structs import replace

    from domain.games import get_game
    from domain.kernel import Dice, act
    from tools.simulation import open_game

    game = get_game("ultimate")
    table, _, _ = open_game(game, 2, "cites")
    seat = table.state.pending[0].seat
    command = game.legal_commands(table.state, seat)[0]

    class Miscited:
        spec = game.spec
        catalogue = game.catalogue

        def outcome(self, state: Any) -> None:
            return None

        def decide(self, state: Any, seat: int, command: Any, dice: Dice) -> list[Any]:
            first, *rest = game.decide(state, seat, command, dice)
            return [replace(first, rule="ultimate.nowhere"), *rest]

    assert act(game, table, seat, command, Dice.seeded("cites", table.counter))
    with pytest.raises(ValueError, match=r"cites unknown rule 'ultimate\.nowhere'"):
        act(Miscited(), table, seat, command, Dice.seeded("cites", table.counter))  # type: ignore[arg-type]
