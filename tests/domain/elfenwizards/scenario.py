"""A table-mode game driven through the kernel, for replaying rulebook examples.

Chance is scripted (``Dice.scripted`` semantics: die faces consumed in order),
commands go in as JSON through ``decode_command``, and every step is applied
with the kernel's own ``act`` and ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from domain.elfenwizards import GAME
from domain.elfenwizards import commands as c
from domain.elfenwizards.state import State
from domain.elfenwizards.turns import pending_of
from domain.kernel import (
    ENGINE_VERSION,
    Command,
    Consequence,
    Dice,
    Event,
    Fold,
    GameStarted,
    act,
    apply,
    decode_command,
    replay,
    start,
)
from domain.kernel.dice import ScriptedSource

Chooser = Callable[[State, int, list[Command]], Command]


def quiet(state: State, seat: int, legal: list[Command]) -> Command:
    """A player who rolls, puts every die on the Magicien spell space, casts
    nothing and takes every first offer: it moves a game along without
    touching the position under test."""
    for command in legal:
        if isinstance(command, c.RollSpells | c.Pass | c.StopSpending | c.TakeBackDice):
            return command
        if isinstance(command, c.PlaceDie) and command.space == "magicien":
            return command
    return legal[0]


class Scenario:
    def __init__(
        self,
        players: int = 3,
        setup: Mapping[str, Any] | None = None,
        values: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
        filler: int = 400,
    ) -> None:
        normal = GAME.validate_setup(dict(setup or {}), players)
        # Rolls the test does not care about show 1s.
        self.source = ScriptedSource([*values, *[1] * filler])
        started = GameStarted(
            game="elfenwizards",
            options=GAME.spec.resolve_options(options),
            players=tuple(f"player {i}" for i in range(players)),
            mode="table",
            seed_commitment="",
            engine_version=ENGINE_VERSION,
            setup=normal,
        )
        self.events: list[Event] = start(GAME, started, Dice(self.source, 0))
        self.fold: Fold[State] = replay(GAME, self.events)

    @property
    def state(self) -> State:
        return self.fold.state

    @property
    def seat(self) -> int:
        """The seat to act now."""
        return self.state.pending[0].seat

    def send(self, seat: int, command: Command | Mapping[str, Any]) -> list[Event]:
        if not isinstance(command, Command):
            command = decode_command(GAME, dict(command))
        new = act(GAME, self.fold, seat, command, Dice(self.source, self.fold.counter))
        for event in new:
            self.fold = apply(GAME, self.fold, event)
        self.events.extend(new)
        return new

    def play(self, *commands: Mapping[str, Any]) -> list[Event]:
        """Send each JSON command for the seat to act, and return all consequences."""
        out: list[Event] = []
        for command in commands:
            out += self.send(self.seat, command)
        return out

    def until(
        self, stop: Callable[[State], bool], chooser: Chooser = quiet, limit: int = 2000
    ) -> list[Event]:
        out: list[Event] = []
        for _ in range(limit):
            if stop(self.state) or GAME.outcome(self.state) is not None:
                return out
            seat = self.seat
            out += self.send(seat, chooser(self.state, seat, GAME.legal_commands(self.state, seat)))
        raise AssertionError("the scenario never reached its stop")

    def until_phase(self, phase: str, chooser: Chooser = quiet) -> list[Event]:
        return self.until(lambda s: s.phase == phase, chooser)


def of(events: Sequence[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def rules(events: Sequence[Event]) -> list[str]:
    return [e.rule for e in events if isinstance(e, Consequence)]


def rearranged(state: State, positions: Mapping[str, str] | None = None, **changes: Any) -> State:
    """A position built by hand for a unit test: wizards moved, fields replaced,
    and the pending decisions recomputed as evolve would."""
    if positions:
        changes["wizards"] = tuple(
            msgspec.structs.replace(w, space=positions.get(w.id, w.space)) for w in state.wizards
        )
    new = msgspec.structs.replace(state, **changes)
    return msgspec.structs.replace(new, pending=pending_of(new))
