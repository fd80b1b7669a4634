"""Phase 5: where spells may be cast, and how the titles are awarded."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from domain.elfenwizards.board import DEFEAT_PREFIX, Board, Contest
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.commands import CastSpell
from domain.elfenwizards.events import (
    SpellsReturned,
    SpellsWasted,
    TitleAwarded,
    TitleLeftVacant,
    WizardDefeated,
)
from domain.elfenwizards.state import State, Wizard
from domain.kernel import Event


def contest_owners(state: State, contest: Contest) -> set[int]:
    return {w.seat for w in state.wizards if w.space in contest.sources}


@lru_cache(maxsize=256)
def _contest_by_space(
    wizards: tuple[Wizard, ...], board: Board
) -> dict[str, tuple[frozenset[int], int]]:
    """For each space whose wizards compete: the owners of that whole contest
    and its number of candidates.

    Cached on the (hashable) wizard positions and board: they change only a few
    times a round, while legality is asked about every spell and wizard."""
    out: dict[str, tuple[frozenset[int], int]] = {}
    for contest in board.contests:
        candidates = [w.seat for w in wizards if w.space in contest.sources]
        for space in contest.sources:
            out[space] = (frozenset(candidates), len(candidates))
    return out


def may_support(state: State, seat: int, wizard: Wizard) -> str | None:
    """None if ``seat`` may cast beside ``wizard``; else the rule id that forbids it."""
    return _support_refusal(
        state.wizards, state.board, state.options.uncontested_support, seat, wizard
    )


def _support_refusal(
    wizards: tuple[Wizard, ...], board: Board, policy: str, seat: int, wizard: Wizard
) -> str | None:
    return _refusal(_contest_by_space(wizards, board), policy, seat, wizard)


def _refusal(
    contests: dict[str, tuple[frozenset[int], int]], policy: str, seat: int, wizard: Wizard
) -> str | None:
    contest = contests.get(wizard.space)
    if contest is None:  # the Grand Druide or a defeat space: nobody competes there
        return cite("compete.beside")
    owners, candidates = contest
    if len(owners) > 1 or seat in owners:
        return None
    # « Les adversaires ne peuvent pas placer de points pour s'y opposer »:
    # beside one of an owner's two candidates a spell always opposes the
    # other, so even ``anyone`` keeps opponents out; it only lets them help
    # a lone candidate, which opposes nobody.
    if policy == "owner_only" or candidates > 1:
        return cite("compete.uncontested")
    return None


def cast_options(state: State, seat: int) -> Iterator[CastSpell]:
    """Every spell ``seat`` may cast now, one command per distinct (wizard, die)."""
    guild = state.guild(seat)
    minor = guild.minors > 0
    # Each level's dice sorted once, for all the wizards of that level.
    dice_of: dict[int, list[int]] = {}
    for wizard_id, major in _supportable(state, seat):
        dice = dice_of.get(major)
        if dice is None:
            dice = dice_of[major] = sorted(set(guild.majors[major]))
        for die in dice:
            yield CastSpell(wizard=wizard_id, die=die)
        if minor:
            yield CastSpell(wizard=wizard_id)


def _supportable(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    policy = state.options.uncontested_support
    return _supportable_among(state.wizards, state.board, policy, seat)


@lru_cache(maxsize=256)
def _supportable_among(
    wizards: tuple[Wizard, ...], board: Board, policy: str, seat: int
) -> tuple[tuple[str, int], ...]:
    """The wizards ``seat`` may cast beside, each with its level's major-spell index.

    Cached on what it reads, which changes a few times a round, while the spells in
    hand change at every cast and are read apart (``cast_options``)."""
    contests = _contest_by_space(wizards, board)
    return tuple(
        (wizard.id, board.major_index(board.level_of(wizard.space)))
        for wizard in wizards
        if _refusal(contests, policy, seat, wizard) is None
    )


def can_cast(state: State, seat: int) -> bool:
    guild = state.guild(seat)
    if guild.minors > 0:
        return bool(_supportable(state, seat))
    majors = guild.majors
    return any(majors[major] for _, major in _supportable(state, seat))


def points_for(state: State) -> dict[str, int]:
    points: dict[str, int] = {}
    for s in state.support:
        points[s.wizard] = points.get(s.wizard, 0) + s.points
    return points


def select_winners(candidates: list[Wizard], points: dict[str, int], titles: int) -> list[Wizard]:
    """The best candidates with at least one point, taking whole groups of equal
    points while they fit in the titles left: a tie that overflows stops the
    awarding (two tied for one title, three tied first for two, a tie for second)."""
    scored = [w for w in candidates if points.get(w.id, 0) > 0]
    levels = sorted({points[w.id] for w in scored}, reverse=True)
    winners: list[Wizard] = []
    for value in levels:
        group = sorted((w for w in scored if points[w.id] == value), key=lambda w: w.id)
        if len(group) > titles - len(winners):
            break
        winners.extend(group)
    return winners


def owner_tie(state: State, contest: Contest, points: dict[str, int]) -> list[Wizard]:
    """One owner's tied candidates for a single title (at least one point each),
    which that owner may designate from (option same_owner_tie=owner_designates);
    [] when the contest is anything else."""
    if state.board.level(contest.level).shared:
        return []
    candidates = [w for w in state.wizards if w.space in contest.sources]
    if len(candidates) < 2 or len({w.seat for w in candidates}) != 1:
        return []
    if select_winners(candidates, points, len(contest.titles)):
        return []
    best = max(points.get(w.id, 0) for w in candidates)
    if best == 0:
        return []
    return [w for w in candidates if points.get(w.id, 0) == best]


def ties_to_designate(state: State) -> list[tuple[Contest, list[Wizard]]]:
    """The owner ties still waiting for their owner's word, in award order."""
    if state.options.same_owner_tie != "owner_designates":
        return []
    points = points_for(state)
    out = []
    for contest in state.board.contests:
        tied = owner_tie(state, contest, points)
        if tied and not any(w.id in state.designated for w in tied):
            out.append((contest, tied))
    return out


