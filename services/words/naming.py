"""How a started game's texts name its seats and cards: each player by name,
each card by its printed name (the table's own data file's, where it has one);
and how a table may name a card it drew (a printed name in any case or accents,
an id, a copy's id)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.kernel import GameStarted
from domain.kernel.chance_needs import card_key, card_kind
from services.words.faces import face_with_data


def printed_names(started: GameStarted) -> Mapping[str, str]:
    """How a table may name a card it drew: each printed name (the table's own
    data file's, where it has one), folded by ``card_key``, to the card's id."""
    return _names(started)[0]


def card_words(started: GameStarted) -> Callable[[str], str]:
    """A card kind as a table reads it: its printed name (the table's own data
    file's, where it has one), or the id where there is none."""
    said = _names(started)[1]
    return lambda kind: said.get(kind, kind)


def typed_card_words(started: GameStarted) -> Callable[[str], str]:
    """A card as a seat named it (an id, a copy's id, or a printed name in any
    case or accents), by its printed name (``card_words``)."""
    keyed, say = printed_names(started), card_words(started)
    return lambda typed: say(card_kind(keyed.get(card_key(typed), typed)))


def seat_words(started: GameStarted) -> Callable[[int], str]:
    """A seat as the table's texts say it: its player's name (``seat N`` where
    none was given, or for a seat the game does not have)."""
    players = started.players
    return lambda seat: players[seat] if 0 <= seat < len(players) else f"seat {seat}"


# (game, data hash) -> (folded name -> id, id -> name). A table's data file is
# bound by its hash, so the hash names its faces: no encoding of the file per act.
_NAMES: dict[tuple[str, str], tuple[Mapping[str, str], Mapping[str, str]]] = {}
_MAX_NAMES = 256


def _names(started: GameStarted) -> tuple[Mapping[str, str], Mapping[str, str]]:
    key = (started.game, started.data_hash if started.data else "")
    got = _NAMES.get(key)
    if got is None:
        faces = face_with_data(started.game, started.data)["cards"]
        said = {c["id"]: c["name"] for c in faces if isinstance(c.get("name"), str) and c["name"]}
        keyed: dict[str, str] = {}
        for kind, name in said.items():
            keyed.setdefault(card_key(name), kind)
        if len(_NAMES) >= _MAX_NAMES:
            _NAMES.clear()
        got = _NAMES[key] = (keyed, said)
    return got
