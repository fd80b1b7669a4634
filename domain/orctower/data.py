"""The game's components as data: creatures, counters, gauges, markers, spells,
destiny cards and the board.

Numbers the rulebook prints are marked with their catalogue rule; everything
else is an assumption of ours (``orctower.assume.*``) and a table may replace
it with a data file of its own (``validate_data``). The built-in data is
``DEFAULT`` (a TOML-ready mapping) and its typed form ``DATA``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from domain.kernel import SetupError
from domain.kernel.data import name_problem
from domain.kernel.data_bounds import check_bounds
from domain.kernel.phrases import phrase
from domain.kernel.shape_faults import value_fault
from domain.orctower.data_bounds import BOUNDS
from domain.orctower.memo import by_identity

QUARTERS = (1, 2, 3, 4, 5, 6)
# Sections of a quarter, from the outside in; a creature that moves on from the
# inner section reaches the tower.
OUTER, MIDDLE, INNER = 0, 1, 2
SECTIONS = (OUTER, MIDDLE, INNER)
SECTION_NAMES = ("outer", "middle", "inner")
ENERGIES = ("earth", "lightning", "water", "fire")
CATEGORIES = ("weak", "strong", "mighty")
COLOURS = ("blue", "green", "red", "yellow")
# Printed: « Mage: bleu vert rouge jaune / Space: 1 2 3 5 » (orctower.setup.mages).
START_SPACES = {"blue": 1, "green": 2, "red": 3, "yellow": 5}
POWERS = ("draw5", "three_actions", "poison", "hand_change", "immutable", "no_loss")
MISSIONS = ("weak", "strong", "mighty", "sets", "groups", "maximum", "powers", "spells")
BONUSES = ("draw", "action", "discard", "energy")
TOADS = ("toad_draw", "toad_action", "toad_energy", "toad_hp")
RULE_CHANGES = (
    "",
    "plus_one_hp",
    "no_study",
    "no_teleport",
    "no_powers",
    "three_spells",
    "exchange",
)
# The rule changes and the bonus powers by the names the rulebook prints for them
# (« Règles spéciales des cartes Destin », « Pouvoirs bonus »).
CHANGE_NAMES = {
    "plus_one_hp": "+1 point de vie aux Créatures",
    "no_study": "Pas d’étude",
    "no_teleport": "Pas de téléportation",
    "no_powers": "Pas de pouvoirs bonus",
    "three_spells": "3 sorts",
    "exchange": "Échange de sorts",
}
POWER_NAMES = {
    "draw5": "Piocher un sort supplémentaire",
    "three_actions": "Action supplémentaire",
    "poison": "Poison",
    "hand_change": "Changement de main",
    "immutable": "Règles immuables",
    "no_loss": "Pas de perte de créatures",
}
SpellKind = Literal["attack", "area", "knowledge", "support"]
Effect = Literal[
    "damage",  # one creature of the mage's quarter
    "bolt",  # one creature of any quarter
    "ice_storm",  # a section, then the section behind it
    "earthquake",  # a section, then a neighbouring quarter's same section
    "learn",  # a palette card into the personal discard
    "replenish",
    "switch",
    "bonds",
    "voodoo",
]


class CreatureType(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    category: str
    hp: int
    count: int  # pawns in the box
    track: tuple[int, ...]  # counter values, first space first
    gauge: int  # skulls to climb to the bonus power
    power: str
    markers: tuple[int, int, int]  # unnumbered markers, numbered 3, numbered 4
    bonus: str = ""  # module « Actions bonus »: draw, action, discard or energy


class Level(msgspec.Struct, frozen=True, kw_only=True):
    """One effect of a spell: the energy of the spell's type it needs, and its size."""

    energy: int
    amount: int


