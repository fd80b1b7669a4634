"""A running command: the local state, the dice and the events produced so far.

``decide`` works on a ``Run``: every world change is an event applied with
``evolve`` at once (so later steps see it); the flow (turn structure, running
programs, open choice) changes locally and is recorded by one ``FlowSet`` at
the end. The flow is held beside the state, not in it: the state's ``flow`` is
the run's first until ``FlowSet`` writes it (world events never read it), and a
new state at every change of the flow was a tenth of a decision.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.kernel import Dice, Event
from domain.spellwars.cards import CardSet
from domain.spellwars.evolve import evolve
from domain.spellwars.state import Flow, Frame, State


class Run:
    def __init__(self, state: State, dice: Dice) -> None:
        self.s = state
        self.flow: Flow = state.flow
        # The game's card set, fixed for the game (its data and options): read once
        # here, not worked out again at each of the run's many looks at a card.
        self.cards: CardSet = state.cards
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.s = evolve(self.s, event)

    def roll(
        self, count: int, *, purpose: str, rule: str, seat: int | None, also: tuple[str, ...] = ()
    ) -> tuple[int, ...]:
        """``also``: what the roll rests on besides its rule (a treasure adding a die)."""
        event = self.dice.roll(purpose=purpose, rule=rule, seat=seat, count=count, sides=6)
        if also:
            event = replace(event, also=also)
        self.emit(event)
        return event.values

    def set_flow(self, **changes: Any) -> None:
        self.flow = replace(self.flow, **changes)

    def top(self) -> Frame:
        return self.flow.frames[-1]

    # The frames changed without ``set_flow``'s keywords: a spell's every step does one.
    def set_top(self, frame: Frame) -> None:
        flow = self.flow
        self.flow = replace(flow, frames=(*flow.frames[:-1], frame))

    def push(self, *frames: Frame) -> None:
        """Push frames so that the first given runs first."""
        flow = self.flow
        self.flow = replace(flow, frames=(*flow.frames, *reversed(frames)))

    def pop(self) -> Frame:
        flow = self.flow
        self.flow = replace(flow, frames=flow.frames[:-1])
        return flow.frames[-1]
