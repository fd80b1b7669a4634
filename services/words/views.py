"""A game's view in its own words, and what changed between two views.

Generic over every game: a view (``Game.view``) is flattened into labelled
facts — a list of records with a ``seat`` is labelled by the players' names, a
card id by the card's name (``services.words.sentences``), a key by its words — so that
``diff`` can say "Ann — life: 9 → 6" and "discard: + Boule de feu" for any game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec

from domain.games import all_games
from domain.kernel.fact_labels import FACT_LABELS
from domain.kernel.phrases import Phrase
from services.words.sentences import Words

# Keys that say whose record it is, or repeat the table's bookkeeping: not facts.
_LABEL_KEYS = ("seat", "space", "id", "name", "wizard")
SKIPPED = frozenset({"game", "options", "pending", "seat"})


@cache
def _seat_keys() -> tuple[frozenset[str], frozenset[str]]:
    """(keys whose number is a seat, keys whose list of numbers is a list of seats):
    every installed game's (``GameWords.seat_keys``, ``seat_lists``), so that a key
    reads alike in every game's views and events, as a difference shows them."""
    keys = frozenset(k for game in all_games() for k in game.words.seat_keys)
    lists = frozenset(k for game in all_games() for k in game.words.seat_lists)
    return keys, lists


def _label(item: dict[str, Any], words: Words) -> tuple[str, str] | None:
    """(label, the key it came from) of a record in a list: its own id (a space, a
    wizard, a card), else the player whose record it is."""
    for key in _LABEL_KEYS[1:]:
        value = item.get(key)
        if isinstance(value, str):
            return (words.card(value) if key != "name" else value), key
    if isinstance(item.get("seat"), int):
        return words.seat(item["seat"]), "seat"
    return None


def said_key(key: str, words: Words) -> str:
    """A view's key as a fact's label reads it, in the reader's language. A key
    that is a card id (a game's creature types, levels) by the card's name where
    texts name it (the table's own, or the printed one of a game whose lines name
    cards by id); else the game's label for it, else the kernel's
    (``domain.kernel.fact_labels``); else spaced."""
    named = words.names.by_id.get(key)
    if named is not None:
        return named
    label = words.said.fact_labels.get(key) or FACT_LABELS.get(key)
    return words.say(label) if label is not None else key.replace("_", " ")


def said_value(key: str, value: str, words: Words) -> str:
    """A string a view's ``key`` holds, as a fact says it in the reader's language:
    an enumerated value (a stage, a phase) by the game's phrase for it
    (``GameWords.fact_values``), else a card's id by the card's name."""
    said = words.said.fact_values.get((key, value))
    return words.say(said) if said is not None else words.card(value)


def flatten(
    view: Any,
    words: Words,
    prefix: str = "",
    kept: dict[Any, dict[str, Any]] | None = None,
    key: str = "",
) -> dict[str, Any]:
    """Facts of a view: label -> scalar, or label -> list of names (a pile, a hand).
    A game that says its whole view itself (``view_facts``) is taken at its word.
    ``kept``: the facts of the records of a list told before, by what they hold
    (an export tells a game's views at every position: when one player's record
    changes, the others' are told already). ``key``: the view's key ``view`` is
    the value of (its label, ``prefix``, is in the reader's words): whether it
    holds a prompt or a seat is the key's to say."""
    out: dict[str, Any] = {}
    if not prefix and isinstance(view, dict) and view.get("game") == words.game.spec.id:
        said = words.said.view_facts
        if said is not None:
            return said(view, words)
    if isinstance(view, str | Phrase | dict) and key == "prompt":
        out[prefix] = words.prompt(view)  # a question, not a card's id
        return out
    if isinstance(view, dict):
        for k, v in view.items():
            if k in SKIPPED and not prefix:
                continue
            label = f"{prefix} — {said_key(k, words)}" if prefix else said_key(k, words)
            out |= flatten(v, words, label, kept, k)
        return out
    if isinstance(view, tuple):
        view = list(view)  # a view straight from the game, not through JSON
    if isinstance(view, list):
        if all(isinstance(v, str) for v in view):
            out[prefix] = [said_value(key, v, words) for v in view]
            return out
        if view and all(
            isinstance(v, dict) and isinstance(v.get("name"), str) and "seat" not in v for v in view
        ):
            out[prefix] = [v["name"] for v in view]  # cards shown as records: a pile by name
            return out
        if all(isinstance(v, dict) for v in view):
            if not view:
                out[prefix] = []
            by_seat = _is_seat_list(view)
            for n, item in enumerate(view):
                if kept is None:
                    out |= _record_facts(item, n, by_seat, words, prefix, kept, key)
                    continue
                memo = (prefix, n, by_seat, msgspec.json.encode(item))
                told = kept.get(memo)
                if told is None:
                    told = _record_facts(item, n, by_seat, words, prefix, kept, key)
                    if len(kept) >= _KEPT:
                        kept.clear()
                    kept[memo] = told
                out |= told
            return out
        if view and all(isinstance(v, int) for v in view) and _spaced(key) in _seat_keys()[1]:
            out[prefix] = [words.seat(v) for v in view]
            return out
        out[prefix] = view
        return out
    if _spaced(key) in _seat_keys()[0] and (isinstance(view, int) or view is None):
        out[prefix] = words.seat(view) if isinstance(view, int) and view >= 0 else None
        return out
    if isinstance(view, str) and prefix:
        out[prefix] = said_value(key, view, words)
        return out
    out[prefix] = view
    return out


