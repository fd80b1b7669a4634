"""legal_commands: every fully specified command a seat may send now.

Written independently of decide (not by trying commands), so the contract
test that compares the two can catch a mistake in either.
"""

from __future__ import annotations

from functools import cache

from domain.kernel import Command
from domain.ultimate.cards import CARDS, COMBOS, HAND_LIMIT, Combo, uses_defence_card
from domain.ultimate.commands import (
    Decline,
    Defend,
    Discard,
    Draw,
    EndTurn,
    NoAction,
    Pass,
    PlayCard,
    PlayCombo,
)
from domain.ultimate.state import UltimateState, can_draw, deflect_targets, opponents, recoverable


def legal_commands(state: UltimateState, seat: int) -> list[Command]:
    # One decision is pending at a time here (``evolve.pending_of``).
    if not state.pending or state.pending[0].seat != seat:
        return []
    pending = state.pending[0]
    cards = state.wizards[seat].hand
    if "Defend" in pending.accepts:
        return _defences(state, seat)
    if pending.accepts == ("Discard",):
        return [Discard(card=c) for c in cards]
    if state.stage == "discard":
        found: list[Command] = [Discard(card=c) for c in cards]
        if len(cards) <= HAND_LIMIT:
            found.append(EndTurn())
        return found
    if state.stage == "action":
        return _actions(state, seat)
    return []


def _actions(state: UltimateState, seat: int) -> list[Command]:
    cards = state.wizards[seat].hand
    drawable = can_draw(state)
    if not cards and not drawable:
        return [Pass()]
    found: list[Command] = []
    if len(cards) < HAND_LIMIT and drawable:
        found.append(Draw())
    rivals = opponents(state, seat)
    for card in cards:
        info = CARDS[card]
        if info.category == "defence":
            continue
        if card == "absorption" and not state.discard and state.options.absorb_empty != "allowed":
            continue
        if info.targeting != "opponent":
            found.append(PlayCard(card=card))
        elif card == "curse" and state.options.malediction_discard == "caster":
            found += [
                PlayCard(card=card, target=t, discard=d) for t in rivals for d in cards if d != card
            ]
        else:
            for target in rivals:
                found.append(PlayCard(card=card, target=target))
    for combo in _held_combos(frozenset(cards)):
        if uses_defence_card(combo) and not state.options.defence_in_combos:
            continue
        if combo.targeting == "none":
            found.append(PlayCombo(combo=combo.id))
        elif combo.targeting in ("opponent", "other"):
            found += [PlayCombo(combo=combo.id, target=t) for t in rivals]
        elif combo.targeting == "two_opponents":
            found += [
                PlayCombo(combo=combo.id, target=a, second_target=b)
                for a in rivals
                for b in rivals
                if a != b or state.options.chain_same_target
            ]
        else:
            found += [PlayCombo(combo=combo.id, card=c) for c in recoverable(state, combo.cards)]
    for card in cards:
        found.append(NoAction(card=card))
    if state.options.pass_with_cards:
        found.append(Pass())
    return found


@cache
def _held_combos(held: frozenset[str]) -> tuple[Combo, ...]:
    """The combos (in rulebook order) whose cards are all in a hand holding ``held``.
    A memo by the set of cards held (a few thousand sets of at most 16 cards): a
    subset test of every combo was a tenth of every phase-1 list."""
    return tuple(combo for combo in COMBOS.values() if frozenset(combo.cards) <= held)


def _defences(state: UltimateState, seat: int) -> list[Command]:
    cards = state.wizards[seat].hand
    found: list[Command] = [Decline()]
    for card in cards:
        if CARDS[card].category != "defence":
            continue
        if card == "deflection":
            found += [Defend(card=card, target=t) for t in deflect_targets(state, seat)]
        elif card == "arcane_barrier":
            found += [Defend(card=card, discard=d) for d in cards if d != card]
        else:
            found.append(Defend(card=card))
    return found
