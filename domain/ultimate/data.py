"""A table's own data for Sorcier ultime: the names its cards print.

The rules of ultimate print every number they use, so nothing of the rules is
replaced; a table playing another edition (or language) gives the names on its
cards, which views show beside the card ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import SetupError
from domain.kernel.data import name_problem
from domain.kernel.phrases import phrase
from domain.ultimate.cards import CARD_IDS, CARDS


def data_template() -> dict[str, Any]:
    return {"cards": {card: {"name": CARDS[card].name} for card in CARD_IDS}}


def validate_data(data: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise SetupError(phrase("ultimate data: expected a table of keys"))
    unknown = sorted(set(data) - {"cards"})
    if unknown:
        raise SetupError(
            phrase(
                "ultimate data: unknown key(s) {unknown}; known: ['cards']", unknown=str(unknown)
            )
        )
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        raise SetupError(phrase("ultimate data: cards must be a table of card ids"))
    out: dict[str, dict[str, str]] = {}
    for card, entry in cards.items():
        if card not in CARDS:
            raise SetupError(
                phrase(
                    "ultimate data: cards.{card}: no such card; cards are {known}",
                    card=str(card),
                    known=str(CARD_IDS),
                )
            )
        if not isinstance(entry, Mapping) or set(entry) != {"name"}:
            raise SetupError(
                phrase(
                    "ultimate data: cards.{card} must hold exactly one key, name", card=str(card)
                )
            )
        name = entry["name"]
        problem = name_problem(name)
        if problem is not None:
            raise SetupError(
                phrase(
                    "ultimate data: cards.{card}.name: {problem}", card=str(card), problem=problem
                )
            )
        out[card] = {"name": name}
    return {"cards": {card: out[card] for card in CARD_IDS if card in out}}


def names_of(data: Mapping[str, Any] | None) -> tuple[tuple[str, str], ...]:
    """(card id, printed name) for every card: the table's names over the built-in ones."""
    given = (data or {}).get("cards", {})
    return tuple((card, given.get(card, {}).get("name", CARDS[card].name)) for card in CARD_IDS)
