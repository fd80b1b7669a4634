"""The read models as lines a person reads at a terminal (``wizards project``,
``scoreboard``, ``stats``), in the reader's language: players by their names,
cards by their printed names, a seat of the statistics (a place at the table,
across many games) as « place 1 »."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games import get_game
from domain.kernel.phrases import Phrase, phrase, plural
from services.words.sentences import Words
from services.words.telling import Teller


def applied_line(applied: int) -> str:
    """What ``wizards project`` did."""
    return Teller(str, str)(plural("applied {n} event", "applied {n} events", applied))


def scoreboard_lines(board: Mapping[str, Any]) -> list[str]:
    """The players by rating, a heading first; one line where there are none."""
    tell = Teller(str, str)
    if not board["players"]:
        return [tell.text("no finished games yet: the scoreboard is empty")]
    rank, player, rating = tell.text("rank"), tell.text("player"), tell.text("rating")
    lines = [f"{rank:>4} {player:<16} {rating:>7}  " + tell.text("wins/games")]
    for p in board["players"]:
        wins = tell(plural("{wins}/{n} win", "{wins}/{n} wins", p["games"], wins=p["wins"]))
        lines.append(f"{p['rank']:>3}. {p['name']:<16} {p['rating']:>7.1f}  {wins}")
    return lines


def stats_lines(stats: Mapping[str, Any]) -> list[str]:
    """Win rates by seat and by card; one line where there are none."""
    tell = Teller(str, str)
    if not stats["seats"] and not stats["cards"]:
        return [tell.text("no finished games yet: no statistics")]
    lines: list[str] = []
    if stats["seats"]:
        lines.append(tell.text("Win rates by seat (game, players, seat: wins/games):"))
    for r in stats["seats"]:
        said = plural(
            "{players} players, seat {seat}: {wins}/{n} win ({rate})",
            "{players} players, seat {seat}: {wins}/{n} wins ({rate})",
            r["games"],
            players=r["players"],
            seat=r["seat"],
            wins=r["wins"],
            rate=_percent(r["win_rate"]),
        )
        lines.append(f"{r['game']:<13} {tell(said)}")
    if stats["cards"]:
        lines.append(tell.text("Win rates by card used (game, card: wins/games):"))
    names: dict[str, Words] = {}
    for r in stats["cards"]:
        words = names.get(r["game"])
        if words is None:
            words = names[r["game"]] = Words(get_game(r["game"]), (), lang=tell.lang)
        card = words.card(r["card"])
        rate = tell(_percent(r["win_rate"]))
        lines.append(f"{r['game']:<13} {card:<24} {r['wins']}/{r['games']} ({rate})")
    return lines


def _percent(rate: float) -> Phrase:
    # French puts a space before the sign (« 40 % »).
    return phrase("{percent}%", percent=round(rate * 100))
