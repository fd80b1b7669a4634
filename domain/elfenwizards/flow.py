"""The round's ten phases: who acts now, what they may answer, and what
happens by itself (skipped turns, the awarding, scoring, the end)."""

from __future__ import annotations

from domain.elfenwizards import events as ev
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.competition import (
    award_events,
    can_cast,
    points_for,
)
from domain.elfenwizards.defeated import (
    defeated,
    options_in_turn,
    vacancy_turn,
)
from domain.elfenwizards.evolve import decided, step_all
from domain.elfenwizards.scoring import end_reason, final_events, round_points
from domain.elfenwizards.state import PHASE_NUMBER, State
from domain.elfenwizards.turns import actor, grey_tokens
from domain.kernel import Event

PHASES: tuple[str, ...] = tuple(PHASE_NUMBER)


def order_for(state: State, phase: str) -> tuple[int, ...]:
    seats = state.turn_order()
    if phase == "retire":
        if state.round == 1:
            return ()
        return tuple(w.seat for w in state.on(state.board.top))
    if phase in ("roll", "reroll"):
        return tuple(s for s in seats if state.guild(s).dice > 0)
    if phase == "recover":
        return tuple(
            s for s in seats if state.guild(s).minor_dice and state.guild(s).minors_on_space
        )
    if phase == "recover2":
        return tuple(s for s in seats if state.guild(s).minor_dice)
    if phase == "grey":
        return tuple(s for s in seats if state.guild(s).grey_dice)
    if phase in ("vacancies", "demote"):
        return tuple(s for s in seats if defeated(state, s))
    return seats


# The rulebook gives the dragon-first order for phases 2, 3 and 5 (and for the
# defeated wizards of 7 and 8); for the recoveries and grey magic it says
# nothing, so extending it there is our assumption, cited as such.
_ASSUMED_ORDER = ("recover", "recover2", "grey")


def phase_began(state: State, phase: str) -> ev.PhaseBegan:
    return ev.PhaseBegan(
        rule=cite("assume.phase-order" if phase in _ASSUMED_ORDER else "round.order"),
        phase=phase,
        number=PHASE_NUMBER[phase],
        order=order_for(state, phase),
    )


def _fold(state: State, events: list[Event]) -> State:
    # The flow reads who acts from the state itself (``actor``), never its pending
    # decisions: deriving them at each fold cost about a tenth of a decision.
    return step_all(state, events)


def _then(state: State, closing: list[Event], phase: str) -> list[Event]:
    """Closing events of a phase and the start of the next, ordered from the state
    the closing events leave."""
    after = _fold(state, closing)
    began = phase_began(after, phase)
    if phase == "retire" and after.round > 1 and not began.order:
        kept = ev.DragonKept(rule=cite("ruling.dragon-stays"), seat=after.dragon)
        return [*closing, began, kept]
    return [*closing, began]


def _end_phase(state: State) -> list[Event]:
    if state.phase == "setup":
        return _then(state, [ev.RoundBegan(rule=cite("round.phases"), round=state.round)], "retire")
    if state.phase == "compete":
        tally = ev.SupportTallied(
            rule=cite("award.points"), points=tuple(points_for(state).items())
        )
        return _then(state, [tally, *award_events(state)], "recover2")
    if state.phase == "grey":
        scored = _fold(state, [round_points(state)])
        events: list[Event] = [round_points(state)]
        reason = end_reason(scored)
        if reason is not None:
            return [*events, *final_events(scored, reason)]
        begun = ev.RoundBegan(rule=cite("round.phases"), round=state.round + 1)
        return _then(state, [*events, begun], "retire")
    return [phase_began(state, PHASES[PHASES.index(state.phase) + 1])]


def _turn(state: State, seat: int) -> list[Event]:
    """What happens by itself during ``seat``'s turn; [] when the seat must decide."""
    phase, guild = state.phase, state.guild(seat)
    if phase in ("roll", "reroll"):
        if state.rolled and not guild.hand:
            rule = "roll.major" if phase == "roll" else "roll.place-all"
            return [ev.PlacementEnded(rule=cite(rule), seat=seat, kept=())]
        return []
    if phase in ("recover", "recover2"):
        if state.pool >= 2 and guild.minors_on_space:
            count = min(state.pool // 2, guild.minors_on_space)
            rule = "recover.minor" if phase == "recover" else "recover.again"
            return [
                ev.MinorSpellsRecovered(
                    rule=cite(rule),
                    also=(cite("ruling.recover-own"),),
                    seat=seat,
                    count=count,
                    pips=2 * count,
                )
            ]
        spent_out = not guild.minor_dice or (phase == "recover" and not guild.minors_on_space)
        if spent_out:
            rule = "recover.leftover" if state.pool else "recover.unused-stay"
            return [ev.SpendingEnded(rule=cite(rule), seat=seat, lost=state.pool)]
        return []
    if phase == "compete" and state.queue:
        if state.spells_this_turn == 0 and not can_cast(state, seat):
            return [ev.PlayerPassed(rule=cite("ruling.auto-pass"), seat=seat, forced=True)]
        if state.spells_this_turn >= 2:
            return [ev.CompetitionTurnEnded(rule=cite("compete.turn"), seat=seat)]
        if state.spells_this_turn == 1 and not can_cast(state, seat):
            return [ev.CompetitionTurnEnded(rule=cite("compete.last-spell"), seat=seat)]
        return []
    if phase == "grey":
        tokens = grey_tokens(state, seat)
        cost = state.options.grey_cost
        if state.pool >= cost and tokens:
            if len(tokens) == 1:
                return [
                    ev.GreyTokenRemoved(
                        rule=cite("grey.remove"), seat=seat, wizard=tokens[0], pips=cost
                    )
                ]
            return []
        if not guild.grey_dice:
            return [ev.SpendingEnded(rule=cite("ruling.grey-leftover"), seat=seat, lost=state.pool)]
    return []


def _only_vacancy(state: State, turn: tuple[int, str]) -> list[Event]:
    """The title filled by itself when the wizard in ``turn`` has one choice only."""
    options = options_in_turn(state, turn[0], turn)
    if len(options) == 1:
        only = options[0]
        return [
            ev.VacantTitleFilled(
                rule=cite("vacant.highest"),
                also=(cite("vacant.turn"),),
                wizard=only.wizard,
                seat=turn[0],
                title=only.title,
            )
        ]
    return []


def auto_events(state: State) -> list[Event]:
    """The next batch of events that follow without a decision; [] if a seat
    must decide or the game is over."""
    if state.phase == "over":
        return []
    if state.phase == "vacancies":
        # Who acts and what is left to choose, from one look at the defeated wizards
        # (``actor`` and the options would each take it).
        turn = vacancy_turn(state)
        return _end_phase(state) if turn is None else _only_vacancy(state, turn)
    seat = actor(state)
    if seat is None:
        return _end_phase(state)
    return _turn(state, seat)


def settle(state: State, events: list[Event]) -> list[Event]:
    """``events`` followed by everything that happens by itself after them."""
    out = list(events)
    current = _fold(state, events)
    while True:
        more = auto_events(current)
        if not more:
            decided(state, out, current)
            return out
        out.extend(more)
        current = _fold(current, more)
