"""Phases 7 and 8: vacant titles for the defeated wizards, then demotion."""

from __future__ import annotations

from domain.elfenwizards.board import DEFEAT_PREFIX
from domain.elfenwizards.commands import Demote, FillVacancy
from domain.elfenwizards.state import State, Wizard


def vacant_titles(state: State) -> tuple[str, ...]:
    """Empty title spaces below the Grand Druide, in award order."""
    taken = {w.space for w in state.wizards}
    board = state.board
    top = board.top
    return tuple(t for t in board.titles() if t != top and t not in taken)


def highest_vacancies(state: State) -> tuple[str, ...]:
    vacant = vacant_titles(state)
    if not vacant:
        return ()
    level_of = state.board.level_of
    level = level_of(vacant[0])
    return tuple(t for t in vacant if level_of(t) == level)


def defeated(state: State, seat: int | None = None) -> tuple[Wizard, ...]:
    lying = _lying(state.wizards)
    if seat is None or not lying:
        return lying
    return tuple(w for w in lying if w.seat == seat)


# The wizards last asked about, by identity, with their defeated ones: the flow asks
# after every event of phases 7 and 8 and at every act, and the wizards change a few
# times a round (the tuple is held, so its identity cannot pass to another).
_LAST: list[tuple[tuple[Wizard, ...], tuple[Wizard, ...]]] = [((), ())]


def _lying(wizards: tuple[Wizard, ...]) -> tuple[Wizard, ...]:
    known, lying = _LAST[0]
    if known is wizards:
        return lying
    lying = tuple(w for w in wizards if w.space.startswith(DEFEAT_PREFIX))
    _LAST[0] = (wizards, lying)
    return lying


def vacancy_turn(state: State) -> tuple[int, str] | None:
    """(seat, defeat level) of the next defeated wizard to fill a vacancy, if any.

    Druide level first, then Sorcier, then Nécromancien; within a level in turn
    order from the dragon, each player placing all of theirs before the next.
    """
    if not vacant_titles(state):
        return None
    # Where each seat's defeated wizards lie, read once (this runs after every event
    # of phases 7 and 8, and at every act, to know who acts).
    lying = {(w.seat, w.space) for w in defeated(state)}
    if not lying:
        return None
    # Option vacancy_turn=alternate: from the seat after the last to place (the queue).
    alternate = state.options.vacancy_turn == "alternate" and state.queue
    order = state.queue if alternate else state.turn_order()
    for level in state.board.defeat_levels():
        space = DEFEAT_PREFIX + level
        for seat in order:
            if (seat, space) in lying:
                return seat, level
    return None


def vacancy_options(state: State, seat: int) -> list[FillVacancy]:
    return options_in_turn(state, seat, vacancy_turn(state))


def options_in_turn(state: State, seat: int, turn: tuple[int, str] | None) -> list[FillVacancy]:
    """``vacancy_options`` where ``turn`` is ``vacancy_turn(state)``, already known."""
    if turn is None or turn[0] != seat:
        return []
    wizards = [w for w in defeated(state, seat) if w.space == DEFEAT_PREFIX + turn[1]]
    titles = highest_vacancies(state)
    return [FillVacancy(wizard=w.id, title=t) for w in wizards for t in titles]


def demotion_turn(state: State) -> int | None:
    """The first seat from the dragon that still has a defeated wizard."""
    seats = {w.seat for w in defeated(state)}
    if not seats:
        return None
    for seat in state.turn_order():
        if seat in seats:
            return seat
    return None


def demotion_options(state: State, seat: int) -> list[Demote]:
    if demotion_turn(state) != seat:
        return []
    return [
        Demote(wizard=w.id, space=space)
        for w in defeated(state, seat)
        for space in state.board.shared_spaces()
    ]


def earns_grey(state: State, wizard: Wizard) -> bool:
    return state.board.level(state.board.level_of(wizard.space)).grey
