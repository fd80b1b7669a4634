"""``stored_command``: the form ``ActionTaken`` keeps of a command is what a store's
round trip gives back, and every act gets a form of its own (a record changed by one
reader must not change another act's)."""

from __future__ import annotations

import msgspec

from domain.kernel import stored_command
from domain.orctower import commands as c


def test_a_stored_command_equals_its_round_trip_through_json() -> None:
    for command in (c.Cast(card="zap.03"), c.Replenish(level=2, cards=("zap.01", "zap.02"))):
        again = msgspec.json.decode(msgspec.json.encode(command))
        assert stored_command(command) == again
        assert stored_command(command) == again  # the second time, from memory


def test_each_stored_form_is_its_own_value() -> None:
    first = stored_command(c.Cast(card="zap.04"))
    first["card"] = "changed"
    assert stored_command(c.Cast(card="zap.04"))["card"] == "zap.04"
    listed = stored_command(c.Replenish(level=2, cards=("zap.05", "zap.06")))
    listed["cards"].append("changed")
    assert stored_command(c.Replenish(level=2, cards=("zap.05", "zap.06")))["cards"] == [
        "zap.05",
        "zap.06",
    ]
