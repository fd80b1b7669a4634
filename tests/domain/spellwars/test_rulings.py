"""The audit's rulings: each reading played, and the events citing the ruling."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import CardsShuffled, Dice, DiceRequired, DiceRolled, GameStarted, start
from domain.spellwars import GAME
from domain.spellwars import events as ev
from domain.spellwars.cards import instances, main_deck
from domain.spellwars.targets import faces
from tests.domain.spellwars.scenario import Game, cast, of, upto_spell_end

# -- sw.order.tie: a tie of three ------------------------------------------------------

# Seats 1 to 3 place one card without a delivery (initiative 0): a three-way tie.
TIED: dict[int, dict[str, str] | list[str]] = {
    1: ["hydraponix#1"],
    2: ["hydraponix#2"],
    3: ["sarabandus#1"],
}


def tie_rolls(events: list[Any]) -> list[tuple[int | None, int]]:
    return [
        (e.seat, e.values[0])
        for e in of(events, DiceRolled)
        if e.purpose.startswith("initiative tie")
    ]


def casters(events: list[Any]) -> list[tuple[int, str]]:
    return [(e.seat, e.rule) for e in of(events, ev.CasterChosen)]


def test_a_tie_of_three_rolls_again_for_each_place_by_default() -> None:
    spell = ["boucledorus#1", "spiralex#1", "tropintimus#1"]
    _, events = cast(spell, players=4, spells=TIED, values=[3, 5, 2, 4, 1])
    assert tie_rolls(events)[:5] == [(1, 3), (2, 5), (3, 2), (1, 4), (3, 1)]
    assert casters(events)[:3] == [(2, "sw.order.tie"), (1, "sw.order.tie"), (3, "sw.order.size")]
    assert all(e.rule == "sw.order.tie" for e in of(events, DiceRolled)[:5])


def test_a_tie_of_three_is_ranked_by_one_roll_with_ties_rank() -> None:
    spell = ["boucledorus#1", "spiralex#1", "tropintimus#1"]
    _, events = cast(
        spell, players=4, spells=TIED, values=[3, 5, 3, 2, 6], options={"ties": "rank"}
    )
    # one roll of the group (3, 5, 3); seats 1 and 3 rolled equal and roll again (2, 6)
    assert tie_rolls(events) == [(1, 3), (2, 5), (3, 3), (1, 2), (3, 6)]
    assert [seat for seat, _ in casters(events)] == [2, 3, 1, 0]
    assert casters(events)[:2] == [(2, "sw.order.tie"), (3, "sw.order.tie")]


# -- sw.resolve.added-order: an added creature beside a kept one -------------------------

ADDED_SETUP = {"hands": [["gracula#2"], [], []], "creatures": [["gracula#1"], [], []]}


def shub_adds_a_creature(options: dict[str, Any] | None = None) -> tuple[Game, list[Any]]:
    """Seat 0's kept Gracula and its Shub-Niggurath wait as deliveries; Shub rolls 10+ and
    plays Gracula #2 from hand: two unresolved deliveries, one of them added."""
    g, events = cast(
        {"delivery": "shub-niggurath#1"},
        setup=ADDED_SETUP,
        values=[5, 5],
        options=options,
        answers=[
            {"type": "Choose", "choice": "shub-niggurath#1"},
            {"type": "Choose", "choice": "gracula#2"},
        ],
    )
    return g, events


def test_an_added_creature_waits_with_the_kept_one_and_the_caster_orders_them() -> None:
    g, events = shub_adds_a_creature()
    assert [(a.creature, a.rule) for a in of(events, ev.CreatureAdded)] == [
        ("gracula#2", "sw.resolve.added")
    ]
    choice = g.state.flow.choice
    assert choice is not None and choice.kind == "component"
    assert choice.rule == "sw.resolve.added-order"
    assert sorted(choice.labels) == ["gracula#1", "gracula#2"]
    events = g.send(0, {"type": "Choose", "choice": "gracula#1"})
    started = of(events, ev.ComponentStarted)[0]
    assert (started.card, started.rule) == ("gracula#1", "sw.resolve.added-order")


def test_with_added_order_next_the_added_creature_resolves_first() -> None:
    _, events = shub_adds_a_creature({"added_order": "next"})
    started = [(c.card, c.rule) for c in of(events, ev.ComponentStarted) if c.seat == 0]
    assert started[-1] == ("gracula#2", "sw.resolve.added-order")