def _vacancy_reason(left: list[Wizard], points: dict[str, int], shared: bool) -> str:
    """Why a title found no winner, judged on the candidates left over once the
    contest's winners (if any) took theirs."""
    if not left:
        return "award.no-candidate"
    if all(points.get(w.id, 0) == 0 for w in left):
        return "award.min-point"
    if shared:
        return "award.magicians"
    return "ruling.same-owner-tie" if len({w.seat for w in left}) == 1 else "award.tie"


_REASONS = {
    "award.no-candidate": "no candidate",
    "award.min-point": "no candidate has a point",
    "award.tie": "the candidates are tied",
    "award.magicians": "a tie leaves no clear winner",
    "ruling.same-owner-tie": "the owner's two candidates are tied",
}


def award_events(state: State) -> list[Event]:
    """Every title from the top down, then the spells going back."""
    points = points_for(state)
    events: list[Event] = []
    board = state.board
    for contest in board.contests:
        candidates = [w for w in state.wizards if w.space in contest.sources]
        shared = board.level(contest.level).shared
        winners = select_winners(candidates, points, len(contest.titles))
        chosen = [w for w in candidates if w.id in state.designated]
        if chosen:
            winners, rule = chosen, cite("ruling.same-owner-tie")
        elif shared:
            rule = cite("award.magicians")
        elif len({w.seat for w in candidates}) == 1:
            rule = cite("award.single")
        else:
            rule = cite("award.duel")
        # Titles go top-down and left to right; a Magicien space's two winners take
        # its Nécromancien titles by our assumed order.
        also: tuple[str, ...] = (cite("award.order"),)
        if shared and len(contest.titles) > 1:
            also += (cite("assume.necro-order"),)
        for title, winner in zip(contest.titles, winners, strict=False):
            events.append(
                TitleAwarded(
                    rule=rule,
                    also=also,
                    wizard=winner.id,
                    seat=winner.seat,
                    title=title,
                    points=points.get(winner.id, 0),
                )
            )
        left = [w for w in candidates if w not in winners]
        for title in contest.titles[len(winners) :]:
            reason = _vacancy_reason(left, points, shared)
            events.append(TitleLeftVacant(rule=cite(reason), title=title, reason=_REASONS[reason]))
        if shared:
            continue
        beaten = rule in (cite("award.duel"), cite("ruling.same-owner-tie")) and len(winners) == 1
        for w in candidates:
            if w in winners:
                continue
            events.append(
                WizardDefeated(
                    rule=rule if beaten else cite("award.defeat"),
                    wizard=w.id,
                    seat=w.seat,
                    space=DEFEAT_PREFIX + contest.level,
                    points=points.get(w.id, 0),
                )
            )
    used = tuple(
        sum(1 for s in state.support if s.seat == seat and s.die is not None)
        for seat in range(state.players)
    )
    minors = tuple(
        sum(1 for s in state.support if s.seat == seat and s.die is None)
        for seat in range(state.players)
    )
    unplaced = tuple(sum(len(d) for d in g.majors) for g in state.guilds)
    stay = state.options.unplaced_majors == "stay"
    if any(unplaced) and not stay:
        events.append(SpellsWasted(rule=cite("compete.wasted"), majors=unplaced))
    # Under option unplaced_majors=stay, the unplaced majors wait on their spaces.
    kept = (cite("compete.wasted"),) if any(unplaced) and stay else ()
    events.append(SpellsReturned(rule=cite("award.return"), also=kept, majors=used, minors=minors))
    return events
