"""The rulebook's worked examples, replayed event for event with scripted dice."""

from __future__ import annotations

from domain.kernel import DiceRolled, replay
from domain.spellwars import GAME
from domain.spellwars import events as ev
from tests.domain.spellwars.scenario import Game, of


def test_turn_order_example_two_components_then_17_then_14_14_tie_by_dice() -> None:
    # "3 joueurs annoncent avoir préparé un sort à 3 Composants, tandis que le dernier n'en a
    # joué que 2 ... 17, 14 et 14" — seat 0 the 2-component spell, seat 1 initiative 17
    # (Ouististyx), seats 2 and 3 initiative 14 (Barbaryaga).
    setup = {
        "hands": [
            ["hydraponix#1", "spiralex#1"],
            ["flaminus#1", "spiralex#2", "ouististyx#1"],
            ["flaminus#2", "sarabandus#1", "barbaryaga#1"],
            ["hydraponix#2", "sarabandus#2", "barbaryaga#2"],
        ]
    }
    # Ouististyx power roll 3; tie rolls: seat 2 -> 2, seat 3 -> 5; then the two Barbaryaga.
    g = Game(4, setup, values=[3, 2, 5, 2, 2] + [1] * 10)
    events = g.place(
        {
            0: {"source": "hydraponix#1", "quality": "spiralex#1"},
            1: {"source": "flaminus#1", "quality": "spiralex#2", "delivery": "ouististyx#1"},
            2: {"source": "flaminus#2", "quality": "sarabandus#1", "delivery": "barbaryaga#1"},
            3: {"source": "hydraponix#2", "quality": "sarabandus#2", "delivery": "barbaryaga#2"},
        }
    )
    events += g.answer_all()
    sizes = of(events, ev.SizesAnnounced)
    assert sizes[0].sizes == (2, 3, 3, 3) and sizes[0].rule == "sw.spell.size"
    chosen = of(events, ev.CasterChosen)
    assert [(c.seat, c.rule) for c in chosen] == [
        (0, "sw.order.size"),
        (1, "sw.order.initiative"),
        (3, "sw.order.tie"),
        (2, "sw.order.size"),
    ]
    assert chosen[1].initiative == 17 and chosen[2].initiative == 14
    ties = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "initiative tie"]
    assert [(t.seat, t.values, t.rule) for t in ties] == [
        (2, (2,), "sw.order.tie"),
        (3, (5,), "sw.order.tie"),
    ]
    # the tie is rolled only once the 17 has completely resolved
    order = [type(e).__name__ for e in events]
    finished_1 = next(
        i for i, e in enumerate(events) if isinstance(e, ev.SpellFinished) and e.seat == 1
    )
    assert events.index(ties[0]) > finished_1
    assert order.count("SpellRevealed") == 4


def test_complete_resolution_example_multitax_oulacecho_tentaculax() -> None:
    # Seat 0 is "vous" (initiative 16); seat 1 already cast a 2-component spell; seat 2 is
    # across (Nicolas), seat 3 on the right (Camille).
    setup = {
        "hands": [
            ["multitax#1", "oulacecho#1", "tentaculax#1"],
            ["hydraponix#1", "peutidardus#1"],
            ["flaminus#1", "spiralex#1", "golemacifas#1"],
            ["flaminus#2", "spiralex#2", "coco-cocoricus#1"],
        ]
    }
    # seat 1: Peutidardus rolls 2. Seat 0: target die 4 (across), damage die 3,
    # Tentaculax power 3 + 4 = 7. Then filler for the rest of the turn.
    g = Game(4, setup, values=[2, 4, 3, 3, 4] + [1] * 20)
    g.place(
        {
            0: {"source": "multitax#1", "quality": "oulacecho#1", "delivery": "tentaculax#1"},
            1: {"source": "hydraponix#1", "quality": "peutidardus#1"},
            2: {"source": "flaminus#1", "quality": "spiralex#1", "delivery": "golemacifas#1"},
            3: {"source": "flaminus#2", "quality": "spiralex#2", "delivery": "coco-cocoricus#1"},
        }
    )
    events = list(g.log)
    first = of(events, ev.CasterChosen)
    assert [c.seat for c in first[:2]] == [1, 0] and first[1].initiative == 16
    # Multitax: the Dungeon was in the middle, so no 3 damage
    taken = of(events, ev.DungeonTaken)
    assert [(d.seat, d.previous, d.rule) for d in taken] == [(0, -1, "sw.dungeon.take")]
    # Oulacécho: the die designates (1-2 left, 3-4 across, 5-6 right): 4 -> seat 2
    target = [e for e in events if isinstance(e, DiceRolled) and "target by the die" in e.purpose]
    assert target[0].values == (4,) and target[0].rule == "sw.target.die"
    assert of(events, ev.TargetChosen)[-1].targets == (2,)
    damage = of(events, ev.DamageDealt)
    assert [(d.target, d.amount) for d in damage if d.source == 0] == [(2, 3)]
    # the Dungeon bonus: 2 damage to another opponent (not seat 2) — Camille, seat 3
    assert g.state.flow.choice is not None and g.state.flow.choice.seats == (1, 3)
    events = g.send(0, {"type": "PickTarget", "seat": 3})
    assert [(d.target, d.amount, d.rule) for d in of(events, ev.DamageDealt)] == [
        (3, 2, "sw.card.oulacecho")
    ]
    # Tentaculax: nobody has a creature, any opponent may be chosen
    assert g.state.flow.choice is not None and g.state.flow.choice.seats == (1, 2, 3)
    events = g.send(0, {"type": "PickTarget", "seat": 3})
    power = [e for e in events if isinstance(e, DiceRolled) and e.rule == "sw.power.roll"]
    assert power[0].values == (3, 4)  # two Illusion glyphs: Multitax and Tentaculax
    hits = [(d.target, d.amount) for d in of(events, ev.DamageDealt) if d.source == 0]
    assert hits[0] == (3, 2)
    assert [k.creature for k in of(events, ev.KeepEarned)] == ["tentaculax#1"]
    done = next(e for e in events if isinstance(e, ev.SpellFinished) and e.seat == 0)
    assert done.kept == ("tentaculax#1",)
    assert set(done.discarded) == {"multitax#1", "oulacecho#1"}
    # the whole spell, event for event (bookkeeping and the seat's answers left out)
    begin = next(i for i, e in enumerate(g.log) if isinstance(e, ev.CasterChosen) and e.seat == 0)
    story = [
        type(e).__name__
        for e in g.log[begin : g.log.index(done) + 1]
        if type(e).__name__ not in ("FlowSet", "ActionTaken")
    ]
    assert story == [
        "CasterChosen", "SpellRevealed",
        "ComponentStarted", "DungeonTaken", "ComponentResolved",
        "ComponentStarted", "DiceRolled", "TargetChosen", "DiceRolled", "DamageDealt",
        "TargetChosen", "DamageDealt", "ComponentResolved",
        "ComponentStarted", "TargetChosen", "DiceRolled", "DamageDealt", "KeepEarned",
        "ComponentResolved", "SpellFinished",
    ]  # fmt: skip
    after = replay(GAME, g.log[: g.log.index(done) + 1]).state
    assert after.wizards[2].life == 17 and after.wizards[3].life == 16
    assert after.wizards[0].creatures == ("tentaculax#1",)
    assert after.dungeon == 0