class Spell(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    kind: SpellKind
    energy: str  # the type on top of the card; "any" for Sagesse
    effect: Effect
    levels: tuple[Level, ...]
    upgrade_choice: tuple[str, ...] = ()  # energies to choose from when played as an upgrade
    upgrade_teleport: bool = False
    upgrade_draw: bool = False
    copies: int = 1  # in its palette pile (starting spells: per player)
    pile: str = ""  # "start", "attack" or "knowledge"


class Destiny(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    moves: tuple[str, ...]  # categories (base game)
    rule: str = ""  # one of RULE_CHANGES
    # New destiny cards (module): quarters and sections that move.
    quarters: tuple[int, ...] = ()
    sections: tuple[int, ...] = ()


class Data(msgspec.Struct, frozen=True, kw_only=True):
    creatures: tuple[CreatureType, ...]
    reinforcements: tuple[CreatureType, ...]
    missions: tuple[str, ...]
    terrain: tuple[str, ...]  # the 9 tiles
    toads: tuple[str, ...]  # baby toad abilities, one entry per tile
    spells: tuple[Spell, ...]
    destiny: tuple[Destiny, ...]
    new_destiny: tuple[Destiny, ...]
    markers_per_quarter: tuple[int, int, int]  # 2, 3, 4 players (printed)
    poison_cards: int
    # Module « terrain »: the section of each quarter's tile when the table does not
    # choose (orctower.assume.terrain-sections).
    terrain_sections: tuple[int, ...] = (1, 1, 1, 1, 1, 1)

    def creature(self, type_id: str) -> CreatureType:
        return index(self).creatures[type_id]

    def spell(self, spell_id: str) -> Spell:
        return index(self).spells[spell_id]

    def destiny_card(self, card_id: str) -> Destiny | None:
        """A destiny card of either deck by its id."""
        return index(self).destiny.get(card_id)

    def type_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.creatures)


class _Index:
    """The data's pieces by id, the first of an id where two share it (as a search
    from the front finds it): the rules look a spell, a creature type or the destiny
    card up at most events."""

    def __init__(self, data: Data) -> None:
        self.creatures = {c.id: c for c in reversed((*data.creatures, *data.reinforcements))}
        self.spells = {s.id: s for s in reversed(data.spells)}
        self.destiny = {d.id: d for d in reversed((*data.destiny, *data.new_destiny))}


# A game's states share one data object: its index is made once per data. The
# rules' most asked lookups (queries.spell_of, destiny_card, kind) read it without
# the method around it.
index = by_identity(_Index)


def _spell(
    sid: str,
    name: str,
    kind: str,
    energy: str,
    effect: str,
    levels: list[tuple[int, int]],
    **more: Any,
) -> dict[str, Any]:
    return {
        "id": sid,
        "name": name,
        "kind": kind,
        "energy": energy,
        "effect": effect,
        "levels": [{"energy": e, "amount": a} for e, a in levels],
        **more,
    }


_BASIC = [(1, 1), (2, 2), (3, 3)]  # « jusqu'à 3 points de dégâts »

DEFAULT: dict[str, Any] = {
    "markers_per_quarter": [8, 10, 12],
    "poison_cards": 14,
    "terrain_sections": [1, 1, 1, 1, 1, 1],
    "creatures": [
        # hp of goblin, orc rider and lava golem are printed (examples); the
        # others, the tracks, gauges, power mapping and marker numbers: assumptions.
        {
            "id": "goblin",
            "name": "Gobelin",
            "category": "weak",
            "hp": 2,
            "count": 16,
            "track": [3, 2, 1],
            "gauge": 4,
            "power": "draw5",
            "markers": [10, 3, 3],
            "bonus": "draw",
        },
        {
            "id": "orc",
            "name": "Orque",
            "category": "weak",
            "hp": 2,
            "count": 16,
            "track": [3, 2, 1],
            "gauge": 4,
            "power": "three_actions",
            "markers": [10, 3, 3],
            "bonus": "energy",
        },
        {
            "id": "shaman",
            "name": "Shaman gobelin",
            "category": "strong",
            "hp": 3,
            "count": 12,
            "track": [5, 4, 3, 2, 1],
            "gauge": 3,
            "power": "poison",
            "markers": [8, 2, 2],
            "bonus": "discard",
        },
        {
            "id": "rider",
            "name": "Cavalier orque",
            "category": "strong",
            "hp": 3,
            "count": 12,
            "track": [5, 4, 3, 2, 1],
            "gauge": 3,
            "power": "hand_change",
            "markers": [8, 2, 2],
            "bonus": "action",
        },
        {
            "id": "golem",
            "name": "Golem de lave",
            "category": "mighty",
            "hp": 4,
            "count": 8,
            "track": [7, 6, 5, 4, 3, 2, 1],
            "gauge": 2,
            "power": "immutable",
            "markers": [6, 1, 1],
            "bonus": "action",
        },
        {
            "id": "chief",
            "name": "Chef",
            "category": "mighty",
            "hp": 5,
            "count": 8,
            "track": [7, 6, 5, 4, 3, 2, 1],
            "gauge": 2,
            "power": "no_loss",
            "markers": [6, 1, 1],
            "bonus": "draw",
        },
    ],
    # « leurs points de vie et leurs actions bonus diffèrent » (orctower.assume.reinforcements,
    # orctower.assume.bonus-map): each differs from every type it may replace. The
    # Crocovolant's 3 is printed, one more than the weak types' 2; the others take one
    # more than the most of the types they may replace too (strong 3, mighty 4 and 5).
    "reinforcements": [
        {
            "id": "croc",
            "name": "Crocovolant",
            "category": "weak",
            "hp": 3,
            "count": 16,
            "track": [3, 2, 1],
            "gauge": 4,
            "power": "",
            "markers": [10, 3, 3],
            "bonus": "action",
        },
        {
            "id": "toad",
            "name": "Crapaud Couveur",
            "category": "strong",
            "hp": 4,
            "count": 12,
            "track": [5, 4, 3, 2, 1],
            "gauge": 3,
            "power": "",
            "markers": [8, 2, 2],
            "bonus": "draw",
        },
        {
            "id": "bombardier",
            "name": "Bombardier",
            "category": "mighty",
            "hp": 6,
            "count": 8,
            "track": [7, 6, 5, 4, 3, 2, 1],
            "gauge": 2,
            "power": "",
            "markers": [6, 1, 1],
            "bonus": "discard",
        },
    ],
    "missions": ["weak", "strong", "mighty", "sets", "groups", "maximum", "powers", "spells"],
    "terrain": ["vegetation"] * 3 + ["stones"] * 3 + ["road"] * 3,
    "toads": ["toad_draw"] * 3 + ["toad_action"] * 3 + ["toad_energy"] * 3 + ["toad_hp"] * 3,
    # Spells by the names the rulebook prints: its French name where it gives
    # one (« Fireball (Boule de feu) », « Grimoire (Spell book) »), else the
    # card's own (Smash, Zap, Cold Snap, Fire Spark). The two Grimoires' energy
    # pairs in their names are ours, to tell them apart.
    "spells": [
        _spell("smash", "Smash", "attack", "earth", "damage", _BASIC, pile="start"),
        _spell("zap", "Zap", "attack", "lightning", "damage", _BASIC, pile="start"),
        _spell("cold_snap", "Cold Snap", "attack", "water", "damage", _BASIC, pile="start"),
        _spell("fire_spark", "Fire Spark", "attack", "fire", "damage", _BASIC, pile="start"),
        _spell(
            "spell_book_el",
            "Grimoire Terre/Foudre",
            "knowledge",
            "earth",
            "learn",
            [(1, 1)],
            upgrade_choice=["earth", "lightning"],
            pile="start",
            copies=2,
        ),
        _spell(
            "spell_book_wf",
            "Grimoire Eau/Feu",
            "knowledge",
            "water",
            "learn",
            [(1, 1)],
            upgrade_choice=["water", "fire"],
            pile="start",
            copies=2,
        ),
        _spell(
            "fireball",
            "Boule de feu",
            "attack",
            "fire",
            "damage",
            [(2, 3), (3, 5)],
            pile="attack",
            copies=5,
        ),
        _spell(
            "ice_storm",
            "Blizzard",
            "area",
            "water",
            "ice_storm",
            [(2, 2), (3, 2)],
            pile="attack",
            copies=5,
        ),
        # Éclair and Réapprovisionnement agree with the example « Replenish en tant
        # qu'amélioration … (Lightning Bolt dans ce cas) … Il inflige ensuite 2 dégâts
        # au gobelin »: one lightning upgrade reaches the first effect, of 2 damage
        # (orctower.assume.spells); « jusqu'à 4 » is the second.
        _spell(
            "lightning_bolt",
            "Éclair",
            "attack",
            "lightning",
            "bolt",
            [(2, 2), (3, 4)],
            pile="attack",
            copies=5,
        ),
        _spell(
            "earthquake",
            "Séisme",
            "area",
            "earth",
            "earthquake",
            [(2, 2), (3, 2)],
            pile="attack",
            copies=5,
        ),
        _spell(
            "wisdom",
            "Sagesse",
            "knowledge",
            "any",
            "learn",
            [(1, 1)],
            upgrade_choice=list(ENERGIES),
            upgrade_teleport=True,
            upgrade_draw=True,
            pile="knowledge",
            copies=4,
        ),
        _spell(
            "replenish",
            "Réapprovisionnement",
            "support",
            "lightning",
            "replenish",
            [(1, 2), (2, 2)],
            upgrade_teleport=True,
            pile="knowledge",
            copies=4,
        ),
        _spell(
            "switch",
            "Interversion",
            "support",
            "lightning",
            "switch",
            [(1, 1), (2, 1)],
            upgrade_draw=True,
            pile="knowledge",
            copies=4,
        ),
        _spell(
            "magic_bonds",
            "Liens magiques",
            "support",
            "earth",
            "bonds",
            [(1, 1), (2, 2)],
            upgrade_teleport=True,
            pile="knowledge",
            copies=4,
        ),
        _spell(
            "voodoo",
            "Vaudou",
            "support",
            "fire",
            "voodoo",
            [(1, 1), (2, 1)],
            upgrade_draw=True,
            pile="knowledge",
            copies=4,
        ),
    ],
    "destiny": [
        {"id": f"d{i + 1:02d}", "moves": moves, "rule": rule}
        for i, (moves, rule) in enumerate(
            [
                (["weak"], ""),
                (["weak"], "plus_one_hp"),
                (["weak"], "no_study"),
                (["weak"], "exchange"),
                (["strong"], ""),
                (["strong"], "no_teleport"),
                (["strong"], "three_spells"),
                (["mighty"], ""),
                (["mighty"], "no_powers"),
                (["weak", "strong"], ""),
                (["weak", "strong"], "exchange"),
                (["strong", "mighty"], "plus_one_hp"),
                (["weak", "mighty"], "three_spells"),
                (["weak", "strong", "mighty"], ""),
                (["weak", "strong", "mighty"], "no_teleport"),
            ]
        )
    ],
    "new_destiny": [
        {"id": f"n{i + 1:02d}", "moves": [], "quarters": q, "sections": s, "rule": rule}
        for i, (q, s, rule) in enumerate(
            [
                ([1, 2], [1], ""),
                ([2, 3], [1], "plus_one_hp"),
                ([3, 4], [1], ""),
                ([4, 5], [1], "no_study"),
                ([5, 6], [1], ""),
                ([6, 1], [1], "no_teleport"),
                ([1, 4], [0, 1], ""),
                ([2, 5], [0, 1], "three_spells"),
                ([3, 6], [0, 1], ""),
                ([1, 3, 5], [2], ""),
                ([2, 4, 6], [2], "no_powers"),
                ([1, 2, 3], [0], ""),
                ([4, 5, 6], [0], "exchange"),
                ([1, 2, 3, 4, 5, 6], [2], ""),
                ([1, 2, 3, 4, 5, 6], [1], "plus_one_hp"),
                ([1, 2, 3, 4, 5, 6], [0], ""),
                ([1, 6], [0, 1, 2], ""),
                ([3, 4], [0, 1, 2], "exchange"),
                ([2, 5], [1, 2], ""),
            ]
        )
    ],
}


def destiny_name(card_id: str) -> str | None:
    """A destiny card by what the rulebook calls it (« carte Destin »), with our
    number of it: ``d03`` is ``carte Destin 3``, the module's ``n12`` is
    ``nouvelle carte Destin 12``. None for any other id."""
    kind, number = card_id[:1], card_id[1:]
    if not number.isdigit() or kind not in ("d", "n"):
        return None
    return f"{'carte' if kind == 'd' else 'nouvelle carte'} Destin {int(number)}"


def _check(data: Data) -> None:
    # Every line that names a creature or a spell says its name: a blank one
    # would leave a hole there ("seat 0 draws  (ice_storm.04)").
    for group, entries in (
        ("creatures", data.creatures),
        ("reinforcements", data.reinforcements),
        ("spells", data.spells),
    ):
        for entry in entries:
            problem = name_problem(entry.name)
            if problem is not None:
                raise SetupError(
                    phrase("{field}: {problem}", field=f"{group}.{entry.id}.name", problem=problem)
                )
    if len(data.creatures) != 6:
        raise SetupError(phrase("creatures: the game has 6 creature types"))
    cats = [c.category for c in data.creatures]
    for cat in CATEGORIES:
        if cats.count(cat) != 2:
            raise SetupError(
                phrase(
                    "creatures: two types of category {cat}, not {count}",
                    cat=cat,
                    count=cats.count(cat),
                )
            )
    for c in data.reinforcements:
        if sum(c.markers) != c.count or c.hp < 1:
            raise SetupError(
                phrase("reinforcements.{id}: hp positive, markers add up to count", id=c.id)
            )
    if sorted(data.missions) != sorted(MISSIONS):
        raise SetupError(
            phrase("missions: the 8 missions {missions}", missions=str(list(MISSIONS)))
        )
    if any(t not in ("vegetation", "stones", "road") for t in data.terrain):
        raise SetupError(phrase("terrain: tiles are vegetation, stones or road"))
    if len(data.terrain_sections) != 6 or any(s not in SECTIONS for s in data.terrain_sections):
        raise SetupError(
            phrase("terrain_sections: 6 sections (0 outer, 1 middle, 2 inner), quarter 1 first")
        )
    if any(t not in TOADS for t in data.toads):
        raise SetupError(phrase("toads: abilities are {toads}", toads=str(list(TOADS))))
    for c in data.creatures:
        if c.bonus not in BONUSES:
            raise SetupError(
                phrase("creatures.{id}.bonus: one of {bonuses}", id=c.id, bonuses=str(BONUSES))
            )
        if c.power not in POWERS:
            raise SetupError(
                phrase(
                    "creatures.{id}.power: {power} is not one of {powers}",
                    id=c.id,
                    power=repr(c.power),
                    powers=str(POWERS),
                )
            )
        if c.hp < 1 or c.gauge < 1 or not c.track or min(c.track) < 0:
            raise SetupError(
                phrase("creatures.{id}: hp, gauge and track values must be positive", id=c.id)
            )
        if sum(c.markers) != c.count:
            raise SetupError(
                phrase(
                    "creatures.{id}: markers {markers} must add up to count",
                    id=c.id,
                    markers=str(list(c.markers)),
                )
            )
    if sorted(c.power for c in data.creatures) != sorted(POWERS):
        raise SetupError(phrase("creatures: each bonus power belongs to exactly one type"))
    for players, per in zip((2, 3, 4), data.markers_per_quarter, strict=True):
        usable = sum(sum(c.markers[: players - 1]) for c in data.creatures)
        if usable != 6 * per:
            raise SetupError(
                phrase(
                    "markers_per_quarter: {players} players use {usable} markers, not 6 × {per}",
                    players=players,
                    usable=usable,
                    per=per,
                )
            )
    ids = [s.id for s in data.spells]
    if len(set(ids)) != len(ids):
        raise SetupError(phrase("spells: ids must be unique"))
    for s in data.spells:
        if s.energy not in (*ENERGIES, "any"):
            raise SetupError(
                phrase(
                    "spells.{id}.energy: {energy} is not an energy type",
                    id=s.id,
                    energy=repr(s.energy),
                )
            )
        if s.pile not in ("start", "attack", "knowledge"):
            raise SetupError(phrase("spells.{id}.pile must be start, attack or knowledge", id=s.id))
        if not s.levels or any(lv.energy < 1 for lv in s.levels):
            raise SetupError(
                phrase("spells.{id}.levels: each level needs at least 1 energy", id=s.id)
            )
        if any(e not in ENERGIES for e in s.upgrade_choice):
            raise SetupError(phrase("spells.{id}.upgrade_choice: energies only", id=s.id))
    for deck in (data.destiny, data.new_destiny):
        for d in deck:
            if d.rule not in RULE_CHANGES or any(m not in CATEGORIES for m in d.moves):
                raise SetupError(
                    phrase(
                        "destiny {id}: unknown category or rule {rule}",
                        id=d.id,
                        rule=repr(d.rule),
                    )
                )
            if any(q not in QUARTERS for q in d.quarters) or any(
                s not in SECTIONS for s in d.sections
            ):
                raise SetupError(
                    phrase("destiny {id}: quarters 1–6 and sections 0–2 only", id=d.id)
                )


def validate_data(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """A table's own data: every key of ``DEFAULT`` may be replaced, every number
    within what the rules can use (``data_bounds``)."""
    unknown = sorted(set(mapping) - set(DEFAULT))
    if unknown:
        raise SetupError(
            phrase(
                "unknown data key(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(sorted(DEFAULT)),
            )
        )
    check_bounds(mapping, BOUNDS)
    merged = {**DEFAULT, **dict(mapping)}
    try:
        data = msgspec.convert(merged, Data)
    except msgspec.ValidationError as error:
        fault = value_fault(Data, merged) or str(error)
        raise SetupError(phrase("orctower data: {error}", error=fault)) from None
    _check(data)
    normal: dict[str, Any] = msgspec.to_builtins(data)
    return normal


def load(mapping: Mapping[str, Any] | None, numbers: str = "example") -> Data:
    """A table's own data (whole, as validated), else the built-in data of the
    ``numbers`` edition (option ``numbers``)."""
    if mapping:
        return msgspec.convert(dict(mapping), Data)
    return DATA if numbers == "example" else FIRST_DATA


def _first_numbers(data: dict[str, Any]) -> dict[str, Any]:
    """The built-in numbers engines 0.1.0 to 0.3.0 assumed (option ``numbers =
    "first"``, changelog 0.4.0): Éclair's first effect 2 lightning energy for 3
    damage, Réapprovisionnement a water card, the Crapaud Couveur 3 hit points, the
    Bombardier 4, the Crocovolant's bonus action energy. Records of those engines
    are decided again with them."""
    spells = [
        {**sp, "levels": [{"energy": 2, "amount": 3}, {"energy": 3, "amount": 4}]}
        if sp["id"] == "lightning_bolt"
        else {**sp, "energy": "water"}
        if sp["id"] == "replenish"
        else sp
        for sp in data["spells"]
    ]
    first: dict[str, dict[str, Any]] = {
        "croc": {"bonus": "energy"},
        "toad": {"hp": 3},
        "bombardier": {"hp": 4},
    }
    reinforcements = [{**r, **first.get(r["id"], {})} for r in data["reinforcements"]]
    return {**data, "spells": spells, "reinforcements": reinforcements}


DATA: Data = msgspec.convert(DEFAULT, Data)
_check(DATA)
FIRST_DATA: Data = msgspec.convert(_first_numbers(DEFAULT), Data)
_check(FIRST_DATA)


def template() -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(DATA)
    return out
