"""Bounds on every number of a table's data file, checked before the game reads it.

A data file may replace the numbers a rulebook does not print (hit points, a
counter track, a level's points). Unchecked, a number the rules can never use
(hit points of 10⁹, a track of 20,000 steps, negative points) is played with,
and one beyond 2⁶⁴ − 1 passes the game's checks and fails where the data is
hashed or stored. So each game declares, per field, the whole numbers the rules
can use (``Bound``: from the rulebook where it prints them, else an assumption
of ours that the game's catalogue states), and ``check_bounds`` walks the file
before anything is built from it:

- a number where the game declares a bound must be a whole number within it;
- a number anywhere else is refused: the file takes none there;
- a list holds at most its declared count of items (a ``Bound`` on the list's
  own path), any other list at most ``MAX_ITEMS``.

Each refusal names the field as the file writes it (``creatures[0].hp``), the
bound and the catalogue rule that sets it.

Fields are named by patterns: keys joined by ``.``, ``[]`` for any item of a
list, ``*`` for any key of a table (``pawns.*``, ``creatures[].track[]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel.errors import SetupError
from domain.kernel.phrases import Phrase, phrase, plain, plural

# Items of a list of a data file that declares no count of its own: far above
# any box (a Spell Wars deck holds a few dozen cards), far below harm.
MAX_ITEMS = 1_000


@dataclass(frozen=True)
class Bound:
    """The whole numbers ``low``..``high`` a field may hold (for a list: how many
    items), what they count (a phrase, said in the reader's language), and the
    catalogue rule that sets them."""

    low: int
    high: int
    what: str | Phrase
    rule: str

    def text(self) -> Phrase:
        return phrase(
            "the rules use {what} from {low} to {high} ({rule})",
            what=self.what,
            low=self.low,
            high=self.high,
            rule=self.rule,
        )


Bounds = Mapping[str, Bound]


def _parts(pattern: str) -> tuple[str, ...]:
    out: list[str] = []
    for key in pattern.split("."):
        name, listed, rest = key.partition("[]")
        if name:
            out.append(name)
        if listed:
            out += ["[]"] * (1 + rest.count("[]"))
    return tuple(out)


def _matches(pattern: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return len(pattern) == len(path) and all(
        p in ("*", q) for p, q in zip(pattern, path, strict=True)
    )


def bounds_summary(bounds: Bounds) -> str:
    """The bounds as a catalogue entry says them: ``creatures[].hp`` 1–10, …"""
    return "; ".join(
        f"{pattern} {b.low}–{b.high} ({plain(b.what)})" for pattern, b in bounds.items()
    )


def _items(count: int) -> Phrase:
    return plural("{n} item", "{n} items", count)


def _shown(value: int | float) -> Phrase | str:
    if isinstance(value, int) and value.bit_length() > 64:
        return phrase("a number beyond 2⁶⁴")  # its digits alone could be thousands
    return repr(value)


def check_bounds(data: Any, bounds: Bounds) -> None:
    """``SetupError`` naming a number or a list of ``data`` outside ``bounds``."""
    patterns = [(_parts(pattern), bound) for pattern, bound in bounds.items()]

    def bound_of(path: tuple[str, ...]) -> Bound | None:
        return next((b for p, b in patterns if _matches(p, path)), None)

    stack: list[tuple[Any, tuple[str, ...], str]] = [(data, (), "")]
    while stack:
        node, path, shown = stack.pop()
        where: Phrase | str = shown or phrase("the file")
        if isinstance(node, Mapping):
            for key, value in node.items():
                name = str(key)
                stack.append((value, (*path, name), f"{shown}.{name}" if shown else name))
        elif isinstance(node, list | tuple):
            bound = bound_of(path)
            if bound is not None and not bound.low <= len(node) <= bound.high:
                raise SetupError(
                    phrase(
                        "{where} has {items}; {bound}",
                        where=where,
                        items=_items(len(node)),
                        bound=bound.text(),
                    )
                )
            if bound is None and len(node) > MAX_ITEMS:
                raise SetupError(
                    phrase(
                        "{where} has {items}; a list holds at most {most}",
                        where=where,
                        items=_items(len(node)),
                        most=MAX_ITEMS,
                    )
                )
            for i, item in enumerate(node):
                stack.append((item, (*path, "[]"), f"{shown}[{i}]"))
        elif isinstance(node, int | float) and not isinstance(node, bool):
            bound = bound_of(path)
            said: dict[str, Phrase | str] = {"where": where, "value": _shown(node)}
            if bound is None:
                raise SetupError(
                    phrase("{where} is {value}, where the file takes no number", **said)
                )
            said["bound"] = bound.text()
            if not isinstance(node, int):
                raise SetupError(phrase("{where} is {value}, not a whole number; {bound}", **said))
            if not bound.low <= node <= bound.high:
                raise SetupError(phrase("{where} is {value}; {bound}", **said))
