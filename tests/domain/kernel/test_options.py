"""A game's options: defaults, values read from text, refusals that give the reason;
and its player counts."""

from __future__ import annotations

import pytest

from domain.kernel import GameSpec, OptionSpec, SetupError

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
        ({"health": "x"}, "not a whole number"),
        ({"fast": "maybe"}, "not a yes or a no"),
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
