"""Every printed Quality card, as printed (rules/spellwars-cards.txt)."""

from __future__ import annotations

from domain.spellwars import events as ev
from tests.domain.spellwars.scenario import cast, damage, of, upto_spell_end

NON_ARCANE = [
    "flaminus#1",
    "flaminus#2",
    "volcanino#1",
    "volcanino#2",
    "brikebix#1",
    "brikebix#2",
    "fukushimax#1",
    "fukushimax#2",
    "castoramax#1",
    "castoramax#2",
    "necrophilus#1",
    "necrophilus#2",
]


def pay(n: int) -> dict[str, object]:
    return {"type": "Pay", "amount": n}


def choose(x: str) -> dict[str, object]:
    return {"type": "Choose", "choice": x}


def target(seat: int) -> dict[str, object]:
    return {"type": "PickTarget", "seat": seat}


def test_poilcramus_reveals_a_hand_and_hits_twice_its_creatures() -> None:
    setup = {"hands": [[], ["gracula#1", "gracula#2"], []], "deck": NON_ARCANE}
    _, events = cast({"quality": "poilcramus#1"}, setup=setup, answers=[target(1)])
    shown = of(events, ev.HandRevealed)[0]
    assert shown.seat == 1 and {"gracula#1", "gracula#2"} <= set(shown.cards)
    assert damage(events) == [(1, 4)]  # two creatures in hand, the refill brought none
    # paid: every opponent reveals
    _, events = cast({"quality": "poilcramus#1"}, setup={"blood": [3, 0, 0]}, answers=[pay(3)])
    assert [h.seat for h in of(events, ev.HandRevealed)] == [1, 2]


def test_begoniax_dungeon_damage_per_dead_and_blood_if_nobody_died() -> None:
    _, events = cast({"quality": "begoniax#1"})
    assert of(events, ev.DungeonTaken)[0].seat == 0
    assert damage(events) == []
    gained = [b for b in of(upto_spell_end(events), ev.BloodGained) if b.seat == 0]
    assert [(b.amount, b.rule) for b in gained] == [(2, "sw.card.begoniax")]
    # seat 2 already died this round (seat 1's Taléboulas, cast first, hit its left)
    spells = {1: {"source": "taleboulas#1"}}
    _, events = cast(
        {"source": "flaminus#1", "quality": "begoniax#1"},
        players=4,
        setup={"life": [20, 20, 3, 20]},
        spells=spells,
    )
    assert damage(events) == [(1, 1), (3, 1), (1, 1), (3, 1)]  # Flaminus, then Bégoniax
    assert not [b for b in of(upto_spell_end(events), ev.BloodGained) if b.seat == 0]


def test_gromago_treasures_for_you_and_the_unplayed_and_paid_discards() -> None:
    spells = {1: {"source": "hydraponix#1"}}
    setup = {"blood": [2, 0, 0], "treasures": [[], ["chalisman#1"], []]}
    _, events = cast(
        {"source": "flaminus#1", "quality": "gromago#1"},
        setup=setup,
        spells=spells,
        answers=[pay(2)],
    )
    upto = upto_spell_end(events)
    gained = [(t.seat) for t in of(upto, ev.TreasureGained)]
    assert gained.count(0) == 2 and gained.count(2) == 1 and 1 not in gained
    assert [(d.seat, d.treasure) for d in of(upto, ev.TreasureDiscarded)] == [(1, "chalisman#1")]


def test_fourchetix_gives_the_dungeon_and_paid_kills_creatures_first() -> None:
    setup = {"blood": [3, 0, 0], "dungeon": 2, "creatures": [[], ["gracula#1"], []]}
    _, events = cast({"quality": "fourchetix#1"}, setup=setup, answers=[pay(3)])
    upto = upto_spell_end(events)
    assert [(d.seat, d.previous) for d in of(upto, ev.DungeonTaken)] == [(0, 2), (1, 0)]
    assert [k.creature for k in of(upto, ev.CreatureKilled)] == ["gracula#1"]
    assert damage(events) == [(1, 3)]  # no creature left to block
    names = [type(e).__name__ for e in upto]
    assert names.index("CreatureKilled") < names.index("DamageDealt")


def test_trankilus_blood_and_the_weakest_heals_on_4_or_less() -> None:
    _, events = cast({"quality": "trankilus#1"}, setup={"life": [20, 12, 15]}, values=[3])
    upto = upto_spell_end(events)
    assert next((b.seat, b.amount) for b in of(upto, ev.BloodGained)) == (0, 3)
    assert [(h.seat, h.amount) for h in of(upto, ev.Healed)] == [(1, 3)]
    _, events = cast({"quality": "trankilus#1"}, setup={"life": [20, 12, 15]}, values=[5])
    assert not of(upto_spell_end(events), ev.Healed)