_KEPT = 4096  # records' facts an export keeps at most (a long game's, bounded)


def _record_facts(
    item: dict[str, Any],
    n: int,
    by_seat: bool,
    words: Words,
    prefix: str,
    kept: dict[Any, dict[str, Any]] | None,
    key: str,
) -> dict[str, Any]:
    """The facts of one record of a list (the ``n``-th) the view's ``key`` holds."""
    found = _label(item, words)
    if found is None:
        # No name of its own: the list's name and its place in it, said once
        # ("attack — hits 1 — damage").
        return flatten(item, words, f"{prefix} {n + 1}", kept, key)
    label, own = found
    body = {k: v for k, v in item.items() if k != own}
    return flatten(body, words, label if by_seat else f"{prefix} — {label}", kept, key)


def _spaced(key: str) -> str:
    """A key as the games declare their seat keys (``GameWords.seat_keys``: "to act")."""
    return key.replace("_", " ")


def _is_seat_list(items: list[Any]) -> bool:
    """Each a player's own record: labelled by the players' names alone. (A
    record naming a second seat, such as a demand ``by`` one player of another,
    is not one player's: its list keeps its own name before theirs.)"""
    second = _second_seat_keys()
    return bool(items) and all(
        isinstance(i, dict)
        and isinstance(i.get("seat"), int)
        and not any(isinstance(i.get(k), str) for k in _LABEL_KEYS[1:])
        and second.isdisjoint(i)
        for i in items
    )


@cache
def _second_seat_keys() -> frozenset[str]:
    """The keys of a record that name a seat besides its own ``seat``, as a view
    writes them (identifiers: ``to_act`` for the game's "to act"): an export asks
    it of every record of every list at every position, so the set is made once."""
    spaced = _seat_keys()[0]
    return frozenset(k.replace(" ", "_") for k in spaced if "_" not in k) - {"seat"}


def show(value: Any, words: Words | None = None) -> str:
    """A fact's value as a line says it; ``words``: in the reader's language (the
    English where none is given)."""
    say = words.text if words is not None else str
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or say("none")
    return str(value)


def facts(view: Any, words: Words) -> list[str]:
    """The view as lines: "Ann — life: 9" (« Ann — points de vie : 9 »)."""
    line = fact_line(words)
    return [line(label, show(value, words)) for label, value in flatten(view, words).items()]


def fact_line(words: Words) -> Callable[[str, str], str]:
    """How a fact's label and its value stand on one line in the reader's
    language: French puts a space before the colon. Looked up once a reading,
    not once a line (an export says thousands)."""
    template = words.text("{label}: {value}")
    return lambda label, value: template.format(label=label, value=value)


def changes(before: Any, after: Any, words: Words) -> list[dict[str, Any]]:
    """What changed between two views, fact by fact."""
    a, b = flatten(before, words), flatten(after, words)
    line = fact_line(words)
    out: list[dict[str, Any]] = []
    for label in [*a, *(k for k in b if k not in a)]:
        old, new = a.get(label), b.get(label)
        if old == new:
            continue
        item: dict[str, Any] = {"what": label, "before": old, "after": new}
        if (
            isinstance(old, list)
            and isinstance(new, list)
            and all(isinstance(x, str) for x in [*old, *new])
        ):
            gone = Counter(old) - Counter(new)
            came = Counter(new) - Counter(old)
            item["added"] = sorted(came.elements())
            item["removed"] = sorted(gone.elements())
            parts = [f"+ {x}" for x in item["added"]] + [f"− {x}" for x in item["removed"]]
            same = words.text("same cards, new order")
            item["text"] = line(label, ", ".join(parts) if parts else same)
        else:
            item["text"] = line(label, f"{show(old, words)} → {show(new, words)}")
        out.append(item)
    return out
