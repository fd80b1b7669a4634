"""Table mode that follows the table: unknown piles, named draws, one refusal for all."""

from __future__ import annotations

import pytest

from domain.kernel import Dice, DiceRequired
from domain.kernel.piles import left_out, shuffle_left_out, take


def test_a_shuffle_the_table_did_not_order_stays_unknown() -> None:
    dice = Dice.scripted()
    shuffled = dice.shuffle(["a", "b", "c"], pile="deck", rule="r", follow=True)
    assert shuffled.unknown and shuffled.permutation == () and shuffled.source == "table"
    ordered = Dice.scripted(orders=[[2, 0, 1]]).shuffle(["a", "b", "c"], pile="d", rule="r")
    assert ordered.order == ("c", "a", "b") and not ordered.unknown


def test_a_draw_from_an_unknown_pile_takes_the_named_card_and_checks_it() -> None:
    dice = Dice.scripted(drew=["c", "a"])
    pile = ("a", "b", "c")
    assert dice.draw(pile, unknown=3) == 2
    pile, unknown = take(pile, 3, "c")
    assert (pile, unknown) == (("a", "b"), 2)
    assert dice.draw(pile, unknown=unknown) == 0
    with pytest.raises(DiceRequired, match="cannot have come from the draw pile"):
        Dice.scripted(drew=["z"]).draw(("a", "b"), unknown=2)


def test_a_known_top_is_drawn_and_a_named_card_must_be_it() -> None:
    assert Dice.scripted().draw(("a", "b"), unknown=1) == 0
    with pytest.raises(DiceRequired, match="the card on top of the draw pile, a "):
        Dice.scripted(drew=["b"]).draw(("a", "b"), unknown=1)
    assert Dice.seeded("s").draw(("a", "b")) == 0


def test_one_refusal_names_every_missing_value() -> None:
    dice = Dice.scripted(collect=True)
    dice.roll(purpose="damage", rule="r", count=2)
    dice.draw(("a", "b"), unknown=2)
    dice.shuffle(["a", "b"], pile="discard", rule="r")
    with pytest.raises(DiceRequired) as refused:
        dice.require_complete()
    message = refused.value.message
    assert message == (
        "table mode: this command needs 4 values from the table: 2 dice from 1 to 6 (damage), "
        "the card drawn from the draw pile (any of: a, b), "
        "then the order of the discard pile (2 cards, new top first)"
    )
    # The same, as data a client asks the table with.
    assert [(n.kind, n.what, n.sides, n.size, n.cards) for n in refused.value.needs] == [
        ("die", "damage", 6, 0, ()),
        ("die", "damage", 6, 0, ()),
        ("card", "the draw pile", 0, 0, ("a", "b")),
        ("order", "the discard", 0, 2, ("a", "b")),
    ]
    # Copies are one kind, named once: the engine takes whichever copy is there.
    dice = Dice.scripted(collect=True)
    dice.draw(("imp#2", "elf#1", "imp#1"), unknown=3)
    with pytest.raises(DiceRequired) as refused:
        dice.require_complete()
    assert refused.value.needs[0].cards == ("elf", "imp")
    taken = Dice.scripted(drew=["imp"])
    assert taken.draw(("elf#1", "imp#2", "imp#1"), unknown=3) == 1
    assert taken.named_cards(["imp"]) == ("imp#2",)


def test_left_out_cards_are_shuffled_with_the_games_chance() -> None:
    manifest = ["a", "b", "c", "d", "e", "f"]
    assert left_out(manifest, ["b", "e"]) == ["a", "c", "d", "f"]
    seeded = shuffle_left_out(Dice.seeded("x"), manifest, ["b"], pile="left_out", rule="r")
    assert seeded is not None and sorted(seeded.order) == ["a", "c", "d", "e", "f"]
    orders = {
        shuffle_left_out(Dice.seeded(s), manifest, [], pile="p", rule="r").order  # type: ignore[union-attr]
        for s in ("1", "2", "3", "4")
    }
    assert len(orders) > 1  # a shuffle, not the manifest's order
    table = shuffle_left_out(Dice.scripted(), manifest, ["a"], pile="p", rule="r")
    assert table is not None and table.unknown
    assert shuffle_left_out(Dice.seeded("x"), ["a"], ["a"], pile="p", rule="r") is None


def test_each_draw_of_a_deal_is_offered_every_card_of_the_pile() -> None:
    """The refusal works the later draws out on stand-ins (the first card that
    could be there); the table may well have drawn that card later instead."""
    dice = Dice.scripted(collect=True)
    pile: tuple[str, ...] = ("chief-01", "orc-01", "orc-02")
    for _ in range(2):
        card = pile[dice.draw(pile, unknown=len(pile))]
        pile = tuple(c for c in pile if c != card)
    with pytest.raises(DiceRequired) as refused:
        dice.require_complete()
    assert [need.cards for need in refused.value.needs] == [("chief", "orc"), ("chief", "orc")]
