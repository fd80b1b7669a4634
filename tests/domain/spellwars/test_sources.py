"""Every printed Source card, as printed (rules/spellwars-cards.txt)."""

from __future__ import annotations

from domain.kernel import DiceRolled
from domain.spellwars import events as ev
from tests.domain.spellwars.scenario import cast, damage, of, upto_spell_end

PAY = {"type": "Pay", "amount": 0}


def pay(n: int) -> dict[str, object]:
    return {"type": "Pay", "amount": n}


def test_taleboulas_left_opponent_or_each_opponent_when_paid() -> None:
    _, events = cast({"source": "taleboulas#1"})
    assert damage(events) == [(1, 3)]
    assert of(events, ev.DamageDealt)[0].rule == "sw.card.taleboulas"
    _, events = cast({"source": "taleboulas#1"}, setup={"blood": [2, 0, 0]}, answers=[pay(2)])
    assert damage(events) == [(1, 3), (2, 3)]
    paid = of(events, ev.BloodPaid)
    assert [(p.amount, p.rule) for p in paid] == [(2, "sw.blood.pay")]


def test_castoramax_one_die_to_the_left_the_other_to_yourself() -> None:
    _, events = cast(
        {"source": "castoramax#1"}, values=[5, 2], answers=[{"type": "Choose", "choice": "5"}]
    )
    assert damage(events) == [(1, 5), (0, 2)]
    # holding the Dungeon spares you, and nothing is asked to pay
    _, events = cast(
        {"source": "castoramax#1"},
        setup={"dungeon": 0, "blood": [3, 0, 0]},
        values=[6, 1],
        answers=[{"type": "Choose", "choice": "6"}],
    )
    assert damage(events) == [(1, 6)]
    # paying 1 spares you too; the payment is asked before the dice
    _, events = cast(
        {"source": "castoramax#1"}, setup={"blood": [1, 0, 0]}, values=[4, 4], answers=[pay(1)]
    )
    assert damage(events) == [(1, 4)]
    order = [type(e).__name__ for e in events]
    assert order.index("BloodPaid") < order.index("DiceRolled")


def test_necrophilus_takes_the_dungeon_and_paid_hits_per_token_in_play() -> None:
    _, events = cast(
        {"source": "necrophilus#1"},
        setup={"blood": [1, 0, 0], "tokens": [0, 1, 1]},
        answers=[pay(1)],
    )
    assert [(d.seat, d.previous) for d in of(events, ev.DungeonTaken)] == [(0, -1)]
    assert damage(events) == [(1, 4), (2, 4)]
    _, events = cast({"source": "necrophilus#1"}, setup={"tokens": [0, 1, 1]})
    assert damage(events) == []


def test_flaminus_one_damage_each_or_five_when_paid() -> None:
    _, events = cast({"source": "flaminus#1"}, players=4)
    assert damage(events) == [(1, 1), (2, 1), (3, 1)]
    _, events = cast({"source": "flaminus#1"}, setup={"blood": [5, 0, 0]}, answers=[pay(5)])
    assert damage(events) == [(1, 5), (2, 5)]


def test_multitax_from_a_living_opponent_hits_another_opponent() -> None:
    _, events = cast(
        {"source": "multitax#1"},
        players=4,
        setup={"dungeon": 2},
        answers=[{"type": "PickTarget", "seat": 3}],
    )
    taken = of(upto_spell_end(events), ev.DungeonTaken)
    assert [(d.seat, d.previous) for d in taken] == [(0, 2)]
    assert damage(events) == [(3, 3)]


def test_brikebix_options_and_paid_both() -> None:
    _, events = cast({"source": "brikebix#1"}, answers=[{"type": "Choose", "choice": "1"}])
    assert damage(events) == [(1, 1), (2, 1)] and of(events, ev.DungeonTaken)
    _, events = cast(
        {"source": "brikebix#1"}, setup={"dungeon": 1}, answers=[{"type": "Choose", "choice": "2"}]
    )
    assert damage(events) == [(2, 3)]  # seat 1 controls the Dungeon: not a candidate
    _, events = cast(
        {"source": "brikebix#1"},
        setup={"blood": [3, 0, 0]},
        answers=[pay(3), {"type": "PickTarget", "seat": 2}],
    )
    # both: take the Dungeon, 1 to each; then 3 to an opponent without the Dungeon
    assert damage(events) == [(1, 1), (2, 1), (2, 3)]


def test_peredodux_heals_per_creature_in_play_plus_x() -> None:
    setup = {
        "life": [10, 20, 20],
        "blood": [4, 0, 0],
        "creatures": [[], ["gracula#1"], ["gracula#2"]],
    }
    _, events = cast({"source": "peredodux#1"}, setup=setup, answers=[pay(3)])
    healed = of(upto_spell_end(events), ev.Healed)
    assert [(h.seat, h.amount) for h in healed] == [(0, 5)]


