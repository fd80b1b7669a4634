"""A game's view in its own words, and what changed between two views.

Generic over every game: a view (``Game.view``) is flattened into labelled
facts — a list of records with a ``seat`` is labelled by the players' names, a
card id by the card's name (``services.words.sentences``), a key by its words — so that
``diff`` can say "Ann — life: 9 → 6" and "discard: + Boule de feu" for any game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.words.sentences import Words

# Keys that say whose record it is, or repeat the table's bookkeeping: not facts.
_LABEL_KEYS = ("seat", "space", "id", "name", "wizard")
_SKIP = frozenset({"game", "options", "pending", "seat"})
# Keys (in words, at any depth) whose number is a seat (-1 or None: nobody), as
# the four games' views (``domain/*/view.py``) use them.
_SEAT_KEYS = frozenset(
    {
        "seat",
        "owner",
        "first",
        "active",
        "winner",
        "to act",  # elfenwizards
        "dragon",  # elfenwizards: who holds the dragon
        "caster",  # spellwars: whose spell resolves
        "dungeon",  # spellwars: who holds the dungeon
        "attacker",  # ultimate: who attacks
        "target",  # ultimate: whom a hit of the attack is aimed at
        "by",  # ultimate: who demands a discard
    }
)
# Keys whose list of numbers is a list of seats.
_SEAT_LISTS = frozenset(
    {
        "winners",  # spellwars
        "targets",  # spellwars: the seats a choice may pick
        "demands",  # orctower: who must discard a card
    }
)


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


def _key(key: str, words: Words) -> str:
    # A key may be a card id (the orc tower's creature types, elfenwizards'
    # levels): said by its name where texts name it (the table's own, or the
    # orc tower's printed one).
    return words.names.by_id.get(key) or key.replace("_", " ")


def flatten(view: Any, words: Words, prefix: str = "") -> dict[str, Any]:
    """Facts of a view: label -> scalar, or label -> list of names (a pile, a hand).
    A game that says its whole view itself (``view_facts``) is taken at its word."""
    out: dict[str, Any] = {}
    if not prefix and isinstance(view, dict) and view.get("game") == words.game.spec.id:
        said = words.said.view_facts
        if said is not None:
            return said(view, words)
    if isinstance(view, dict):
        for k, v in view.items():
            if k in _SKIP and not prefix:
                continue
            out |= flatten(v, words, f"{prefix} — {_key(k, words)}" if prefix else _key(k, words))
        return out
    if isinstance(view, tuple):
        view = list(view)  # a view straight from the game, not through JSON
    if isinstance(view, list):
        if all(isinstance(v, str) for v in view):
            out[prefix] = [words.card(v) for v in view]
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
                found = _label(item, words)
                if found is None:
                    # No name of its own: the list's name and its place in it,
                    # said once ("attack — hits 1 — damage").
                    out |= flatten(item, words, f"{prefix} {n + 1}")
                    continue
                label, key = found
                body = {k: v for k, v in item.items() if k != key}
                out |= flatten(body, words, label if by_seat else f"{prefix} — {label}")
            return out
        if view and all(isinstance(v, int) for v in view) and _last(prefix) in _SEAT_LISTS:
            out[prefix] = [words.seat(v) for v in view]
            return out
        out[prefix] = view
        return out
    if _last(prefix) in _SEAT_KEYS and (isinstance(view, int) or view is None):
        out[prefix] = words.seat(view) if isinstance(view, int) and view >= 0 else None
        return out
    if isinstance(view, str) and _last(prefix) == "prompt":
        out[prefix] = words.prompt(view)  # a sentence, not a card's id
        return out
    if isinstance(view, str) and prefix:
        out[prefix] = words.card(view)
        return out
    out[prefix] = view
    return out


def _last(prefix: str) -> str:
    """The key a fact's label ends with."""
    return prefix.rsplit(" — ", 1)[-1]


def _is_seat_list(items: list[Any]) -> bool:
    """Each a player's own record: labelled by the players' names alone. (A
    record naming a second seat, such as ultimate's demand ``by`` one player of
    another, is not one player's: its list keeps its own name before theirs.)"""
    return bool(items) and all(
        isinstance(i, dict)
        and isinstance(i.get("seat"), int)
        and not any(isinstance(i.get(k), str) for k in _LABEL_KEYS[1:])
        and not any(k != "seat" and k.replace("_", " ") in _SEAT_KEYS for k in i)
        for i in items
    )


def show(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


def facts(view: Any, words: Words) -> list[str]:
    """The view as lines: "Ann — life: 9"."""
    return [f"{label}: {show(value)}" for label, value in flatten(view, words).items()]


def changes(before: Any, after: Any, words: Words) -> list[dict[str, Any]]:
    """What changed between two views, fact by fact."""
    a, b = flatten(before, words), flatten(after, words)
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
            item["text"] = f"{label}: " + (", ".join(parts) if parts else "same cards, new order")
        else:
            item["text"] = f"{label}: {show(old)} → {show(new)}"
        out.append(item)
    return out
