"""Questions the rules ask of a state: hit points, powers in force, targets."""

from __future__ import annotations

from collections.abc import Callable

from domain.orctower.catalogue import cite
from domain.orctower.data import ENERGIES, SECTIONS, CreatureType, Destiny, Spell, index
from domain.orctower.state import Casting, Creature, State, card_spell, creature_type


def spell_of(state: State, card: str) -> Spell:
    return index(state.data).spells[card_spell(card)]


class _Poison(dict[str, bool]):
    """Whether a card id is a poison card, worked out once per id (the legal lists
    ask it of every card in hand)."""

    def __missing__(self, card: str) -> bool:
        poison = self[card] = card_spell(card) == "poison"
        return poison


# The table's own lookup, without a function calling it (see ``card_spell``).
is_poison: Callable[[str], bool] = _Poison().__getitem__


def destiny_card(state: State) -> Destiny | None:
    return index(state.data).destiny.get(state.destiny)


def has_power(state: State, seat: int, power: str) -> bool:
    return power in state.seats[seat].powers


def change_for(state: State, seat: int) -> str:
    """The destiny card's rule change as it applies to ``seat``."""
    card = destiny_card(state)
    if card is None:
        return ""
    shielded = "immutable" in state.seats[seat].powers  # has_power, asked at most steps
    if shielded and state.options.immutable == "powers_off" and card.rule == "no_powers":
        shielded = False  # the other reading: no-powers switches the shield off too
    return "" if shielded else card.rule


def power_on(state: State, seat: int, power: str) -> bool:
    """A bonus power in force for ``seat`` (not switched off by « Pas de pouvoirs bonus »)."""
    return power in state.seats[seat].powers and change_for(state, seat) != "no_powers"


def kind(state: State, type_id: str) -> CreatureType:
    return index(state.data).creatures[type_id]


def slot_kind(state: State, slot: int) -> CreatureType:
    return kind(state, state.types[slot])


def tile_at(state: State, quarter: int, section: int) -> str:
    for t in state.terrain:
        if t.quarter == quarter and t.section == section:
            return t.kind
    return ""


def hit_points(state: State, c: Creature, seat: int) -> int:
    """The creature's hit points against ``seat`` now."""
    return hit_points_cited(state, c, seat)[0]


def hit_points_cited(state: State, c: Creature, seat: int) -> tuple[int, tuple[str, ...]]:
    """The creature's hit points against ``seat`` now, and the catalogue entries they
    come from: the type's assumed number (the Crocovolant's is printed), the round's
    +1, the ground, a baby toad's −1, the floor of 1."""
    base = kind(state, c.type)
    hp = base.hp
    if c.type == "croc":
        cited = [cite("reinforce.croc")]
    elif any(r.id == c.type for r in state.data.reinforcements):
        cited = [cite("assume.reinforcements")]
    else:
        cited = [cite("assume.creatures")]
    if change_for(state, seat) == "plus_one_hp":
        hp += 1
        cited.append(cite("change.plus-one"))
    elif has_power(state, seat, "immutable") and _round_change(state) == "plus_one_hp":
        cited.append(cite("power.immutable"))  # the round's +1 does not apply to this seat
    ground = tile_at(state, c.quarter, c.section)
    if ground in _GROUND:
        hp += _GROUND[ground]
        cited.append(cite("terrain." + ground))
    if c.id in state.minus_hp:
        hp -= 1
        cited.append(cite("reinforce.toad"))
    if hp < 1:
        cited.append(cite("assume.min-hp"))
    return max(hp, 1), tuple(cited)


def _round_change(state: State) -> str:
    card = destiny_card(state)
    return "" if card is None else card.rule


# What the terrain tiles do to the hit points of a creature standing on them.
_GROUND = {"vegetation": -1, "stones": 1}


def value(state: State, slot: int) -> int:
    """The creature counter's value for ``slot``."""
    return state.data.creatures[slot].track[state.counters[slot]]


# The creatures last asked about, by identity, with the quarters they stand in and
# how many stand empty: the end is checked after every decision and at every turn
# (whose markers come out in the quarters without one), and the creatures change a
# few times a round (the tuple is held, so its identity cannot pass to another).
_Quarters = tuple[tuple[Creature, ...] | None, frozenset[int], int]
_LAST_QUARTERS: list[_Quarters] = [(None, frozenset(), 6)]
_QUARTERS = frozenset(range(1, 7))


