"""Rules profiles: how each engine version decided, kept as a changelog.

A game is decided again, years on, by the readings its own engine applied. Each
game's catalogue carries a changelog (``Catalogue.changelog``, with the kernel's
own entries here): every change since the first engine that could alter what a
recorded game holds, said as data —

- a **reading** changed (``option``, ``old`` → ``new``): an option's default
  moved, or behaviour that had no option became one, whose ``old`` value every
  earlier version applied;
- a rule **renamed** (``renamed_from``): a record of an earlier version cites the
  old id where this engine cites ``rule``;
- an event **field** first recorded (``field``): a record of an earlier version
  does not hold it, and is not asked to.

The **profile** of a version is what its engine applied: the ``old`` reading of
every change made after it, the aliases of the rules renamed since, the fields
it did not record yet. A recorded game is decided again under its own version's
profile (``wizards verify``) or any other (``wizards readjudicate --engine``), and
a difference between two profiles is attributed to the entries that part them.

Wording is never part of a profile: a die's purpose, the story, ``describe()``
are words, compared nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

OptionValue = bool | int | str

# The first engine: every change of a changelog was made after it.
FIRST_VERSION = "0.1.0"


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """One changelog entry: at ``version`` the engine began to decide ``rule``
    otherwise (see the module's doc for its three kinds)."""

    version: str
    rule: str
    why: str
    option: str = ""
    old: OptionValue | None = None
    new: OptionValue | None = None
    renamed_from: str = ""
    field: str = ""

    @property
    def kind(self) -> str:
        if self.renamed_from:
            return "renamed"
        if self.field:
            return "field"
        return "reading"

    @property
    def name(self) -> str:
        """The entry as text and JSON name it: version, rule and what changed."""
        if self.renamed_from:
            what = f"renamed from {self.renamed_from}"
        elif self.field:
            what = f"field {self.field} recorded"
        else:
            what = f"{self.option}: {_value(self.old)} → {_value(self.new)}"
        return f"{self.version} {self.rule} ({what})"

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, **msgspec.to_builtins(self)}


def _value(v: OptionValue | None) -> str:
    return "yes" if v is True else "no" if v is False else str(v)


# What the kernel changed for every game.
KERNEL_CHANGES: tuple[Change, ...] = (
    Change(
        version="0.3.0",
        rule="kernel.table-mode",
        option="table_picks",
        old="die",
        new="name",
        why="A card picked blind from a hand in table mode is taken by the name the table "
        "enters (drew); before, only a die face chose it. A record holds its chance in the "
        "form its engine took, so this reading always follows the record's own version.",
    ),
    Change(
        version="0.4.0",
        rule="kernel.also",
        field="also",
        why="A consequence cites the rulings and assumptions it relied on besides its rule "
        "(Consequence.also); records of earlier engines cite the rule alone.",
    ),
)


def version_key(version: str) -> tuple[int, ...]:
    """``"0.10.1"`` → ``(0, 10, 1)``; a version that is not dotted numbers sorts last
    (it is no version this engine knows, so it is read as the newest)."""
    try:
        return tuple(int(p) for p in version.split("."))
    except ValueError:
        return (1 << 30,)


@dataclass(frozen=True, slots=True)
class Profile:
    """What the engine of ``version`` applied (see the module's doc).

    ``options``: the reading of every option changed since (an option a record
    holds is its own and is never replaced); ``aliases``: a recorded rule id →
    this engine's; ``unrecorded``: event fields that version did not record;
    ``since``: the entries made after it, newest last."""

    version: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    unrecorded: frozenset[str] = frozenset()
    since: tuple[Change, ...] = ()

    def reverting(self, change: Change) -> Profile:
        """This profile with one more reading taken back to its ``old`` value."""
        assert change.option
        return Profile(
            self.version,
            {**self.options, change.option: change.old},  # type: ignore[dict-item]  # a reading's old value is set
            self.aliases,
            self.unrecorded,
            self.since,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "options": dict(self.options),
            "aliases": dict(self.aliases),
            "unrecorded": sorted(self.unrecorded),
            "changes_since": [c.name for c in self.since],
        }


def profile_at(changes: Iterable[Change], version: str) -> Profile:
    """The profile of ``version``: every change made after it, taken back."""
    at = version_key(version)
    since = sorted((c for c in changes if version_key(c.version) > at), key=_order)
    options: dict[str, OptionValue] = {}
    aliases: dict[str, str] = {}
    unrecorded: set[str] = set()
    # Newest first, so the oldest change of an option or a rule wins.
    for c in reversed(since):
        if c.option and c.old is not None:
            options[c.option] = c.old
        elif c.renamed_from:
            aliases[c.renamed_from] = aliases.get(c.rule, c.rule)
        elif c.field:
            unrecorded.add(c.field)
    return Profile(version, options, aliases, frozenset(unrecorded), tuple(since))


def _order(c: Change) -> tuple[tuple[int, ...], str]:
    return version_key(c.version), c.rule


def kernel_reading(version: str, option: str) -> OptionValue | None:
    """A kernel reading (``table_picks``) as the engine of ``version`` applied it."""
    found = profile_at(KERNEL_CHANGES, version).options.get(option)
    if found is not None:
        return found
    return next((c.new for c in reversed(KERNEL_CHANGES) if c.option == option), None)


def versions(changes: Iterable[Change]) -> list[str]:
    """The versions a changelog names, oldest first."""
    return sorted({c.version for c in changes}, key=version_key)


def check_changelog(
    changes: Sequence[Change], rules: Iterable[str], options: Mapping[str, Sequence[Any]]
) -> list[str]:
    """What is wrong with a game's changelog, in words (empty: nothing): each entry
    names a rule of the catalogue, a reading an option with both values among
    the allowed ones (``options``: each option's allowed values, empty for any)."""
    known = set(rules)
    wrong: list[str] = []
    for c in changes:
        if c.rule not in known and not c.rule.startswith("kernel."):
            wrong.append(f"{c.name}: no rule {c.rule!r} in the catalogue")
        if c.kind == "reading" and not c.rule.startswith("kernel."):
            allowed = options.get(c.option)
            if allowed is None:
                wrong.append(f"{c.name}: no option {c.option!r}")
            elif allowed and (c.old not in allowed or c.new not in allowed):
                wrong.append(f"{c.name}: a value not among {list(allowed)}")
        if not c.why:
            wrong.append(f"{c.name}: says no why")
    return wrong