def test_momidisis_hits_who_already_played_and_its_reaction_draws_two_more_dead_cards() -> None:
    spells = {1: {"source": "hydraponix#1"}}
    _, events = cast({"source": "momidisis#1", "quality": "tresormodix#1"}, spells=spells)
    assert damage(events)[0] == (1, 2)  # only seat 1 had played
    # killed before it resolves: the reaction draws 2 more dead-wizard cards
    spells = {1: {"source": "fukushimax#1"}}  # resolves first: 2 damage to its right, seat 0
    _, events = cast(
        {"source": "momidisis#1", "quality": "tresormodix#1"},
        players=3,
        setup={"life": [2, 20, 20]},
        spells=spells,
    )
    died = of(events, ev.WizardDied)
    assert died[0].seat == 0
    drawn = [d for d in of(events, ev.DeadCardDrawn) if d.seat == 0]
    assert [d.rule for d in drawn][:3] == ["sw.dead.draw", "sw.card.momidisis", "sw.card.momidisis"]


def test_depipax_die_table_and_reaction() -> None:
    _, events = cast({"source": "depipax#1"}, values=[2])
    assert of(events, ev.DungeonTaken) and not of(upto_spell_end(events), ev.TreasureGained)
    _, events = cast({"source": "depipax#1"}, values=[3])
    assert not of(upto_spell_end(events), ev.DungeonTaken)
    assert len(of(upto_spell_end(events), ev.TreasureGained)) == 1
    _, events = cast({"source": "depipax#1"}, values=[5])
    assert of(events, ev.DungeonTaken) and of(upto_spell_end(events), ev.TreasureGained)


def test_gonzofungus_heals_a_die_and_its_reaction_saves_you_at_1_life() -> None:
    _, events = cast({"source": "gonzofungus#1"}, setup={"life": [10, 20, 20]}, values=[4])
    assert next((h.seat, h.amount) for h in of(events, ev.Healed)) == (0, 4)
    spells = {1: {"source": "fukushimax#2"}}  # seat 1 casts first; its right opponent is seat 0
    _, events = cast(
        {"source": "gonzofungus#1", "quality": "tresormodix#1"},
        setup={"life": [2, 20, 20]},
        spells=spells,
    )
    averted = of(events, ev.DeathAverted)
    assert [(a.seat, a.card, a.rule) for a in averted] == [
        (0, "gonzofungus#1", "sw.card.gonzofungus")
    ]
    assert not [d for d in of(upto_spell_end(events, 1), ev.WizardDied) if d.seat == 0]


def test_volcanino_gives_blood_to_the_strongest_then_a_die_and_dungeon_another_die() -> None:
    setup = {"life": [20, 22, 18], "blood": [2, 0, 0], "dungeon": 0}
    _, events = cast({"source": "volcanino#1"}, setup=setup, values=[3, 5])
    moved = of(events, ev.BloodMoved)
    assert [(m.source, m.target, m.amount) for m in moved] == [(0, 1, 1)]
    assert damage(events) == [(1, 3), (2, 5)]


def test_foulremix_passes_a_type_to_the_left_and_damages_per_card_received() -> None:
    setup = {"hands": [["asphixis#1"], ["gromago#1", "groclonar#1"], []]}
    _, events = cast(
        {"source": "foulremix#1"}, setup=setup, answers=[{"type": "Choose", "choice": "quality"}]
    )
    counted = of(events, ev.PassCounted)[0]
    # hands are refilled from the deck first: count what was passed
    passed = of(events, ev.CardsPassed)
    assert all(p.target == (p.source + 1) % 3 for p in passed)
    expected = [(s, counted.received[s]) for s in (0, 1, 2) if counted.received[s]]
    assert sorted(damage(events)) == sorted(expected)


def test_fukushimax_hits_the_right_and_its_reaction_hits_the_killer() -> None:
    _, events = cast({"source": "fukushimax#1"})
    assert damage(events) == [(2, 2)]
    spells = {1: {"source": "taleboulas#1"}}
    # seat 2 holds Fukushimax in an unresolved spell and dies to seat 1's Taléboulas
    _, events = cast(
        {"source": "hydraponix#1", "quality": "spiralex#1"},
        players=3,
        setup={"life": [20, 20, 3]},
        values=[4],
        spells={**spells, 2: {"source": "fukushimax#1", "quality": "gromago#1"}},
    )
    died = of(events, ev.WizardDied)
    assert (died[0].seat, died[0].killer) == (2, 1)
    revenge = [d for d in of(events, ev.DamageDealt) if d.source == 2]
    assert [(d.target, d.amount, d.rule) for d in revenge] == [(1, 4, "sw.card.fukushimax")]
    assert next(r.rule for r in of(events, DiceRolled)) == "sw.card.fukushimax"
