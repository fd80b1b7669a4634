"""Every number of a table's data file is within what the rules can use: each game
refuses, naming the field, a number beyond 2⁶⁴, an absurd one (10⁹ hit points, a
negative count), one that is not whole, and a list far longer than its rules use
(a track of 20,000 steps), wherever its data template holds a number or a list."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.games import all_games
from domain.kernel import Game, SetupError

Path = tuple[str | int, ...]


def _walk(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list | tuple):
        for i, value in enumerate(node):
            yield from _walk(value, (*path, i))


def _shown(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else part
    return out


def _pattern(path: Path) -> tuple[str, ...]:
    return tuple("[]" if isinstance(p, int) else p for p in path)


def _replaced(data: Any, path: Path, value: Any) -> Any:
    out = copy.deepcopy(data)
    node = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


def _template(game: Game[Any]) -> Any:
    """The template as a file gives it: lists, not tuples."""
    import msgspec

    return msgspec.json.decode(msgspec.json.encode(game.data_template()))


def _one_per_field(game: Game[Any], kind: type | tuple[type, ...]) -> list[tuple[Path, Any]]:
    seen: set[tuple[str, ...]] = set()
    out = []
    for path, node in _walk(_template(game)):
        if not path or isinstance(node, bool) or not isinstance(node, kind):
            continue
        if _pattern(path) not in seen:
            seen.add(_pattern(path))
            out.append((path, node))
    return out


GAMES = [pytest.param(g, id=g.spec.id) for g in all_games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_number_of_a_data_file_is_bounded_and_named(game: Game[Any]) -> None:
    template = _template(game)
    game.validate_data(template)  # the game's own numbers are within its bounds
    for path, _ in _one_per_field(game, (int, float)):
        shown = _shown(path)
        for value in (2**64, -(2**64), 10**9, -1, 2.5):
            with pytest.raises(SetupError) as refused:
                game.validate_data(_replaced(template, path, value))
            message = str(refused.value)
            assert message.startswith(f"{shown} is "), message
            assert re.search(r"the rules use .* from -?\d+ to \d+ \(\S+\)$", message), message


@pytest.mark.parametrize("game", GAMES)
def test_every_list_of_a_data_file_is_bounded_and_named(game: Game[Any]) -> None:
    template = _template(game)
    for path, node in _one_per_field(game, list):
        if not node:
            continue
        long = [node[0]] * 20_000
        with pytest.raises(SetupError) as refused:
            game.validate_data(_replaced(template, path, long))
        assert str(refused.value).startswith(f"{_shown(path)} has 20000 items; "), refused.value


@pytest.mark.parametrize("game", GAMES)
def test_a_number_where_the_file_takes_none_is_refused(game: Game[Any]) -> None:
    template = _template(game)
    for path, _ in _one_per_field(game, str):
        with pytest.raises(SetupError):
            game.validate_data(_replaced(template, path, 2**70))


def test_every_number_of_a_spell_wars_effect_line_is_bounded() -> None:
    from domain.games import get_game

    game = get_game("spellwars")
    card = _template(game)["source"][1]
    for line in ("damage 100", "pay 99999999999999999999999", "roll 1000", "r>=1000: damage 1"):
        with pytest.raises(SetupError) as refused:
            game.validate_data({"source": [{**card, "effect": [line]}]})
        assert "a line's numbers go from 0 to 99 (sw.assume.data-bounds)" in str(refused.value)
    game.validate_data({"source": [{**card, "effect": ["damage 99"]}]})
