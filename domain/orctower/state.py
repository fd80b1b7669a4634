"""The game state: one frozen value, folded from the events by ``evolve``.

Every struct here is untracked by the cycle collector (``gc=False``), as events
are: a value made of tuples and other values never refers back to itself, and
a fold makes a new state at every event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import msgspec

from domain.kernel import Pending
from domain.orctower.data import ENERGIES, Data
from domain.orctower.options import Options

# missions: every seat keeps one of two secret missions (module);
# reveal: the active seat picks the quarter of its second marker;
# actions: it picks its next action; casting: a spell is being built and resolved;
# demand: other seats discard a card (Voodoo, common discard);
# bonus: the active seat takes the bonus actions of creatures just defeated (module);
# over: the game has ended and is scored.
Stage = Literal["missions", "reveal", "actions", "casting", "demand", "bonus", "over"]


class Creature(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str  # the id of the marker it came from, e.g. "goblin-07"
    quarter: int
    section: int  # 0 outer, 1 middle, 2 inner
    damage: int = 0

    @property
    def type(self) -> str:
        return _TYPES[self.id]  # creature_type's table, read without its call


class Casting(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A spell being cast: its card, the upgrades played and the energy they give."""

    card: str
    upgrades: tuple[str, ...] = ()
    energy: tuple[int, int, int, int] = (0, 0, 0, 0)  # in the order of ENERGIES
    wild: int = 0  # energy of any type (Wisdom cast, a bonus action's energy)
    teleports: int = 0  # upgrade effects still to use
    draws: int = 0


class Player(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    colour: str
    space: int  # tower space = the quarter the mage faces
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # top first
    discard: tuple[str, ...] = ()  # bottom first: the top card is discard[-1]
    defeated: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # per hunting-board slot
    gauges: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    powers: tuple[str, ...] = ()
    learned: int = 0  # palette spells taken (secret mission « Sorts »)
    mission: str = ""
    offer: tuple[str, ...] = ()  # missions dealt, before one is kept
    toads: tuple[str, ...] = ()  # baby toad tiles held, unused (reinforcements)


class Tile(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A terrain tile or a baby toad tile lying on a section."""

    kind: str
    quarter: int
    section: int


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    players: int
    options: Options
    data: Data
    types: tuple[str, ...]  # the creature type on each hunting-board slot
    round: int = 0
    active: int = 0
    first: int = 0
    stage: Stage = "reveal"
    seats: tuple[Player, ...] = ()
    creatures: tuple[Creature, ...] = ()
    stacks: tuple[tuple[str, ...], ...] = ((), (), (), (), (), ())  # face-down, top first
    counters: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # index into each slot's track
    destiny_deck: tuple[str, ...] = ()
    destiny_discard: tuple[str, ...] = ()
    destiny: str = ""
    piles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # attack, knowledge: top first
    palette: tuple[str, ...] = ("", "", "", "", "", "")  # 3 attack slots, 3 knowledge
    poison: tuple[str, ...] = ()  # the face-up supply, top first
    box: tuple[str, ...] = ()  # cards removed from the game (hand change)
    missions_left: tuple[str, ...] = ()
    terrain: tuple[Tile, ...] = ()
    toad_tiles: tuple[Tile, ...] = ()  # baby toads lying on the board
    toad_supply: tuple[str, ...] = ()
    # table mode: per face-down pile, its cards in unknown order (domain/orctower/facedown.py)
    unknown: dict[str, int] = msgspec.field(default_factory=dict)
    actions: int = 0  # actions left this turn
    casting: Casting | None = None
    poisoned: bool = False  # the poison power was used this turn
    changed: bool = False  # the hand change power was used this turn
    bonus_energy: int = 0  # energy for the next action (bonus action, baby toad)
    minus_hp: tuple[str, ...] = ()  # creatures at -1 hit point this turn (baby toad)
    demands: tuple[int, ...] = ()  # seats that must discard a card
    bonuses: tuple[str, ...] = ()  # defeated creatures whose bonus action is open
    fresh: tuple[str, ...] = ()  # spells learned this turn: not usable before a later turn
    toads_used: tuple[str, ...] = ()  # baby toads used this turn (option toad_use=each_turn)
    last_round: bool = False
    scores: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    # What a setup position gave (cleared by SetupCompleted): the rest is dealt.
    given: tuple[str, ...] = ()
    terrain_sections: tuple[int, ...] = ()


class _Prefixes(dict[str, str]):
    """What comes before the last ``sep`` of an id, worked out once per id: the rules
    ask it of a card or a marker at most steps, and the ids are a game's few."""

    def __init__(self, sep: str) -> None:
        super().__init__()
        self.sep = sep

    def __missing__(self, key: str) -> str:
        prefix = self[key] = key.rsplit(self.sep, 1)[0]
        return prefix


_TYPES = _Prefixes("-")
_SPELLS = _Prefixes(".")

# The tables' own lookups, not functions calling them: the rules ask these over a
# thousand times a bot game, and a call layer was about a tenth of a lookup's cost.
# A marker's creature type (``goblin-07`` -> ``goblin``).
creature_type: Callable[[str], str] = _TYPES.__getitem__
# The spell id of a card id (``zap.3`` -> ``zap``).
card_spell: Callable[[str], str] = _SPELLS.__getitem__


def energy_index(energy: str) -> int:
    return ENERGIES.index(energy)


def slot_of(state: State, type_id: str) -> int:
    return state.types.index(type_id)


def creature(state: State, creature_id: str) -> Creature:
    for c in state.creatures:
        if c.id == creature_id:
            return c
    raise KeyError(creature_id)


def occupant(state: State, space: int) -> int | None:
    for seat, p in enumerate(state.seats):
        if p.space == space:
            return seat
    return None
