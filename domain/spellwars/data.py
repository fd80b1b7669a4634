"""A table's own card data: the template, its validation, and the card set a game plays with.

The data file has one list of card tables per deck (``source``, ``quality``, ``delivery``,
``wild``, ``treasure``, ``dead``), with the fields of the deck files (docs/spellwars.md,
"The effect language"). A table may rewrite any card's name, number, glyph, initiative,
texts and effect lines; the set of cards (their slugs, decks and copies, from the deck
manifest) is the box's and stays fixed, so that every card id means the same card.
A card the file leaves out keeps its built-in data. The normal form lists every card.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from domain.kernel import SaidError, SetupError
from domain.kernel.data import data_hash, name_problem
from domain.kernel.data_bounds import check_bounds
from domain.kernel.phrases import Phrase, phrase
from domain.spellwars.cards import GLYPHS, CardSet, built_in, built_in_raw, card_set, from_raw
from domain.spellwars.data_bounds import BOUNDS
from domain.spellwars.language import LanguageError, check_passive, parse

MAIN = ("source", "quality", "delivery")
PROGRAMS = ("effect", "reaction", "gain", "cast")
DEFAULTS: dict[str, Any] = {
    "glyph": "",
    "initiative": 0,
    "ours": "",
    "effect": [],
    "reaction": [],
    "gain": [],
    "cast": [],
    "passive": [],
    "immediate": False,
}
FIELDS = ("slug", "name", "number", "copies", "text", *DEFAULTS)


def _normal(raw: Mapping[str, Any]) -> dict[str, Any]:
    defaults = {**DEFAULTS, "copies": 1}
    return {k: raw[k] if k in raw else defaults.get(k) for k in FIELDS}


def template() -> dict[str, Any]:
    """The built-in cards, every field written out, per deck."""
    return {kind: [_normal(raw) for raw in raws] for kind, raws in built_in_raw().items()}


def _fail(where: Phrase, problem: Phrase | str) -> SetupError:
    return SetupError(phrase("data {where}: {problem}", where=where, problem=problem))


def _check_card(kind: str, raw: Mapping[str, Any], box: Mapping[str, Any]) -> dict[str, Any]:
    slug = raw["slug"]
    where = phrase("{kind} card {slug}", kind=kind, slug=repr(slug))
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise _fail(
            where,
            phrase(
                "unknown field(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(FIELDS)),
            ),
        )
    card = _normal({**box, **raw})
    for key in ("name", "number", "text"):
        if not isinstance(card[key], str) or not card[key].strip():
            raise _fail(where, phrase("{key} must be a non-empty string", key=repr(key)))
    problem = name_problem(card["name"])
    if problem is not None:
        raise _fail(where, phrase("'name': {problem}", problem=problem))
    if card["copies"] != box.get("copies", 1):
        raise _fail(
            where,
            phrase(
                "'copies' is {given}, but the box holds {held} (the deck's composition is the "
                "manifest's and cannot change)",
                given=repr(card["copies"]),
                held=box.get("copies", 1),
            ),
        )
    if card["text"] == "ours" and not str(card["ours"]).strip():
        raise _fail(where, phrase("text = 'ours' needs our own text in 'ours'"))
    glyphs = GLYPHS if kind in MAIN else ("",)
    if card["glyph"] not in glyphs:
        raise _fail(
            where,
            phrase(
                "'glyph' {glyph} is not one of {known}",
                glyph=repr(card["glyph"]),
                known=str(list(glyphs)),
            ),
        )
    initiative = card["initiative"]
    lo = 1 if kind == "delivery" else 0
    hi = 99 if kind == "delivery" else 0
    if type(initiative) is not int or not lo <= initiative <= hi:
        raise _fail(
            where,
            phrase(
                "'initiative' must be an integer in {lo}..{hi}, not {given}",
                lo=lo,
                hi=str(hi),
                given=repr(initiative),
            ),
        )
    if not isinstance(card["immediate"], bool) or (card["immediate"] and kind != "dead"):
        raise _fail(
            where, phrase("'immediate' is true or false, and only a dead-wizard card has it")
        )
    for key in (*PROGRAMS, "passive"):
        lines = card[key]
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise _fail(
                where, phrase("{key} must be a list of effect lines (strings)", key=repr(key))
            )
    for key in (*PROGRAMS, "passive"):
        for i, line in enumerate(card[key], start=1):
            try:
                check_passive(line) if key == "passive" else parse(line)
            except LanguageError as e:
                outside = phrase(
                    "{key} line {i} {line} is outside the language: {why}",
                    key=key,
                    i=i,
                    line=repr(line),
                    why=e.said or str(e),
                )
                raise _fail(where, outside) from None
    try:
        from_raw(kind, card)
    except ValueError as e:  # a cost after damage, dice or gains
        raise _fail(where, e.said if isinstance(e, SaidError) and e.said else str(e)) from None
    return card


def validate(data: Mapping[str, Any]) -> dict[str, Any]:
    """A table's data file in normal form (every card), or ``SetupError`` naming the fault."""
    if not isinstance(data, Mapping):
        raise SetupError(phrase("data: expected a table of decks"))
    check_bounds(data, BOUNDS)
    box = built_in_raw()
    unknown = sorted(set(data) - set(box))
    if unknown:
        raise SetupError(
            phrase(
                "data: unknown deck(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(box)),
            )
        )
    out: dict[str, Any] = {}
    for kind, raws in box.items():
        given = data.get(kind, [])
        if not isinstance(given, list):
            raise SetupError(phrase("data {kind}: expected a list of card tables", kind=repr(kind)))
        by_slug = {raw["slug"]: raw for raw in raws}
        seen: dict[str, dict[str, Any]] = {}
        for i, raw in enumerate(given):
            if not isinstance(raw, Mapping) or not isinstance(raw.get("slug"), str):
                raise SetupError(
                    phrase("data {kind}[{i}]: a card table needs its 'slug'", kind=kind, i=i)
                )
            slug = raw["slug"]
            if slug not in by_slug:
                raise SetupError(
                    phrase(
                        "data {kind}[{i}]: no {kind} card {slug} in the box (known: {known})",
                        kind=kind,
                        i=i,
                        slug=repr(slug),
                        known=", ".join(by_slug),
                    )
                )
            if slug in seen:
                raise SetupError(
                    phrase(
                        "data {kind}[{i}]: card {slug} is given twice",
                        kind=kind,
                        i=i,
                        slug=repr(slug),
                    )
                )
            seen[slug] = _check_card(kind, raw, by_slug[slug])
        out[kind] = [seen.get(slug) or _normal(raw) for slug, raw in by_slug.items()]
    return out


