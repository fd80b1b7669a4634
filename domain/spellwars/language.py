"""The card effect language: one instruction per line, ``[guard:] op [args]``.

A guard is alternatives joined by ``|``, each a conjunction of conditions
joined by ``,``; a condition may be negated with ``!``. The full vocabulary is
documented in docs/spellwars.md; ``parse`` refuses anything outside it so a
mistyped card fails when the deck is loaded, not in the middle of a game.
"""

from __future__ import annotations

import re
from functools import lru_cache

import msgspec

from domain.kernel import SaidError
from domain.kernel.phrases import phrase
from domain.spellwars.data_bounds import MAX_LINE_NUMBER
from domain.spellwars.data_bounds import RULE as BOUNDS_RULE

# op name -> allowed argument shapes (regexes over the whole argument string)
OPS: dict[str, str] = {
    "target": r"[a-z-]+",
    "pay": r"\d+|X",
    "option": r"\d+",
    "roll": r"\d+",
    "power": r"(split)?",
    "pick-die": r"",
    "damage": r".+",
    "selfdamage": r".+",
    "heal": r".+",
    "healself": r".+",
    "gain": r".+",
    "give-blood": r"\d+",
    "steal-blood": r"\d+",
    "take-dungeon": r"",
    "give-dungeon": r"",
    "treasure": r"\d+",
    "give-treasure": r"\d+",
    "discard-treasure": r"",
    "steal-treasure": r"",
    "kill-creature": r"",
    "kill-creatures": r"",
    "keep": r"",
    "dead-card": r"\d+",
    "prevent-death": r"",
    "treasure-next-round": r"\d+",
    "creature-dice": r"\d+",
    "play-creature": r"",
    "reveal-hand": r"",
    "discard-type": r"",
    "pass-left": r"",
    "extort": r"arcane|tenebres|elementaire|illusion|primaire",
    "contest": r"",
}

# Selectors naming one opponent that the caster picks among the candidates.
PICKS = frozenset(
    {
        "strongest",
        "weakest",
        "choose",
        "other",
        "played",
        "not-holder",
        "most-treasures",
        "most-creatures",
        "most-blood",
        "no-creature",
        "no-treasure",
        "stronger",
        "weaker",
    }
)

SELECTORS = frozenset(
    {
        # fixed seats
        "left",
        "right",
        "self",
        "killer",
        "took-from",
        "holder",
        # every matching opponent
        "each",
        "neighbours",
        "played-all",
        "unplayed-all",
        "has-treasure-all",
        "token-all",
        "even-all",
        "odd-all",
        "others-all",
        "stronger-all",
        "weaker-all",
        # one opponent, the caster picks among the candidates (ties included)
        *PICKS,
        # one opponent designated by the die
        "die",
    }
)

CONDITIONS = re.compile(
    r"!?(paid|dungeon|low|mid|high|took-living|nodead|lastopp|opt=\d+|r<=\d+|r>=\d+|r=\d+-\d+)"
)
ATOMS = frozenset(
    {"r", "a", "b", "x", "n", "dead", "tokens", "creatures", "hand-creatures", "given"}
)
TERM = re.compile(r"(\d+)|(?:(\d+)\*)?([a-z-]+)")

PASSIVES = re.compile(
    r"(power-dice (any|arcane|tenebres|elementaire|illusion|primaire) \d+"
    r"|dungeon-bonus \d+|armor \d+|dead-dungeon-blood \d+)"
)


class Op(msgspec.Struct, frozen=True):
    """One parsed instruction: guard alternatives, op name, argument text."""

    guard: tuple[tuple[str, ...], ...]
    name: str
    arg: str


class LanguageError(SaidError):
    """A card line outside the effect language."""


_NUMBER = re.compile(r"\d+")


def _check_numbers(line: str) -> None:
    """Every number of ``line`` at most ``MAX_LINE_NUMBER`` (a longer run of digits is
    refused before it is read as a number)."""
    for found in _NUMBER.finditer(line):
        digits = found.group()
        if len(digits) > len(str(MAX_LINE_NUMBER)) or int(digits) > MAX_LINE_NUMBER:
            shown = digits if len(digits) <= 20 else digits[:20] + "…"
            raise LanguageError(
                phrase(
                    "{number} in {line}: a line's numbers go from 0 to {most} ({rule})",
                    number=shown,
                    line=repr(line[:80]),
                    most=str(MAX_LINE_NUMBER),
                    rule=BOUNDS_RULE,
                )
            )


def parse(line: str) -> Op:
    _check_numbers(line)
    guard_text, sep, body = line.partition(":")
    if not sep:
        guard_text, body = "", line
    guard: tuple[tuple[str, ...], ...] = ()
    if guard_text.strip():
        alternatives = []
        for alt in guard_text.split("|"):
            conds = tuple(c.strip() for c in alt.split(","))
            for c in conds:
                if not CONDITIONS.fullmatch(c):
                    raise LanguageError(
                        phrase(
                            "unknown condition {condition} in {line}",
                            condition=repr(c),
                            line=repr(line),
                        )
                    )
            alternatives.append(conds)
        guard = tuple(alternatives)
    name, _, arg = body.strip().partition(" ")
    arg = arg.strip()
    if name not in OPS:
        raise LanguageError(
            phrase("unknown instruction {name} in {line}", name=repr(name), line=repr(line))
        )
    if not re.fullmatch(OPS[name], arg):
        raise LanguageError(
            phrase(
                "bad argument {arg} for {name} in {line}", arg=repr(arg), name=name, line=repr(line)
            )
        )
    if name == "target" and arg not in SELECTORS:
        raise LanguageError(
            phrase("unknown target {arg} in {line}", arg=repr(arg), line=repr(line))
        )
    if name in ("damage", "selfdamage", "heal", "healself", "gain"):
        check_amount(arg, line)
    return Op(guard=guard, name=name, arg=arg)


def check_amount(text: str, line: str) -> None:
    for term in text.split("+"):
        m = TERM.fullmatch(term.strip())
        if not m or (m.group(3) and m.group(3) not in ATOMS):
            raise LanguageError(
                phrase("bad amount {amount} in {line}", amount=repr(text), line=repr(line))
            )


def check_passive(line: str) -> str:
    _check_numbers(line)
    if not PASSIVES.fullmatch(line):
        raise LanguageError(phrase("unknown passive {line}", line=repr(line)))
    return line


@lru_cache(maxsize=1024)
def amount_terms(text: str) -> tuple[tuple[int, str | None], ...]:
    """An amount as (factor, atom) terms; atom None means a constant.

    Kept per text: a card's few amounts are read again at every line it runs."""
    out: list[tuple[int, str | None]] = []
    for term in text.split("+"):
        m = TERM.fullmatch(term.strip())
        assert m is not None
        if m.group(1):
            out.append((int(m.group(1)), None))
        else:
            out.append((int(m.group(2) or 1), m.group(3)))
    return tuple(out)
