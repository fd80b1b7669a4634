"""A table's own names for its cards, in every text that names one.

A table that plays with its own data file (``GameStarted.data``) calls its
cards by that file's names. The web table's faces read them through
``services.words.faces.own_entries``; the story, the exports, the dispute desk
and the live story read them here, through that same resolution (the file's
named entries against the built-in file's).

The games' own lines (``Event.describe``, option docs) are written once for
every table and name cards by their built-in names (ultimate's events by the
printed names its faces show), or by instance ids (the orc tower's
``goblin-03``: a game whose words declare ``lines_say_ids``). An id
is said with its card's name before it, ``Gobelin (goblin-03)``, on the
built-in data too. For a table whose file renames cards, those lines are
rewritten in the same pass: each built-in mention of a renamed card becomes
the file's name. Every other known
name (a combo named after a card, a name the line already took from the
table's file) is matched too and left whole, so nothing is renamed twice or
cut in the middle.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from domain.games import get_game
from domain.kernel import GameStarted
from domain.kernel.chance_needs import card_kind
from services.words.faces import built_in_entries, face_with_data, own_entries, table_face

# A quotation of the rulebook inside our own words.
_QUOTED = re.compile(r"«[^»]*»")


def base_id(card_id: str) -> str:
    """The card a (possibly numbered) instance id is a copy of."""
    return card_kind(card_id)


@dataclass(frozen=True)
class CardNames:
    """The names a table's own data file gives cards, where they differ from the
    built-in ones (empty for a table on the built-in data)."""

    game: str = ""
    renamed: Mapping[str, str] = field(default_factory=dict)  # card id -> the file's name
    # Card id -> the name every text says it by: the renamed cards, and for a
    # game whose lines name cards by id (the orc tower), every card by its
    # printed name (the file's where it renames it).
    by_id: Mapping[str, str] = field(default_factory=dict)
    _pattern: re.Pattern[str] | None = None
    _say: Mapping[str, str] = field(default_factory=dict)  # a mention -> what to say
    # The answers of ``of`` so far: an export's frames ask it once per card per
    # position (a million times in a 10,000-event game).
    _of: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)

    def __bool__(self) -> bool:
        """Whether a text in the game's own words needs ``rename``."""
        return self._pattern is not None

    def of(self, card_id: str) -> str | None:
        """The name a text says a card or one of its numbered copies by (``by_id``);
        None when the text already says the built-in name."""
        if not self.by_id:
            return None
        try:
            return self._of[card_id]
        except KeyError:
            own = self.by_id.get(card_id) or self.by_id.get(base_id(card_id))
            self._of[card_id] = own
            return own

    def typed(self, value: object) -> object:
        """An option's value as typed, or the table's name when it is the id of
        a card the table renames (the orc tower's reinforcements name the
        creature type they replace)."""
        return self.by_id.get(value, value) if isinstance(value, str) else value

    def rename(self, text: str) -> str:
        """A line written with built-in names, in the table's names. What it
        quotes of the rulebook (« … ») stays as printed."""
        if self._pattern is None:
            return text
        if "«" not in text:
            return self._pattern.sub(self._replace, text)
        out: list[str] = []
        at = 0
        for m in _QUOTED.finditer(text):
            out += [self._pattern.sub(self._replace, text[at : m.start()]), m.group(0)]
            at = m.end()
        out.append(self._pattern.sub(self._replace, text[at:]))
        return "".join(out)

    def _replace(self, m: re.Match[str]) -> str:
        said = m.group(0)
        if m.group("copy") is not None:
            # An instance id (the orc tower's "goblin-03"): the name, and the copy.
            return f"{self.by_id[m.group('card')]} ({said})"
        return self._say.get(said, said)


NO_NAMES = CardNames()


