"""What the web table shows of a game beyond its ``view``: card faces and words.

A game may declare its own face with a ``table_face() -> dict`` method (the
shape of ``services.http.schemas.TableFace``). For the games that do not, the
face is read here from the game's own data (card names, printed texts, and
the rule catalogue's passage and gloss of each card). A game with neither
gets an empty face, and the page draws its ``view`` and commands generically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

import msgspec

from domain.kernel import Game, get_game

# Command types in words, shared by every game that uses the name.
COMMAND_LABELS = {
    "Draw": "Draw a card",
    "PlayCard": "Play a card",
    "PlayCombo": "Play a combo",
    "NoAction": "Discard instead (no action)",
    "Pass": "Pass",
    "Discard": "Discard a card",
    "EndTurn": "End the turn",
    "Defend": "Defend",
    "Decline": "Take it (no defence)",
    "PlaceCards": "Place your spell",
    "TakeBack": "Take a card back",
    "PickTarget": "Pick a target",
    "Pay": "Pay blood",
    "Choose": "Choose",
    "Block": "Block with a creature",
    "GiveCard": "Give a card",
    "RetireGrandDruide": "Retire the Grand Druide",
    "RollSpells": "Roll your spells",
    "PlaceDie": "Place a die",
    "EndPlacement": "Keep the rest for phase 3",
    "Reroll": "Reroll (pay a minor spell)",
    "SpendDie": "Spend a die",
    "StopSpending": "Stop spending",
    "LeaveDice": "Leave the dice",
    "TakeBackDice": "Take the dice back",
    "CastSpell": "Cast a spell",
    "FillVacancy": "Fill a vacant title",
    "Demote": "Move to a Magicien space",
    "RemoveGreyToken": "Remove a grey token",
}


def _rule_texts(game: Game[Any], rule_id: str) -> tuple[str, str]:
    if rule_id and rule_id in game.catalogue:
        rule = game.catalogue[rule_id]
        return rule.passage, rule.summary
    return "", ""


def _printed(name: str, passage: str) -> str:
    """The card's text without the "Name - " the rulebook's list starts it with."""
    for sep in (" - ", " : ", " – "):
        if passage.startswith(name + sep):
            return passage[len(name) + len(sep) :]
    return passage


def _ultimate(game: Game[Any]) -> list[dict[str, Any]]:
    from domain.ultimate.cards import CARDS, COMBOS

    faces = []
    for c in CARDS.values():
        passage, gloss = _rule_texts(game, c.rule)
        extra = {"title": c.title, "targeting": c.targeting}
        faces.append(
            _face(c.id, c.name, c.category, _printed(c.name, passage), gloss, c.rule, extra)
        )
    for k in COMBOS.values():
        passage, gloss = _rule_texts(game, k.rule)
        extra = {"title": k.title, "targeting": k.targeting, "cards": list(k.cards)}
        faces.append(_face(k.id, k.name, "combo", passage, gloss, k.rule, extra))
    return faces


def _spellwars(game: Game[Any]) -> list[dict[str, Any]]:
    from domain.spellwars.cards import GLYPH_NAMES, all_cards

    faces = []
    for c in all_cards().values():
        text = c.text if c.printed else c.ours
        extra: dict[str, Any] = {"number": c.number, "printed": c.printed}
        if c.glyph:
            extra["glyph"] = GLYPH_NAMES.get(c.glyph, c.glyph)
        if c.kind == "delivery":
            extra["initiative"] = c.initiative
        faces.append(_face(c.slug, c.name, c.kind, text, "", "", extra))
    return faces


def _orctower(game: Game[Any]) -> list[dict[str, Any]]:
    from domain.orctower.data import DATA, destiny_name
    from domain.orctower.events import destiny_says

    faces = []
    for sp in DATA.spells:
        steps = ", ".join(f"{lv.energy} {sp.energy} → {lv.amount}" for lv in sp.levels)
        text = f"{sp.effect.replace('_', ' ')}" + (f": {steps}" if steps else "")
        extra = {"energy": sp.energy, "pile": sp.pile}
        faces.append(_face(sp.id, sp.name, sp.kind, text, "", "", extra))
    for cr in (*DATA.creatures, *DATA.reinforcements):
        power = f"; power: {cr.power.replace('_', ' ')}" if cr.power else ""
        text = f"{cr.hp} hit points{power}"
        extra = {"hp": cr.hp, "category": cr.category}
        faces.append(_face(cr.id, cr.name, "creature", text, "", "", extra))
    # Destiny cards: a table in table mode names the one it turned over, and
    # knows it by what it shows (``says``), not by our number.
    for d in (*DATA.destiny, *DATA.new_destiny):
        says = destiny_says(d.moves, d.quarters, d.sections, d.rule)
        name = destiny_name(d.id) or d.id
        faces.append(_face(d.id, name, "destiny", says, "", "", {"says": says}))
    return faces


def _face(
    id_: str, name: str, kind: str, text: str, gloss: str, rule: str, extra: dict[str, Any]
) -> dict[str, Any]:
    return {
        "id": id_,
        "name": name,
        "kind": kind,
        "text": text,
        "gloss": gloss,
        "rule": rule,
        "extra": extra,
    }


_BUILT_IN: dict[str, Callable[[Game[Any]], list[dict[str, Any]]]] = {
    "ultimate": _ultimate,
    "spellwars": _spellwars,
    "orctower": _orctower,
}


@cache
def table_face(game_id: str) -> dict[str, Any]:
    """The face of ``game_id`` (``SetupError`` for an unknown game)."""
    game = get_game(game_id)
    declared = getattr(game, "table_face", None)
    if callable(declared):
        face: dict[str, Any] = dict(declared())
    else:
        build = _BUILT_IN.get(game_id)
        face = {"cards": build(game) if build else []}
    labels = dict(COMMAND_LABELS)
    labels.update(face.get("labels", {}))
    # Every named entry of the built-in data (an Elfenwizards title, say): what a
    # page draws by id and must say as the table calls it.
    names = {k: e["name"] for k, e in built_in_entries(game_id).items()}
    return {"game": game_id, "cards": face.get("cards", []), "labels": labels, "names": names}


def _named_entries(data: object, key: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every (id, entry) of a data file that names something: an entry is a
    mapping with a ``name``, identified by its ``id`` or ``slug``, or else by
    the key it sits under (``[cards.fireball]``)."""
    if isinstance(data, Mapping):
        if isinstance(data.get("name"), str):
            ident = data.get("id") or data.get("slug") or key
            if isinstance(ident, str) and ident:
                yield ident, data
        for k, v in data.items():
            if isinstance(v, Mapping | list):
                yield from _named_entries(v, str(k))
    elif isinstance(data, list):
        for item in data:
            yield from _named_entries(item, key)


