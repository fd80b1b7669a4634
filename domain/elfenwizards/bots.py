"""Pure bots. ``greedy`` is a deterministic heuristic that plays to win.

Its plan: put high dice on the major-spell spaces of the levels where its
own wizards compete (highest titles first), low dice on the minor-spell space
while it can recover spells, then in the competition spend the cheapest spell
that puts its most valuable losing wizard ahead, and pass when every own
wizard leads.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.elfenwizards import commands as c
from domain.elfenwizards.board import DEFEAT_PREFIX, MINOR_SPACE, Board
from domain.elfenwizards.competition import points_for
from domain.elfenwizards.state import State, Wizard
from domain.elfenwizards.turns import grey_tokens
from domain.kernel import Command


def _first(legal: Sequence[Command], kind: type) -> Command | None:
    return next((x for x in legal if isinstance(x, kind)), None)


def _spends(legal: Sequence[Command]) -> list[c.SpendDie]:
    return [x for x in legal if isinstance(x, c.SpendDie)]


def _gain(board: Board, wizard: Wizard) -> int:
    """Points a promotion is worth: the level above minus this level."""
    level = board.level_of(wizard.space)
    rank = board.level_rank(level)
    if rank == 0:
        return 0
    return board.levels[rank - 1].points - board.level(level).points


def _own_candidates(state: State, seat: int) -> list[Wizard]:
    return [
        w
        for w in state.wizards
        if w.seat == seat and not w.space.startswith(DEFEAT_PREFIX) and w.space != state.board.top
    ]


def _margin(state: State, wizard: Wizard, points: dict[str, int]) -> int:
    """How far ahead ``wizard`` is of the best rival guild in its contest."""
    contest = state.board.contest_of(wizard.space)
    rivals = [
        points.get(w.id, 0)
        for w in state.wizards
        if w.space in contest.sources and w.seat != wizard.seat
    ]
    own = points.get(wizard.id, 0)
    if not rivals:
        return own - 0 if own else -1
    if len(contest.titles) > 1:
        rivals = sorted(rivals, reverse=True)[1:] or [0]
    return own - max(rivals)


def _place_target(state: State, seat: int, die: int) -> str:
    guild = state.guild(seat)
    if die <= 2 and guild.minors_on_space - len(guild.minor_dice) > 0:
        return MINOR_SPACE
    levels = [
        state.board.level_of(w.space)
        for w in sorted(_own_candidates(state, seat), key=lambda w: -_gain(state.board, w))
    ]
    for level in levels:
        i = state.board.major_index(level)
        wanted = 2 * levels.count(level)
        if len(guild.majors[i]) < wanted:
            return level
    return levels[0] if levels else MINOR_SPACE


def _placement(state: State, seat: int, legal: Sequence[Command]) -> Command:
    guild = state.guild(seat)
    die = max(guild.hand)
    target = _place_target(state, seat, die)
    if state.phase == "roll" and die <= 3 and _first(legal, c.EndPlacement):
        return c.EndPlacement()
    if (
        state.phase == "reroll"
        and _first(legal, c.Reroll)
        and sum(guild.hand) < 3 * len(guild.hand)
        and guild.minors >= 3
    ):
        return c.Reroll()
    wanted = c.PlaceDie(die=die, space=target)
    return wanted if wanted in legal else next(x for x in legal if isinstance(x, c.PlaceDie))


def _cast(state: State, seat: int, legal: Sequence[Command]) -> Command:
    points = points_for(state)
    casts = [x for x in legal if isinstance(x, c.CastSpell)]
    ranked: list[tuple[int, int, c.CastSpell]] = []
    for cast in casts:
        wizard = state.wizard(cast.wizard)
        if wizard is None or wizard.seat != seat:
            continue
        margin = _margin(state, wizard, points)
        if margin > 0:
            continue
        value = 1 if cast.die is None else cast.die
        wins = value + margin > 0
        # Prefer winning casts on valuable wizards, then the cheapest such spell;
        # majors are preferred to minors, which also score at the end.
        cost = value if wins else -value
        ranked.append(
            (-(_gain(state.board, wizard) * (2 if wins else 1)), cost + (cast.die is None), cast)
        )
    if ranked:
        ranked.sort(key=lambda t: (t[0], t[1]))
        return ranked[0][2]
    if _first(legal, c.Pass):
        return c.Pass()
    own = [x for x in casts if (w := state.wizard(x.wizard)) is not None and w.seat == seat]
    return min(own or casts, key=lambda x: 0 if x.die is None else x.die)


def _quietest_space(state: State) -> str:
    return min(state.board.shared_spaces(), key=lambda s: len(state.on(s)))


def greedy(state: State, seat: int, legal: Sequence[Command]) -> Command:
    if len(legal) == 1:
        return legal[0]
    roll = _first(legal, c.RollSpells)
    if roll is not None:
        return roll
    if state.phase == "retire":
        space = _quietest_space(state)
        for source in ("space", "reserve", "none"):
            wanted = c.RetireGrandDruide(source=source, space=space)
            if wanted in legal:
                return wanted
    if state.phase in ("roll", "reroll"):
        return _placement(state, seat, legal)
    if state.phase == "compete":
        designate = _first(legal, c.DesignateWinner)
        return designate if designate is not None else _cast(state, seat, legal)
    if state.phase == "grey":
        removal = _first(legal, c.RemoveGreyToken)
        if removal is not None:
            return removal
        if grey_tokens(state, seat) and _spends(legal):
            return max(_spends(legal), key=lambda x: x.die)
    if state.phase in ("recover", "recover2") and _spends(legal):
        return max(_spends(legal), key=lambda x: x.die)
    if state.phase == "demote":
        space = _quietest_space(state)
        for x in legal:
            if isinstance(x, c.Demote) and x.space == space:
                return x
    for kind in (c.StopSpending, c.TakeBackDice):
        chosen = _first(legal, kind)
        if chosen is not None:
            return chosen
    return legal[0]
