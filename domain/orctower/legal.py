"""Every command a seat may send now, derived from the stage."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from domain.kernel import Command, last_answer, pending_for
from domain.orctower import commands as c
from domain.orctower.data import SECTIONS, Spell, index
from domain.orctower.flow import reveal_choices
from domain.orctower.queries import (
    attackable,
    change_for,
    drawable_discard,
    front,
    is_poison,
    levels_reached,
    opponents_over_three,
    power_on,
)
from domain.orctower.state import State, card_spell


def empty_spaces(state: State) -> list[int]:
    # The seats' spaces read once, not once per space (``occupant``): asked at most
    # steps of a bot game, for the teleports.
    held = {p.space for p in state.seats}
    return [q for q in range(1, 7) if q not in held]


class _Made(dict[Any, Command]):
    """The commands of one kind already made, by what each is made of (a space, a
    card, a level and a target). Commands are frozen values, so one serves every
    list that holds it; a legal list is asked at every step of a bot game, and
    reading a command from here costs about a third of making it again."""

    def __init__(self, make: Callable[[Any], Command]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Command:
        made = self[key] = self.make(key)
        return made


_TELEPORT = _Made(lambda space: c.Teleport(space=space))
_REVEAL = _Made(lambda quarter: c.RevealMarker(quarter=quarter))
_CAST = _Made(lambda card: c.Cast(card=card))
_UPGRADE = _Made(lambda card_energy: c.Upgrade(card=card_energy[0], energy=card_energy[1]))
_ATTACK = _Made(lambda level_target: c.Attack(level=level_target[0], creature=level_target[1]))
_LEARN = _Made(lambda slot: c.Learn(slot=slot))
_PASS = c.Pass()
_FIZZLE = c.Fizzle()


def _distinct(cards: tuple[str, ...]) -> list[str]:
    """Each card once (a card id is unique; the order of the hand is kept)."""
    return list(dict.fromkeys(cards))


@last_answer  # asked by the seat, then by ``decide`` of the same state
def legal_commands(state: State, seat: int) -> list[Command]:
    if pending_for(state.pending, seat) is None:
        return []
    stage = state.stage
    if stage == "missions":
        return [c.KeepMission(mission=m) for m in state.seats[seat].offer]
    if stage == "demand":
        return [c.DiscardCard(card=x) for x in _distinct(state.seats[seat].hand)]
    if stage == "reveal":
        return [_REVEAL[q] for q in reveal_choices(state, seat)]
    if stage == "bonus":
        return [*(c.TakeBonus(creature=x) for x in state.bonuses), c.SkipBonuses()]
    if stage == "casting":
        return casting_commands(state, seat)
    return action_commands(state, seat)


def action_commands(state: State, seat: int) -> list[Command]:
    p = state.seats[seat]
    out: list[Command] = []
    if change_for(state, seat) != "no_teleport":
        out += [_TELEPORT[s] for s in empty_spaces(state)]
    out += [_CAST[x] for x in _distinct(p.hand) if not is_poison(x)]
    if p.powers:  # most turns have none to ask about
        if power_on(state, seat, "poison") and not state.poisoned and state.poison:
            out += [c.GivePoison(seat=s) for s in range(state.players) if s != seat]
        if power_on(state, seat, "hand_change") and not state.changed:
            out += [c.RemoveCard(card=x) for x in _distinct(p.hand)]
    for tile in sorted(set(p.toads) - set(state.toads_used)) if p.toads else ():
        if card_spell(tile) == "toad_hp":
            out += [c.UseToad(tile=tile, creature=x.id) for x in state.creatures]
        else:
            out.append(c.UseToad(tile=tile))
    out.append(_PASS)
    return out


def casting_commands(state: State, seat: int) -> list[Command]:
    assert state.casting is not None
    p = state.seats[seat]
    out: list[Command] = []
    spells = index(state.data).spells  # spell_of's table, read once for the hand
    cast = spells[card_spell(state.casting.card)]
    # « le joueur ne joue que cette carte »: a knowledge spell takes no upgrade.
    for card in () if cast.kind == "knowledge" else _distinct(p.hand):
        if is_poison(card):
            continue
        spell = spells[card_spell(card)]
        if spell.upgrade_choice:
            out += [_UPGRADE[card, e] for e in spell.upgrade_choice]
        else:
            out.append(_UPGRADE[card, ""])
    if state.casting.teleports and change_for(state, seat) != "no_teleport":
        out += [c.UpgradeTeleport(space=s) for s in empty_spaces(state)]
    if state.casting.draws:
        out += upgrade_draws(state, seat)
    effects = resolutions(state, seat, cast)
    out += effects
    # ruling.fizzle: no effect at will, or (needs_effect) only when none applies.
    if state.options.fizzle == "allowed" or not effects:
        out.append(_FIZZLE)
    return out


def discard_choices(state: State, seat: int) -> list[str]:
    """Cards of the personal discard a draw may take (not a spell learned this turn)."""
    return _distinct(drawable_discard(state, seat))


def upgrade_draws(state: State, seat: int) -> list[Command]:
    choices = discard_choices(state, seat)
    if not choices:
        return []
    if state.options.draw_from == "any":
        return [c.UpgradeDraw(card=x) for x in choices]
    return [c.UpgradeDraw()]


def blast_sections(state: State, seat: int) -> list[int]:
    if not state.options.new_destiny:
        return list(SECTIONS)
    near = front(state, state.seats[seat].space)
    return [] if near is None else [near]


def resolutions(state: State, seat: int, spell: Spell) -> list[Command]:
    """The effects of ``spell``, the spell being cast, that ``seat`` may apply now."""
    assert state.casting is not None
    levels = levels_reached(state, spell)
    quarter = state.seats[seat].space
    out: list[Command] = []
    if not levels:
        return out
    if spell.effect in ("damage", "bolt"):  # the same targets at every level
        targets = [x.id for x in attackable(state, seat, spell.effect == "bolt")]
        if spell.effect == "damage":
            targets += [t.kind for t in state.toad_tiles if t.quarter == quarter]
        elif state.options.bolt_toads == "yes":  # ruling.toad-bolt: Éclair's too
            targets += [t.kind for t in state.toad_tiles]
    for level in levels:
        if spell.effect in ("damage", "bolt"):
            out += [_ATTACK[level, t] for t in targets]
        elif spell.effect in ("ice_storm", "earthquake"):
            sides = (-1, 1) if spell.effect == "earthquake" and level == 2 else (0,)
            out += [
                c.Blast(level=level, section=s, side=side)
                for s in blast_sections(state, seat)
                for side in sides
            ]
        elif spell.effect == "learn":
            if change_for(state, seat) != "no_study":
                out += [_LEARN[i] for i, x in enumerate(state.palette) if x]
        elif spell.effect == "replenish" and level == 2 and state.options.draw_from == "any":
            choices = discard_choices(state, seat)
            picks = combinations(choices, 2) if len(choices) > 2 else [tuple(choices)]
            out += [c.Replenish(level=2, cards=tuple(x)) for x in picks]
        elif spell.effect == "replenish":
            out.append(c.Replenish(level=level))
        elif spell.effect == "switch" and level == 1:
            ids = [x.id for x in state.creatures]
            out += [c.Swap(first=a, second=b) for a, b in combinations(ids, 2)]
        elif spell.effect == "switch":
            out += [
                c.Place(creature=x.id, section=s)
                for x in state.creatures
                for s in SECTIONS
                if (x.quarter, x.section) != (quarter, s)
            ]
        elif spell.effect == "bonds":
            out += [c.Advance(level=level, creature=x.id) for x in state.creatures]
        elif spell.effect == "voodoo" and level == 1:
            out += [c.Hex(level=1, seat=s) for s in opponents_over_three(state, seat)]
        elif spell.effect == "voodoo":
            out.append(c.Hex(level=2))
    return out
