"""Consequence events of Elfenwizards. Every one carries its rule citation.

The game has no hidden information (dice are rolled in the open and every
placement is public), so all events are public.
"""

from __future__ import annotations

from domain.elfenwizards.board import BOARD, DEFEAT_PREFIX, GREY_SPACE, MINOR_SPACE, Board
from domain.elfenwizards.state import PHASE_TITLE, Wizard
from domain.kernel import Consequence, Event, seats_text


def _level(level: str) -> str:
    # The built-in name, which a table's own names then replace (services.words.card_names).
    built_in = {lv.id: lv.name for lv in BOARD.levels}
    return built_in.get(level, level.replace("_", " "))


def _spell_space(space: str) -> str:
    """Where dice lie, in the page's words: a level's major-spell space by the
    level's name, never its id ("the Druide major-spell space")."""
    if space == MINOR_SPACE:
        return "the minor-spell space"
    if space == GREY_SPACE:
        return "the grey space"
    return f"the {_level(space)} major-spell space"


def _board_space(space: str) -> str:
    """A space of the pyramid: its id ("M4"), or a level's defeat space in words."""
    if space.startswith(DEFEAT_PREFIX):
        return f"the {_level(space.removeprefix(DEFEAT_PREFIX))} defeat space"
    return space


def _in_turn(order: tuple[int, ...]) -> str:
    # Each seat said whole and in its order: the page and the story name each player.
    return ", ".join(f"seat {s}" for s in order) or "nobody"


def _spell(die: int | None) -> str:
    return "a minor spell" if die is None else f"a major {die}"


class BoardLaidOut(Consequence, frozen=True, kw_only=True):
    """The board played on. ``board`` (levels, spaces, contests) is absent from
    games stored before layouts became setup data: they used the default."""

    spaces: tuple[str, ...]
    board: Board | None = None

    def describe(self) -> str:
        if self.board is None:
            return f"board laid out: {' '.join(self.spaces)}"
        # Every line names a level by its built-in name, which a table's own
        # names then replace (services.words.card_names): a line that said the file's
        # names here would be renamed again (a file swapping two names).
        built_in = {lv.id: lv.name for lv in BOARD.levels}
        levels = ", ".join(
            f"{built_in.get(lv.id, lv.name)} "
            f"{sum(1 for s in self.board.spaces if s.level == lv.id)}"
            for lv in self.board.levels
        )
        duels = "; ".join(
            f"{'+'.join(c.sources)}→{'+'.join(c.titles)}" for c in self.board.contests
        )
        return f"board laid out: {levels}; contests {duels}"


class GuildsFormed(Consequence, frozen=True, kw_only=True):
    colours: tuple[str, ...]

    def describe(self) -> str:
        return "guilds: " + ", ".join(f"seat {i} {c}" for i, c in enumerate(self.colours))


class SpellsHandedOut(Consequence, frozen=True, kw_only=True):
    majors: int
    minors: int

    def describe(self) -> str:
        return f"each guild takes {self.majors} major spells (dice) and {self.minors} minor spells"


class GreySupplyFilled(Consequence, frozen=True, kw_only=True):
    tokens: int

    def describe(self) -> str:
        count = "unlimited" if self.tokens == 0 else str(self.tokens)
        return f"grey magic tokens in the supply: {count}"


class DragonKept(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"no Grand Druide to retire: seat {self.seat} keeps the dragon"


class SupportTallied(Consequence, frozen=True, kw_only=True):
    points: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        tally = ", ".join(f"{w} {p}" for w, p in self.points) or "no spell cast"
        return f"points in favour: {tally}"


class DragonGiven(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} takes the dragon (plays first)"


class RoundBegan(Consequence, frozen=True, kw_only=True):
    round: int

    def describe(self) -> str:
        return f"round {self.round} begins"


class PhaseBegan(Consequence, frozen=True, kw_only=True):
    phase: str
    number: int
    order: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.title()}: to act in turn {_in_turn(self.order)}"

    def title(self) -> str:
        """``phase 2, Lancer et allocation des sorts majeurs``: the rulebook's title."""
        return f"phase {self.number}, {PHASE_TITLE.get(self.phase, self.phase)}"


