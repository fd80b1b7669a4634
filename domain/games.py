"""The registry of games: every installed game, found by its entry point.

A game is a package with one object that implements ``domain.kernel.Game``. It is
registered by an entry point of the group ``wizard_ledger.games``, named by the
game's id (``pyproject.toml`` lists the four built-in games), so that a game
installed from another distribution is found as the built-in ones are. The kernel
never imports this module; services, projections and tools ask it for a game.

The registry is read once, on the first question (the installed distributions'
metadata: the only thing in ``domain`` that reads anything), and is the same for
the life of the process: sorted by id, each id once. ``get_game`` loads only the
entry points named by the id it is asked for, so that a process that plays one
game (a CLI command) does not import and build the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from domain.kernel import Game, SetupError
from domain.kernel.phrases import phrase

GROUP = "wizard_ledger.games"

# get_game's memo: every read and act asks for its game, so that question is one
# dict read.
_GAMES: dict[str, Game[Any]] = {}


def registry(entries: Iterable[EntryPoint]) -> dict[str, Game[Any]]:
    """The games the entry points name, by id in sorted order. Refused (``RuntimeError``):
    an entry point named otherwise than its game's id, and two games with one id."""
    found: dict[str, tuple[EntryPoint, Game[Any]]] = {}
    for entry in entries:
        game: Game[Any] = entry.load()
        game_id = game.spec.id
        if entry.name != game_id:
            raise RuntimeError(
                f"entry point {entry.name!r} ({entry.value}) in {GROUP} gives the game "
                f"{game_id!r}: an entry point is named by its game's id"
            )
        if game_id in found:
            first = found[game_id][0]
            if first.value == entry.value:
                continue  # one distribution seen twice on the path: the same game
            raise RuntimeError(
                f"two games with the id {game_id!r} in {GROUP}: {first.value} and {entry.value}"
            )
        found[game_id] = (entry, game)
    return {game_id: found[game_id][1] for game_id in sorted(found)}


@cache
def _entries() -> tuple[EntryPoint, ...]:
    """The entry points of ``GROUP`` (read once), none of them loaded."""
    entries = tuple(entry_points(group=GROUP))
    if not entries:
        raise RuntimeError(
            f"no game installed: no entry point in {GROUP} "
            "(is the project installed? make .venv/.installed)"
        )
    return entries


@cache
def installed() -> dict[str, Game[Any]]:
    """Every installed game by id (read once: the entry points of ``GROUP``)."""
    return registry(_entries())


class UnknownGame(SetupError):
    """A game id that no installed game has; the message lists the ids there are."""

    def __init__(self, game_id: str, games: Mapping[str, object]) -> None:
        super().__init__(
            phrase(
                'no game is called "{game}": the games are {games}',
                game=game_id,
                games=", ".join(sorted(games)),
            )
        )
        self.game_id = game_id


def get_game(game_id: str) -> Game[Any]:
    """The game ``game_id`` (``SetupError`` naming the known ids for another)."""
    game = _GAMES.get(game_id)
    if game is None:
        # An entry point is named by its game's id (``registry`` refuses another).
        named = [e for e in _entries() if e.name == game_id]
        if not named:
            raise UnknownGame(game_id, {e.name: e for e in _entries()})
        game = _GAMES[game_id] = registry(named)[game_id]
    return game


def all_games() -> Sequence[Game[Any]]:
    """Every installed game, sorted by id."""
    return list(installed().values())
