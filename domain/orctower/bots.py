"""Pure bots. ``greedy`` is a deterministic heuristic that plays to win.

Its plan: reveal markers far from its mage; in its actions cast an attack when a
creature stands in its quarter (else teleport to the busiest empty space's
quarter, else learn); while casting, add every upgrade that raises the spell's
energy, then apply the effect that scores best after a one-step look-ahead
(points of defeated creatures, then damage dealt); pass when nothing helps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.kernel import Command, Dice
from domain.orctower import commands as c
from domain.orctower.decide import decide
from domain.orctower.evolve import evolve
from domain.orctower.queries import attackable, energy_for, is_poison, spell_of, value
from domain.orctower.state import State, card_spell, slot_of

C = TypeVar("C", bound=Command)

_SPELL_TASTE = {"fireball": 5, "lightning_bolt": 4, "earthquake": 4, "ice_storm": 3, "wisdom": 2}


def _worth(state: State, seat: int) -> float:
    """What the bot values in a position: its defeated creatures at their
    counters' values, a little for damage standing on creatures."""
    p = state.seats[seat]
    creatures = sum(n * value(state, slot) for slot, n in enumerate(p.defeated))
    standing = sum(x.damage for x in state.creatures) * 0.1
    return creatures + standing + 0.5 * sum(p.gauges) + 2 * len(p.powers)


def _look(state: State, seat: int, command: Command) -> float:
    after = state
    for event in decide(state, seat, command, Dice.seeded("greedy look-ahead")):
        after = evolve(after, event)
    return _worth(after, seat)


def _first(legal: Sequence[Command], kind: type[C]) -> list[C]:
    """The legal commands of one kind."""
    return [x for x in legal if isinstance(x, kind)]


def _crowd(state: State, quarter: int) -> int:
    return sum(
        value(state, slot_of(state, x.type)) for x in state.creatures if x.quarter == quarter
    )


def _actions(state: State, seat: int, legal: Sequence[Command]) -> Command:
    p = state.seats[seat]
    casts = _first(legal, c.Cast)
    targets = attackable(state, seat, anywhere=False)
    attacks = [
        x
        for x in casts
        if spell_of(state, x.card).kind in ("attack", "area")
        and (targets or spell_of(state, x.card).effect == "bolt")
    ]
    if attacks:
        return max(attacks, key=lambda x: _SPELL_TASTE.get(card_spell(x.card), 1))
    teleports = _first(legal, c.Teleport)
    if teleports:
        best = max(teleports, key=lambda x: _crowd(state, x.space))
        if _crowd(state, best.space) > _crowd(state, p.space):
            return best
    for kind in ("knowledge", "support"):
        for x in casts:
            if spell_of(state, x.card).kind == kind:
                return x
    for other in (c.GivePoison, c.UseToad):
        found = _first(legal, other)
        if found:
            return found[0]
    return c.Pass()


def _casting(state: State, seat: int, legal: Sequence[Command]) -> Command:
    assert state.casting is not None
    spell = spell_of(state, state.casting.card)
    top = spell.levels[-1].energy
    if energy_for(state.casting, spell) < top:
        for x in _first(legal, c.Upgrade):
            if (x.energy or spell_of(state, x.card).energy) == spell.energy:
                return x
    effects = [x for x in legal if isinstance(x, c.RESOLUTIONS) and not isinstance(x, c.Fizzle)]
    effects = [x for x in effects if not isinstance(x, c.Swap | c.Place | c.Advance)] or effects
    if not effects:
        return c.Fizzle()
    learns = [x for x in effects if isinstance(x, c.Learn)]
    if learns:
        return max(learns, key=lambda x: _SPELL_TASTE.get(card_spell(state.palette[x.slot]), 1))
    if len(effects) > 40:
        effects = effects[:40]
    return max(effects, key=lambda x: (_look(state, seat, x), _level(x)))


def _level(command: Command) -> int:
    return int(getattr(command, "level", 0))


def greedy(state: State, seat: int, legal: Sequence[Command]) -> Command:
    if not legal:
        raise ValueError("greedy: nothing to choose from")
    stage = state.stage
    if stage == "reveal":
        mage = state.seats[seat].space
        return max(legal, key=lambda x: abs(((getattr(x, "quarter", 0) - mage) + 3) % 6 - 3))
    if stage == "actions":
        choice = _actions(state, seat, legal)
        return choice if choice in legal else legal[-1]
    if stage == "casting":
        return _casting(state, seat, legal)
    if stage == "demand":
        cards = _first(legal, c.DiscardCard)
        poison = [x for x in cards if is_poison(x.card)]
        return (poison or cards)[0]
    if stage == "bonus":
        return legal[0]
    return legal[0]
