"""The board: title levels, their spaces, and which spaces contest which titles.

The rulebook never prints the board; this layout is our assumption (rule
``elfenwizards.assume.layout``): a pyramid of 1 Grand Druide, 2 Druides,
4 Sorciers and 8 Nécromanciens, with 4 shared Magicien spaces at the bottom,
each feeding the two Nécromancien titles above it. It is TOML text so that a
table owning the real board can edit it without touching the rules, or give
its own in a setup file (key ``layout``); ``board_from_table`` checks any
layout against what the rulebook says of the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import msgspec

from domain.kernel.data import name_problem
from domain.kernel.errors import SaidError
from domain.kernel.phrases import phrase
from domain.kernel.shape_faults import value_fault
from domain.kernel.toml_text import TomlError, read_toml

LAYOUT_TOML = """
# Levels, top first. points: phase-10 score of a wizard standing there.
# shared: any number of pawns on one space. grey: a wizard demoted from this
# level's defeat space receives a grey magic token. major: the level has a
# major-spell space (spells there are cast only beside wizards of this level).
[[level]]
id = "grand_druide"
name = "Grand Druide"
points = 10

[[level]]
id = "druide"
name = "Druide"
points = 7
grey = true
major = true

[[level]]
id = "sorcier"
name = "Sorcier"
points = 5
grey = true
major = true

[[level]]
id = "necromancien"
name = "Nécromancien"
points = 3
major = true

[[level]]
id = "magicien"
name = "Magicien"
points = 2
shared = true
major = true

# Spaces, top-down and left to right (the order titles are awarded in).
# contests: the title space(s) the wizards standing here compete for.
[[space]]
id = "GD"
level = "grand_druide"

[[space]]
id = "D1"
level = "druide"
contests = ["GD"]

[[space]]
id = "D2"
level = "druide"
contests = ["GD"]

[[space]]
id = "S1"
level = "sorcier"
contests = ["D1"]

[[space]]
id = "S2"
level = "sorcier"
contests = ["D1"]

[[space]]
id = "S3"
level = "sorcier"
contests = ["D2"]

[[space]]
id = "S4"
level = "sorcier"
contests = ["D2"]

[[space]]
id = "N1"
level = "necromancien"
contests = ["S1"]

[[space]]
id = "N2"
level = "necromancien"
contests = ["S1"]

[[space]]
id = "N3"
level = "necromancien"
contests = ["S2"]

[[space]]
id = "N4"
level = "necromancien"
contests = ["S2"]

[[space]]
id = "N5"
level = "necromancien"
contests = ["S3"]

[[space]]
id = "N6"
level = "necromancien"
contests = ["S3"]

[[space]]
id = "N7"
level = "necromancien"
contests = ["S4"]

[[space]]
id = "N8"
level = "necromancien"
contests = ["S4"]

[[space]]
id = "M1"
level = "magicien"
contests = ["N1", "N2"]

[[space]]
id = "M2"
level = "magicien"
contests = ["N3", "N4"]

[[space]]
id = "M3"
level = "magicien"
contests = ["N5", "N6"]

[[space]]
id = "M4"
level = "magicien"
contests = ["N7", "N8"]
"""

MINOR_SPACE = "minor"
GREY_SPACE = "grey"
DEFEAT_PREFIX = "defeat-"


class LayoutError(SaidError):
    """A layout that contradicts the rulebook's board, with the reason."""