class RoundCounterMarked(Consequence, frozen=True, kw_only=True):
    seat: int
    round: int
    source: str

    def describe(self) -> str:
        paid = {"reserve": "from the reserve", "space": "from the minor-spell space"}
        if self.source not in paid:
            return f"seat {self.seat} has no minor spell for round {self.round} of the counter"
        return (
            f"seat {self.seat} puts a minor spell {paid[self.source]} on round {self.round} "
            "of the round counter"
        )


class GrandDruideRetired(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    space: str

    def describe(self) -> str:
        return f"Grand Druide {self.wizard} (seat {self.seat}) retires to {self.space}"


class MinorSpellPaid(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} pays a minor spell to reroll"


class DiePlaced(Consequence, frozen=True, kw_only=True):
    seat: int
    die: int
    space: str

    def describe(self) -> str:
        return f"seat {self.seat} places a {self.die} on {_spell_space(self.space)}"


class PlacementEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    kept: tuple[int, ...]

    def describe(self) -> str:
        rest = f", keeping {len(self.kept)} die(s) for phase 3" if self.kept else ""
        return f"seat {self.seat} ends placing{rest}"


class DieSpent(Consequence, frozen=True, kw_only=True):
    seat: int
    die: int
    space: str
    pool: int

    def describe(self) -> str:
        return (
            f"seat {self.seat} spends a {self.die} from {_spell_space(self.space)} "
            f"({self.pool} pips)"
        )


class MinorSpellsRecovered(Consequence, frozen=True, kw_only=True):
    seat: int
    count: int
    pips: int

    def describe(self) -> str:
        return f"seat {self.seat} recovers {self.count} minor spell(s) for {self.pips} pips"


class GreyTokenRemoved(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    pips: int

    def describe(self) -> str:
        return f"seat {self.seat} removes a grey token from {self.wizard} for {self.pips} pips"


class DiceLeft(Consequence, frozen=True, kw_only=True):
    seat: int
    space: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        return f"seat {self.seat} leaves {list(self.dice)} on {_spell_space(self.space)}"


class DiceTakenBack(Consequence, frozen=True, kw_only=True):
    seat: int
    space: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        return f"seat {self.seat} takes back {list(self.dice)} from {_spell_space(self.space)}"


class SpendingEnded(Consequence, frozen=True, kw_only=True):
    seat: int
    lost: int

    def describe(self) -> str:
        lost = f", {self.lost} pip(s) lost" if self.lost else ""
        return f"seat {self.seat} is done spending{lost}"


class SpellCast(Consequence, frozen=True, kw_only=True):
    seat: int
    wizard: str
    die: int | None = None

    def describe(self) -> str:
        return f"seat {self.seat} casts {_spell(self.die)} beside {self.wizard}"


class CompetitionTurnEnded(Consequence, frozen=True, kw_only=True):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} ends the turn"


class PlayerPassed(Consequence, frozen=True, kw_only=True):
    seat: int
    forced: bool = False

    def describe(self) -> str:
        why = " (no spell left to place)" if self.forced else ""
        return f"seat {self.seat} passes{why}"


class TitleAwarded(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    title: str
    points: int

    def describe(self) -> str:
        return f"{self.wizard} (seat {self.seat}) wins {self.title} with {self.points} point(s)"


class WizardDefeated(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    space: str
    points: int

    def describe(self) -> str:
        return (
            f"{self.wizard} (seat {self.seat}, {self.points} point(s)) "
            f"goes to {_board_space(self.space)}"
        )


class TitleLeftVacant(Consequence, frozen=True, kw_only=True):
    title: str
    reason: str

    def describe(self) -> str:
        return f"{self.title} stays vacant: {self.reason}"


class SpellsWasted(Consequence, frozen=True, kw_only=True):
    majors: tuple[int, ...]

    def describe(self) -> str:
        return f"major spells never cast, wasted and taken back {list(self.majors)}"


class SpellsReturned(Consequence, frozen=True, kw_only=True):
    majors: tuple[int, ...]
    minors: tuple[int, ...]

    def describe(self) -> str:
        return (
            f"major spells back to their owners {list(self.majors)}; "
            f"minor spells cast to the minor-spell space {list(self.minors)}"
        )


class VacantTitleFilled(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    title: str

    def describe(self) -> str:
        return f"defeated {self.wizard} (seat {self.seat}) takes the vacant {self.title}"


class WizardDemoted(Consequence, frozen=True, kw_only=True):
    wizard: str
    seat: int
    space: str
    grey: bool

    def describe(self) -> str:
        token = " with a grey magic token" if self.grey else ""
        return f"{self.wizard} (seat {self.seat}) is demoted to {self.space}{token}"


class RoundScored(Consequence, frozen=True, kw_only=True):
    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        each = ", ".join(
            f"seat {s} scored {p} (total {t})"
            for s, (p, t) in enumerate(zip(self.points, self.totals, strict=True))
        )
        return f"round {self.round}: {each}"


class GameEnded(Consequence, frozen=True, kw_only=True):
    reason: str

    def describe(self) -> str:
        return f"the game ends: {self.reason}"


class FinalBonusScored(Consequence, frozen=True, kw_only=True):
    bonus: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        return f"+1 per minor spell kept {list(self.bonus)}; final totals {list(self.totals)}"


class WinnersDeclared(Consequence, frozen=True, kw_only=True):
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        title = "winner" if len(self.winners) == 1 else "winners"
        return f"{title}: {seats_text(self.winners)} with {max(self.totals)} points"


class WizardsPlaced(Consequence, frozen=True, kw_only=True):
    wizards: tuple[Wizard, ...]

    def describe(self) -> str:
        return f"{len(self.wizards)} wizards placed on the board"


class TieBroken(Consequence, frozen=True, kw_only=True):
    """The owner of two tied candidates designates the one taking the title."""

    seat: int
    wizard: str
    title: str

    def describe(self) -> str:
        return f"seat {self.seat} designates {self.wizard} to take {self.title} (tied candidates)"


class PlayResumed(Consequence, frozen=True, kw_only=True):
    """A game opened from a position taken in the middle of a round: play goes on
    from there (the state itself comes from the position in ``GameStarted``)."""

    round: int
    phase: str
    order: tuple[int, ...]

    def describe(self) -> str:
        return (
            f"play resumes in round {self.round}, phase {self.phase}: "
            f"to act in turn {_in_turn(self.order)}"
        )


EVENT_TYPES: tuple[type[Event], ...] = (
    BoardLaidOut,
    GuildsFormed,
    SpellsHandedOut,
    GreySupplyFilled,
    DragonKept,
    SupportTallied,
    WizardsPlaced,
    RoundCounterMarked,
    SpellsWasted,
    FinalBonusScored,
    WinnersDeclared,
    DragonGiven,
    RoundBegan,
    PhaseBegan,
    GrandDruideRetired,
    MinorSpellPaid,
    DiePlaced,
    PlacementEnded,
    DieSpent,
    MinorSpellsRecovered,
    GreyTokenRemoved,
    DiceLeft,
    DiceTakenBack,
    SpendingEnded,
    SpellCast,
    CompetitionTurnEnded,
    PlayerPassed,
    TitleAwarded,
    WizardDefeated,
    TitleLeftVacant,
    SpellsReturned,
    VacantTitleFilled,
    WizardDemoted,
    RoundScored,
    GameEnded,
    TieBroken,
    PlayResumed,
)
