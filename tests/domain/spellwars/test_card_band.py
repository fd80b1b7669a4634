"""Our own cards ("text: ours") stay inside the power band of the printed ones.

The band, as docs/spellwars.md explains it: no hit above the printed largest (Écrabouillax,
7 on 10+) and no more than one die of damage in a line; a treasure works every turn, so its
free effect is worth at most one point a turn (1 damage to one opponent, 1 life, 1 blood), and
what it sells for blood costs no less than the printed rates: about 1 damage or 1 life per
blood to one wizard (a die counted 3.5), and 2 blood per damage dealt to each opponent.
"""

from __future__ import annotations

import pytest

from domain.spellwars.cards import Card, all_cards
from domain.spellwars.language import Op, amount_terms

OURS = [c for c in all_cards().values() if not c.printed]
TREASURES = [c for c in OURS if c.kind == "treasure"]


def _conditions(op: Op) -> set[str]:
    return {c for alt in op.guard for c in alt}


def _constant(text: str) -> int:
    return sum(f for f, atom in amount_terms(text) if atom is None)


@pytest.mark.parametrize("k", OURS, ids=lambda k: k.slug)
def test_no_hit_above_the_printed_largest_and_no_more_than_a_die(k: Card) -> None:
    for op in (*k.effect, *k.reaction, *k.gain, *k.cast):
        if op.name == "damage":
            assert _constant(op.arg) <= 7, op
        if op.name == "roll":
            assert int(op.arg) <= 1, op


def _per_turn(k: Card) -> dict[str, float]:
    """What the treasure's turn program gives, Dungeon bonuses aside: cost and effects."""
    out = {"pay": 0.0, "each": 0.0, "one": 0.0, "heal": 0.0, "blood": 0.0}
    dice = 0
    each = False
    for op in k.cast:
        conditions = _conditions(op)
        if "dungeon" in conditions:
            continue  # a « Donjon : » line, which printed cards add on top of the base
        # a line on a die result counts at its chance: "r>=5" on one die is 2 in 6
        odds = min((_chance(c) for c in conditions), default=1.0)
        match op.name:
            case "pay":
                out["pay"] = float(op.arg)
            case "target":
                each = op.arg == "each"
            case "roll":
                dice = int(op.arg)
            case "damage":
                hit = 3.5 * dice if op.arg == "r" else float(_constant(op.arg))
                out["each" if each else "one"] += odds * hit
            case "healself":
                out["heal"] += odds * _constant(op.arg)
            case "gain" | "steal-blood":
                out["blood"] += odds * _constant(op.arg)
    return out


def _chance(condition: str) -> float:
    if condition.startswith("r>="):
        return (7 - int(condition[3:])) / 6
    if condition.startswith("r<="):
        return int(condition[3:]) / 6
    return 1.0


@pytest.mark.parametrize("k", [t for t in TREASURES if t.cast], ids=lambda k: k.slug)
def test_a_treasure_used_every_turn_stays_within_the_printed_rates(k: Card) -> None:
    v = _per_turn(k)
    if not v["pay"]:
        assert v["each"] == 0 and v["one"] <= 1 and v["heal"] <= 1 and v["blood"] <= 1, v
    else:
        assert 2 * v["each"] <= v["pay"], v
        assert v["one"] <= 1.2 * v["pay"] and v["heal"] <= v["pay"], v


@pytest.mark.parametrize("k", [t for t in TREASURES if t.gain], ids=lambda k: k.slug)
def test_a_treasure_gained_once_gives_no_more_than_a_printed_line(k: Card) -> None:
    for op in k.gain:
        if op.name == "gain":
            assert _constant(op.arg) <= 2, op
        if op.name == "healself":
            assert _constant(op.arg) <= 4, op


def test_fusil_a_triple_canon_deals_one_die_for_3_blood() -> None:
    fusil = all_cards()["fusil-a-triple-canon"]
    assert [str(op.name) + " " + op.arg for op in fusil.cast] == [
        "pay 3",
        "target die",
        "roll 1",
        "damage r",
    ]
