"""A table's own data file with its entries renamed, twin games played on it and on
the built-in data, and the built-in names a text must no longer say."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.games import get_game
from domain.kernel import Consequence
from domain.ultimate.cards import CARDS
from services.ledger import WizardLedger
from services.words.faces import built_in_entries, table_face
from services.words.sentences import Words

# The entry each game's file renames, and its new name. Spell Wars renames the
# first card its game names (its 94 cards come up at random).
RENAMED = {
    "ultimate": ("lightning", "Foudre"),
    "spellwars": ("", "Sortilège maison"),
    "orctower": ("ice_storm", "Tempête de glace"),
    "elfenwizards": ("grand_druide", "Archidruide"),
}


OPTIONS: dict[str, dict[str, Any]] = {"ultimate": {"rounds_to_win": 1}}


def built_in_names(game: str, ident: str) -> list[str]:
    """What the built-in data calls the entry (and ultimate's English gloss,
    which no line says either: a renamed card must not surface by it)."""
    names = [built_in_entries(game)[ident]["name"]]
    if game == "ultimate":
        names.append(CARDS[ident].title)
    return names


def said_on_built_in(game: str, ident: str) -> list[str]:
    """How the built-in game's lines mention the entry: by name, or (the orc
    tower's cards) by instance id."""
    return [f"{ident}."] if game == "orctower" else built_in_names(game, ident)


@dataclass
class Twins:
    ledger: WizardLedger
    game: str
    ident: str
    name: str
    own: str  # the game played with the renaming file
    plain: str  # the same game on the built-in data
    at: int  # a consequence (after the first action) that names the entry
    sent: list[tuple[int, dict[str, Any]]]  # the commands both games were sent
    tokens: dict[int, str]  # the own game's seat tokens

    def play_own(self) -> None:
        for seat, command in self.sent:
            self.ledger.act(self.own, seat, command)


def _texts(ledger: WizardLedger, gid: str, entries: list[Any]) -> list[tuple[int, str]]:
    loaded = ledger.load(gid, 1)
    words = Words.table(loaded.game, loaded.fold.started)
    return [(e.position, words.event(e.event)) for e in entries if isinstance(e.event, Consequence)]


def _first_named(game: str, texts: list[tuple[int, str]]) -> tuple[str, int] | None:
    for position, text in texts:
        for ident, entry in built_in_entries(game).items():
            if re.search(rf"(?<!\w){re.escape(entry['name'])}(?!\w)", text):
                return ident, position
    return None


def play_twins(
    ledger: WizardLedger, game: str, seed: str = "names", *, own_too: bool = True
) -> Twins:
    """Both games played with the same commands until the renamed entry is named
    in a consequence of an action (the built-in twin first: Spell Wars's entry
    is the first card it names). ``own_too=False``: the own game is only opened."""
    ident, name = RENAMED[game]
    spec = get_game(game).spec
    template = msgspec.json.decode(msgspec.json.encode(get_game(game).data_template()))
    rng = random.Random(seed)
    plain = str(
        ledger.create_game(game, spec.min_players, seed=seed, options=OPTIONS.get(game)).game_id
    )
    sent: list[tuple[int, dict[str, Any]]] = []
    at = None
    while at is None:
        assert len(sent) < 2000, f"{game}: the entry was never named"
        loaded = ledger.load(plain)
        assert loaded.game.outcome(loaded.fold.state) is None, f"{game}: over, {ident} unnamed"
        seat = loaded.fold.state.pending[0].seat
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        command = msgspec.to_builtins(rng.choice(legal))
        sent.append((seat, command))
        texts = _texts(ledger, plain, ledger.act(plain, seat, command))
        if not ident:
            found = _first_named(game, texts)
            if found is not None:
                ident, at = found
        else:
            said = said_on_built_in(game, ident)
            at = next((p for p, t in texts if any(s in t for s in said)), None)
    rename_entry(template, ident, name)
    created = ledger.create_game(
        game, spec.min_players, seed=seed, options=OPTIONS.get(game), data=template
    )
    twins = Twins(
        ledger, game, ident, name, str(created.game_id), plain, at, sent, dict(created.seats)
    )
    if own_too:
        twins.play_own()
    return twins


def rename_entry(data: Any, ident: str, name: str) -> None:
    """Rename the entry ``ident`` of a data file in place (wherever it sits)."""
    if isinstance(data, dict):
        if isinstance(data.get("name"), str) and ident in (data.get("id"), data.get("slug")):
            data["name"] = name
        for key, value in data.items():
            if key == ident and isinstance(value, dict) and "name" in value:
                value["name"] = name
            else:
                rename_entry(value, ident, name)
    elif isinstance(data, list):
        for item in data:
            rename_entry(item, ident, name)


