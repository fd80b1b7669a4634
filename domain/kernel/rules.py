"""Rule catalogues: every consequence event cites one of these entries."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Literal

import msgspec

from domain.kernel.profiles import KERNEL_CHANGES, Change, Profile, profile_at, profiles_of

Source = Literal["rulebook", "ruling", "assumption"]


class Reading(msgspec.Struct, frozen=True):
    """One possible reading of an ambiguous passage; ``option`` selects it
    (``name=value``, as ``--option`` spells it). A reading no option can select
    says why in ``not_option`` (the engine cannot know what it needs, say)."""

    summary: str
    option: str = ""
    not_option: str = ""


class Rule(msgspec.Struct, frozen=True, kw_only=True):
    """A catalogue entry.

    ``passage`` is a short quotation of the rulebook text the rule applies
    (in the rulebook's language); ``source`` says whether we apply the text
    as written (``rulebook``), chose among readings (``ruling``) or filled a
    gap with a number or behaviour of our own (``assumption``).
    """

    id: str
    section: str
    passage: str
    source: Source = "rulebook"
    summary: str = ""
    readings: tuple[Reading, ...] = ()
    default: str = ""
    why: str = ""
    # Where no seeded bot game cites the entry (``wizards rules GAME --coverage``):
    # the test that reaches it from a setup file or a table's data
    # (``tests/path.py::test_name``), or why no event cites it.
    reached_by: str = ""
    not_cited: str = ""


def with_coverage(
    rules: Iterable[Rule],
    *,
    reached_by: Mapping[str, str] | None = None,
    not_cited: Mapping[str, str] | None = None,
) -> list[Rule]:
    """``rules`` with, for the entries no seeded bot game cites, the test that reaches
    them (``reached_by``: id → ``tests/path.py::test_name``) or why no event cites them
    (``not_cited``: id → why), kept beside the entries a catalogue lists; an id that
    names no entry fails at once."""
    rules = list(rules)
    known = {r.id for r in rules}
    for given in (reached_by or {}, not_cited or {}):
        unknown = sorted(set(given) - known)
        if unknown:
            raise KeyError(f"no rule {unknown} in the catalogue")
    return [
        msgspec.structs.replace(
            r,
            reached_by=(reached_by or {}).get(r.id, r.reached_by),
            not_cited=(not_cited or {}).get(r.id, r.not_cited),
        )
        for r in rules
    ]


class Catalogue:
    """The rule catalogue of one game, keyed by citation id, with its changelog:
    what each engine version changed of the game's outcomes (``domain.kernel.profiles``),
    the kernel's own entries included."""

    def __init__(self, game: str, rules: Iterable[Rule], changelog: Iterable[Change] = ()) -> None:
        self.game = game
        self.changelog: tuple[Change, ...] = (*KERNEL_CHANGES, *changelog)
        self._profiles: dict[str, Profile] = {}
        self._variants: dict[str, tuple[Profile, ...]] = {}
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id!r} in {game}")
            self._rules[rule.id] = rule
        # Read at every consequence decided (``domain.kernel.fold``): a set's
        # lookup, not a call of ``__contains__``.
        self.ids: frozenset[str] = frozenset(self._rules)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def profile(self, version: str) -> Profile:
        """The rules profile of an engine version (memoised: verify asks it per game)."""
        found = self._profiles.get(version)
        if found is None:
            found = self._profiles[version] = profile_at(self.changelog, version)
        return found

    def profiles(self, version: str) -> tuple[Profile, ...]:
        """Every profile of an engine version: its main one, then each revision
        variant in changelog order (``domain.kernel.profiles``)."""
        found = self._variants.get(version)
        if found is None:
            found = self._variants[version] = tuple(profiles_of(self.changelog, version))
        return found

    def cite(self, rule_id: str) -> str:
        """Return ``rule_id`` after checking it exists: a typo fails at once."""
        if rule_id not in self._rules:
            raise KeyError(f"{self.game}: no rule {rule_id!r} in the catalogue")
        return rule_id


# How many tries a seat has at one position of a table whose seats enter their
# own draws: its cards sent again while a command is held, and its entries
# refused for naming a card that is not there (its first entry, and what it is
# asked for after another seat's draw, spend none). Then its entries there are
# refused. An assumption of ours (no rulebook has seats typing their draws): an
# honest seat needs none, one or two after a slip; each answer tells whether a
# card is in the pile, so more would let a seat find others' hands by naming
# cards one by one.
ENTRY_TRIES = 3

KERNEL_RULES = Catalogue(
    "kernel",
    [
        Rule(
            id="kernel.turn",
            section="Pending decisions",
            passage="Only a seat that the state asks to decide may send a command.",
            source="assumption",
            summary="Commands from seats with no pending decision are refused.",
        ),
        Rule(
            id="kernel.game-over",
            section="End of game",
            passage="No command is accepted once the game has an outcome.",
            source="assumption",
        ),
        Rule(
            id="kernel.table-mode",
            section="Table mode",
            passage="Dice values and deck orders supplied from outside the engine.",
            source="assumption",
        ),
        Rule(
            id="kernel.entry-tries",
            section="Table mode",
            passage=(
                "Where each seat enters its own draws, a seat has a limited number of "
                "tries at each position to name its cards."
            ),
            source="assumption",
            summary=(
                f"{ENTRY_TRIES} tries per seat and position: each time it sends its cards "
                "again while a command is held, and each entry refused for naming a card "
                "that is not there, is one (its first entry is none); then the seat's "
                "entries there are refused, and the way on is the referee's (a fork at "
                "that position, or the dispute desk)."
            ),
            why=(
                "Each answer to an entry says whether the cards named are in the pile, which "
                "holds what other seats drew: with no limit, a seat naming cards one by one "
                "would find another's hand. The number is ours: an honest seat needs none, "
                "one or two after a slip."
            ),
        ),
        Rule(
            id="kernel.malformed",
            section="Commands",
            passage="A command must be one of the game's command types with valid fields.",
            source="assumption",
        ),
        Rule(
            id="kernel.fork",
            section="What-if branches",
            passage="A fork copies a game up to a position and continues on its own.",
            source="assumption",
        ),
        Rule(
            id="kernel.seed",
            section="Dice and shuffles",
            passage="The seed is revealed in the game's last event.",
            source="assumption",
        ),
    ],
)
