"""Start Sorcier ultime positions and drive them through the kernel.

Every step checks that replaying the whole stream from GameStarted gives the
same state as the live fold, so each test also exercises evolve.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypeVar

import pytest

from domain.kernel import (
    ENGINE_VERSION,
    Command,
    Dice,
    Event,
    GameStarted,
    IllegalCommand,
    act,
    apply,
    decode_command,
    replay,
    start,
)
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS
from domain.ultimate.state import UltimateState

E = TypeVar("E", bound=Event)
IDENTITY = list(range(16))


def position(
    hands: Sequence[Sequence[str]],
    *,
    health: Sequence[int] | None = None,
    first: int = 0,
    draw: Sequence[str] = (),
    discard: Sequence[str] = (),
    round_wins: Sequence[int] | None = None,
    leftovers: Literal["draw", "discard"] = "draw",
) -> dict[str, Any]:
    """A setup dict; cards not placed anywhere go under the draw pile (or on the
    discard pile, below ``discard``) in rulebook order."""
    placed = {c for h in hands for c in h} | set(draw) | set(discard)
    rest = [c for c in CARD_IDS if c not in placed]
    setup: dict[str, Any] = {
        "hands": [list(h) for h in hands],
        "draw_pile": list(draw) + (rest if leftovers == "draw" else []),
        "discard": (rest if leftovers == "discard" else []) + list(discard),
        "health": list(health) if health is not None else [9] * len(hands),
        "first": first,
    }
    if round_wins is not None:
        setup["round_wins"] = list(round_wins)
    return setup


class Match:
    """A game under test: the event stream and its live fold."""

    def __init__(
        self,
        setup: dict[str, Any] | None = None,
        *,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        values: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
    ) -> None:
        n = players if players is not None else len(setup["hands"]) if setup else 2
        started = GameStarted(
            game="ultimate",
            options=GAME.spec.resolve_options(options or {}),
            players=tuple(f"wizard{i}" for i in range(n)),
            mode="table",
            seed_commitment="",
            engine_version=ENGINE_VERSION,
            setup=GAME.validate_setup(setup, n) if setup is not None else None,
        )
        self.events: list[Event] = start(GAME, started, Dice.scripted(values, orders))
        self.fold = replay(GAME, self.events)
        self.last: list[Event] = self.events[1:]

    @property
    def state(self) -> UltimateState:
        return self.fold.state

    def act(
        self,
        seat: int,
        command: Command | dict[str, Any],
        *,
        values: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Apply a command; return its consequences (without ActionTaken)."""
        if isinstance(command, dict):
            command = decode_command(GAME, command)
        new = act(GAME, self.fold, seat, command, Dice.scripted(values, orders))
        for event in new:
            self.fold = apply(GAME, self.fold, event)
        self.events += new
        assert replay(GAME, self.events).state == self.fold.state
        self.last = new[1:]
        return self.last

    def refuse(self, seat: int, command: Command | dict[str, Any]) -> IllegalCommand:
        """The refusal of a command; the state must be left untouched."""
        before = self.fold
        with pytest.raises(IllegalCommand) as refused:
            if isinstance(command, dict):
                command = decode_command(GAME, command)
            act(GAME, self.fold, seat, command, Dice.scripted())
        assert self.fold == before
        return refused.value

    def legal(self, seat: int) -> list[Command]:
        return GAME.legal_commands(self.state, seat)

    def life(self, seat: int) -> int:
        return self.state.wizards[seat].life

    def hand(self, seat: int) -> tuple[str, ...]:
        return self.state.wizards[seat].hand

    def waiting_for(self) -> tuple[int, tuple[str, ...]]:
        (pending,) = self.state.pending
        return pending.seat, pending.accepts


def only(events: Sequence[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def each(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def names(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]
