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

An entry with a ``revision`` parts no versions: it records a reading that some
revisions of ``version`` shipped without a version bump (``old``: what the
version's main profile applies, ``new``: what those revisions applied), from that
revision on (``as of``) or before it (``before``). Such a version has more than
one profile: its **main** one, then one **variant** per revision named, in
changelog order; each variant is the main profile with its entries' ``new``
readings. A record of that version is authentic when one of them decides it as
recorded (``wizards verify`` says which).

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
from dataclasses import dataclass, field, replace
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
    # A revision variant's entry (see the module's doc): the commit of this project
    # that shipped ``new`` without a version bump, from it on or (``before``) until it.
    revision: str = ""
    before: bool = False

    @property
    def variant(self) -> str:
        """The revision variant an entry belongs to (``as of 09066c5``), or ``""``."""
        if not self.revision:
            return ""
        return f"{'before' if self.before else 'as of'} {self.revision}"

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
        version = f"{self.version} {self.variant}" if self.revision else self.version
        return f"{version} {self.rule} ({what})"

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "variant": self.variant,
            **msgspec.to_builtins(self),
        }


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
        "form its engine took, so this reading always follows the record's own profile.",
    ),
    Change(
        version="0.2.0",
        revision="c08a9c1",
        rule="kernel.table-mode",
        option="table_picks",
        old="die",
        new="name",
        why="c08a9c1 (27 November 2026) already took a card picked blind from a hand by the "
        "name the table entered, still engine 0.2.0: ENGINE_VERSION 0.3.0 came with 940b6a3, "
        "after it. A 0.2.0 record of those revisions holds the name (drew), not a die face.",
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
    ``since``: the entries made after it, newest last; ``variant``: the revision
    variant it is (``as of 09066c5``; empty: the version's main profile), whose
    entries are ``shipped``."""

    version: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    unrecorded: frozenset[str] = frozenset()
    since: tuple[Change, ...] = ()
    variant: str = ""
    shipped: tuple[Change, ...] = ()

    @property
    def name(self) -> str:
        """As reports say it: ``0.1.0``, ``0.1.0 as of 09066c5``."""
        return f"{self.version} {self.variant}" if self.variant else self.version

    @property
    def spelling(self) -> str:
        """As ``--engine`` takes it: ``0.1.0``, ``0.1.0@09066c5``."""
        return f"{self.version}@{self.shipped[0].revision}" if self.shipped else self.version

    def reverting(self, change: Change) -> Profile:
        """This profile with one more reading taken back to its ``old`` value."""
        assert change.option
        return replace(self, options={**self.options, change.option: change.old})  # type: ignore[dict-item]  # a reading's old value is set

    def as_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "name": self.name,
            "variant": self.variant,
            "options": dict(self.options),
            "aliases": dict(self.aliases),
            "unrecorded": sorted(self.unrecorded),
            "changes_since": [c.name for c in self.since],
            "shipped": [c.name for c in self.shipped],
        }


def profile_at(changes: Iterable[Change], version: str) -> Profile:
    """The main profile of ``version``: every change made after it, taken back."""
    at = version_key(version)
    since = sorted(
        (c for c in changes if not c.revision and version_key(c.version) > at), key=_order
    )
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


def profiles_of(changes: Sequence[Change], version: str) -> list[Profile]:
    """Every profile of ``version``: its main one, then each revision variant in
    changelog order (the main profile with the variant's ``new`` readings)."""
    main = profile_at(changes, version)
    variants: dict[str, list[Change]] = {}
    for c in changes:
        if c.revision and c.version == version:
            variants.setdefault(c.variant, []).append(c)
    found = [main]
    for variant, shipped in variants.items():
        options = dict(main.options)
        for c in shipped:
            options[c.option] = c.new  # type: ignore[assignment]  # a variant entry is a reading
        found.append(replace(main, options=options, variant=variant, shipped=tuple(shipped)))
    return found


def profile_named(changes: Sequence[Change], spelling: str) -> Profile | None:
    """The profile ``--engine`` names: ``0.1.0`` (the main one) or ``0.1.0@09066c5``
    (the variant of the revision named), None for one the changelog does not know."""
    version, _, revision = spelling.partition("@")
    return next(
        (
            p
            for p in profiles_of(changes, version)
            if (p.shipped[0].revision if p.shipped else "") == revision
        ),
        None,
    )


def _order(c: Change) -> tuple[tuple[int, ...], str]:
    return version_key(c.version), c.rule


def kernel_reading(profile: Profile, option: str) -> OptionValue | None:
    """A kernel reading (``table_picks``) as the engine of ``profile`` applied it."""
    found = profile.options.get(option)
    if found is not None:
        return found
    return next((c.new for c in reversed(KERNEL_CHANGES) if c.option == option), None)


def versions(changes: Iterable[Change]) -> list[str]:
    """The versions a changelog names, oldest first, each revision variant after its
    version as ``--engine`` spells it (``0.1.0@09066c5``)."""
    listed = list(changes)
    plain = sorted({c.version for c in listed}, key=version_key)
    out: list[str] = []
    for version in plain:
        out.append(version)
        out += [p.spelling for p in profiles_of(listed, version)[1:]]
    return out


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
        if c.revision and c.kind != "reading":
            wrong.append(f"{c.name}: a revision variant's entry is a reading")
        if c.revision:
            main = profile_at(changes, c.version)
            was = main.options.get(c.option, _newest(changes, c.option))
            if was is not None and c.old != was:
                wrong.append(f"{c.name}: the main profile of {c.version} reads {_value(was)}")
    return wrong


def _newest(changes: Sequence[Change], option: str) -> OptionValue | None:
    """An option's reading today, where a versioned entry says it."""
    return next((c.new for c in reversed(changes) if c.option == option and not c.revision), None)
