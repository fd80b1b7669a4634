"""legal_commands: every fully specified command a seat may send now.

Written independently of decide (not by trying commands), so the contract
test that compares the two can catch a mistake in either.
"""

from __future__ import annotations

from domain.kernel import Command, pending_for
from domain.ultimate.cards import CARDS, COMBOS, HAND_LIMIT, uses_defence_card
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
    pending = pending_for(state.pending, seat)
    if pending is None:
        return []
    cards = state.wizards[seat].hand
    if "Defend" in pending.accepts:
        return _defences(state, seat)
    if pending.accepts == ("Discard",):
        return [Discard(card=c) for c in cards]
    if state.stage == "discard":
        ends: list[Command] = [EndTurn()] if len(cards) <= HAND_LIMIT else []
        return [*(Discard(card=c) for c in cards), *ends]
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
        targets: list[int | None] = list(rivals) if info.targeting == "opponent" else [None]
        if card == "curse" and state.options.malediction_discard == "caster":
            found += [
                PlayCard(card=card, target=t, discard=d)
                for t in targets
                for d in cards
                if d != card
            ]
        else:
            found += [PlayCard(card=card, target=t) for t in targets]
    held = frozenset(cards)
    for combo, needs in _COMBO_CARDS:
        if not needs <= held:
            continue
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
    found += [NoAction(card=c) for c in cards]
    if state.options.pass_with_cards:
        found.append(Pass())
    return found


# Each combo with the set of cards it needs (a combo needs each card once): one
# subset test per combo at every legal list, not a generator over its cards.
_COMBO_CARDS = tuple((combo, frozenset(combo.cards)) for combo in COMBOS.values())


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
