"""A table-mode refusal's words: a phrase of its needs, each seat a ``Seat`` and
each card a ``Card`` that the service tells by name, while the needs stay data."""

from __future__ import annotations

from domain.games import get_game
from domain.kernel import DiceRequired
from domain.kernel.chance_needs import ChanceNeed, needs_phrase
from domain.kernel.phrases import Phrase, phrase, plain
from services.words.sentences import Words

DEAL = (
    ChanceNeed(kind="card", what="the deck", cards=("fireball",), seat=0),
    ChanceNeed(kind="card", what="the deck", cards=("fireball",), seat=1),
)
STOLEN = ChanceNeed(kind="card", what="card stolen from seat 1", cards=("shield",), hand=True)
NAMES = ("Ann", "Bob")


def _told(said: Phrase, lang: str = "en") -> str:
    return Words(get_game("ultimate"), NAMES, lang=lang).say(said)


def test_without_names_a_seat_is_said_by_its_number() -> None:
    assert plain(needs_phrase(DEAL)) == (
        "the card drawn from the draw pile for seat 0 (any of: fireball), "
        "then the card drawn from the draw pile for seat 1"
    )


def test_the_seats_and_cards_are_said_as_the_table_names_them() -> None:
    said = needs_phrase([*DEAL, STOLEN])
    assert _told(said) == (
        "the card drawn from the draw pile for Ann (any of: Boule de feu), the card drawn from "
        "the draw pile for Bob, then the card stolen from Bob (any of: Bouclier)"
    )
    assert _told(said, "fr") == (
        "la carte piochée dans la pioche pour Ann (au choix : Boule de feu), la carte "
        "piochée dans la pioche pour Bob, puis la carte volée à Bob (au choix : Bouclier)"
    )


def test_a_refusal_said_again_keeps_its_needs_as_data() -> None:
    refused = DiceRequired.missing(DEAL)
    assert "for seat 1" in refused.message  # plain, outside any table
    assert refused.said is not None
    assert "for Ann" in _told(refused.said) and "seat" not in _told(refused.said)
    again = refused.with_needs(refused.needs)
    assert again.needs == DEAL  # the data as it was: seats by number


def test_a_pile_kept_per_seat_is_said_by_its_player() -> None:
    """The orders a table may give instead name a seat's pile by its player too."""
    order = ChanceNeed(
        kind="order", what="the deck of seat 1", size=3, cards=("a", "b", "c"), pile="deck.1"
    )
    refused = DiceRequired.missing([order, *DEAL], face_down=(("deck.1", 3),))
    assert refused.said is not None
    said = _told(refused.said)
    assert "the order of Bob's personal deck (3 cards, new top first)" in said
    assert "the order Bob's personal deck (3 cards) was shuffled in" in said
    assert "seat" not in said


def test_what_a_service_adds_after_the_sentence_is_kept_when_said_again() -> None:
    """Whom a held command waits for next, added after the sentence, survives the
    sentence said again over the seat's safe list."""
    refused = DiceRequired.missing(DEAL[:1])
    refused.adding(phrase("then {seats} enters their own draws", seats="Bob"))
    again = refused.with_needs(refused.needs)
    assert again.said is not None
    assert _told(again.said).endswith(
        "for Ann (any of: Boule de feu); then Bob enters their own draws"
    )


def test_a_draw_from_a_seats_own_pile_names_the_seat_once() -> None:
    need = ChanceNeed(
        kind="card", what="seat 1's spell deck", cards=("zap",), seat=1, pile="deck.1"
    )
    assert (
        _told(needs_phrase([need, need])) == "2 cards drawn from Bob's personal deck (any of: zap)"
    )
