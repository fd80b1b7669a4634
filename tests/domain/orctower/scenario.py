"""A table-mode orc tower game opened from a setup position, for the rulebook's
examples: commands go in as JSON through ``decode_command`` and every step goes
through the kernel's ``act`` and ``apply``, as at a table."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import (
    ENGINE_VERSION,
    Consequence,
    Dice,
    Event,
    Fold,
    GameStarted,
    act,
    apply,
    commitment,
    decode_command,
    replay,
    start,
)
from domain.kernel.dice import ChanceSource, ScriptedSource, SeededSource
from domain.orctower import GAME
from domain.orctower.state import State

DECK = ["zap", "cold_snap", "smash", "fire_spark"]

# A neutral position: round 1 under a destiny card without a rule change, seat 0
# to act, no creature anywhere, full marker stacks of goblins (phase 1 of the
# next turn needs them), decks of four basic spells.
BASE: dict[str, Any] = {
    "round": 1,
    "first": 0,
    "active": 0,
    "stage": "actions",
    "actions": 2,
    "destiny": "d01",
    "destiny_deck": ["d05", "d08", "d10"],
    "destiny_discard": [],
    "counters": [0, 0, 0, 0, 0, 0],
    "creatures": [],
    "palette": ["fireball", "ice_storm", "earthquake", "wisdom", "replenish", "switch"],
    "piles": {"attack": ["lightning_bolt", "fireball"], "knowledge": ["voodoo", "magic_bonds"]},
}


def base(players: int = 2, fill: bool = True, **overrides: Any) -> dict[str, Any]:
    """The neutral position with ``overrides``. ``fill``: a chief on the outer section
    of each quarter the test leaves empty, so that the game does not end at once
    (« Dès qu’au moins 4 quartiers sont complètement vides »)."""
    setup = copy.deepcopy(BASE)
    setup["markers"] = [["goblin"] * 2 for _ in range(6)]
    setup["seats"] = [{"hand": [], "deck": list(DECK) * 2, "discard": []} for _ in range(players)]
    seats = overrides.pop("seats", None)
    if seats:
        for i, changes in enumerate(seats):
            setup["seats"][i].update(changes)
    setup.update(overrides)
    if fill:
        busy = {c["quarter"] for c in setup["creatures"]}
        setup["creatures"] = list(setup["creatures"]) + [
            {"id": f"chief-{q:02d}", "quarter": q, "section": 0}
            for q in range(1, 7)
            if q not in busy
        ]
    return setup


class Scenario:
    def __init__(
        self,
        players: int = 2,
        setup: Mapping[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
        values: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        seed: str = "",
    ) -> None:
        normal = GAME.validate_setup(dict(setup if setup is not None else base(players)), players)
        # Table mode (scripted chance) unless a seed is given.
        self.source: ChanceSource = (
            SeededSource(seed) if seed else ScriptedSource(list(values), list(orders))
        )
        started = GameStarted(
            game="orctower",
            options=GAME.spec.resolve_options(options),
            players=tuple(f"player {i}" for i in range(players)),
            mode="seeded" if seed else "table",
            seed_commitment=commitment(seed) if seed else "",
            engine_version=ENGINE_VERSION,
            setup=normal,
        )
        self.events: list[Event] = start(GAME, started, Dice(self.source, 0))
        self.fold: Fold[State] = replay(GAME, self.events)

    @property
    def state(self) -> State:
        return self.fold.state

    def send(self, seat: int, command: Mapping[str, Any]) -> list[Event]:
        decoded = decode_command(GAME, dict(command))
        new = act(GAME, self.fold, seat, decoded, Dice(self.source, self.fold.counter))
        for event in new:
            self.fold = apply(GAME, self.fold, event)
        self.events.extend(new)
        return new[1:]

    def play(self, *commands: Mapping[str, Any]) -> list[Event]:
        """Each command for the seat to act now; all consequences."""
        out: list[Event] = []
        for command in commands:
            out += self.send(self.state.pending[0].seat, command)
        return out

    def creature(self, creature_id: str) -> Any:
        return next((c for c in self.state.creatures if c.id == creature_id), None)


def of(events: Sequence[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def rules(events: Sequence[Event]) -> list[str]:
    return [e.rule for e in events if isinstance(e, Consequence)]
