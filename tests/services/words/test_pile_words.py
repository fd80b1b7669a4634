"""A pile is said as the table calls it, never by its id: « on mélange la pioche
principale », « la pioche personnelle d'Ann »; an event a reader may not see
yet says its kind in the reader's language."""

from __future__ import annotations

import pytest

from domain.games import get_game
from domain.kernel.events import CardsShuffled
from domain.kernel.words import pile_phrase
from services.words.sentences import Words, hidden_line, hidden_until_end
from services.words.telling import speaking

SHUFFLES = [
    # (game, pile id, French line, English line)
    ("spellwars", "main", "on mélange la pioche principale (3 cartes)", "the main deck shuffled"),
    ("spellwars", "dead", "on mélange la pioche Sorcier crevé (3 cartes)", "the Dead Wizard deck"),
    ("ultimate", "deck", "on mélange la pioche (3 cartes)", "the draw pile shuffled"),
    ("ultimate", "discard", "on mélange la défausse (3 cartes)", "the discard pile shuffled"),
    ("orctower", "deck.1", "on mélange la pioche personnelle de Bob (3 cartes)", "Bob's personal"),
    ("orctower", "toads", "on mélange les tuiles Bébé crapaud (3 cartes)", "the baby toad tiles"),
    ("orctower", "destiny", "on mélange la pioche Destin (3 cartes)", "the Destiny deck"),
]


@pytest.mark.parametrize(("game", "pile", "french", "english"), SHUFFLES)
def test_a_shuffled_pile_is_said_by_the_tables_name(
    game: str, pile: str, french: str, english: str
) -> None:
    event = CardsShuffled(
        rule="r", pile=pile, order=("a", "b", "c"), permutation=(2, 0, 1), counter=0
    )
    with speaking("fr"):
        assert Words(get_game(game), ("Ann", "Bob")).event(event) == french
    with speaking("en"):
        said = Words(get_game(game), ("Ann", "Bob")).event(event)
    assert english in said
    assert pile not in said.replace(english, "")


@pytest.mark.parametrize(
    ("game", "kind", "french"),
    [
        # Each event by the game that records it: the game's words, or the kernel's.
        ("spellwars", "CardsDrawn", "des cartes piochées — hors de votre vue"),
        ("ultimate", "CardsShuffled", "un mélange — hors de votre vue"),
        ("spellwars", "PositionEntered", "une position mise en place — hors de votre vue"),
    ],
)
def test_a_hidden_event_says_its_kind_in_french(game: str, kind: str, french: str) -> None:
    words = Words(get_game(game), ("Ann", "Bob"), lang="fr")
    assert hidden_line(kind, words) == french
    assert "hidden" not in hidden_until_end(kind, words)


def test_a_hidden_event_of_no_known_kind_is_something() -> None:
    words = Words(get_game("ultimate"), ("Ann", "Bob"), lang="en")
    assert hidden_line("SomethingNew", words) == "something — hidden from you"


def test_french_elides_de_and_que_before_a_vowel() -> None:
    # « la pioche personnelle d'Ann », « de Bob »: the article of a name is the
    # language's, decided when the name is put in.
    for lang, name, said in (
        ("fr", "Ann", "la pioche personnelle d'Ann"),
        ("fr", "Bob", "la pioche personnelle de Bob"),
        ("fr", "Éloïse", "la pioche personnelle d'Éloïse"),
        ("en", "Ann", "Ann's personal deck"),
    ):
        words = Words(get_game("spellwars"), (name, "Zoé"), lang=lang)
        assert words.say(pile_phrase("deck.0")) == said
