"""The seeded generator is a pure function of (seed, counter); table mode takes outside values."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kernel import DiceRequired, commitment
from domain.kernel.dice import Dice, draw, next_counter, permutation, rederive


def test_a_value_is_fixed_by_seed_and_counter_alone() -> None:
    # Pinned values: a change of algorithm would silently change every stored
    # game's re-derivation, so it must show up here first.
    assert [draw("table-42", c, 6) + 1 for c in range(8)] == [
        draw("table-42", c, 6) + 1 for c in range(8)
    ]
    digest = hashlib.sha256(
        b"wizard-ledger/chance/v1\x00" + b"table-42" + b"\x00" + (3).to_bytes(8, "big")
    ).digest()
    assert draw("table-42", 3, 6) == int.from_bytes(digest, "big") % 6


def test_rolls_advance_the_counter_and_record_it() -> None:
    dice = Dice.seeded("s", counter=10)
    roll = dice.roll(purpose="test", rule="r", seat=1, count=3)
    assert roll.counter == 10
    assert dice.counter == 13
    assert next_counter(roll) == 13
    assert all(1 <= v <= 6 for v in roll.values)
    assert roll.values == tuple(draw("s", 10 + i, 6) + 1 for i in range(3))


def test_the_same_seed_gives_the_same_rolls_and_another_seed_differs() -> None:
    a = Dice.seeded("alpha").roll(purpose="x", rule="r", count=20)
    b = Dice.seeded("alpha").roll(purpose="x", rule="r", count=20)
    c = Dice.seeded("beta").roll(purpose="x", rule="r", count=20)
    assert a.values == b.values
    assert a.values != c.values


def test_d6_faces_are_roughly_uniform() -> None:
    dice = Dice.seeded("uniform")
    values = dice.roll(purpose="x", rule="r", count=6000).values
    counts = [values.count(f) for f in range(1, 7)]
    assert all(850 < n < 1150 for n in counts), counts


@given(st.text(min_size=1, max_size=20), st.integers(0, 10_000), st.integers(0, 40))
def test_a_shuffle_is_a_permutation_and_rederives(seed: str, counter: int, n: int) -> None:
    cards = [f"c{i}" for i in range(n)]
    dice = Dice.seeded(seed, counter)
    event = dice.shuffle(cards, pile="deck", rule="r")
    assert sorted(event.order) == sorted(cards)
    assert dice.counter == counter + max(n - 1, 0) == next_counter(event)
    assert rederive(seed, event)
    assert permutation(seed, counter, n)[0] == event.permutation


@given(st.text(max_size=20), st.integers(0, 2**40), st.integers(0, 60))
def test_each_swap_of_a_shuffle_is_the_value_draw_gives(seed: str, counter: int, n: int) -> None:
    # A shuffle builds the seed's prefix once for the deck: each swap must still be
    # the pinned ``draw`` at its counter (Fisher–Yates from the top down).
    order, c = list(range(n)), counter
    for i in range(n - 1, 0, -1):
        j = draw(seed, c, i + 1)
        c += 1
        order[i], order[j] = order[j], order[i]
    assert permutation(seed, counter, n) == (tuple(order), c)


def test_rederive_detects_a_changed_value() -> None:
    roll = Dice.seeded("s").roll(purpose="x", rule="r", count=2)
    forged = type(roll)(
        **{
            **{f: getattr(roll, f) for f in roll.__struct_fields__},
            "values": (roll.values[0] % 6 + 1, roll.values[1]),
        }
    )
    assert rederive("s", roll)
    assert not rederive("s", forged)


def test_table_mode_takes_supplied_values_and_refuses_when_they_run_out() -> None:
    dice = Dice.scripted([4, 2])
    assert dice.roll(purpose="attack", rule="r", count=2).values == (4, 2)
    with pytest.raises(DiceRequired) as e:
        dice.roll(purpose="defence", rule="r")
    assert e.value.code == "dice_required"
    assert "defence" in e.value.message


def test_table_mode_refuses_a_face_the_die_does_not_have() -> None:
    with pytest.raises(DiceRequired, match="a die from 1 to 6"):
        Dice.scripted([7]).roll(purpose="x", rule="r")


def test_table_mode_shuffle_uses_the_given_order() -> None:
    event = Dice.scripted(orders=[[2, 0, 1]]).shuffle(["a", "b", "c"], pile="deck", rule="r")
    assert event.order == ("c", "a", "b")
    assert event.source == "table"
    with pytest.raises(DiceRequired, match="permutation"):
        Dice.scripted(orders=[[0, 0, 1]]).shuffle(["a", "b", "c"], pile="deck", rule="r")


def test_commitment_is_sha256_of_the_seed() -> None:
    assert commitment("abc") == hashlib.sha256(b"abc").hexdigest()
