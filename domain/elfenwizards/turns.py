"""Whose turn it is in the round's current phase, and what they may answer:
the pending decisions, derived from the state (``evolve`` keeps them, the flow
and the views read them)."""

from __future__ import annotations

from domain.elfenwizards.competition import ties_to_designate
from domain.elfenwizards.defeated import demotion_turn, vacancy_turn
from domain.elfenwizards.state import PHASE_NUMBER, State
from domain.kernel import Pending


def actor(state: State) -> int | None:
    """The seat whose turn it is in the current phase, or None when it is over."""
    if state.phase in ("setup", "over"):
        return None
    if state.phase == "vacancies":
        turn = vacancy_turn(state)
        return None if turn is None else turn[0]
    if state.phase == "demote":
        return demotion_turn(state)
    if state.phase == "compete" and not state.queue:
        # Everyone passed: owners of tied candidates designate before the awarding.
        ties = ties_to_designate(state)
        return ties[0][1][0].seat if ties else None
    return state.queue[0] if state.queue else None


def grey_tokens(state: State, seat: int) -> list[str]:
    return [w.id for w in state.wizards if w.seat == seat and w.grey > 0]


def pending_of(state: State) -> tuple[Pending, ...]:
    seat = actor(state)
    if seat is None:
        return ()
    phase = state.phase
    number = PHASE_NUMBER[phase]
    accepts: tuple[str, ...]
    prompt: str
    if phase == "retire":
        accepts, prompt = ("RetireGrandDruide",), "retire your Grand Druide"
    elif phase in ("roll", "reroll") and not state.rolled:
        accepts, prompt = ("RollSpells",), "roll your major spells"
    elif phase == "roll":
        accepts, prompt = ("PlaceDie", "EndPlacement"), "place rolled dice, or stop"
    elif phase == "reroll":
        if state.may_reroll:
            accepts, prompt = ("PlaceDie", "Reroll"), "place every die, or pay to reroll"
        else:
            accepts, prompt = ("PlaceDie",), "place every rolled die"
    elif phase == "recover":
        accepts, prompt = ("SpendDie", "StopSpending"), "spend dice to recover minor spells"
    elif phase == "recover2":
        accepts = ("SpendDie", "LeaveDice", "TakeBackDice")
        prompt = "spend dice to recover minor spells, then leave or take back the rest"
    elif phase == "compete" and not state.queue:
        title = ties_to_designate(state)[0][0].titles[0]
        accepts, prompt = ("DesignateWinner",), f"designate which tied candidate takes {title}"
    elif phase == "compete":
        if state.spells_this_turn:
            accepts, prompt = ("CastSpell",), "cast your second spell"
        else:
            accepts, prompt = ("CastSpell", "Pass"), "cast two spells, or pass for good"
    elif phase == "vacancies":
        accepts, prompt = ("FillVacancy",), "choose a vacant title for a defeated wizard"
    elif phase == "demote":
        accepts, prompt = ("Demote",), "send a defeated wizard to a Magicien space"
    elif state.pool >= state.options.grey_cost and grey_tokens(state, seat):
        accepts, prompt = ("RemoveGreyToken",), "choose the wizard losing a grey token"
    else:
        accepts = ("SpendDie", "LeaveDice", "TakeBackDice")
        prompt = "spend dice to remove grey tokens, then leave or take back the rest"
    return (Pending(seat=seat, accepts=accepts, prompt=f"phase {number}: {prompt}"),)
