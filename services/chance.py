"""Where a decision's chance comes from: the seed, or the table (a script and supplied values).

Shared by the ledger (deciding now) and ``verify`` (deciding again), so both
see exactly the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.kernel import Dice, IllegalCommand, Table
from domain.kernel.dice import ScriptedSource, SeededSource


def dice_for(
    table: Table[Any],
    seed: str | None,
    values: Sequence[int] = (),
    orders: Sequence[Sequence[int]] = (),
) -> Dice:
    """The dice for the next decision on ``table``.

    Seeded games roll from ``seed`` at the table's counter and refuse
    supplied chance. Table-mode games take the setup script's unused values
    and orders first, then those supplied with the command.
    """
    if table.started.mode == "seeded":
        if values or orders:
            raise IllegalCommand(
                "dice_not_accepted",
                "kernel.table-mode",
                "this game rolls its own dice from its seed; dice and deck orders can be "
                "supplied only to a table-mode game",
            )
        if seed is None:
            raise ValueError("a seeded game needs its seed to decide")
        return Dice(SeededSource(seed), table.counter)
    script = table.started.setup or {}
    used_values, used_orders = table.script_position()
    return Dice(
        ScriptedSource(
            [*list(script.get("dice", []))[used_values:], *values],
            [*[tuple(o) for o in script.get("orders", [])][used_orders:], *map(tuple, orders)],
        ),
        table.counter,
    )


def check_supplied_used(dice: Dice, values: Sequence[int], orders: Sequence[Sequence[int]]) -> None:
    """Refuse a command that left supplied chance unused: a typo would go unnoticed."""
    source = dice.source
    if not isinstance(source, ScriptedSource):
        return
    # The script's values come first, so supplied ones are all used only if nothing is left.
    if values and source.used_values < len(source.values):
        left = len(source.values) - source.used_values
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            f"{left} of the supplied dice value(s) were not needed by this command",
        )
    if orders and source.used_orders < len(source.orders):
        left = len(source.orders) - source.used_orders
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            f"{left} of the supplied deck order(s) were not needed by this command",
        )