# -- sw.target.before-dice: Trankilus ---------------------------------------------------


def test_trankilus_fixes_its_target_before_its_die() -> None:
    g, events = cast({"quality": "trankilus#1"}, setup={"life": [20, 12, 12]}, values=[3])
    # seats 1 and 2 tie as the weakest: the caster picks before anything is rolled
    assert g.state.flow.choice is not None and g.state.flow.choice.kind == "target"
    assert g.state.flow.choice.rule == "sw.target.before-dice"
    assert not [e for e in of(events, DiceRolled) if e.purpose == "Trankilus"]
    events = g.send(0, {"type": "PickTarget", "seat": 2})
    assert [(t.targets, t.rule) for t in of(events, ev.TargetChosen)][:1] == [
        ((2,), "sw.target.before-dice")
    ]
    roll = [e for e in of(events, DiceRolled) if e.purpose == "Trankilus"]
    assert [e.values for e in roll] == [(3,)]
    assert [(h.seat, h.amount) for h in of(upto_spell_end(events), ev.Healed)] == [(2, 3)]


def test_with_trankilus_after_the_target_is_named_after_the_roll() -> None:
    g, events = cast(
        {"quality": "trankilus#1"},
        setup={"life": [20, 12, 12]},
        values=[3],
        options={"trankilus": "after"},
    )
    assert [e.values for e in of(events, DiceRolled) if e.purpose == "Trankilus"] == [(3,)]
    assert g.state.flow.choice is not None and g.state.flow.choice.kind == "target"
    _, high = cast(
        {"quality": "trankilus#1"},
        setup={"life": [20, 12, 12]},
        values=[5],
        options={"trankilus": "after"},
    )
    assert not of(upto_spell_end(high), ev.TargetChosen)


# -- sw.blood.steal: a thief at 25 ------------------------------------------------------

THIEF = {"treasures": [["menottes-d-avarice#1"], [], []], "blood": [25, 4, 0]}


def test_a_thief_at_25_still_takes_the_blood_and_the_surplus_is_lost() -> None:
    g, events = cast({"quality": "sarabandus#1"}, setup=THIEF)
    moved = of(upto_spell_end(events), ev.BloodMoved)
    assert [(m.source, m.target, m.amount, m.rule) for m in moved] == [(1, 0, 1, "sw.blood.steal")]
    assert [w.blood for w in g.state.wizards][:2] == [25, 3]


def test_with_stolen_blood_left_the_victim_keeps_what_the_thief_cannot_hold() -> None:
    g, events = cast({"quality": "sarabandus#1"}, setup=THIEF, options={"stolen_blood": "left"})
    assert not of(upto_spell_end(events), ev.BloodMoved)
    assert [w.blood for w in g.state.wizards][:2] == [25, 4]


def test_a_thief_with_room_cites_its_card() -> None:
    setup = {**THIEF, "blood": [24, 4, 0]}
    _, events = cast({"quality": "sarabandus#1"}, setup=setup)
    moved = of(upto_spell_end(events), ev.BloodMoved)
    assert [(m.amount, m.rule) for m in moved] == [(1, "sw.card.menottes-d-avarice")]


# -- sw.dead.round-start: the bonuses, then the discard ----------------------------------


def test_dead_wizard_bonuses_come_before_their_discard_at_the_round_start() -> None:
    position = {
        "turn": 1,
        "alive": [True, True, False],
        "life": [20, 1, 0],
        "dead_cards": [[], [], ["repos-merite#1"]],
        "hands": [["flaminus#1"], ["hydraponix#1", "sarabandus#1"], []],
    }
    g = Game(3, position, values=[1, 2, 3, 4, 5, 6] * 4)
    g.send(1, {"type": "PlaceCards", "cards": ["hydraponix#1", "sarabandus#1"]})
    events = g.send(0, {"type": "PlaceCards", "cards": ["flaminus#1"]})
    start = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted))
    after = events[start:]
    order = [
        (type(e).__name__, e.seat) for e in after if isinstance(e, ev.Healed | ev.DeadCardsCleared)
    ]
    # seat 1 died to Flaminus and drew Petit Ange (2 life); seat 2 has Repos Mérité (3)
    assert order == [
        ("Healed", 1),
        ("DeadCardsCleared", 1),
        ("Healed", 2),
        ("DeadCardsCleared", 2),
    ]
    assert {e.rule for e in of(after, ev.DeadCardsCleared)} == {"sw.dead.round-start"}
    assert [w.life for w in g.state.wizards] == [20, 22, 23]
    assert all(not w.dead_cards for w in g.state.wizards)


