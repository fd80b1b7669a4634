"""Card definitions loaded from the deck modules, and card instance ids.

An instance id is ``<slug>#<copy>`` (copy 1..8): distinctive enough that the
hidden-information check can look for it in a view's JSON.

The rules read a card from the card set of the game at hand (``State.cards``: the
built-in cards, or a table's own data), never from the module: the set of ids is
the box's and never changes, but a table may rewrite a card's name, texts and
effects.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import msgspec

from domain.spellwars.decks import dead, deliveries, qualities, sources, treasures, wild
from domain.spellwars.language import Op, check_passive, parse

SLOTS = ("source", "quality", "delivery")
GLYPHS = ("arcane", "tenebres", "elementaire", "illusion", "primaire")
# The five kinds of magic as the rulebook prints them (« Les 5 types de magie »).
GLYPH_NAMES = {
    "arcane": "Arcane",
    "tenebres": "Ténèbres",
    "elementaire": "Élémentaire",
    "illusion": "Illusion",
    "primaire": "Primaire",
}


class Card(msgspec.Struct, frozen=True, kw_only=True):
    slug: str
    name: str
    number: str
    kind: str  # source | quality | delivery | wild | treasure | dead
    glyph: str = ""
    initiative: int = 0
    copies: int = 1
    text: str  # the printed French text, or "ours"
    ours: str = ""  # our own French text when text == "ours"
    effect: tuple[Op, ...] = ()
    reaction: tuple[Op, ...] = ()
    gain: tuple[Op, ...] = ()
    cast: tuple[Op, ...] = ()
    passive: tuple[str, ...] = ()
    immediate: bool = False

    @property
    def printed(self) -> bool:
        return self.text != "ours"


DECKS = {
    "source": sources.TOML,
    "quality": qualities.TOML,
    "delivery": deliveries.TOML,
    "wild": wild.TOML,
    "treasure": treasures.TOML,
    "dead": dead.TOML,
}


# A cost is decided before damage or dice: a pay line may not follow one of these.
EFFECTS = frozenset(
    {
        "damage",
        "selfdamage",
        "roll",
        "power",
        "heal",
        "healself",
        "gain",
        "steal-blood",
        "treasure",
        "contest",
        "pass-left",
        "discard-type",
    }
)


def _check_pay_first(slug: str, ops: tuple[Op, ...]) -> None:
    seen_effect = False
    for op in ops:
        if op.name == "pay" and seen_effect:
            raise ValueError(f"{slug}: a 'pay' must come before any damage, dice or gain")
        seen_effect = seen_effect or op.name in EFFECTS


def from_raw(kind: str, raw: Mapping[str, Any]) -> Card:
    """One card from its deck-file table (``ValueError`` or ``LanguageError`` if malformed)."""
    ops = {
        k: tuple(parse(line) for line in raw.get(k, ()))
        for k in ("effect", "reaction", "gain", "cast")
    }
    for program in ops.values():
        _check_pay_first(raw["slug"], program)
    return Card(
        slug=raw["slug"],
        name=raw["name"],
        number=raw["number"],
        kind=kind,
        glyph=raw.get("glyph", ""),
        initiative=raw.get("initiative", 0),
        copies=raw.get("copies", 1),
        text=raw["text"],
        ours=raw.get("ours", ""),
        passive=tuple(check_passive(p) for p in raw.get("passive", ())),
        immediate=raw.get("immediate", False),
        **ops,
    )


@cache
def built_in_raw() -> dict[str, list[dict[str, Any]]]:
    """The deck files as tables, per deck (what a table's own data file replaces)."""
    return {kind: tomllib.loads(text)["card"] for kind, text in DECKS.items()}


class CardSet:
    """Every card of one game's data, by slug and by instance id."""

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.by_slug = dict(cards)
        self.by_instance = {
            f"{c.slug}#{i}": c for c in cards.values() for i in range(1, c.copies + 1)
        }
        # Each instance as a view shows it, made once: a view shows some forty
        # cards, and an export asks every seat's view at every position.
        self._faces = {instance: _face(instance, c) for instance, c in self.by_instance.items()}

    def card(self, instance: str) -> Card:
        """The card an instance id (``fireball#2``) is a copy of."""
        return self.by_instance[instance]

    def face(self, instance: str) -> dict[str, Any]:
        """The instance as a view shows it (its id, name, kind; a glyph where it has
        one, a creature's initiative): a new dict each time, the caller's to keep."""
        return self._faces[instance].copy()

    def faces(self, instances: Sequence[str]) -> list[dict[str, Any]]:
        """``face`` of each instance (most of a view's piles are empty)."""
        faces = self._faces
        return [faces[c].copy() for c in instances] if instances else []


def _face(instance: str, card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"id": instance, "name": card.name, "kind": card.kind}
    if card.glyph:
        out["glyph"] = card.glyph
    if card.kind == "delivery":
        out["initiative"] = card.initiative
    return out


def card_set(decks: Mapping[str, Sequence[Mapping[str, Any]]]) -> CardSet:
    cards: dict[str, Card] = {}
    for kind, raws in decks.items():
        for raw in raws:
            if raw["slug"] in cards:
                raise ValueError(f"duplicate card slug {raw['slug']!r}")
            cards[raw["slug"]] = from_raw(kind, raw)
    return CardSet(cards)


@cache
def built_in() -> CardSet:
    return card_set(built_in_raw())


def all_cards() -> dict[str, Card]:
    """The built-in cards by slug (the set of cards, their decks and copies never change)."""
    return built_in().by_slug


def instances(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Every card instance of the given decks, in manifest order."""
    return tuple(
        f"{c.slug}#{i}"
        for c in all_cards().values()
        if c.kind in kinds
        for i in range(1, c.copies + 1)
    )


def main_deck() -> tuple[str, ...]:
    return instances(("source", "quality", "delivery", "wild"))


def kind_of(instance: str) -> str:
    """A card instance's deck (``source`` … ``dead``): the box's, whatever a table's data."""
    return _kinds()[instance]


@cache
def _kinds() -> dict[str, str]:
    # Every instance's deck in one table: a placement's cards are asked whether they
    # are wild at every step of its spell.
    return {instance: card.kind for instance, card in built_in().by_instance.items()}


def printed_name(instance: str) -> str:
    """A card instance's name in the built-in data: what the events' own lines say
    (a table with its own data reads them in its names: ``services.words.card_names``)."""
    return built_in().card(instance).name
