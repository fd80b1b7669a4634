"""Options, pending decisions and the architecture rule that domain/ stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.kernel import (
    Command,
    GameSpec,
    IllegalCommand,
    OptionSpec,
    Pending,
    SetupError,
    require_pending,
)

ROOT = Path(__file__).resolve().parents[3]


class Draw(Command, frozen=True):
    pass


class Play(Command, frozen=True):
    card: str


SPEC = GameSpec(
    id="demo",
    name="Demo",
    min_players=2,
    max_players=4,
    rulebook="-",
    options=(
        OptionSpec(name="health", default=9, allowed=(9, 5)),
        OptionSpec(name="fast", default=False),
        OptionSpec(name="mode", default="a", allowed=("a", "b")),
    ),
)


def test_options_default_and_parse_from_text() -> None:
    assert SPEC.resolve_options({}) == {"health": 9, "fast": False, "mode": "a"}
    assert SPEC.resolve_options({"health": "5", "fast": "yes", "mode": "b"}) == {
        "health": 5,
        "fast": True,
        "mode": "b",
    }


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"health": "7"}, "not one of"),
        ({"health": "x"}, "not an integer"),
        ({"fast": "maybe"}, "not a boolean"),
        ({"speed": "1"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_the_reason(given: dict[str, str], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        SPEC.resolve_options(given)


def test_player_counts_outside_the_box_are_refused() -> None:
    SPEC.check_players(2)
    with pytest.raises(SetupError, match="2–4 players"):
        SPEC.check_players(5)


def test_only_a_pending_seat_may_answer_and_only_as_asked() -> None:
    pending = (Pending(seat=1, accepts=("Play",), prompt="defend"),)
    assert require_pending(pending, 1, Play(card="x")).seat == 1
    with pytest.raises(IllegalCommand) as e:
        require_pending(pending, 0, Play(card="x"))
    assert (e.value.code, e.value.rule) == ("not_your_turn", "kernel.turn")
    with pytest.raises(IllegalCommand) as e:
        require_pending(pending, 1, Draw())
    assert e.value.code == "wrong_decision"
    assert "defend" in e.value.message


def test_domain_imports_nothing_impure_or_from_outer_layers() -> None:
    forbidden = {
        "random",
        "time",
        "datetime",
        "os",
        "services",
        "projections",
        "tools",
        "socket",
        "sqlite3",
        "pathlib",
        "io",
        "secrets",
        "contextvars",  # ambient state: a game's data is passed explicitly
        "threading",
    }
    offenders = []
    for path in (ROOT / "domain").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in forbidden:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "open":
                offenders.append(f"{path.relative_to(ROOT)}: open()")
    assert offenders == []


def test_services_and_projections_do_not_import_tools() -> None:
    offenders = []
    for layer in ("services", "projections"):
        for path in (ROOT / layer).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.ImportFrom)
                    and node.module
                    and (node.module.split(".")[0] == "tools")
                ):
                    offenders.append(str(path))
    assert offenders == []


def test_a_decision_citing_a_rule_the_catalogue_lacks_is_never_returned() -> None:
    """Every consequence names a rule of its game's catalogue (or the kernel's): an
    engine that cites another is stopped before its events are returned."""
    from typing import Any

    from msgspec.structs import replace

    from domain.games import get_game
    from domain.kernel import Dice, act
    from tools.simulation import open_game

    game = get_game("ultimate")
    table, _, _ = open_game(game, 2, "cites")
    seat = table.state.pending[0].seat
    command = game.legal_commands(table.state, seat)[0]

    class Miscited:
        spec = game.spec
        catalogue = game.catalogue

        def outcome(self, state: Any) -> None:
            return None

        def decide(self, state: Any, seat: int, command: Any, dice: Dice) -> list[Any]:
            first, *rest = game.decide(state, seat, command, dice)
            return [replace(first, rule="ultimate.nowhere"), *rest]

    assert act(game, table, seat, command, Dice.seeded("cites", table.counter))
    with pytest.raises(ValueError, match=r"cites unknown rule 'ultimate\.nowhere'"):
        act(Miscited(), table, seat, command, Dice.seeded("cites", table.counter))  # type: ignore[arg-type]
