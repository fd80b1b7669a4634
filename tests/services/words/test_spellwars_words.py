"""Spell Wars' commands said as a table says them, players by name and cards by
their printed names (``domain/spellwars/words.py``): in the story, the log, and
the line that says which command a table's held command is."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from domain.games import get_game
from domain.kernel import DiceRolled
from domain.spellwars import events as ev
from domain.spellwars.commands import COMMAND
from services.words.sentences import Words
from services.words.telling import speaking

GAME = get_game("spellwars")


@pytest.fixture
def words() -> Words:
    return Words(GAME, ("Ann", "Bob", "Cleo"))


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            {"type": "PlaceCards", "cards": ["asphixis#1", "flaminus#2"]},
            "Ann places Asphixis and Flaminus face down",
        ),
        ({"type": "TakeBack", "card": "flaminus#2"}, "Ann takes Flaminus back into their hand"),
        ({"type": "PickTarget", "seat": 2}, "Ann picks Cleo as the target"),
        ({"type": "Pay", "amount": 0}, "Ann pays no blood"),
        ({"type": "Pay", "amount": 2}, "Ann pays 2 blood"),
        ({"type": "Choose", "choice": "flaminus#2"}, "Ann chooses Flaminus"),
        ({"type": "GiveCard", "card": "asphixis#1"}, "Ann gives away Asphixis"),
        ({"type": "Block", "creature": None}, "Ann blocks with no creature and takes the damage"),
    ],
)
def test_each_command_is_a_sentence(words: Words, command: dict[str, Any], said: str) -> None:
    assert words.command(0, command) == said


def test_no_command_falls_back_to_its_data(words: Words) -> None:
    for cls in get_args(COMMAND):
        fields = {f: "flaminus#1" for f in cls.__struct_fields__}
        fields.update({"seat": 1, "amount": 1, "cards": ["flaminus#1"]})
        said = words.command(0, {"type": cls.__name__, **fields})
        assert " — " not in said and said.startswith("Ann "), (cls.__name__, said)


@pytest.mark.parametrize(
    ("purpose", "english", "french"),
    [
        (
            "power roll of Flaminus (elementaire)",
            "Ann rolled d6 for power roll of Flaminus (Élémentaire): 3, 5",
            "Ann lance d6 pour le Jet de puissance de Flaminus (Élémentaire) : 3, 5",
        ),
        (
            "Chancedecocus contest",
            "Ann rolled d6 for the roll-off of Chancedecocus: 3, 5",
            "Ann lance d6 pour le duel de dés de Chancedecocus : 3, 5",
        ),
    ],
)
def test_a_rolls_purpose_is_told_in_the_readers_language(
    words: Words, purpose: str, english: str, french: str
) -> None:
    """What a roll is for, as the rules record it, is read back into words: the
    card's printed name, the glyph by its printed name, the rest translated."""
    roll = DiceRolled(
        rule="sw.power.roll", seat=0, purpose=purpose, sides=6, values=(3, 5), counter=9
    )
    with speaking("en"):
        assert Words(GAME, ("Ann", "Bob", "Cleo")).event(roll) == english
    with speaking("fr"):
        assert Words(GAME, ("Ann", "Bob", "Cleo")).event(roll) == french


def test_treasures_owed_for_the_next_round_are_counted_in_words() -> None:
    one = ev.TreasureDeferred(rule="sw.treasure.gain", seat=1, count=1)
    two = ev.TreasureDeferred(rule="sw.treasure.gain", seat=1, count=2)
    with speaking("en"):
        words = Words(GAME, ("Ann", "Bob"))
        assert words.event(one) == "Bob will gain 1 treasure at the start of the next round"
        assert words.event(two) == "Bob will gain 2 treasures at the start of the next round"
    with speaking("fr"):
        words = Words(GAME, ("Ann", "Bob"))
        assert words.event(one) == "Bob gagnera 1 Trésor au début de la manche suivante"
        assert words.event(two) == "Bob gagnera 2 Trésors au début de la manche suivante"