# The card sets built so far, by the hash of their data: a memo (each decision, view
# and list of legal commands asks for its game's set; building one parses every line).
_SETS: dict[str, CardSet] = {}
# The same with Trankilus rewritten (trankilus=after), by the hash of the data they
# rewrite ("": the built-in cards).
_AFTER: dict[str, CardSet] = {}


def cards_of(data: Mapping[str, Any] | None, digest: str = "") -> CardSet:
    """The card set of a game's data (None: the built-in cards); built once per data."""
    if data is None:
        return built_in()
    key = digest or data_hash(data)
    if key not in _SETS:
        _SETS[key] = card_set(data)
    return _SETS[key]


def cards_for(data: Mapping[str, Any] | None, digest: str, trankilus: str) -> CardSet:
    """The card set a game plays with: its table's data (``digest``: its hash, if known;
    None: the built-in cards), and the options that rewrite a card (``trankilus``)."""
    if trankilus == "first":
        return cards_of(data, digest)
    key = "" if data is None else digest or data_hash(data)
    if key not in _AFTER:
        _AFTER[key] = card_set(trankilus_after(data or template()))
    return _AFTER[key]


@cache
def template_hash() -> str:
    return data_hash(template())


# Trankilus's lines in the order of its sentences: the target only after a roll of 4 or
# less (option trankilus=after; the default fixes it before the die, ruling
# sw.target.before-dice).
TRANKILUS_AFTER = ["roll 1", "gain r", "r<=4: target weakest", "r<=4: heal r"]


def trankilus_after(data: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out["quality"] = [
        {**c, "effect": list(TRANKILUS_AFTER)} if c["slug"] == "trankilus" else c
        for c in data["quality"]
    ]
    return out
