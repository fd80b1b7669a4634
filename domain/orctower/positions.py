"""Setup positions: check a setup mapping, lay it into a state, write one back.

Cards may be given by id (``zap.03``) or by spell (``zap``: the first unused
number is taken); creatures and markers by id (``goblin-07``) or by type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.kernel import SetupError
from domain.kernel.events import OPENING_CHANCE
from domain.kernel.phrases import Phrase, phrase
from domain.kernel.shape_faults import value_fault
from domain.orctower.data import DATA, POWERS, QUARTERS, SECTIONS, Data
from domain.orctower.state import Casting, Creature, State, Tile

rep = msgspec.structs.replace
STAGES = ("missions", "reveal", "actions", "casting", "demand", "bonus", "over")
SEAT_KEYS = (
    "space",
    "hand",
    "deck",
    "discard",
    "defeated",
    "gauges",
    "powers",
    "learned",
    "mission",
    "offer",
    "toads",
)


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    space: int | None = None
    hand: list[str] | None = None
    deck: list[str] | None = None
    discard: list[str] | None = None
    defeated: list[int] | None = None
    gauges: list[int] | None = None
    powers: list[str] | None = None
    learned: int | None = None
    mission: str | None = None
    offer: list[str] | None = None
    toads: list[str] | None = None


class CreatureSpec(msgspec.Struct, forbid_unknown_fields=True):
    quarter: int
    section: int
    id: str = ""
    type: str = ""
    damage: int = 0


class TileSpec(msgspec.Struct, forbid_unknown_fields=True):
    kind: str
    quarter: int
    section: int


class CastingSpec(msgspec.Struct, forbid_unknown_fields=True):
    card: str
    upgrades: list[str] = []
    energy: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    wild: int = 0
    teleports: int = 0
    draws: int = 0


class PilesSpec(msgspec.Struct, forbid_unknown_fields=True):
    attack: list[str] = []
    knowledge: list[str] = []


class PositionSpec(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    round: int | None = None
    first: int | None = None
    active: int | None = None
    stage: str | None = None
    actions: int | None = None
    last_round: bool | None = None
    destiny: str | None = None
    destiny_deck: list[str] | None = None
    destiny_discard: list[str] | None = None
    counters: list[int] | None = None
    markers: list[list[str]] | None = None
    creatures: list[CreatureSpec] | None = None
    palette: list[str] | None = None
    piles: PilesSpec | None = None
    poison: list[str] | int | None = None
    box: list[str] | None = None
    seats: list[SeatSpec] | None = None
    casting: CastingSpec | None = None
    poisoned: bool | None = None
    changed: bool | None = None
    bonus_energy: int | None = None
    minus_hp: list[str] | None = None
    demands: list[int] | None = None
    bonuses: list[str] | None = None
    fresh: list[str] | None = None
    toads_used: list[str] | None = None
    terrain: list[TileSpec] | None = None
    terrain_sections: list[int] | None = None
    toad_tiles: list[TileSpec] | None = None
    toad_supply: list[str] | None = None
    missions_left: list[str] | None = None
    scores: list[int] | None = None
    # table mode: per face-down pile (``deck.<seat>``, ``attack``, ``knowledge``, ``destiny``,
    # ``missions``, ``toads``, ``markers``), its cards at the bottom in unknown order
    unknown: dict[str, int] | None = None


class _Ids:
    """Gives bare names the first unused number."""

    def __init__(self, explicit: set[str], sep: str, data: Data = DATA) -> None:
        self.used = set(explicit)
        self.sep = sep
        self.data = data

    def own(self, name: str, seat: int) -> str:
        """A starting spell named in a seat's zones: one of that seat's own copies."""
        spell = next((x for x in self.data.spells if x.id == name and x.pile == "start"), None)
        if spell is not None:
            for k in range(spell.copies):
                card = f"{name}.{seat * spell.copies + k + 1:02d}"
                if card not in self.used:
                    self.used.add(card)
                    return card
        return self(name)

    def __call__(self, name: str) -> str:
        if self.sep in name:
            return name
        n = 1
        while f"{name}{self.sep}{n:02d}" in self.used:
            n += 1
        self.used.add(f"{name}{self.sep}{n:02d}")
        return f"{name}{self.sep}{n:02d}"


def _card_lists(spec: PositionSpec) -> list[list[str]]:
    lists: list[list[str]] = []
    for s in spec.seats or []:
        lists += [x for x in (s.hand, s.deck, s.discard) if x is not None]
    if spec.palette is not None:
        lists.append(spec.palette)
    if spec.piles is not None:
        lists += [spec.piles.attack, spec.piles.knowledge]
    if isinstance(spec.poison, list):
        lists.append(spec.poison)
    if spec.box is not None:
        lists.append(spec.box)
    if spec.casting is not None:
        lists.append([spec.casting.card, *spec.casting.upgrades])
    return lists


def _spell_known(card: str, data: Data) -> bool:
    name = card.rsplit(".", 1)[0]
    if name == "poison":
        return True
    try:
        data.spell(name)
    except KeyError:
        return False
    return True


def _check_range(value: int, low: int, high: int, what: str | Phrase) -> None:
    if not low <= value <= high:
        raise SetupError(
            phrase(
                "{what} must be from {low} to {high}, not {value}",
                what=what,
                low=low,
                high=high,
                value=value,
            )
        )


def validate_setup(setup: Mapping[str, Any], players: int, data: Data = DATA) -> dict[str, Any]:
    """Check a setup mapping against the table's data (card, creature and track
    names come from it); return its normal form."""
    extra = {k: v for k, v in setup.items() if k not in OPENING_CHANCE}
    try:
        spec = msgspec.convert(extra, PositionSpec)
    except msgspec.ValidationError as error:
        fault = value_fault(PositionSpec, extra) or str(error)
        raise SetupError(phrase("orctower setup: {error}", error=fault)) from None
    cards = _Ids({c for lst in _card_lists(spec) for c in lst if "." in c}, ".", data)
    for seat, s in enumerate(spec.seats or []):
        for lst in (s.hand, s.deck, s.discard):
            if lst is None:
                continue
            for i, card in enumerate(lst):
                if "." not in card and _spell_known(card, data):
                    lst[i] = cards.own(card, seat)
    for lst in _card_lists(spec):
        for i, card in enumerate(lst):
            if card == "":
                continue
            if not _spell_known(card, data):
                raise SetupError(
                    phrase("unknown card {card} (ids: spell.NN, e.g. zap.01)", card=repr(card))
                )
            lst[i] = cards(card)
    seen: set[str] = set()
    for lst in _card_lists(spec):
        for card in lst:
            if card and card in seen:
                raise SetupError(phrase("card {card} is in two places", card=repr(card)))
            seen.add(card)
    if spec.seats is not None and len(spec.seats) != players:
        raise SetupError(
            phrase(
                "seats must list {players} seats, not {given}",
                players=players,
                given=len(spec.seats),
            )
        )
    spaces = [s.space for s in spec.seats or [] if s.space is not None]
    for space in spaces:
        _check_range(space, 1, 6, "seats[].space")
    if len(set(spaces)) != len(spaces):
        raise SetupError(phrase("two mages on one tower space"))
    for s in spec.seats or []:
        for key in ("defeated", "gauges"):
            values = getattr(s, key)
            if values is not None and (len(values) != 6 or min(values) < 0):
                raise SetupError(
                    phrase("seats[].{key}: 6 counts of 0 or more, one per type", key=key)
                )
        if s.powers and any(p not in POWERS for p in s.powers):
            raise SetupError(phrase("seats[].powers: among {powers}", powers=str(list(POWERS))))
    for key in ("first", "active"):
        value = getattr(spec, key)
        if value is not None:
            _check_range(value, 0, players - 1, key)
    if spec.stage is not None and spec.stage not in STAGES:
        raise SetupError(
            phrase(
                "stage must be one of {stages}, not {stage}",
                stages=str(list(STAGES)),
                stage=repr(spec.stage),
            )
        )
    if spec.counters is not None and len(spec.counters) != 6:
        raise SetupError(phrase("counters: 6 track positions (0 = first space), one per type"))
    for i, n in enumerate(spec.counters or []):
        _check_range(n, 0, len(data.creatures[i].track) - 1, f"counters[{i}]")
    explicit = {c.id for c in spec.creatures or [] if c.id}
    explicit |= {m for stack in spec.markers or [] for m in stack if "-" in m}
    ids = _Ids(explicit, "-")
    for c in spec.creatures or []:
        _check_range(c.quarter, 1, 6, "creatures[].quarter")
        _check_range(c.section, 0, 2, "creatures[].section")
        if not c.id and not c.type:
            raise SetupError(phrase("creatures[]: give an id (goblin-07) or a type (goblin)"))
        c.id = c.id or ids(c.type)
        c.type = ""
    if spec.markers is not None:
        if len(spec.markers) != 6:
            raise SetupError(phrase("markers: 6 lists, quarter 1 first, top of each stack first"))
        spec.markers = [[ids(m) for m in stack] for stack in spec.markers]
    everything = [c.id for c in spec.creatures or []]
    everything += [m for stack in spec.markers or [] for m in stack]
    if len(set(everything)) != len(everything):
        raise SetupError(phrase("a creature marker is in two places"))
    for t in (spec.terrain or []) + (spec.toad_tiles or []):
        _check_range(t.quarter, 1, 6, phrase("tile quarter"))
        _check_range(t.section, 0, 2, phrase("tile section"))
    for section in spec.terrain_sections or []:
        _check_range(section, 0, 2, "terrain_sections[]")
    known = {c.id for c in (*data.creatures, *data.reinforcements)}
    for cid in everything:
        if cid.rsplit("-", 1)[0] not in known:
            raise SetupError(
                phrase(
                    "unknown creature {id}; types: {types}",
                    id=repr(cid),
                    types=str(sorted(known)),
                )
            )
    _check_stage(spec)
    _check_unknown(spec, players)
    out: dict[str, Any] = msgspec.to_builtins(spec)
    return out


def _check_unknown(spec: PositionSpec, players: int) -> None:
    """Each count names a face-down pile the position gives and fits in it."""
    if not spec.unknown:
        return
    piles: dict[str, list[Any] | None] = {
        "attack": spec.piles.attack if spec.piles else None,
        "knowledge": spec.piles.knowledge if spec.piles else None,
        "destiny": spec.destiny_deck,
        "missions": spec.missions_left,
        "toads": spec.toad_supply,
        "markers": [m for stack in spec.markers or [] for m in stack] if spec.markers else None,
    }
    for seat, s in enumerate(spec.seats or []):
        piles[f"deck.{seat}"] = s.deck
    for pile, count in spec.unknown.items():
        if pile not in piles and not (pile.startswith("deck.") and pile[5:].isdigit()):
            raise SetupError(
                phrase(
                    "unknown: no face-down pile {pile}; piles: {piles}",
                    pile=repr(pile),
                    piles=str(sorted(piles)),
                )
            )
        cards = piles.get(pile)
        if cards is None:
            raise SetupError(phrase("unknown.{pile}: give the pile's cards too", pile=pile))
        whole = pile == "markers" and count != len(cards)
        if not 0 <= count <= len(cards) or whole:
            size = f"{len(cards)}" if pile == "markers" else f"0..{len(cards)}"
            raise SetupError(
                phrase(
                    "unknown.{pile}: {count} cards in unknown order, not {size}",
                    pile=pile,
                    count=count,
                    size=size,
                )
            )
    spec.unknown = {k: v for k, v in spec.unknown.items() if v}


def _check_stage(spec: PositionSpec) -> None:
    """A stage needs what it waits on: a spell for casting, seats for demand..."""
    needs = {
        "casting": (spec.casting is not None, "casting"),
        "demand": (bool(spec.demands), "demands"),
        "bonus": (bool(spec.bonuses), "bonuses"),
        "missions": (any(s.offer for s in spec.seats or []), "seats[].offer"),
        "over": (bool(spec.scores), "scores"),
    }
    if spec.stage == "actions" and spec.actions == 0:
        raise SetupError(phrase("stage 'actions' needs actions of 1 or more"))
    if spec.stage in needs and not needs[spec.stage][0]:
        raise SetupError(
            phrase(
                "stage {stage} needs {field}",
                stage=repr(spec.stage),
                field=needs[spec.stage][1],
            )
        )
    if spec.casting is not None and spec.stage not in (None, "casting"):
        raise SetupError(phrase("casting is given, so stage must be 'casting'"))


def from_position(state: State, given: Mapping[str, Any]) -> State:
    """Lay the given parts of a (normalised) position into the fresh state."""
    if not given:
        return state
    spec = msgspec.convert(dict(given), PositionSpec)
    seats = list(state.seats)
    for i, s in enumerate(spec.seats or []):
        laid = dict(msgspec.to_builtins(s))
        for key in ("hand", "deck", "discard", "defeated", "gauges", "powers", "offer", "toads"):
            if key in laid:
                laid[key] = tuple(laid[key])
        seats[i] = rep(seats[i], **laid)
    changes: dict[str, Any] = {}
    for key in (
        "round",
        "first",
        "active",
        "stage",
        "actions",
        "last_round",
        "destiny",
        "poisoned",
        "changed",
        "bonus_energy",
    ):
        value = getattr(spec, key)
        if value is not None:
            changes[key] = value
    for key in (
        "destiny_deck",
        "destiny_discard",
        "counters",
        "palette",
        "box",
        "minus_hp",
        "demands",
        "bonuses",
        "fresh",
        "toads_used",
        "toad_supply",
        "missions_left",
        "scores",
    ):
        value = getattr(spec, key)
        if value is not None:
            changes[key] = tuple(value)
    if spec.stage in ("reveal", "actions", "casting") and spec.actions is None:
        changes["actions"] = 2  # « le joueur actif peut effectuer 2 actions »
    if spec.markers is not None:
        changes["stacks"] = tuple(tuple(s) for s in spec.markers)
    if spec.creatures is not None:
        changes["creatures"] = tuple(
            Creature(id=c.id, quarter=c.quarter, section=c.section, damage=c.damage)
            for c in spec.creatures
        )
    if spec.piles is not None:
        changes["piles"] = (tuple(spec.piles.attack), tuple(spec.piles.knowledge))
    if isinstance(spec.poison, int):
        changes["poison"] = state.poison[: spec.poison]
    elif spec.poison is not None:
        changes["poison"] = tuple(spec.poison)
    if spec.casting is not None:
        changes["casting"] = msgspec.convert(msgspec.to_builtins(spec.casting), Casting)
    for key in ("terrain", "toad_tiles"):
        tiles = getattr(spec, key)
        if tiles is not None:
            changes[key] = tuple(
                Tile(kind=t.kind, quarter=t.quarter, section=t.section) for t in tiles
            )
    if spec.terrain_sections is not None:
        changes["terrain_sections"] = tuple(spec.terrain_sections)
    if spec.unknown:
        changes["unknown"] = dict(spec.unknown)
    given_keys = [k for k in given if k != "seats"]
    given_keys += [f"seats.{i}.{k}" for i, s in enumerate(given.get("seats", [])) for k in s]
    return rep(state, seats=tuple(seats), given=tuple(given_keys), **changes)


def position(state: State) -> dict[str, Any]:
    """Every part of the position, as a setup mapping."""
    seats = []
    for p in state.seats:
        every = msgspec.to_builtins(p)
        seats.append({k: every[k] for k in SEAT_KEYS})
    out: dict[str, Any] = {
        "round": state.round,
        "first": state.first,
        "active": state.active,
        "stage": state.stage,
        "actions": state.actions,
        "last_round": state.last_round,
        "destiny": state.destiny,
        "destiny_deck": list(state.destiny_deck),
        "destiny_discard": list(state.destiny_discard),
        "counters": list(state.counters),
        "markers": [list(s) for s in state.stacks],
        "creatures": [msgspec.to_builtins(c) for c in state.creatures],
        "palette": list(state.palette),
        "piles": {"attack": list(state.piles[0]), "knowledge": list(state.piles[1])},
        "poison": list(state.poison),
        "box": list(state.box),
        "seats": seats,
        "poisoned": state.poisoned,
        "changed": state.changed,
        "bonus_energy": state.bonus_energy,
        "minus_hp": list(state.minus_hp),
        "demands": list(state.demands),
        "bonuses": list(state.bonuses),
        "fresh": list(state.fresh),
        "toads_used": list(state.toads_used),
        "terrain": [msgspec.to_builtins(t) for t in state.terrain],
        "toad_tiles": [msgspec.to_builtins(t) for t in state.toad_tiles],
        "toad_supply": list(state.toad_supply),
        "missions_left": list(state.missions_left),
        "scores": list(state.scores),
    }
    if state.casting is not None:
        out["casting"] = msgspec.to_builtins(state.casting)
    if state.unknown:  # only a table-mode game has piles in unknown order
        out["unknown"] = dict(state.unknown)
    # Through JSON: tuples become lists, as TOML has them.
    plain: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(out))
    return plain


__all__ = ["QUARTERS", "SECTIONS", "from_position", "position", "validate_setup"]