def own_entries(data: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """A data file's named entries by id: how a table's own file names its cards
    (the faces here, and every text that names a card: ``services.words.card_names``)."""
    return dict(_named_entries(data)) if data else {}


@cache
def built_in_entries(game_id: str) -> dict[str, Mapping[str, Any]]:
    """The game's built-in data file's named entries by id (its data template,
    through JSON as a stored file is: tuples as lists)."""
    template = getattr(get_game(game_id), "data_template", None)
    if template is None:
        return {}
    return own_entries(msgspec.json.decode(msgspec.json.encode(template())))


def face_with_data(game_id: str, data: Mapping[str, Any] | None) -> dict[str, Any]:
    """The face of a table that plays with its own data file: the built-in face
    with the file's names (and, where the file has them, card texts) in place
    of the built-in ones, so that the table reads the cards it actually holds."""
    face = table_face(game_id)
    if not data:
        return face
    own = own_entries(data)
    cards = []
    for card in face["cards"]:
        entry = own.get(card["id"])
        if entry is None:
            cards.append(card)
            continue
        changed = dict(card, name=entry["name"])
        text = entry.get("text") or entry.get("ours")
        if isinstance(text, str) and text:
            changed["text"] = text
        cards.append(changed)
    built_in = face["names"]
    names = {**built_in, **{k: e["name"] for k, e in own.items() if k in built_in}}
    return {**face, "cards": cards, "names": names}
