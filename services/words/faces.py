"""What the web table shows of a game beyond its ``view``: card faces and words.

Each game declares its cards as a page draws them (``Game.card_faces``) and its
command labels (``Game.words``); a game without cards gets an empty face, and the
page draws its ``view`` and commands generically. A table that plays with its own
data file sees the face with that file's names and texts (``face_with_data``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import msgspec

from domain.games import all_games, get_game
from services.words.telling import Teller, catalogue, spoken


def table_face(game_id: str, lang: str | None = None) -> dict[str, Any]:
    """The face of ``game_id`` (``SetupError`` for an unknown game), its words in
    ``lang`` (None: the reader's, ``spoken``)."""
    return _table_face(game_id, lang or spoken())


@cache
def _table_face(game_id: str, lang: str) -> dict[str, Any]:
    game = get_game(game_id)
    # A face's gloss is its rule's (the catalogue's summary): our words, said in
    # the reader's language like every gloss (services.words.rule_words).
    gloss = catalogue(lang).gettext
    # A text of ours (``CardFace.said``) told like every line, its cards by their names.
    tell = Teller(str, lambda c: game.words.card_name(c) or c, lang)
    cards = []
    for face in game.card_faces():
        card = msgspec.to_builtins(msgspec.structs.replace(face, said=None))
        del card["said"]
        card["gloss"] = gloss(card["gloss"]) if card["gloss"] else ""
        if face.said is not None:
            card["text"] = tell(face.said)
            if "says" in card["extra"]:
                card["extra"]["says"] = card["text"]
        cards.append(card)
    # Every game's labels, the game's own last: a command type several games share
    # (Pass) reads alike on every page.
    labels: dict[str, str] = {}
    for other in [*all_games(), game]:
        labels.update({k: Teller(str, str, lang)(v) for k, v in other.words.command_labels.items()})
    # Every named entry of the built-in data (an Elfenwizards title, say): what a
    # page draws by id and must say as the table calls it.
    names = {k: e["name"] for k, e in built_in_entries(game_id).items()}
    return {"game": game_id, "cards": cards, "labels": labels, "names": names}


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
    template = get_game(game_id).data_template()
    return own_entries(msgspec.json.decode(msgspec.json.encode(template)))


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
