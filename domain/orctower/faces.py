"""The orc tower's cards as a page draws them (``GAME.card_faces``): spells with their
levels, creatures and reinforcements with their hit points and power, and the
destiny cards by what they show."""

from __future__ import annotations

from domain.kernel import CardFace
from domain.kernel.events import and_text
from domain.orctower.data import CHANGE_NAMES, DATA, POWER_NAMES, SECTION_NAMES, destiny_name


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
        says = destiny_says(d.moves, d.quarters, d.sections, d.rule)
        name = destiny_name(d.id) or d.id
        # Its rule change by the name the card prints, for a page that says the
        # rest from the card's fields in the reader's language.
        extra = {"says": says, "change": CHANGE_NAMES.get(d.rule, "")}
        faces.append(CardFace(id=d.id, name=name, kind="destiny", text=says, extra=extra))
    return tuple(faces)


def destiny_says(
    moves: tuple[str, ...], quarters: tuple[int, ...], sections: tuple[int, ...], change: str
) -> str:
    """What a destiny card shows: who moves, and its rule change."""
    if moves or not quarters:
        what = f"the {and_text(list(moves))} creatures move"
    else:
        in_sections = and_text([SECTION_NAMES[s] for s in sections])
        in_quarters = and_text([str(q) for q in quarters])
        what = (
            f"the creatures of the {in_sections} section{'s' * (len(sections) > 1)} "
            f"of quarter{'s' * (len(quarters) > 1)} {in_quarters} move"
        )
    return f"{what}; rule change: {CHANGE_NAMES.get(change, change) or 'none'}"
