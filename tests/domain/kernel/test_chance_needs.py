"""A table-mode refusal's sentence: the cards by the words the service passes
(``say``), and the seats too (``seat``), while the needs stay data."""

from __future__ import annotations

from domain.kernel import DiceRequired
from domain.kernel.chance_needs import ChanceNeed, needs_text

DEAL = (
    ChanceNeed(kind="card", what="the deck", cards=("fireball",), seat=0),
    ChanceNeed(kind="card", what="the deck", cards=("fireball",), seat=1),
)
STOLEN = ChanceNeed(kind="card", what="card stolen from seat 1", cards=("shield",), hand=True)
NAMES = ("Ann", "Bob")


def test_without_names_a_seat_is_said_by_its_number() -> None:
    assert needs_text(DEAL) == (
        "the card drawn from the deck for seat 0 (any of: fireball), "
        "then the card drawn from the deck for seat 1"
    )


def test_the_seats_are_said_as_the_service_names_them() -> None:
    said = needs_text([*DEAL, STOLEN], say=str.title, seat=NAMES.__getitem__)
    assert said == (
        "the card drawn from the deck for Ann (any of: Fireball), the card drawn from "
        "the deck for Bob, then the card stolen from Bob (any of: Shield)"
    )
    assert "seat" not in said


def test_a_refusal_said_again_names_the_players() -> None:
    refused = DiceRequired.missing(DEAL)
    assert "for seat 1" in refused.message
    again = refused.with_needs(refused.needs, seat=NAMES.__getitem__)
    assert "for Ann" in again.message and "for Bob" in again.message
    assert "seat" not in again.message
    assert again.needs == DEAL  # the data as it was: seats by number


def test_a_pile_kept_per_seat_is_said_by_its_player() -> None:
    """The orders a table may give instead name a seat's pile by its player too."""
    order = ChanceNeed(kind="order", what="the deck of seat 1", size=3, cards=("a", "b", "c"))
    refused = DiceRequired.missing(
        [order, *DEAL], face_down=(("the deck of seat 1", 3),), seat=NAMES.__getitem__
    )
    assert "the order of the deck of Bob (3 cards, new top first)" in refused.message
    assert "the order the deck of Bob (3 cards) was shuffled in" in refused.message
    assert "seat" not in refused.message


def test_what_a_service_adds_after_the_sentence_is_kept_when_said_again() -> None:
    """Whom a held command waits for next, added after the sentence, survives the
    sentence said again with the seat's safe list and the players' names."""
    refused = DiceRequired.missing(DEAL[:1])
    refused.message += "; then seat 1 enters their own draws"
    again = refused.with_needs(refused.needs, seat=NAMES.__getitem__)
    assert again.message.endswith("for Ann (any of: fireball); then Bob enters their own draws")


def test_a_draw_from_a_seats_own_pile_names_the_seat_once() -> None:
    from domain.kernel.chance_needs import ChanceNeed, needs_text

    need = ChanceNeed(kind="card", what="seat 1's spell deck", cards=("zap",), seat=1)
    said = needs_text([need, need], seat=lambda s: ("Ann", "Bob")[s])
    assert said == "2 cards drawn from Bob's spell deck (any of: zap)"
