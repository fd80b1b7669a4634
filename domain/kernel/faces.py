"""A card as a page draws it (``Game.card_faces``): its name, kind and text."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.phrases import Phrase


class CardFace(msgspec.Struct, frozen=True, kw_only=True):
    """One card of a game's built-in data, as the web table and the viewer draw it.

    ``text``: what the card says (its printed text, or ours where the rulebook prints
    none); ``gloss``: our words for it, ``rule``: the catalogue rule it applies (both
    empty where the card has none); ``extra``: what only this game's pages read (a
    card's number, its energy, the cards of a combo)."""

    id: str
    name: str
    kind: str
    text: str
    gloss: str = ""
    rule: str = ""
    extra: dict[str, Any] = {}
    # ``text`` as a phrase where it is ours, not printed (an orc tower destiny
    # card's moves): told in the reader's language and the table's names.
    said: Phrase | None = None
