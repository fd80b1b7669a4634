"""Refusals made below the edges are phrases, told in the reader's language where
the edge tells them (``services.problems.told``, as the CLI and the HTTP problem
do): a bot the game does not have, a setup or options nested too deep or holding a
number beyond any game's, a table's chance that cannot be (a deck order that is no
permutation, too many cards drawn, a die of 0 with an act), a position beyond
every store's, a command that is not sent, an Elfenwizards position holding more
grey tokens than the supply, orc tower options switched that chose the set-up's
material. In English each says what it said before and none of the French."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import msgspec
import pytest

from domain.elfenwizards.options import Options
from domain.elfenwizards.setup import _check_grey_total
from domain.elfenwizards.state import Wizard
from domain.games import get_game
from domain.kernel import IllegalCommand, SaidError
from domain.kernel.phrases import phrase
from services.limits import MAX_DEPTH, MAX_DICE, MAX_POSITION, check_depth, check_numbers
from services.problems import told
from services.store.checks import check_chance, check_drew, check_position, check_supplied
from services.words.telling import speaking
from tests.told import assert_in_language
from tools.simulation import game_bot, play, random_bot


def _no_bot() -> None:
    play(get_game("ultimate"), 2, "bots", game_bot("oracle"))


def _deep() -> None:
    nested: list[object] = []
    for _ in range(MAX_DEPTH + 1):
        nested = [nested]
    check_depth(phrase("the options"), {"x": nested})


def _grey() -> None:
    _check_grey_total(Options(grey_supply=1), (Wizard(id="w", seat=0, space="m1", grey=2),))


def _material() -> None:
    game = get_game("orctower")
    table = play(game, 2, "material", random_bot).fold
    options = {**table.started.options, "missions": True, "terrain": True}
    game.switched(table.state, msgspec.structs.replace(table.started, options=options))


@dataclass(frozen=True)
class Refusal:
    raise_it: Callable[[], None]
    french: str
    english: str


REFUSALS = {
    "no such bot": Refusal(
        _no_bot,
        "ultimate n'a pas de bot 'oracle' ; les bots sont : random, ",
        "ultimate has no bot 'oracle'; known: random, ",
    ),
    "nested": Refusal(
        _deep,
        f"les options : plus de {MAX_DEPTH} niveaux d'imbrication",
        f"the options: nested more than {MAX_DEPTH} levels deep",
    ),
    "number": Refusal(
        lambda: check_numbers(phrase("the setup"), {"life": [1, 2**40]}),
        "la mise en place : life[1] : un nombre au-delà de ±",
        "the setup: life[1] is a number beyond ±",
    ),
    "deck order": Refusal(
        lambda: check_chance([], [[0, 0]]),
        "ordre de pioche [0, 0] : pas une permutation de 0 à 1 (chaque ancienne position",
        "deck order [0, 0]: not a permutation of 0..1 (each old position exactly once)",
    ),
    "cards drawn": Refusal(
        lambda: check_drew(["x"] * (MAX_DICE + 1)),
        f"{MAX_DICE + 1} cartes tirées : au plus {MAX_DICE} pour une commande",
        f"{MAX_DICE + 1} cards drawn: at most {MAX_DICE} with one command",
    ),
    "die with an act": Refusal(
        lambda: check_supplied([0], [], []),
        "valeur de dé 0 : un dé montre un nombre entier à partir de 1",
        "dice value 0: a die shows a whole number from 1",
    ),
    "position": Refusal(
        lambda: check_position(MAX_POSITION + 1),
        f"pas de position {MAX_POSITION + 1} : les positions vont jusqu'à {MAX_POSITION}",
        f"no position {MAX_POSITION + 1}: positions go up to {MAX_POSITION}",
    ),
    "grey supply": Refusal(
        _grey,
        "grey : 2 jetons de magie grise sous les pions, mais la réserve n'en compte que 1",
        "grey: 2 grey magic tokens under the pawns, but the supply holds 1",
    ),
    "material": Refusal(
        _material,
        "les options missions et terrain ont choisi le matériel mis en place au début",
        "options missions and terrain chose what was laid out at set-up",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refusal_is_told_in_the_readers_language(case: str, lang: str) -> None:
    refusal = REFUSALS[case]
    with pytest.raises((SaidError, IllegalCommand)) as refused, speaking(lang):
        refusal.raise_it()
    with speaking(lang):
        said = told(refused.value)
    assert_in_language(lang, said, refusal.french, refusal.english)
