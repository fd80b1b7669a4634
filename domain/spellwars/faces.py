"""The Spell Wars cards as a page draws them (``GAME.card_faces``): the printed text
(ours where the rulebook prints none), the card's number, its kind of magic and a
delivery's initiative."""

from __future__ import annotations

from typing import Any

from domain.kernel import CardFace
from domain.spellwars.cards import GLYPH_NAMES, all_cards


def card_faces() -> tuple[CardFace, ...]:
    faces = []
    for c in all_cards().values():
        extra: dict[str, Any] = {"number": c.number, "printed": c.printed}
        if c.glyph:
            extra["glyph"] = GLYPH_NAMES.get(c.glyph, c.glyph)
        if c.kind == "delivery":
            extra["initiative"] = c.initiative
        text = c.text if c.printed else c.ours
        faces.append(CardFace(id=c.slug, name=c.name, kind=c.kind, text=text, extra=extra))
    return tuple(faces)
