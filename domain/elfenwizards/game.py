"""The Elfenwizards game object: the kernel's Game protocol over this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.elfenwizards import setup as opening
from domain.elfenwizards.bots import greedy
from domain.elfenwizards.catalogue import CATALOGUE
from domain.elfenwizards.commands import ElfenCommand
from domain.elfenwizards.decide import decide, legal_commands
from domain.elfenwizards.events import EVENT_TYPES
from domain.elfenwizards.evolve import evolve, evolve_all
from domain.elfenwizards.options import OPTION_SPECS
from domain.elfenwizards.position import position
from domain.elfenwizards.scoring import outcome
from domain.elfenwizards.state import State
from domain.elfenwizards.table_data import data_template, validate_data
from domain.elfenwizards.view import hidden_from, view
from domain.elfenwizards.words import WORDS
from domain.kernel import (
    KERNEL_EVENTS,
    Bot,
    CardFace,
    Dice,
    Event,
    Game,
    GameSpec,
    GameStarted,
    Pending,
)

SPEC = GameSpec(
    id="elfenwizards",
    name="Elfenwizards",
    min_players=3,
    max_players=5,
    rulebook="rules/elfenwizards.txt",
    options=OPTION_SPECS,
)


class Elfenwizards:
    spec = SPEC
    catalogue = CATALOGUE
    state_type = State
    command_type = ElfenCommand
    event_types: tuple[type[Event], ...] = (*KERNEL_EVENTS, *EVENT_TYPES)
    words = WORDS
    bots: Mapping[str, Bot[State]] = {"greedy": greedy}

    def card_faces(self) -> tuple[CardFace, ...]:
        return ()  # a game of dice and wizards: its page draws the board from the view

    def initial(self, started: GameStarted) -> State:
        return opening.initial(started)

    def switched(self, state: State, started: GameStarted) -> State:
        return opening.switched(state, started)

    def setup(self, state: State, dice: Dice) -> list[Event]:
        return opening.setup(state, dice)

    # The rules' functions themselves, not methods calling them: the kernel and the
    # bots call these at every act, and a call layer each was some 4 % of a bot game.
    decide = staticmethod(decide)

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    evolve_all = staticmethod(evolve_all)

    legal_commands = staticmethod(legal_commands)

    def pending(self, state: State) -> tuple[Pending, ...]:
        return state.pending

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    outcome = staticmethod(outcome)

    def validate_setup(
        self, setup: Mapping[str, Any], players: int, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        # Checks that depend on the board run when the game opens, against the
        # data GameStarted carries (a table's board may differ from ours).
        self.spec.check_players(players)
        return opening.validate_setup(setup, players)

    def position(self, state: State) -> dict[str, Any]:
        return position(state)

    def data_template(self) -> dict[str, Any]:
        return data_template()

    def validate_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return validate_data(data)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return hidden_from(state, seat)


GAME: Game[State] = Elfenwizards()
