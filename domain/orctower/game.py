"""The Game object that binds the pieces of the orc tower for the kernel."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

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
from domain.orctower import data as game_data
from domain.orctower import faces
from domain.orctower import setup as opening
from domain.orctower.bots import greedy
from domain.orctower.catalogue import CATALOGUE
from domain.orctower.commands import OrcCommand
from domain.orctower.decide import decide
from domain.orctower.events import EVENT_TYPES
from domain.orctower.evolve import evolve, evolve_all
from domain.orctower.legal import legal_commands
from domain.orctower.options import OPTION_SPECS
from domain.orctower.positions import position, validate_setup
from domain.orctower.scoring import outcome
from domain.orctower.state import State
from domain.orctower.view import hidden_from, view
from domain.orctower.words import WORDS

SPEC = GameSpec(
    id="orctower",
    name="OOO: la tour des orques (Frank Thyben)",
    min_players=2,
    max_players=4,
    rulebook="rules/orctower.txt",
    options=OPTION_SPECS,
)


class OrcTower:
    spec = SPEC
    catalogue = CATALOGUE
    state_type = State
    command_type: Any = OrcCommand
    event_types: tuple[type[Event], ...] = (*KERNEL_EVENTS, *EVENT_TYPES)
    words = WORDS
    bots: Mapping[str, Bot[State]] = {"greedy": greedy}

    def card_faces(self) -> tuple[CardFace, ...]:
        return faces.card_faces()

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

    # The state's own field, read without a method around it (asked at every step).
    pending: Callable[[State], tuple[Pending, ...]] = staticmethod(attrgetter("pending"))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    outcome = staticmethod(outcome)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return hidden_from(state, seat)

    def validate_setup(
        self, setup: Mapping[str, Any], players: int, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """``data``: the table's own data file (normal form), if it plays with one;
        the names a setup gives are checked against it (the game's ``initial``
        checks again with the data ``GameStarted`` carries)."""
        self.spec.check_players(players)
        return validate_setup(setup, players, game_data.load(data))

    def position(self, state: State) -> dict[str, Any]:
        return position(state)

    def data_template(self) -> dict[str, Any]:
        return game_data.template()

    def validate_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return game_data.validate_data(data)


GAME: Game[State] = OrcTower()