class Level(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    points: int
    shared: bool = False
    grey: bool = False
    major: bool = False


class Space(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    level: str
    contests: tuple[str, ...] = ()


class Contest(msgspec.Struct, frozen=True, kw_only=True):
    """Titles awarded together, and the spaces whose wizards compete for them."""

    titles: tuple[str, ...]
    sources: tuple[str, ...]
    level: str


class _Index:
    """Lookups asked on every legality test, built once per board."""

    def __init__(self, board: Board) -> None:
        self.levels = {lv.id: lv for lv in board.levels}
        self.spaces = {s.id: s for s in board.spaces}
        self.rank = {lv.id: i for i, lv in enumerate(board.levels)}
        self.titles = tuple(s.id for s in board.spaces if not self.levels[s.level].shared)
        self.shared = tuple(s.id for s in board.spaces if self.levels[s.level].shared)
        self.defeat = tuple(
            lv.id
            for lv in board.levels
            if not lv.shared and any(s.contests for s in board.spaces if s.level == lv.id)
        )
        self.major = tuple(lv.id for lv in board.levels if lv.major)
        self.major_index = {level: i for i, level in enumerate(self.major)}
        self.contest = {space: c for c in board.contests for space in c.sources}
        self.dice_spaces = (*self.major, MINOR_SPACE, GREY_SPACE)
        # ``level_of`` of each space that is not a defeat space's name, in one read.
        self.level_of = {s.id: s.level for s in board.spaces if not s.id.startswith(DEFEAT_PREFIX)}


@lru_cache(maxsize=32)
def _index_of(board: Board) -> _Index:
    return _Index(board)


# The boards last asked about, by identity, each kept alive with its index (so
# that its id cannot be reused while it is here). A state's board is usually a
# copy decoded from ``BoardLaidOut`` or a snapshot: equal to the cached one but
# not the same object, the cache above compared the two field by field at every
# lookup (some 5 µs, most of an event's evolve and of a decision).
_RECENT: dict[int, tuple[Board, _Index]] = {}
_RECENT_LIMIT = 64


def _index(board: Board) -> _Index:
    hit = _RECENT.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    index = _index_of(board)
    if len(_RECENT) >= _RECENT_LIMIT:
        _RECENT.clear()
    _RECENT[id(board)] = (board, index)
    return index


class Board(msgspec.Struct, frozen=True, kw_only=True, cache_hash=True):
    """A layout, tuples only: it travels in the state and in ``BoardLaidOut``.

    The hash is cached because the board keys the lookup tables and the
    competition's caches, which are asked about on every legality test."""

    levels: tuple[Level, ...]
    spaces: tuple[Space, ...]
    contests: tuple[Contest, ...]

    @property
    def top(self) -> str:
        """The Grand Druide space: the one title nobody contests from above."""
        return self.spaces[0].id

    def level(self, level_id: str) -> Level:
        return _index(self).levels[level_id]

    def space(self, space_id: str) -> Space:
        return _index(self).spaces[space_id]

    def has_space(self, space_id: str) -> bool:
        return space_id in _index(self).spaces

    def level_of(self, space_id: str) -> str:
        level = _index(self).level_of.get(space_id)
        if level is not None:
            return level
        if space_id.startswith(DEFEAT_PREFIX):
            return space_id[len(DEFEAT_PREFIX) :]
        return self.space(space_id).level

    def titles(self) -> tuple[str, ...]:
        """Every title space, in award order (top-down, left to right)."""
        return _index(self).titles

    def shared_spaces(self) -> tuple[str, ...]:
        """The Magicien spaces at the bottom, where demoted wizards go."""
        return _index(self).shared

    def defeat_levels(self) -> tuple[str, ...]:
        """Levels with a defeat space: titled levels whose wizards contest a title."""
        return _index(self).defeat

    def major_levels(self) -> tuple[str, ...]:
        return _index(self).major

    def major_index(self, level_id: str) -> int:
        return _index(self).major_index[level_id]

    def dice_spaces(self) -> tuple[str, ...]:
        """Where a rolled die may go: each major-spell space, minor spells, grey magic."""
        return _index(self).dice_spaces

    def contest_of(self, space_id: str) -> Contest:
        return _index(self).contest[space_id]

    def competes(self, space_id: str) -> bool:
        return space_id in _index(self).contest

    def level_rank(self, level_id: str) -> int:
        """0 for the top level; larger is lower."""
        return _index(self).rank[level_id]

    def as_table(self) -> dict[str, Any]:
        """The layout as a TOML-shaped table (what a setup file gives)."""
        # Through JSON so that tuples become lists: the table is stored in
        # GameStarted and must come back from msgpack unchanged.
        table = {"level": self.levels, "space": self.spaces}
        out: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(table))
        return out


def parse_layout(text: str) -> Board:
    """Parse and check a layout given as TOML text."""
    try:
        data = read_toml(text, "layout")
    except TomlError as error:
        raise LayoutError(error.said or str(error)) from None
    return board_from_table(data)


def _entries(data: Mapping[str, Any], key: str, kind: type[Any]) -> tuple[Any, ...]:
    given = data.get(key)
    if not isinstance(given, list) or not given:
        raise LayoutError(phrase("layout: needs a non-empty [[{key}]] array", key=key))
    out = []
    for i, entry in enumerate(given):
        try:
            out.append(msgspec.convert(entry, kind))
        except msgspec.ValidationError as error:
            fault = value_fault(kind, entry) or str(error)
            raise LayoutError(
                phrase("layout: {key} #{n}: {error}", key=key, n=i + 1, error=fault)
            ) from None
    return tuple(out)


def _check_levels(levels: tuple[Level, ...]) -> None:
    ids = [lv.id for lv in levels]
    if len(set(ids)) != len(ids):
        raise LayoutError(phrase("layout: duplicate level ids"))
    for lv in levels:
        if lv.id in (MINOR_SPACE, GREY_SPACE) or not lv.id:
            raise LayoutError(
                phrase("layout: level id {level} is reserved for a spell space", level=repr(lv.id))
            )
        problem = name_problem(lv.name)  # said in every line about the level
        if problem is not None:
            raise LayoutError(
                phrase("layout: level {level}: {problem}", level=lv.id, problem=problem)
            )
    top, bottom = levels[0], levels[-1]
    if len(levels) < 3:
        raise LayoutError(phrase("layout: at least three levels (Grand Druide, titles, Magiciens)"))
    if top.shared or top.major or top.grey:
        raise LayoutError(
            phrase(
                "layout: the top level {level} is the Grand Druide: not shared, no "
                "major-spell space, no grey token",
                level=top.id,
            )
        )
    if not bottom.shared or any(lv.shared for lv in levels[:-1]):
        raise LayoutError(
            phrase("layout: the bottom level, and only it, is shared (the Magiciens)")
        )
    if bottom.grey:
        raise LayoutError(
            phrase("layout: Magiciens are never demoted, so their level takes no grey")
        )
    for lv in levels[1:]:
        if not lv.major:
            raise LayoutError(
                phrase(
                    "layout: level {level} competes, so it needs a major-spell space", level=lv.id
                )
            )


def _check_spaces(levels: tuple[Level, ...], spaces: tuple[Space, ...]) -> None:
    rank = {lv.id: i for i, lv in enumerate(levels)}
    ids = [s.id for s in spaces]
    if len(set(ids)) != len(ids):
        raise LayoutError(phrase("layout: duplicate space ids"))
    by_id = {s.id: s for s in spaces}
    for s in spaces:
        if s.level not in rank:
            raise LayoutError(
                phrase("layout: space {space} on unknown level {level}", space=s.id, level=s.level)
            )
        if s.id.startswith(DEFEAT_PREFIX) or not s.id:
            raise LayoutError(
                phrase("layout: space id {space} is reserved for a defeat space", space=repr(s.id))
            )
    empty = [lv.id for lv in levels if not any(s.level == lv.id for s in spaces)]
    if empty:
        raise LayoutError(phrase("layout: level(s) {levels} have no space", levels=str(empty)))
    if [rank[s.level] for s in spaces] != sorted(rank[s.level] for s in spaces):
        raise LayoutError(phrase("layout: list the spaces top-down (the award order)"))
    top = [s for s in spaces if rank[s.level] == 0]
    if len(top) != 1 or spaces[0].contests:
        raise LayoutError(
            phrase("layout: the first space is the one Grand Druide title, alone on its level")
        )
    for s in spaces[1:]:
        if not s.contests:
            raise LayoutError(phrase("layout: space {space} contests no title", space=s.id))
        for t in s.contests:
            if t not in by_id:
                raise LayoutError(
                    phrase(
                        "layout: space {space} contests unknown title {title}", space=s.id, title=t
                    )
                )
            if rank[by_id[t].level] != rank[s.level] - 1:
                raise LayoutError(
                    phrase("layout: {space} must contest a title one level above it", space=s.id)
                )
        if list(s.contests) != sorted(s.contests, key=ids.index):
            raise LayoutError(phrase("layout: {space} lists its titles left to right", space=s.id))


def _contests(levels: tuple[Level, ...], spaces: tuple[Space, ...]) -> tuple[Contest, ...]:
    shared = {lv.id for lv in levels if lv.shared}
    ids = [s.id for s in spaces]
    groups: dict[tuple[str, ...], list[Space]] = {}
    for s in spaces:
        if s.contests:
            groups.setdefault(s.contests, []).append(s)
    contests = []
    for titles, sources in sorted(groups.items(), key=lambda kv: ids.index(kv[0][0])):
        level = sources[0].level
        if level in shared:
            # « le titre de nécromancien est attribué aux deux candidats »
            if len(titles) != 2:
                raise LayoutError(
                    phrase(
                        "layout: a Magicien space contests two titles, not {titles}",
                        titles=str(list(titles)),
                    )
                )
        else:
            # One title per duel, and at most « les deux candidats ».
            if len(titles) != 1:
                raise LayoutError(
                    phrase(
                        "layout: {space} contests one title, not {titles}",
                        space=sources[0].id,
                        titles=str(list(titles)),
                    )
                )
            if len(sources) > 2:
                raise LayoutError(
                    phrase(
                        "layout: more than two candidates for {title} "
                        "(possible only at the Magicien level)",
                        title=titles[0],
                    )
                )
        contests.append(Contest(titles=titles, sources=tuple(s.id for s in sources), level=level))
    covered = [t for c in contests for t in c.titles]
    if len(covered) != len(set(covered)):
        raise LayoutError(phrase("layout: a title is contested by two separate groups"))
    titled = [s.id for s in spaces if s.level not in shared]
    uncontested = [t for t in titled if t not in covered]
    if uncontested:
        raise LayoutError(
            phrase("layout: nobody contests the title(s) {titles}", titles=str(uncontested))
        )
    if len(contests[0].sources) != 2:
        raise LayoutError(
            phrase("layout: the 1st and 2nd Druide contest the Grand Druide: two spaces")
        )
    return tuple(contests)


def board_from_table(data: Mapping[str, Any]) -> Board:
    """Check a layout (a table with ``level`` and ``space`` arrays) against the
    rulebook's board; a broken layout fails here, not mid-game."""
    if not isinstance(data, Mapping):
        raise LayoutError(phrase("layout: a table with [[level]] and [[space]] arrays"))
    unknown = sorted(set(data) - {"level", "space"})
    if unknown:
        raise LayoutError(
            phrase(
                "layout: unknown key(s) {unknown}; known: ['level', 'space']", unknown=str(unknown)
            )
        )
    levels = _entries(data, "level", Level)
    spaces = _entries(data, "space", Space)
    _check_levels(levels)
    _check_spaces(levels, spaces)
    return Board(levels=levels, spaces=spaces, contests=_contests(levels, spaces))


BOARD = parse_layout(LAYOUT_TOML)
"""The default board (our assumed pyramid), for games whose setup gives none."""