# -- sw.target.die: the faces shown before the roll, or assigned by the caster ------------


def test_the_die_faces_are_shown_before_the_roll() -> None:
    assert faces([1, 2, 3]) == "1-2 seat 1, 3-4 seat 2, 5-6 seat 3"
    assert faces([1, 2, 3, 4]) == "1 seat 1, 2 seat 2, 3 seat 3, 4 seat 4, 5-6 roll again"
    assert (
        faces([4, 1, 2, 3, 5]) == "1 seat 4, 2 seat 1, 3 seat 2, 4 seat 3, 5 seat 5, 6 roll again"
    )
    _, events = cast({"quality": "oulacecho#1"}, players=4, values=[1, 4])
    roll = next(e for e in of(events, DiceRolled) if e.purpose.startswith("target by the die"))
    assert roll.purpose == "target by the die: 1-2 seat 1, 3-4 seat 2, 5-6 seat 3"


def test_a_table_that_assigns_its_own_faces_gives_the_order_before_the_roll() -> None:
    g, events = cast(
        {"quality": "oulacecho#1"}, players=4, values=[1, 4], options={"die_faces": "caster"}
    )
    choice = g.state.flow.choice
    assert choice is not None and choice.rule == "sw.target.die"
    assert len(choice.labels) == 6 and "3,1,2" in choice.labels
    assert not [e for e in of(events, DiceRolled) if "target by the die" in e.purpose]
    events = g.send(0, {"type": "Choose", "choice": "3,1,2"})
    chosen = of(events, ev.OptionChosen)[0]
    assert (chosen.option, chosen.rule) == ("3,1,2", "sw.target.die")
    target = of(events, ev.TargetChosen)[0]
    assert (target.targets, target.rule) == ((3,), "sw.target.die")
    roll = next(e for e in of(events, DiceRolled) if "target by the die" in e.purpose)
    assert roll.purpose == "target by the die: 1-2 seat 3, 3-4 seat 1, 5-6 seat 2"


@pytest.mark.parametrize("rule", ["sw.order.tie", "sw.resolve.added-order", "sw.target.die"])
def test_the_rulings_list_their_readings_as_options(rule: str) -> None:
    entry = GAME.catalogue[rule]
    assert entry.source == "ruling" and len(entry.readings) == 2
    names = {o.name for o in GAME.spec.options}
    assert all(r.option.split("=")[0] in names for r in entry.readings)


# -- sw.setup.position: a table's chance script, chance only or an empty position ------


def _table_opening(chance_script: str) -> list[Any]:
    started = GameStarted(
        game="spellwars",
        options=GAME.spec.resolve_options({"chance_script": chance_script}),
        players=("Ann", "Bob"),
        mode="table",
        seed_commitment="",
        engine_version="0.1.0",
        setup={"dice": [], "orders": []},
    )
    return start(GAME, started, Dice.scripted(collect=True))[1:]


def test_a_table_script_read_as_a_position_opens_from_the_printed_decks() -> None:
    """chance_script=position (Spell Wars before 5227ba3): no shuffle, every deck in
    its printed order, nobody's hand dealt until the first turn draws from the top."""
    events = _table_opening("position")
    assert [type(e).__name__ for e in events[:3]] == [
        "RoundStarted",
        "PositionLoaded",
        "TurnStarted",
    ]
    loaded = events[1]
    assert loaded.rule == "sw.setup.position"
    assert loaded.deck == tuple(main_deck()) and loaded.hands == ((), ())
    assert loaded.treasure_deck == tuple(instances(("treasure",)))
    assert not [e for e in events if isinstance(e, CardsShuffled)]
    drawn = [e for e in events if isinstance(e, ev.CardsDrawn)]
    assert drawn[0].cards == tuple(main_deck()[:8])


def test_a_table_script_is_chance_only_by_default() -> None:
    """chance_script=chance: the decks are the table's to shuffle, so an empty script
    cannot open the game, and the refusal asks for the cards of the deal."""
    with pytest.raises(DiceRequired, match="the opening needs"):
        _table_opening("chance")
