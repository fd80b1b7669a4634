"""The board: title levels, their spaces, and which spaces contest which titles.

The rulebook never prints the board; this layout is our assumption (rule
``elfenwizards.assume.layout``): a pyramid of 1 Grand Druide, 2 Druides,
4 Sorciers and 8 Nécromanciens, with 4 shared Magicien spaces at the bottom,
each feeding the two Nécromancien titles above it. It is TOML text so that a
table owning the real board can edit it without touching the rules.
"""

from __future__ import annotations

import tomllib

import msgspec

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


class Level(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    points: int
    shared: bool = False
    grey: bool = False
    major: bool = False


class Space(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    level: str
    contests: tuple[str, ...] = ()


class Contest(msgspec.Struct, frozen=True, kw_only=True):
    """Titles awarded together, and the spaces whose wizards compete for them."""

    titles: tuple[str, ...]
    sources: tuple[str, ...]
    level: str


class Board(msgspec.Struct, frozen=True, kw_only=True):
    levels: tuple[Level, ...]
    spaces: tuple[Space, ...]
    contests: tuple[Contest, ...]
    # Lookups asked on every legality test, built once by parse_layout.
    space_index: dict[str, Space]
    level_index: dict[str, Level]

    @property
    def top(self) -> str:
        """The Grand Druide space: the one title nobody contests from above."""
        return self.spaces[0].id

    def level(self, level_id: str) -> Level:
        return self.level_index[level_id]

    def space(self, space_id: str) -> Space:
        return self.space_index[space_id]

    def level_of(self, space_id: str) -> str:
        if space_id.startswith(DEFEAT_PREFIX):
            return space_id[len(DEFEAT_PREFIX) :]
        return self.space(space_id).level

    def titles(self) -> tuple[str, ...]:
        """Every title space, in award order (top-down, left to right)."""
        return tuple(s.id for s in self.spaces if not self.level(s.level).shared)

    def shared_spaces(self) -> tuple[str, ...]:
        """The Magicien spaces at the bottom, where demoted wizards go."""
        return tuple(s.id for s in self.spaces if self.level(s.level).shared)

    def defeat_levels(self) -> tuple[str, ...]:
        """Levels with a defeat space: titled levels whose wizards contest a title."""
        return tuple(
            lv.id
            for lv in self.levels
            if not lv.shared and any(s.contests for s in self.spaces if s.level == lv.id)
        )

    def major_levels(self) -> tuple[str, ...]:
        return tuple(lv.id for lv in self.levels if lv.major)

    def contest_of(self, space_id: str) -> Contest:
        for contest in self.contests:
            if space_id in contest.sources:
                return contest
        raise KeyError(space_id)

    def level_rank(self, level_id: str) -> int:
        """0 for the top level; larger is lower."""
        return [lv.id for lv in self.levels].index(level_id)


def parse_layout(text: str) -> Board:
    """Parse and check a layout; a broken layout fails here, not mid-game."""
    data = tomllib.loads(text)
    levels = tuple(msgspec.convert(x, Level) for x in data["level"])
    spaces = tuple(msgspec.convert(x, Space) for x in data["space"])
    level_ids = [lv.id for lv in levels]
    ids = [s.id for s in spaces]
    if len(set(ids)) != len(ids):
        raise ValueError("layout: duplicate space ids")
    for s in spaces:
        if s.level not in level_ids:
            raise ValueError(f"layout: space {s.id} on unknown level {s.level}")
        for t in s.contests:
            if t not in ids:
                raise ValueError(f"layout: space {s.id} contests unknown title {t}")
            above = next(x for x in spaces if x.id == t)
            if level_ids.index(above.level) != level_ids.index(s.level) - 1:
                raise ValueError(f"layout: {s.id} must contest a title one level above it")
    if spaces[0].contests or levels[0].id != spaces[0].level:
        raise ValueError("layout: the first space must be the top title")
    groups: dict[tuple[str, ...], list[str]] = {}
    for s in spaces:
        if s.contests:
            groups.setdefault(s.contests, []).append(s.id)
    title_order = [s.id for s in spaces]
    contests = tuple(
        Contest(
            titles=titles,
            sources=tuple(sources),
            level=next(x.level for x in spaces if x.id == sources[0]),
        )
        for titles, sources in sorted(groups.items(), key=lambda kv: title_order.index(kv[0][0]))
    )
    covered = [t for c in contests for t in c.titles]
    if len(covered) != len(set(covered)):
        raise ValueError("layout: a title is contested by two separate groups")
    return Board(
        levels=levels,
        spaces=spaces,
        contests=contests,
        space_index={s.id: s for s in spaces},
        level_index={lv.id: lv for lv in levels},
    )


BOARD = parse_layout(LAYOUT_TOML)
