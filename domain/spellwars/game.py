"""The Spell Wars game object: the kernel's Game protocol over this package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from msgspec.structs import replace

from domain.kernel import (
    Bot,
    CardFace,
    Command,
    Dice,
    Event,
    Game,
    GameSpec,
    GameStarted,
    Outcome,
    Pending,
    require_pending,
)
from domain.kernel.phrases import phrase, plural
from domain.spellwars import data as table_data
from domain.spellwars import faces
from domain.spellwars import setup as opening
from domain.spellwars.bots import first, greedy
from domain.spellwars.catalogue import CATALOGUE
from domain.spellwars.commands import (
    COMMAND,
    Block,
    Choose,
    GiveCard,
    Pay,
    PickTarget,
    PlaceCards,
    TakeBack,
)
from domain.spellwars.events import EVENTS, CardTakenBack, CardTrimmed, SpellPlaced
from domain.spellwars.evolve import decided
from domain.spellwars.evolve import evolve as _evolve
from domain.spellwars.evolve import evolve_all as _evolve_all
from domain.spellwars.flow import advance, finish, replace_wilds, start_component
from domain.spellwars.legal import answered, placement_ok, refuse
from domain.spellwars.legal import legal_commands as _legal
from domain.spellwars.options import OPTIONS
from domain.spellwars.run import Run
from domain.spellwars.state import State, is_wild
from domain.spellwars.view import hidden_from as _hidden
from domain.spellwars.view import view as _view
from domain.spellwars.words import WORDS


def _slots(state: State, command: PlaceCards) -> tuple[str, ...]:
    """Each placed card's type; a wild magic card's is ``wild`` (fixed on reveal), or
    with option wild_type=row its place in the row, the wild cards taking the places
    given in reading order."""
    places = iter(command.wilds)
    return tuple(
        next(places, "wild") if is_wild(c) else state.cards.card(c).kind for c in command.cards
    )


def _placement_also(command: PlaceCards) -> tuple[str, ...]:
    if not command.cards:
        return ("sw.spell.empty",)
    return tuple(
        rule
        for rule, given in (
            ("sw.wild.type", command.wilds),
            ("sw.order.incorrect", command.declared),
        )
        if given
    )


def _answer(command: Command) -> str:
    read = _ANSWERS.get(type(command))
    if read is None:
        raise AssertionError(command)
    return read(command)


# An answer's word, by the answer's class (a ``match`` tested the classes in turn, a
# class test against a msgspec class at each).
_ANSWERS: dict[type, Callable[[Any], str]] = {
    PickTarget: lambda c: str(c.seat),
    Pay: lambda c: str(c.amount),
    Choose: lambda c: c.choice,
    Block: lambda c: c.creature or "none",
    GiveCard: lambda c: c.card,
}


class SpellWars:
    spec = GameSpec(
        id="spellwars",
        name="Spell Wars — Baston de sorciers au Donjon du Poulpe Sanguinaire",
        min_players=2,
        max_players=6,
        rulebook="rules/spellwars.md",
        options=OPTIONS,
    )
    catalogue = CATALOGUE
    state_type = State
    command_type = COMMAND
    event_types: tuple[type[Event], ...] = EVENTS
    words = WORDS
    bots: Mapping[str, Bot[State]] = {
        "greedy": greedy,
        "first": first,
    }

    def card_faces(self) -> tuple[CardFace, ...]:
        return faces.card_faces()

    def initial(self, started: GameStarted) -> State:
        return opening.initial(started)

    def switched(self, state: State, started: GameStarted) -> State:
        return opening.switched(state, started)

    def setup(self, state: State, dice: Dice) -> list[Event]:
        return opening.setup(state, dice)

    def decide(self, state: State, seat: int, command: Command, dice: Dice) -> list[Event]:
        require_pending(state.pending, seat, command)
        if isinstance(command, PlaceCards):
            legal = state.flow.choice is None and placement_ok(state, seat, command)
        else:
            legal = command in answered(state, seat)
        if not legal:
            refuse(state, seat, command)
        run = Run(state, dice)
        if isinstance(command, PlaceCards):
            run.emit(
                SpellPlaced(
                    rule="sw.spell.place",
                    # An empty hand places an empty spell (our assumption); the readings
                    # a placement gives more for are cited where it does.
                    also=_placement_also(command),
                    seat=seat,
                    cards=command.cards,
                    slots=_slots(state, command),
                    declared=command.declared,
                )
            )
        elif isinstance(command, TakeBack):
            run.emit(CardTakenBack(rule="sw.spell.excess", seat=seat, card=command.card))
        else:
            choice = state.flow.choice
            assert choice is not None
            run.set_flow(choice=None)
            if choice.kind == "component":
                start_component(run, seat, _answer(command), choice.rule)
            elif choice.kind == "trim":
                run.emit(CardTrimmed(rule="sw.spell.incorrect", seat=seat, card=_answer(command)))
            elif choice.kind == "wild":
                replace_wilds(run, seat, _answer(command))
            else:
                run.set_top(replace(run.top(), answer=_answer(command)))
        advance(run)
        finish(run)
        decided(state, run.events, run.s)
        return run.events

    def evolve(self, state: State, event: Event) -> State:
        return _evolve(state, event)

    # The rules' functions themselves, not methods calling them: the kernel and the
    # bots call these at every act, and a call layer each was some 4 % of a bot game.
    evolve_all = staticmethod(_evolve_all)

    # A placement's list is a lazy sequence (``legal.Placements``), not a list: every
    # reader of legal commands takes its length, an index, or iterates it.
    legal_commands = staticmethod(_legal)

    def pending(self, state: State) -> tuple[Pending, ...]:
        return state.pending

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple(w.points if state.variant == "fast" else w.tokens for w in state.wizards)
        ranking = tuple(
            tuple(i for i, s in enumerate(scores) if s == value)
            for value in sorted(set(scores), reverse=True)
        )
        reason = (
            phrase("most points after the fast-combat rounds")
            if state.variant == "fast"
            else plural(
                "{n} last wizard standing token",
                "{n} last wizard standing tokens",
                state.tokens_to_win,
            )
        )
        return Outcome(winners=state.winners, scores=scores, ranking=ranking, reason=reason)

    def validate_setup(
        self, setup: Mapping[str, Any], players: int, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        # The setup's names do not change with a table's data (ids stay fixed).
        return opening.validate_setup(setup, players)

    def position(self, state: State) -> dict[str, Any]:
        return opening.position(state)

    def data_template(self) -> dict[str, Any]:
        return table_data.template()

    def validate_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return table_data.validate(data)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return _hidden(state, seat)


GAME: Game[State] = SpellWars()