def _quarters(creatures: tuple[Creature, ...]) -> _Quarters:
    busy = frozenset([c.quarter for c in creatures])
    known = _LAST_QUARTERS[0] = (creatures, busy, len(_QUARTERS - busy))
    return known


def busy_quarters(state: State) -> frozenset[int]:
    """The quarters where a creature stands."""
    known = _LAST_QUARTERS[0]
    return (known if known[0] is state.creatures else _quarters(state.creatures))[1]


def empty_quarters(state: State) -> int:
    known = _LAST_QUARTERS[0]
    return (known if known[0] is state.creatures else _quarters(state.creatures))[2]


def front(state: State, quarter: int) -> int | None:
    """The section of ``quarter`` nearest the tower that holds a creature."""
    sections = [c.section for c in state.creatures if c.quarter == quarter]
    return max(sections) if sections else None


Place = tuple[int, int]  # (quarter, section)


def second_place(
    state: State, effect: str, quarter: int, section: int, side: int
) -> tuple[Place | None, tuple[str, ...]]:
    """Where the second effect of a Blizzard (``ice_storm``) or Séisme (``earthquake``)
    aimed at ``section`` of ``quarter`` also strikes (None: nowhere), and the rulings
    that say so."""
    o = state.options
    place: Place | None
    if effect == "ice_storm":  # « la section située derrière la première section affectée »
        behind = section - 1 if o.ice_storm_behind == "outward" else section + 1
        place = (quarter, behind) if behind in SECTIONS else None
        return place, (cite("ruling.ice-storm-behind"),)
    also = [cite("ruling.earthquake-beside")]  # « une section voisine (à droite ou à gauche »
    if o.earthquake_beside == "quarter":
        place = ((quarter - 1 + side) % 6 + 1, section)
    else:  # side -1: the section farther out, +1: the one nearer the tower
        place = (quarter, section + side) if section + side in SECTIONS else None
    if o.new_destiny and place is not None:  # the front rule
        also.append(cite("ruling.quake-front"))
        near = front(state, place[0])
        if o.quake_front == "front_only" and place[1] != near:
            place = None
        elif o.quake_front == "neighbour_front":
            place = None if near is None else (place[0], near)
    if place == (quarter, section):
        place = None  # struck once already
    return place, tuple(also)


def in_quarter(state: State, quarter: int) -> list[Creature]:
    return [c for c in state.creatures if c.quarter == quarter]


def attackable(state: State, seat: int, anywhere: bool) -> list[Creature]:
    """Creatures an attack spell of ``seat`` may hit (``anywhere``: Lightning Bolt)."""
    quarters = range(1, 7) if anywhere else (state.seats[seat].space,)
    out: list[Creature] = []
    for q in quarters:
        here = in_quarter(state, q)
        if state.options.new_destiny and here:  # the front section's alone
            near = max(c.section for c in here)
            here = [c for c in here if c.section == near]
        out += here
    return out


def energy_for(casting: Casting, spell: Spell) -> int:
    if spell.energy in ENERGIES:
        return casting.energy[ENERGIES.index(spell.energy)] + casting.wild
    return sum(casting.energy) + casting.wild


def levels_reached(state: State, spell: Spell | None = None) -> list[int]:
    """Effects (1-based) the spell being cast can apply now; ``spell``: its card's
    spell, where the caller has it at hand."""
    if state.casting is None:
        return []
    spell = spell or spell_of(state, state.casting.card)
    have = energy_for(state.casting, spell)
    return [i + 1 for i, lv in enumerate(spell.levels) if have >= lv.energy]


def drawable_discard(state: State, seat: int) -> tuple[str, ...]:
    """The cards of ``seat``'s discard that may come into its hand during this turn,
    by any draw (from the discard, or from a deck the discard refills): all but the
    spells learned this turn, « les nouveaux sorts ne peuvent être utilisés qu'aux
    tours ultérieurs »."""
    fresh = state.fresh
    discard = state.seats[seat].discard
    return tuple([c for c in discard if c not in fresh]) if fresh else discard


def opponents_over_three(state: State, seat: int) -> list[int]:
    return [s for s, p in enumerate(state.seats) if s != seat and len(p.hand) > 3]


def category_of(state: State, creature_id: str) -> str:
    return kind(state, creature_type(creature_id)).category
