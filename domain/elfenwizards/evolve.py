"""evolve: apply one event to the state. Pure; never rolls; never fails on
what decide produced. The pending decisions are recomputed after each event."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import msgspec

from domain.elfenwizards import events as ev
from domain.elfenwizards.board import GREY_SPACE, MINOR_SPACE
from domain.elfenwizards.state import Guild, State, Support, Wizard
from domain.elfenwizards.turns import pending_of
from domain.kernel import DiceRolled
from domain.kernel.evolving import PendingEvolver, change_by_id

# Tuples are built from lists (``tuple([...])``), not from generators: on
# CPython 3.11 a generator costs about 0.1 µs more per call, at most events.

replace = msgspec.structs.replace


def _guild(state: State, seat: int, **changes: Any) -> State:
    guilds = list(state.guilds)
    guilds[seat] = replace(guilds[seat], **changes)
    return replace(state, guilds=tuple(guilds))


def _move(state: State, wizard_id: str, space: str | None = None, grey: int = 0) -> State:
    """The wizard moved to ``space`` (None: where it stands), tokens changed by ``grey``."""

    def moved(w: Wizard) -> Wizard:
        return replace(w, space=w.space if space is None else space, grey=w.grey + grey)

    return replace(state, wizards=change_by_id(state.wizards, wizard_id, moved))


def _after_vacancy(state: State, seat: int) -> State:
    """Option vacancy_turn=alternate: the turn passes to the seat after ``seat`` (the
    queue turned to start there), one wizard at a time."""
    queue = state.queue
    if state.options.vacancy_turn != "alternate" or seat not in queue:
        return state
    k = queue.index(seat) + 1
    return replace(state, queue=queue[k:] + queue[:k])


def _without(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    out = list(values)
    out.remove(value)
    return tuple(out)


def _add(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted((*values, value)))


def _dice_rolled(s: State, e: DiceRolled) -> State:
    if s.phase not in ("roll", "reroll") or e.seat is None:
        return s  # the dragon draw: DragonGiven carries its result
    g = s.guild(e.seat)
    hand = tuple(sorted(e.values))
    if s.rolled:  # a reroll: the same dice, new faces
        return _guild(s, e.seat, hand=hand)
    s = _guild(s, e.seat, hand=hand, dice=g.dice - len(hand))
    return replace(s, rolled=True, may_reroll=s.phase == "reroll", placed=0)


def _handed_out(s: State, e: ev.SpellsHandedOut) -> State:
    """Each guild takes its spells: those a setup position already put elsewhere
    (rolled, on a space, cast, on the round counter) are counted out of them."""
    guilds = _spells_taken(s.guilds, e.majors, e.minors)
    # Spells cast in the competition of a position lie beside the wizards.
    for spell in s.support:
        g = guilds[spell.seat]
        cast = replace(g, minors=g.minors - 1) if spell.die is None else replace(g, dice=g.dice - 1)
        guilds = (*guilds[: spell.seat], cast, *guilds[spell.seat + 1 :])
    return replace(s, guilds=guilds)


@lru_cache(maxsize=64)
def _spells_taken(guilds: tuple[Guild, ...], majors: int, minors: int) -> tuple[Guild, ...]:
    # Kept: a fold from zero meets the same guilds (the cached plain opening's)
    # every time, and this is most of what the set-up costs a fold.
    return tuple(
        [
            replace(
                g,
                dice=majors
                - len(g.hand)
                - sum(map(len, g.majors))
                - len(g.minor_dice)
                - len(g.grey_dice),
                minors=minors - g.minors_on_space - g.minors_on_counter,
            )
            for g in guilds
        ]
    )


def _wizards_placed(s: State, e: ev.WizardsPlaced) -> State:
    # Tokens already under the pawns of a setup position came from the supply.
    supply = s.grey_supply
    if s.options.grey_supply:
        supply -= sum([w.grey for w in e.wizards])
    return replace(s, wizards=e.wizards, grey_supply=supply)


def _dragon_given(s: State, e: ev.DragonGiven) -> State:
    # The set-up ends here, unless play resumes inside a round (PlayResumed).
    if s.opening is not None and s.opening.phase == "setup":
        return replace(s, dragon=e.seat, opening=None)
    return replace(s, dragon=e.seat)


def _counter(s: State, e: ev.RoundCounterMarked) -> State:
    g = s.guild(e.seat)
    if e.source == "reserve":
        s = _guild(s, e.seat, minors=g.minors - 1, minors_on_counter=g.minors_on_counter + 1)
    elif e.source == "space":
        s = _guild(
            s,
            e.seat,
            minors_on_space=g.minors_on_space - 1,
            minors_on_counter=g.minors_on_counter + 1,
        )
    else:
        return s
    return replace(s, round_counter=(*s.round_counter, (e.round, e.seat)))


def _placed(s: State, e: ev.DiePlaced) -> State:
    g = s.guild(e.seat)
    hand = _without(g.hand, e.die)
    if e.space == MINOR_SPACE:
        s = _guild(s, e.seat, hand=hand, minor_dice=_add(g.minor_dice, e.die))
    elif e.space == GREY_SPACE:
        s = _guild(s, e.seat, hand=hand, grey_dice=_add(g.grey_dice, e.die))
    else:
        majors = list(g.majors)
        i = s.board.major_index(e.space)
        majors[i] = _add(majors[i], e.die)
        s = _guild(s, e.seat, hand=hand, majors=tuple(majors))
    return replace(s, may_reroll=False, placed=s.placed + 1)


def _spent(s: State, e: ev.DieSpent) -> State:
    g = s.guild(e.seat)
    if e.space == MINOR_SPACE:
        s = _guild(s, e.seat, minor_dice=_without(g.minor_dice, e.die), dice=g.dice + 1)
    else:
        s = _guild(s, e.seat, grey_dice=_without(g.grey_dice, e.die), dice=g.dice + 1)
    return replace(s, pool=e.pool)


def _taken_back(s: State, e: ev.DiceTakenBack) -> State:
    g = s.guild(e.seat)
    field = "minor_dice" if e.space == MINOR_SPACE else "grey_dice"
    return _guild(s, e.seat, **{field: (), "dice": g.dice + len(e.dice)})


def _cast(s: State, e: ev.SpellCast) -> State:
    g = s.guild(e.seat)
    if e.die is None:
        s = _guild(s, e.seat, minors=g.minors - 1)
    else:
        wizard = s.wizard(e.wizard)
        assert wizard is not None
        i = s.board.major_index(s.board.level_of(wizard.space))
        majors = list(g.majors)
        majors[i] = _without(majors[i], e.die)
        s = _guild(s, e.seat, majors=tuple(majors))
    support = (*s.support, Support(wizard=e.wizard, seat=e.seat, die=e.die))
    return replace(s, support=support, spells_this_turn=s.spells_this_turn + 1)


def _awarded(s: State, e: ev.TitleAwarded) -> State:
    s = _move(s, e.wizard, e.title)
    if e.title != s.board.top:
        return s
    g = s.guild(e.seat)
    s = _guild(s, e.seat, grand_druide_titles=g.grand_druide_titles + 1)
    return replace(s, grand_druide_this_round=e.seat)


def _wasted(s: State, e: ev.SpellsWasted) -> State:
    empty = tuple([() for _ in s.board.major_levels()])
    guilds = tuple(
        [replace(g, dice=g.dice + e.majors[i], majors=empty) for i, g in enumerate(s.guilds)]
    )
    return replace(s, guilds=guilds)


def _returned(s: State, e: ev.SpellsReturned) -> State:
    guilds = tuple(
        [
            replace(g, dice=g.dice + e.majors[i], minors_on_space=g.minors_on_space + e.minors[i])
            for i, g in enumerate(s.guilds)
        ]
    )
    return replace(s, guilds=guilds, support=(), designated=())


def _demoted(s: State, e: ev.WizardDemoted) -> State:
    s = _move(s, e.wizard, e.space, grey=1 if e.grey else 0)
    if e.grey and s.options.grey_supply:
        s = replace(s, grey_supply=s.grey_supply - 1)
    return s


def _grey_removed(s: State, e: ev.GreyTokenRemoved) -> State:
    s = _move(s, e.wizard, grey=-1)
    supply = s.grey_supply + 1 if s.options.grey_supply else s.grey_supply
    return replace(s, pool=s.pool - e.pips, grey_supply=supply)


def _scored(s: State, e: ev.RoundScored) -> State:
    guilds = tuple([replace(g, score=e.totals[i]) for i, g in enumerate(s.guilds)])
    missed = s.grand_druide_this_round < 0
    return replace(
        s,
        guilds=guilds,
        rounds_without_grand_druide=s.rounds_without_grand_druide + missed,
    )


def _final(s: State, e: ev.FinalBonusScored) -> State:
    guilds = tuple([replace(g, score=e.totals[i]) for i, g in enumerate(s.guilds)])
    return replace(s, guilds=guilds, bonus=e.bonus)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    DiceRolled: _dice_rolled,
    ev.BoardLaidOut: lambda s, e: s if e.board is None else replace(s, board=e.board),
    # The set-up puts on the table what ``State.opening`` kept for it, piece by
    # piece, and spends it at its last event (DragonGiven, or PlayResumed).
    ev.SpellsHandedOut: _handed_out,
    ev.GreySupplyFilled: lambda s, e: replace(s, grey_supply=e.tokens),
    ev.WizardsPlaced: _wizards_placed,
    ev.DragonGiven: _dragon_given,
    ev.PlayResumed: lambda s, e: replace(
        s, round=e.round, phase=e.phase, queue=e.order, opening=None
    ),
    ev.RoundBegan: lambda s, e: replace(s, round=e.round, grand_druide_this_round=-1),
    ev.PhaseBegan: lambda s, e: replace(
        s,
        phase=e.phase,
        queue=e.order,
        rolled=False,
        may_reroll=False,
        pool=0,
        spells_this_turn=0,
        placed=0,
        designated=(),
    ),
    ev.RoundCounterMarked: _counter,
    ev.GrandDruideRetired: lambda s, e: replace(_move(s, e.wizard, e.space), queue=s.queue[1:]),
    ev.MinorSpellPaid: lambda s, e: replace(
        _guild(
            s,
            e.seat,
            minors=s.guild(e.seat).minors - 1,
            minors_on_space=s.guild(e.seat).minors_on_space + 1,
        ),
        may_reroll=False,
    ),
    ev.DiePlaced: _placed,
    ev.PlacementEnded: lambda s, e: replace(
        _guild(s, e.seat, hand=(), dice=s.guild(e.seat).dice + len(e.kept)),
        queue=s.queue[1:],
        rolled=False,
        may_reroll=False,
        placed=0,
    ),
    ev.DieSpent: _spent,
    ev.MinorSpellsRecovered: lambda s, e: replace(
        _guild(
            s,
            e.seat,
            minors=s.guild(e.seat).minors + e.count,
            minors_on_space=s.guild(e.seat).minors_on_space - e.count,
        ),
        pool=s.pool - e.pips,
    ),
    ev.GreyTokenRemoved: _grey_removed,
    ev.DiceLeft: lambda s, e: s,
    ev.DiceTakenBack: _taken_back,
    ev.SpendingEnded: lambda s, e: replace(s, queue=s.queue[1:], pool=0),
    ev.SpellCast: _cast,
    ev.CompetitionTurnEnded: lambda s, e: replace(
        s, queue=(*s.queue[1:], s.queue[0]), spells_this_turn=0
    ),
    ev.PlayerPassed: lambda s, e: replace(s, queue=s.queue[1:], spells_this_turn=0),
    ev.TitleAwarded: _awarded,
    ev.TieBroken: lambda s, e: replace(s, designated=(*s.designated, e.wizard)),
    ev.WizardDefeated: lambda s, e: _move(s, e.wizard, e.space),
    ev.TitleLeftVacant: lambda s, e: s,
    ev.SpellsWasted: _wasted,
    ev.SpellsReturned: _returned,
    ev.VacantTitleFilled: lambda s, e: _after_vacancy(_move(s, e.wizard, e.title), e.seat),
    ev.WizardDemoted: _demoted,
    ev.RoundScored: _scored,
    ev.GameEnded: lambda s, e: replace(s, end_reason=e.reason),
    ev.FinalBonusScored: _final,
    ev.WinnersDeclared: lambda s, e: replace(s, phase="over", queue=()),
}


_EVOLVER = PendingEvolver(_HANDLERS, pending_of)
evolve = _EVOLVER.evolve
evolve_all = _EVOLVER.evolve_all
# A flow's working state: see Evolver.step (its pending goes stale).
step_all = _EVOLVER.step_all
# What a decision's flow stepped through, so that folding its events need not again.
decided = _EVOLVER.decided
