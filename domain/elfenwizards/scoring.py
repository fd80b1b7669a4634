"""Phase 10 and the end of the game."""

from __future__ import annotations

from domain.elfenwizards import events as ev
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.state import State
from domain.elfenwizards.terms import reason_phrase
from domain.kernel import Event, Outcome

LAST_ROUND = 4


def wizard_points(state: State, seat: int) -> int:
    return sum(
        state.board.level(state.board.level_of(w.space)).points - w.grey
        for w in state.wizards
        if w.seat == seat
    )


def round_points(state: State) -> ev.RoundScored:
    points = tuple(wizard_points(state, seat) for seat in range(state.players))
    totals = tuple(g.score + p for g, p in zip(state.guilds, points, strict=True))
    return ev.RoundScored(rule=cite("score.round"), round=state.round, points=points, totals=totals)


def end_reason(state: State) -> str | None:
    """The rule ending the game after this (scored) round, or None."""
    gd = state.grand_druide_this_round
    if gd >= 0 and state.guild(gd).grand_druide_titles >= 2:
        return "end.second-gd"
    if state.rounds_without_grand_druide >= 2:
        return "end.no-gd"
    if state.round >= LAST_ROUND:
        return "end.rounds"
    return None


_REASONS = {
    "end.second-gd": "a player became Grand Druide for the second time",
    "end.no-gd": "a second round without a Grand Druide",
    "end.rounds": "the fourth round is over",
}


def final_events(state: State, reason: str) -> list[Event]:
    bonus = tuple(g.minors for g in state.guilds)
    totals = tuple(g.score + b for g, b in zip(state.guilds, bonus, strict=True))
    return [
        ev.GameEnded(rule=cite(reason), reason=_REASONS[reason]),
        ev.FinalBonusScored(rule=cite("end.bonus"), bonus=bonus, totals=totals),
        ev.WinnersDeclared(rule=cite("end.winner"), winners=winners(state, totals), totals=totals),
    ]


def winners(state: State, totals: tuple[int, ...]) -> tuple[int, ...]:
    """The highest totals (ruling ``end.winner``): tied players share the win, or under
    option winner_ties=titles the most Grand Druide titles, then the fewest grey tokens."""
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if state.options.winner_ties == "titles" and len(tied) > 1:
        most = max(state.guild(s).grand_druide_titles for s in tied)
        tied = [s for s in tied if state.guild(s).grand_druide_titles == most]
        grey = {s: sum(w.grey for w in state.wizards if w.seat == s) for s in tied}
        tied = [s for s in tied if grey[s] == min(grey.values())]
    return tuple(tied)


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = tuple(g.score for g in state.guilds)
    ranking = tuple(
        tuple(s for s in range(state.players) if scores[s] == value)
        for value in sorted(set(scores), reverse=True)
    )
    return Outcome(
        winners=winners(state, scores),
        scores=scores,
        ranking=ranking,
        reason=reason_phrase(state.end_reason) if state.end_reason else "",
    )
