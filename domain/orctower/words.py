"""The orc tower in words (``GAME.words``).

The game's own lines name each card by its instance id (``ice_storm.04``,
``goblin-07``), which a player types in commands: every text says the card's
printed name (``data.py``) before it, ``Blizzard (ice_storm.04)``.

A command is said as the rulebook's actions read (« Se téléporter », « Lancer
un sort », its upgrades and the effect applied, « Passer »), its cards and
creatures by ``words.card`` (the printed name, the table's own where its data
file renames it) and its seats by ``words.seat``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import GameWords, Naming
from domain.orctower.data import CHANGE_NAMES, POWER_NAMES, SECTION_NAMES, destiny_name

# A spell's effects as the rulebook counts them (« le premier effet », « le second »).
_NTH = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
# The palette's slots 0–2 hold the attack pile's spells, 3–5 the knowledge pile's.
_PALETTE_PILE_SIZE = 3


def card_name(card_id: str) -> str | None:
    """A destiny card, a rule change or a bonus power by the rulebook's name for
    it (the spells and creatures are named from the game's data by
    ``services.words.card_names``)."""
    return destiny_name(card_id) or CHANGE_NAMES.get(card_id) or POWER_NAMES.get(card_id)


def command_words(command: Mapping[str, Any], who: str, words: Naming) -> str | None:
    """One sentence for each of the game's commands (``commands.OrcCommand``)."""
    said = _SAID.get(str(command.get("type")))
    return None if said is None else said(command, who, words)


def _effect(command: Mapping[str, Any]) -> str:
    level = int(command.get("level", 1))
    return f"the spell's {_NTH.get(level, f'level {level}')} effect"


def _section(section: Any) -> str:
    if isinstance(section, int) and 0 <= section < len(SECTION_NAMES):
        return f"the {SECTION_NAMES[section]} section"
    return f"section {section}"


def _upgrade(c: Mapping[str, Any], who: str, words: Naming) -> str:
    energy = f", for 1 {c['energy']} energy" if c.get("energy") else ""
    return f"{who} adds {words.card(c['card'])} to the spell as an upgrade{energy}"


def _upgrade_draw(c: Mapping[str, Any], who: str, words: Naming) -> str:
    if c.get("card"):
        return f"{who} uses an upgrade's draw to take {words.card(c['card'])} from the discard"
    return f"{who} uses an upgrade's draw to take the top card of the discard"


def _blast(c: Mapping[str, Any], who: str, words: Naming) -> str:
    side = int(c.get("side", 0))
    # Which section lies on a side is a ruling the table may read otherwise
    # (orctower.ruling.earthquake-beside): the command names the side only.
    also = f", and the section « voisine » on side {side:+d}" if side else ""
    return f"{who} strikes {_section(c.get('section'))} of {who}'s quarter with {_effect(c)}{also}"


def _learn(c: Mapping[str, Any], who: str, words: Naming) -> str:
    slot = int(c.get("slot", 0))
    pile = "attack" if slot < _PALETTE_PILE_SIZE else "knowledge"
    return f"{who} learns the spell in palette slot {slot} ({pile} pile) into the discard"


def _replenish(c: Mapping[str, Any], who: str, words: Naming) -> str:
    if int(c.get("level", 1)) == 1:
        return f"{who} draws 2 cards from the deck with {_effect(c)}"
    cards = c.get("cards") or ()
    taken = ", ".join(words.card(x) for x in cards) if cards else "the top 2 cards"
    return f"{who} takes {taken} from the discard and gains an action with {_effect(c)}"


def _advance(c: Mapping[str, Any], who: str, words: Naming) -> str:
    n = int(c.get("level", 1))
    sections = "1 section" if n == 1 else f"{n} sections"
    return f"{who} advances {words.card(c['creature'])} {sections} toward the tower"


def _hex(c: Mapping[str, Any], who: str, words: Naming) -> str:
    if int(c.get("level", 1)) == 1:
        return f"{who} makes {words.seat(c.get('seat'))} discard a card"
    return f"{who} gains an action; every opponent holding more than 3 cards discards one"


def _use_toad(c: Mapping[str, Any], who: str, words: Naming) -> str:
    on = f" on {words.card(c['creature'])}" if c.get("creature") else ""
    return f"{who} uses baby toad {words.card(c['tile'])}{on}"


_Said = Callable[[Mapping[str, Any], str, Naming], str]
_SAID: dict[str, _Said] = {
    "KeepMission": lambda c, who, w: f"{who} keeps the secret mission {w.card(c['mission'])}",
    "RevealMarker": lambda c, who, w: f"{who} reveals a creature marker on quarter {c['quarter']}",
    "Teleport": lambda c, who, w: f"{who} teleports to tower space {c['space']}",
    "Cast": lambda c, who, w: f"{who} casts {w.card(c['card'])}",
    "Upgrade": _upgrade,
    "UpgradeTeleport": lambda c, who, w: (
        f"{who} uses an upgrade's teleport to tower space {c['space']}"
    ),
    "UpgradeDraw": _upgrade_draw,
    "Attack": lambda c, who, w: f"{who} strikes {w.card(c['creature'])} with {_effect(c)}",
    "Blast": _blast,
    "Learn": _learn,
    "Replenish": _replenish,
    "Swap": lambda c, who, w: f"{who} swaps {w.card(c['first'])} and {w.card(c['second'])}",
    "Place": lambda c, who, w: (
        f"{who} moves {w.card(c['creature'])} to {_section(c.get('section'))} of {who}'s quarter"
    ),
    "Advance": _advance,
    "Hex": _hex,
    "Fizzle": lambda c, who, w: f"{who} resolves the spell for no effect",
    "Pass": lambda c, who, w: f"{who} passes",
    "GivePoison": lambda c, who, w: (
        f"{who} puts a Poison card into {w.seat(c.get('seat'))}'s discard"
    ),
    "RemoveCard": lambda c, who, w: f"{who} removes {w.card(c['card'])} from the game",
    "DiscardCard": lambda c, who, w: f"{who} discards {w.card(c['card'])}",
    "TakeBonus": lambda c, who, w: f"{who} takes the bonus action of {w.card(c['creature'])}",
    "SkipBonuses": lambda c, who, w: f"{who} renounces the open bonus actions",
    "UseToad": _use_toad,
}


WORDS = GameWords(
    card_name=card_name,
    command_words=command_words,
    lines_say_ids=True,
    seat_lists=frozenset({"demands"}),  # who must discard a card
)