def test_groclonar_even_or_odd_and_both_with_the_dungeon() -> None:
    setup = {"life": [20, 10, 9]}
    _, events = cast({"quality": "groclonar#1"}, setup=setup, answers=[choose("1")])
    assert damage(events) == [(1, 2)]
    _, events = cast({"quality": "groclonar#1"}, setup=setup, answers=[choose("2")])
    assert damage(events) == [(2, 3)]
    # the Dungeon: even then odd — seat 1 goes 10 -> 8 (even), then 9 -> 6 and nobody odd left?
    _, events = cast({"quality": "groclonar#1"}, setup={**setup, "dungeon": 0})
    assert damage(events) == [(1, 2), (2, 3)]


def test_roulepelax_left_gives_an_arcane_card_else_a_treasure() -> None:
    # seat 0 refills 7 cards, then seat 1 refills 5: none of them Arcane
    setup = {"treasures": [[], ["chalisman#1"], []], "deck": NON_ARCANE}
    _, events = cast({"quality": "roulepelax#1"}, setup=setup)
    stolen = of(upto_spell_end(events), ev.TreasureGained)
    assert [(t.seat, t.previous, t.treasure) for t in stolen] == [(0, 1, "chalisman#1")]
    # with an Arcane card in hand, seat 1 must give one (its choice, kept private)
    deck = [*NON_ARCANE[:7], "cubengelus#2", *NON_ARCANE[7:]]
    g, events = cast({"quality": "roulepelax#1"}, setup={"deck": deck})
    assert g.state.flow.choice is not None and g.state.flow.choice.kind == "give"
    assert g.state.flow.choice.seat == 1
    events = g.send(1, {"type": "GiveCard", "card": "cubengelus#2"})
    passed = of(events, ev.CardsPassed)
    assert [(p.source, p.target, p.cards) for p in passed] == [(1, 0, ("cubengelus#2",))]
    assert passed[0].visibility().seats == (0, 1)
    assert "cubengelus#2" in g.state.wizards[0].hand


def test_boulcheloux_gift_then_damage_to_every_owner() -> None:
    setup = {"treasures": [[], [], ["chalisman#1"]]}
    _, events = cast({"quality": "boulcheloux#1"}, setup=setup)
    upto = upto_spell_end(events)
    assert next(t.seat for t in of(upto, ev.TreasureGained)) == 1
    assert damage(events) == [(1, 2), (2, 2)]


def test_chancedecocus_highest_gains_blood_and_takes_its_result() -> None:
    _, events = cast({"quality": "chancedecocus#1"}, values=[2, 5])
    upto = upto_spell_end(events)
    assert [(b.seat, b.amount) for b in of(upto, ev.BloodGained)] == [(2, 1)]
    assert damage(events) == [(2, 5)]
    _, events = cast({"quality": "chancedecocus#1"}, values=[2, 5], setup={"dungeon": 0})
    assert damage(events) == [(2, 5), (1, 2)]


def test_chancedecocus_tied_highest_rolls_all_count_or_none_does() -> None:
    """Ruling sw.contest.ties: both opponents roll 4; by default both are the highest,
    each gaining its blood and citing the ruling; under contest_ties=none, neither."""
    _, events = cast({"quality": "chancedecocus#1"}, values=[4, 4])
    gained = of(upto_spell_end(events), ev.BloodGained)
    assert [(b.seat, b.also) for b in gained] == [
        (1, ("sw.contest.ties",)),
        (2, ("sw.contest.ties",)),
    ]
    _, events = cast(
        {"quality": "chancedecocus#1"}, values=[4, 4], options={"contest_ties": "none"}
    )
    assert not of(upto_spell_end(events), ev.BloodGained)


def test_mortalriktus_discards_a_type_and_doubles_when_paid() -> None:
    setup = {"blood": [4, 0, 0], "hands": [["gracula#1", "gracula#2"], [], []]}
    _, events = cast(
        {"quality": "mortalriktus#1"},
        setup=setup,
        answers=[pay(4), target(2), choose("gracula#1+gracula#2")],
    )
    assert damage(events) == [(2, 4)]
    assert of(events, ev.CardsDiscarded)[0].cards == ("gracula#1", "gracula#2")
