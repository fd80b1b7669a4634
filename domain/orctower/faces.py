"""The orc tower's cards as a page draws them (``GAME.card_faces``): spells with their
levels, creatures and reinforcements with their hit points and power, and the
destiny cards by what they show."""

from __future__ import annotations

from domain.kernel import CardFace
from domain.kernel.phrases import plain
from domain.orctower.data import CHANGE_NAMES, DATA, POWER_NAMES, destiny_name
from domain.orctower.words import destiny_shows


def card_faces() -> tuple[CardFace, ...]:
    faces = []
    for sp in DATA.spells:
        steps = ", ".join(f"{lv.energy} {sp.energy} → {lv.amount}" for lv in sp.levels)
        text = f"{sp.effect.replace('_', ' ')}" + (f": {steps}" if steps else "")
        # Its effect and levels as fields, for a page that says them in its language.
        levels = [[lv.energy, lv.amount] for lv in sp.levels]
        extra = {"energy": sp.energy, "pile": sp.pile, "effect": sp.effect, "levels": levels}
        faces.append(CardFace(id=sp.id, name=sp.name, kind=sp.kind, text=text, extra=extra))
    for cr in (*DATA.creatures, *DATA.reinforcements):
        power = f"; power: {cr.power.replace('_', ' ')}" if cr.power else ""
        faces.append(
            CardFace(
                id=cr.id,
                name=cr.name,
                kind="creature",
                text=f"{cr.hp} hit points{power}",
                extra={
                    "hp": cr.hp,
                    "category": cr.category,
                    "power": POWER_NAMES.get(cr.power, cr.power) if cr.power else "",
                },
            )
        )
    # Destiny cards: a table in table mode names the one it turned over, and
    # knows it by what it shows (``says``), not by our number.
    for d in (*DATA.destiny, *DATA.new_destiny):
        said = destiny_shows(d.moves, d.quarters, d.sections, d.rule)
        says = plain(said)
        name = destiny_name(d.id) or d.id
        # Its rule change by the name the card prints, for a page that says the
        # rest from the card's fields in the reader's language; ``said`` for a text.
        extra = {"says": says, "change": CHANGE_NAMES.get(d.rule, "")}
        faces.append(
            CardFace(id=d.id, name=name, kind="destiny", text=says, extra=extra, said=said)
        )
    return tuple(faces)
