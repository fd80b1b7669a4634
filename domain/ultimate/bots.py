"""A heuristic bot: prefers lethal and heavy blows, defends when it hurts.

Pure and deterministic: it reads only public facts and its own hand, scores
each legal command and returns the best one (the first of equal scores).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel import Command
from domain.ultimate.cards import COMBOS
from domain.ultimate.commands import (
    Defend,
    Discard,
    Draw,
    EndTurn,
    NoAction,
    PlayCard,
    PlayCombo,
)
from domain.ultimate.options import round_health
from domain.ultimate.state import UltimateState, opponents

# How much a card is worth keeping in hand: what discards give up.
CARD_VALUE: dict[str, float] = {
    "fireball": 3.0,
    "explosion": 3.5,
    "poison_cloud": 2.0,
    "lightning": 3.0,
    "curse": 3.5,
    "shadow_hand": 2.0,
    "shield": 2.0,
    "deflection": 4.0,
    "mirror": 2.5,
    "arcane_barrier": 3.0,
    "thorns": 1.5,
    "healing_light": 2.0,
    "mana_focus": 1.5,
    "shadow_veil": 2.5,
    "absorption": 1.5,
    "mind_control": 2.0,
}
LETHAL = 10.0
SUICIDE = -100.0


def greedy(state: UltimateState, seat: int, legal: Sequence[Command]) -> Command:
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    return max(legal, key=lambda command: _score(state, seat, command))


def _score(state: UltimateState, seat: int, command: Command) -> float:
    if isinstance(command, Defend):
        return _defence_score(state, seat, command)
    if isinstance(command, Discard):
        return -CARD_VALUE[command.card]
    if isinstance(command, EndTurn):
        return 0.0
    if isinstance(command, Draw):
        return 2.0 - 0.5 * len(state.wizards[seat].hand)
    if isinstance(command, PlayCard):
        return _card_score(state, seat, command)
    if isinstance(command, PlayCombo):
        return _combo_score(state, seat, command)
    if isinstance(command, NoAction):
        return -1.0 - CARD_VALUE[command.card] / 10
    # Decline, Pass: the neutral choice.
    if state.attack is not None and _threatened(state, seat):
        return -1.0
    return 0.0


def _blow(state: UltimateState, damage: int, target: int) -> float:
    """Worth of dealing ``damage`` to ``target``: more for weak targets, most if lethal."""
    life = state.wizards[target].life
    weakness = (round_health(state.options, state.round) - life) * 0.1
    return damage + weakness + (LETHAL if damage >= life else 0.0)


def _cost(state: UltimateState, seat: int, damage: int) -> float:
    if damage >= state.wizards[seat].life:
        return -SUICIDE
    return damage * 1.2


def _missing(state: UltimateState, seat: int) -> int:
    return max(0, round_health(state.options, state.round) - state.wizards[seat].life)


def _card_score(state: UltimateState, seat: int, command: PlayCard) -> float:
    card, target = command.card, command.target
    if card == "fireball" and target is not None:
        return _blow(state, 1, target)
    if card == "explosion" and target is not None:
        return _blow(state, 2, target) - _cost(state, seat, 1)
    if card == "curse" and target is not None:
        paid = CARD_VALUE[command.discard] / 3 if command.discard else 0.0
        return _blow(state, 2, target) - paid
    if card == "poison_cloud" and target is not None:
        return 1.2 + (LETHAL / 2 if state.wizards[target].life == 1 else 0.0)
    if card == "lightning":
        total = sum(_blow(state, 1, t) for t in opponents(state, seat))
        return total - (_cost(state, seat, 1) if state.options.eclair_hits_caster else 0.0)
    if card == "shadow_hand":
        return 1.5 - _cost(state, seat, 1)
    if card == "healing_light":
        return 1.0 + 0.2 * _missing(state, seat) if _missing(state, seat) else -2.0
    if card == "absorption" and state.discard:
        return CARD_VALUE[state.discard[-1]] / 2
    if card == "shadow_veil":
        return 1.2
    return 1.0  # mana_focus, mind_control


def _combo_score(state: UltimateState, seat: int, command: PlayCombo) -> float:
    combo = command.combo
    targets = [t for t in (command.target, command.second_target) if t is not None]
    if combo == "flame_explosion":
        return _blow(state, 3, targets[0])
    if combo == "chain_reaction":
        return sum(_blow(state, 2, t) for t in targets)
    if combo == "vital_surge":
        return min(3, _missing(state, seat)) * 1.2 if _missing(state, seat) else -2.0
    if combo == "poisoned_blessing":
        return 1.0 + min(2, _missing(state, seat)) * 1.2
    if combo == "grave_summoning" and command.card:
        return CARD_VALUE[command.card] / 2
    if combo == "shadow_mana":
        return 2.5
    if combo == "spectral_summoning":
        kept = len(state.wizards[seat].hand) - len(COMBOS[combo].cards)
        return (len(state.wizards[targets[0]].hand) - kept) * 0.8
    return 2.0  # the three protective combos


def _threatened(state: UltimateState, seat: int) -> bool:
    assert state.attack is not None
    hit = state.attack.hits[0]
    life = state.wizards[seat].life
    return hit.damage >= life or life <= round_health(state.options, state.round) // 2


def _defence_score(state: UltimateState, seat: int, command: Defend) -> float:
    attack = state.attack
    assert attack is not None
    hit = attack.hits[0]
    damage = hit.damage
    card = command.card
    bonus = 0.0
    if card == "deflection":
        prevented = damage
        bonus = 1.5 if hit.poison or hit.steal else 0.0
        if damage and command.target is not None:
            bonus += 0.3 * _blow(state, damage, command.target)
    elif card == "shield":
        prevented = min(damage, 1)
    elif card == "arcane_barrier":
        prevented = min(damage, 2)
        bonus = -(CARD_VALUE[command.discard] / 3 if command.discard else 0.0)
    elif card == "mirror":
        larger, smaller = (damage + 1) // 2, damage // 2
        prevented = smaller if state.options.miroir_majority == "defender" else larger
    else:  # thorns: nothing prevented, the attacker is hurt
        prevented, bonus = 0, 0.8
    life = state.wizards[seat].life
    saved = damage >= life > damage - prevented
    gain = prevented + bonus + (LETHAL if saved else 0.0) - CARD_VALUE[card] * 0.3
    return gain if _threatened(state, seat) else gain - 3.0
