"""Every option is said as a person reads it: a label (its name is for machines)
and, for each value it may take, the reading it selects, a word of ours or the
printed name of the card it names — in French and in English; the story's first
line names only the options a table chose otherwise, by those words."""

from __future__ import annotations

import msgspec
import pytest

from domain.games import all_games, get_game
from domain.kernel import GameStarted
from services.words.rule_words import spec_json
from services.words.sentences import Words
from services.words.telling import speaking


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", [g.spec.id for g in all_games()])
def test_every_option_and_value_has_words(game: str, lang: str) -> None:
    rules = get_game(game).catalogue
    with speaking(lang):
        options = spec_json(get_game(game).spec, rules)["options"]
    for option in options:
        label = option["label"]
        assert label and "_" not in label, option
        assert lang == "en" or label.casefold() != option["name"].replace("_", " ").casefold()
        for value in option["allowed"]:
            if isinstance(value, str):
                said = option["readings"][value]
                assert said and said != value and "_" not in said, (option["name"], value, said)


def test_the_first_line_names_the_options_chosen_by_their_words() -> None:
    game = get_game("ultimate")
    options = {o.name: o.default for o in game.spec.options}
    started = GameStarted(
        game="ultimate",
        options=options | {"reshuffle": "when_empty"},
        players=("Ann", "Bob"),
        mode="seeded",
        seed_commitment="",
        engine_version="0.5.0",
    )
    with speaking("fr"):
        line = Words.table(game, started).started(started)
    assert line.endswith(
        "options : Quand la défausse est mélangée : Dès que la pioche est épuisée et qu'il y "
        "a des cartes défaussées, les autres par défaut"
    ), line
    plain = msgspec.structs.replace(started, options=options)
    with speaking("en"):
        assert Words.table(game, plain).started(plain).endswith("options: all by default")
