"""The orc tower's cards as a page draws them (``GAME.card_faces``): spells with their
levels, creatures and reinforcements with their hit points and power, and the
destiny cards by what they show."""

from __future__ import annotations

from domain.kernel import CardFace
from domain.kernel.phrases import plain
from domain.orctower.data import DATA, destiny_name
from domain.orctower.words import destiny_shows


def card_faces() -> tuple[CardFace, ...]:
    faces = []
    for sp in DATA.spells:
        steps = ", ".join(f"{lv.energy} {sp.energy} → {lv.amount}" for lv in sp.levels)
        text = f"{sp.effect.replace('_', ' ')}" + (f": {steps}" if steps else "")
        extra = {"energy": sp.energy, "pile": sp.pile}
        faces.append(CardFace(id=sp.id, name=sp.name, kind=sp.kind, text=text, extra=extra))
    for cr in (*DATA.creatures, *DATA.reinforcements):
        power = f"; power: {cr.power.replace('_', ' ')}" if cr.power else ""
        faces.append(
            CardFace(
                id=cr.id,
                name=cr.name,
                kind="creature",
                text=f"{cr.hp} hit points{power}",
                extra={"hp": cr.hp, "category": cr.category},
            )
        )
    # Destiny cards: a table in table mode names the one it turned over, and
    # knows it by what it shows (``says``), not by our number.
    for d in (*DATA.destiny, *DATA.new_destiny):
        said = destiny_shows(d.moves, d.quarters, d.sections, d.rule)
        says = plain(said)
        name = destiny_name(d.id) or d.id
        faces.append(
            CardFace(id=d.id, name=name, kind="destiny", text=says, extra={"says": says}, said=said)
        )
    return tuple(faces)
