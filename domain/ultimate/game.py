"""The Game object that binds the pieces of Sorcier ultime for the kernel."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from domain.kernel import (
    Bot,
    CardFace,
    Dice,
    Event,
    Game,
    GameSpec,
    GameStarted,
    Pending,
)
from domain.ultimate import data as table_data
from domain.ultimate import faces
from domain.ultimate import setup as opening
from domain.ultimate.bots import greedy
from domain.ultimate.catalogue import CATALOGUE
from domain.ultimate.commands import UltimateCommand
from domain.ultimate.decide import decide
from domain.ultimate.events import EVENT_TYPES
from domain.ultimate.evolve import evolve, evolve_all
from domain.ultimate.legal import legal_commands
from domain.ultimate.options import OPTION_SPECS
from domain.ultimate.position import position as whole_position
from domain.ultimate.state import UltimateState
from domain.ultimate.view import hidden_from, outcome, view
from domain.ultimate.words import WORDS

SPEC = GameSpec(
    id="ultimate",
    name="Sorcier ultime",
    min_players=2,
    max_players=4,
    rulebook="rules/ultimate.txt",
    options=OPTION_SPECS,
)


class UltimateGame:
    spec = SPEC
    catalogue = CATALOGUE
    state_type = UltimateState
    command_type: Any = UltimateCommand
    event_types: tuple[type[Event], ...] = EVENT_TYPES
    words = WORDS
    bots: Mapping[str, Bot[UltimateState]] = {"greedy": greedy}

    def card_faces(self) -> tuple[CardFace, ...]:
        return faces.card_faces()

    def initial(self, started: GameStarted) -> UltimateState:
        return opening.initial(started)

    def switched(self, state: UltimateState, started: GameStarted) -> UltimateState:
        return opening.switched(state, started)

    def setup(self, state: UltimateState, dice: Dice) -> list[Event]:
        return opening.setup(state, dice)

    # The rules' functions themselves, not methods calling them: the kernel and the
    # bots call these at every act, and a call layer each was some 4 % of a bot game.
    decide = staticmethod(decide)

    def evolve(self, state: UltimateState, event: Event) -> UltimateState:
        return evolve(state, event)

    evolve_all = staticmethod(evolve_all)

    legal_commands = staticmethod(legal_commands)

    # The state's own field, read by a C getter: asked at every step of a bot game.
    pending: Callable[[UltimateState], tuple[Pending, ...]] = staticmethod(attrgetter("pending"))

    def view(self, state: UltimateState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    outcome = staticmethod(outcome)

    def hidden_from(self, state: UltimateState, seat: int | None) -> set[str]:
        return hidden_from(state, seat)

    def validate_setup(
        self, setup: Mapping[str, Any], players: int, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        # The setup's names do not change with a table's data (ids stay fixed).
        return opening.validate_setup(setup, players)

    def position(self, state: UltimateState) -> dict[str, Any]:
        return whole_position(state)

    def data_template(self) -> dict[str, Any]:
        return table_data.data_template()

    def validate_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return table_data.validate_data(data)


GAME: Game[UltimateState] = UltimateGame()