def renamed_cards(game_id: str, data: Mapping[str, object] | None) -> dict[str, str]:
    """{card id: name} for each entry of a table's data file that names a card
    (or a title, a board level) otherwise than the built-in file does."""
    built_in = built_in_entries(game_id)
    out: dict[str, str] = {}
    for ident, entry in own_entries(data).items():
        name = entry.get("name")
        known = built_in.get(ident)
        if isinstance(name, str) and known is not None and known.get("name") != name:
            out[ident] = name
    return out


def card_names(game_id: str, renamed: Mapping[str, str]) -> CardNames:
    """The names of a table that renames ``renamed`` (see ``renamed_cards``); for
    a game whose lines name cards by id, the printed names of the others too."""
    if not renamed and not get_game(game_id).words.lines_say_ids:
        return NO_NAMES
    return _compiled(game_id, tuple(sorted(renamed.items())))


def table_names(started: GameStarted) -> CardNames:
    """The card names of a stored game: its own data file's, else the built-in ones."""
    if not started.data:
        return card_names(started.game, {})
    key = (started.game, started.data_hash)
    found = _BY_FILE.get(key)
    if found is None:
        found = card_names(started.game, renamed_cards(started.game, started.data))
        if len(_BY_FILE) >= _KEEP:
            _BY_FILE.pop(next(iter(_BY_FILE)))
        _BY_FILE[key] = found
    return found


def started_face(started: GameStarted) -> dict[str, Any]:
    """The card faces a stored game's pages draw: its own data file's names and
    texts where it has one, and the engine's gloss in the table's names."""
    face = face_with_data(started.game, started.data)
    names = table_names(started)
    if not names:
        return face
    cards = [dict(c, gloss=names.rename(c["gloss"])) for c in face["cards"]]
    labels = {k: names.rename(v) for k, v in face["labels"].items()}
    return {**face, "cards": cards, "labels": labels}


_KEEP = 64
# The names of each data file seen lately, by its hash (GameStarted binds the
# file by it): the act answers and live streams of a table read them per entry.
_BY_FILE: dict[tuple[str, str], CardNames] = {}


@cache
def _labels(game_id: str) -> dict[str, set[str]]:
    """Every built-in name each card goes by in the game's lines: its data file's
    name and its face's name. (A face's ``extra.title``, ultimate's English
    gloss, is said in no line, so it is not looked for.)"""
    out: dict[str, set[str]] = {}
    for ident, entry in built_in_entries(game_id).items():
        if isinstance(entry.get("name"), str):
            out.setdefault(ident, set()).add(entry["name"])
    for card in table_face(game_id)["cards"]:
        out.setdefault(card["id"], set()).add(card["name"])
    return out


@lru_cache(maxsize=64)
def _compiled(game_id: str, renamed: tuple[tuple[str, str], ...]) -> CardNames:
    own = dict(renamed)
    by_id = dict(own)
    if get_game(game_id).words.lines_say_ids:
        printed = {
            ident: entry["name"]
            for ident, entry in built_in_entries(game_id).items()
            if isinstance(entry.get("name"), str)
        }
        by_id = printed | own
    say: dict[str, str] = {}
    if own:
        for labels in _labels(game_id).values():
            say.update((label, label) for label in labels)  # known names stay whole
        say.update((name, name) for name in own.values())  # a line already in the table's names
        for ident, name in own.items():
            for label in _labels(game_id).get(ident, ()):
                say[label] = name
    # Longest first: at one place in a line, "Explosion des flammes" (a combo)
    # wins over "Explosion" (a card).
    names = "|".join(re.escape(s) for s in sorted(say, key=len, reverse=True) if s)
    ids = "|".join(re.escape(i) for i in sorted(by_id, key=len, reverse=True))
    either = [
        *([rf"(?<![\w.#\-])(?P<card>{ids})(?P<copy>[.#\-]\d+)(?![\w])"] if ids else []),
        *([rf"(?<!\w)(?:{names})(?!\w)"] if names else []),
    ]
    if not either:
        return NO_NAMES
    return CardNames(game_id, own, by_id, re.compile("|".join(either)), say)