# How the games' own words name a card besides its built-in name (checked in
# any case): the orc tower's glosses once said "orc rider 3 and lava golem 4".
# ("toad" alone is not here: a baby toad is a tile of its own, not the card.)
OWN_WORDS = {
    "orctower": {
        "goblin": ["goblin"],
        "orc": ["orc"],
        "shaman": ["shaman", "goblin shaman"],
        "rider": ["rider", "orc rider"],
        "golem": ["golem", "lava golem"],
        "chief": ["chief"],
        "croc": ["croc"],
        "toad": ["brooding toad"],
        "spell_book_el": ["spell book"],
        "spell_book_wf": ["spell book"],
    },
}


def _invented(n: int) -> str:
    """A name no built-in text says: Qzaa, Qzab, …"""
    return "Qz" + chr(97 + n // 26) + chr(97 + n % 26)


def renaming_file(game: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The game's built-in data file with every named entry renamed."""
    data = msgspec.json.decode(msgspec.json.encode(get_game(game).data_template()))
    names = {ident: _invented(n) for n, ident in enumerate(built_in_entries(game))}
    for ident, name in names.items():
        rename_entry(data, ident, name)
    return data, names


def built_in_forms(game: str) -> dict[str, re.Pattern[str]]:
    """For each renamed entry, what a built-in text would call it: its data
    file's name, its face's name, their plurals (ultimate: its English gloss),
    and the game's own words for it."""
    forms: dict[str, set[str]] = {}
    for ident, entry in built_in_entries(game).items():
        forms.setdefault(ident, set()).add(entry["name"])
    for card in table_face(game)["cards"]:
        if card["id"] in forms:
            forms[card["id"]].add(card["name"])
    if game == "ultimate":
        for ident, card in CARDS.items():
            forms[ident].add(card.title)
    out = {}
    for ident, names in forms.items():
        alts = "|".join(re.escape(n) + "[sx]?" for n in sorted(names, key=len, reverse=True))
        own = "|".join(re.escape(w) + "s?" for w in OWN_WORDS.get(game, {}).get(ident, ()))
        said = rf"(?<![\w'])(?:{alts})(?!\w)"
        if own:
            said += rf"|(?i:(?<![\w'])(?:{own})(?!\w))"
        out[ident] = re.compile(said)
    # Names the file cannot change, which may hold a card's name (ultimate's
    # combo "Explosion des flammes"): read whole, never as the card's.
    others = [c["name"] for c in table_face(game)["cards"] if c["id"] not in forms]
    others.sort(key=len, reverse=True)
    # Read whole even where a text wraps it over two lines or a column cuts it ("…").
    whole = [r"\s+".join(map(re.escape, name.split())) for name in others]
    cut = [
        re.escape(name[:k]) + "…"
        for name in others
        for k in range(len(name.split()[0]) + 2, len(name))
    ]
    out["*"] = re.compile("|".join([*whole, *cut]) or "(?!)")
    return out


# Identifiers, which are typed and looked up as they are: rule ids and dotted
# card ids ("orctower.attack.ice-storm", "ice_storm.02", "deck.0"), numbered
# copies ("goblin-03", "slug#2"), and an option set as typed ("toad = orc").
_IDS = re.compile(
    r"\b[\w\-]+(?:\.[\w\-]+)+\b|\b[a-z_]+[\-#]\d+\b|\b[a-z_]+ = \S+ \(recorded: [^)]*\)"
    # A Markdown link to a rule's anchor (``#rule-orctower-reinforce-croc``).
    r"|\(#rule-[\w\-]+\)"
)


# The rulebook's words: a passage in « » or quoted in Markdown (">"), a
# citation's [rule — section], a Markdown rule's heading (its id — section).
_QUOTED = re.compile(
    r"«[^»]*»|\[[^\[\]\n]* — [^\[\]\n]*\]|^> .*$|^#+ <a id=\"rule-[^\"]*\"></a>.*$", re.M
)


def built_in_names_said(text: str, forms: dict[str, re.Pattern[str]]) -> list[str]:
    text = _IDS.sub("", _QUOTED.sub("", text))
    text = forms["*"].sub("", text)
    out = []
    for ident, pattern in forms.items():
        if ident == "*":
            continue
        for m in pattern.finditer(text):
            out.append(text[max(0, m.start() - 50) : m.end() + 30].replace("\n", " ⏎ "))
    return out
