"""The enumerated values a view's facts hold (a stage, a phase, a variant, a
colour) are said by the game's words (``GameWords.fact_values``) in the reader's
language, each value of each enumeration; a value its key does not enumerate is
said as a card's id is (``services.words.views.said_value``)."""

from __future__ import annotations

from typing import get_args

import pytest

from domain.games import get_game
from domain.orctower.data import COLOURS
from domain.orctower.state import Stage as OrcStage
from domain.spellwars.options import OPTIONS
from domain.ultimate.state import HitStage, Stage
from services.words.sentences import Words
from services.words.views import said_value

# Every value each enumerated key of a game's views may hold.
ENUMERATED = {
    "orctower": {"stage": get_args(OrcStage), "colour": COLOURS},
    "ultimate": {"stage": (*get_args(Stage), *get_args(HitStage))},
    "spellwars": {
        "variant": next(spec.allowed for spec in OPTIONS if spec.name == "variant"),
        # The phases ``flow.phase`` goes through (``domain.spellwars.flow``).
        "phase": ("setup", "place", "cast", "over"),
    },
}


@pytest.mark.parametrize("game_id", sorted(ENUMERATED))
def test_every_enumerated_value_is_said_by_the_game(game_id: str) -> None:
    game = get_game(game_id)
    for key, values in ENUMERATED[game_id].items():
        for value in values:
            assert (key, value) in game.words.fact_values, (key, value)


@pytest.mark.parametrize(
    ("game_id", "key", "value", "french", "english"),
    [
        (
            "orctower",
            "stage",
            "reveal",
            "retourner des marqueurs Créature",
            "turning over creature markers",
        ),
        ("orctower", "colour", "yellow", "jaune", "yellow"),
        ("orctower", "moves", "weak", "les créatures faibles", "the weak creatures"),
        ("spellwars", "phase", "place", "pose des sorts", "placing spells"),
        ("spellwars", "variant", "tokens", "jetons Dernier Survivant", "Last Survivor tokens"),
        ("spellwars", "kind", "pay", "du Sang à payer", "blood to pay"),
        ("ultimate", "stage", "discard", "phase de défausse", "discard phase"),
        (
            "ultimate",
            "stage",
            "arrived",
            "arrivée, en attente d'une défense",
            "arrived, awaiting a defence",
        ),
    ],
)
def test_a_value_is_said_in_the_readers_language(
    game_id: str, key: str, value: str, french: str, english: str
) -> None:
    game = get_game(game_id)
    assert said_value(key, value, Words(game, ["Ann", "Bob"], lang="fr")) == french
    assert said_value(key, value, Words(game, ["Ann", "Bob"], lang="en")) == english


def test_a_value_is_the_keys_own() -> None:
    """Ultimate's discard stage is a phase; a card in its discard pile is a card."""
    words = Words(get_game("ultimate"), ["Ann", "Bob"], lang="fr")
    assert said_value("stage", "discard", words) == "phase de défausse"
    assert said_value("discard", "fireball", words) == words.card("fireball")
    assert said_value("discard", "discard", words) == words.card("discard")
