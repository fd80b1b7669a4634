"""The rules around the cards: wild magic, treasures, dead wizards, the Dungeon, blood,
reactions, death, end of turn, round and match — each with its citation."""

from __future__ import annotations

from typing import Any

from domain.kernel import DiceRolled
from domain.spellwars import GAME
from domain.spellwars import events as ev
from tests.domain.spellwars.scenario import cast, damage, of, upto_spell_end


def test_wild_magic_turns_cards_until_the_missing_type_and_counts_initiative_0() -> None:
    g, events = cast(
        {"source": "taleboulas#1", "delivery": "magie-feroce#1"},
        full_hands=True,
        setup={"deck": ["asphixis#1", "gracula#2"]},
        values=[4],
        answers=[{"type": "Choose", "choice": "delivery"}],
    )
    chosen = of(events, ev.CasterChosen)[0]
    assert (chosen.seat, chosen.initiative) == (0, 0)
    typed = of(events, ev.WildTypesChosen)[0]
    assert (typed.wilds, typed.slots, typed.rule) == (
        ("magie-feroce#1",),
        ("delivery",),
        "sw.wild.type",
    )
    wild = of(events, ev.WildMagicReplaced)[0]
    assert (wild.slot, wild.turned, wild.found, wild.rule) == (
        "delivery",
        ("asphixis#1", "gracula#2"),
        "gracula#2",
        "sw.wild.replace",
    )
    assert {"magie-feroce#1", "asphixis#1"} <= set(g.state.discard)
    started = [c.card for c in of(upto_spell_end(events), ev.ComponentStarted)]
    assert started == ["taleboulas#1", "gracula#2"]


def test_chalisman_takes_the_dungeon_and_adds_a_blood_at_turn_end() -> None:
    setup = {"treasure_deck": ["chalisman#1"]}
    g, events = cast({"source": "tikerestox#1"}, setup=setup)
    upto = upto_spell_end(events)
    assert [(t.treasure, t.rule) for t in of(upto, ev.TreasureGained)] == [
        ("chalisman#1", "sw.treasure.gain")
    ]
    assert [(d.seat, d.rule) for d in of(upto, ev.DungeonTaken)] == [(0, "sw.dungeon.take")]
    while g.state.flow.choice is not None:
        g.send(g.state.flow.choice.seat, GAME.legal_commands(g.state, g.state.flow.choice.seat)[-1])
    ends = [b for b in of(g.log, ev.BloodGained) if b.rule == "sw.dungeon.blood"]
    if g.state.dungeon == 0:
        assert (ends[0].seat, ends[0].amount) == (0, 2)


def test_killing_an_opponent_gains_3_blood_and_its_dungeon_and_a_dead_card() -> None:
    setup = {
        "life": [20, 3, 20],
        "dungeon": 1,
        "blood": [24, 0, 0],
        "dead_deck": ["sorcier-sous-terre#1"],
    }
    g, events = cast(
        {"source": "taleboulas#1"}, setup=setup, answers=[{"type": "Pay", "amount": 0}]
    )
    upto = upto_spell_end(events)
    died = of(upto, ev.WizardDied)[0]
    assert (died.seat, died.killer, died.rule) == (1, 0, "sw.death")
    gained = [b for b in of(upto, ev.BloodGained) if b.rule == "sw.blood.kill"]
    assert [(b.seat, b.amount) for b in gained] == [(0, 1)]  # capped at 25
    taken = of(upto, ev.DungeonTaken)
    assert next((t.seat, t.previous, t.rule) for t in taken) == (0, 1, "sw.dungeon.kill")
    # Sorcier sous Terre (Immédiat): the dead wizard takes the Dungeon back at once
    drawn = of(upto, ev.DeadCardDrawn)[0]
    assert (drawn.seat, drawn.card, drawn.rule) == (1, "sorcier-sous-terre#1", "sw.dead.draw")
    assert [(t.seat, t.rule) for t in taken][1] == (1, "sw.dungeon.take")
    # ... and, dead, gains 4 instead of 1 at the end of the turn
    while g.state.flow.choice is not None:
        g.send(g.state.flow.choice.seat, GAME.legal_commands(g.state, g.state.flow.choice.seat)[-1])
    ends = [b for b in of(g.log, ev.BloodGained) if b.rule == "sw.dungeon.blood"]
    if g.state.dungeon == 1:
        assert (ends[0].seat, ends[0].amount) == (1, 4)
    # a dead wizard draws a dead-wizard card at the start of each new turn
    if g.state.turn == 2 and not g.state.wizards[1].alive:
        assert [d.rule for d in of(g.log, ev.DeadCardDrawn) if d.seat == 1][
            -1
        ] == "sw.turn.dead-draw"


def test_killing_yourself_gains_no_blood() -> None:
    _, events = cast(
        {"source": "castoramax#1"},
        setup={"life": [2, 20, 20]},
        values=[1, 6],
        answers=[{"type": "Choose", "choice": "1"}],
    )
    died = of(events, ev.WizardDied)[0]
    assert (died.seat, died.killer) == (0, 0)
    assert not [b for b in of(events, ev.BloodGained) if b.rule == "sw.blood.kill" and b.seat == 0]


def _steal_chalisman(options: dict[str, object] | None = None) -> list[Any]:
    """Bébéfédex (2 damage) and Tentaculax on 10+ (two Illusion dice, 5 + 5) against seat 1,
    which holds Chalisman; the Dungeon sits in the middle."""
    _, events = cast(
        {"source": "bebefedex#1", "delivery": "tentaculax#1"},
        setup={"treasures": [[], ["chalisman#1"], []]},
        values=[5, 5],
        answers=[{"type": "PickTarget", "seat": 1}, {"type": "PickTarget", "seat": 1}],
        options=options,
    )
    return upto_spell_end(events)


def test_a_stolen_treasure_runs_its_gain_effect_for_the_thief() -> None:
    # sw.treasure.steal (stolen_gain=run): the thief gains Chalisman, so « Prenez le Donjon »
    events = _steal_chalisman()
    stolen = of(events, ev.TreasureGained)
    assert [(t.seat, t.treasure, t.previous, t.rule) for t in stolen] == [
        (0, "chalisman#1", 1, "sw.treasure.steal")
    ]
    assert [(d.seat, d.previous, d.rule) for d in of(events, ev.DungeonTaken)] == [
        (0, -1, "sw.dungeon.take")
    ]
    # the other reading, as an option: only a treasure drawn from the deck has its gain effect
    events = _steal_chalisman({"stolen_gain": "skip"})
    assert len(of(events, ev.TreasureGained)) == 1 and not of(events, ev.DungeonTaken)


def test_the_last_wizard_standing_wins_a_token_and_two_tokens_win_the_match() -> None:
    g, events = cast(
        {"source": "taleboulas#1"}, players=2, setup={"life": [20, 3], "tokens": [1, 0]}
    )
    ended = of(events, ev.RoundEnded)[0]
    assert (ended.survivor, ended.rule) == (0, "sw.round.token")
    assert [(t.seat, t.rule) for t in of(events, ev.TokenAwarded)] == [(0, "sw.round.token")]
    won = of(events, ev.MatchWon)[0]
    assert (won.winners, won.rule) == ((0,), "sw.match.win")
    outcome = GAME.outcome(g.state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0)


def test_a_new_round_resets_life_and_the_dungeon_and_keeps_blood() -> None:
    g, events = cast(
        {"source": "taleboulas#1"},
        players=2,
        setup={"life": [20, 3], "blood": [5, 0], "dungeon": 0},
        answers=[{"type": "Pay", "amount": 0}],
    )
    assert g.state.round == 2 and g.state.dungeon == -1
    # seat 1's dead-wizard card (Petit Ange Parti Trop Tôt) applies at the new round's start
    assert [w.life for w in g.state.wizards] == [20, 22]
    healed = [h for h in of(events, ev.Healed) if h.seat == 1]
    assert [(h.amount, h.rule) for h in healed] == [(2, "sw.card.petit-ange-parti-trop-tot")]
    assert g.state.wizards[1].dead_cards == ()
    assert g.state.wizards[0].blood >= 5 + 3
    assert of(events, ev.RoundCleared)[0].rule == "sw.round.clear"


def test_suicide_with_the_last_opponent_still_wins_the_token() -> None:
    g, events = cast(
        {"source": "castoramax#1"},
        players=2,
        setup={"life": [2, 3]},
        values=[3, 6],
        answers=[{"type": "Choose", "choice": "3"}],
    )
    ended = of(events, ev.RoundEnded)[0]
    assert (ended.survivor, ended.rule) == (0, "sw.round.suicide")
    assert g.state.wizards[0].tokens == 1


def test_fast_combat_scores_kills_and_survival_over_three_rounds() -> None:
    g, events = cast(
        {"source": "taleboulas#1"}, players=2, setup={"life": [20, 3]}, options={"variant": "fast"}
    )
    points = of(events, ev.PointScored)
    assert [(p.seat, p.rule) for p in points] == [(0, "sw.fast.kill"), (0, "sw.fast.survivor")]
    assert g.state.wizards[0].points == 2 and not g.state.over


def test_dungeon_lines_apply_only_to_the_holder() -> None:
    _, events = cast({"quality": "oulacecho#1"}, values=[1, 2])
    assert damage(events) == [(1, 2)]
    _, events = cast({"quality": "oulacecho#1"}, setup={"dungeon": 0}, values=[1, 2])
    assert damage(events) == [(1, 2), (2, 2)]


def test_power_roll_counts_one_die_per_matching_glyph() -> None:
    _, events = cast(
        {"source": "taleboulas#1", "quality": "trankilus#1", "delivery": "cubengelus#1"},
        values=[2, 1, 2, 3],
        answers=[{"type": "PickTarget", "seat": 1}],
    )
    power = [e for e in events if isinstance(e, DiceRolled) and e.rule == "sw.power.roll"]
    assert len(power[0].values) == 3  # three Arcane glyphs


def test_target_by_the_die_reroll_spare_faces_with_four_candidates() -> None:
    # four opponents share faces 1-4 (one each); 5 and 6 are rolled again
    _, events = cast({"quality": "oulacecho#1"}, players=5, values=[6, 5, 3, 2])
    rolls = [e.values[0] for e in events if isinstance(e, DiceRolled) and e.rule == "sw.target.die"]
    assert rolls == [6, 5, 3]
    assert damage(events) == [(3, 2)]


def test_the_last_survivor_gains_1_blood_only_as_holder_unless_the_option_says_always() -> None:
    _, events = cast({"source": "taleboulas#1"}, players=2, setup={"life": [20, 3]})
    assert not [b for b in of(events, ev.BloodGained) if b.rule == "sw.dungeon.last"]
    _, events = cast(
        {"source": "taleboulas#1"},
        players=2,
        setup={"life": [20, 3]},
        options={"survivor_blood": "always"},
    )
    gained = [b for b in of(events, ev.BloodGained) if b.rule == "sw.dungeon.last"]
    assert [(b.seat, b.amount) for b in gained] == [(0, 1)]


def test_treasures_are_stolen_and_lost_at_death() -> None:
    setup = {"treasures": [[], ["chalisman#1"], []], "life": [20, 3, 20]}
    g, events = cast(
        {"source": "multitax#1", "delivery": "tentaculax#1"},
        setup={**setup, "life": [20, 20, 20]},
        values=[5, 5],
        answers=[{"type": "PickTarget", "seat": 1}],
    )
    stolen = of(upto_spell_end(events), ev.TreasureGained)
    assert [(t.seat, t.previous, t.rule) for t in stolen] == [(0, 1, "sw.treasure.steal")]
    # the dead lose their treasures
    g, events = cast({"source": "taleboulas#1"}, setup=setup)
    assert g.state.wizards[1].treasures == () and "chalisman#1" in g.state.treasure_discard


def test_depipax_reaction_gives_a_treasure_at_the_next_round_start() -> None:
    spells = {1: {"source": "fukushimax#1"}}  # resolves first: 2 damage to its right, seat 0
    g, events = cast(
        {"source": "depipax#1", "quality": "tresormodix#1"},
        players=2,
        setup={"life": [2, 20]},
        spells=spells,
    )
    deferred = of(events, ev.TreasureDeferred)
    assert next((d.seat, d.count, d.rule) for d in deferred) == (0, 1, "sw.card.depipax")
    assert g.state.round == 2
    start = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted))
    gained = [t for t in of(events[start:], ev.TreasureGained) if t.seat == 0]
    assert len(gained) == 1 and g.state.wizards[0].treasures == (gained[0].treasure,)


def test_a_dead_wizard_draws_a_dead_wizard_card_at_each_new_turn() -> None:
    g, _ = cast({"source": "taleboulas#1"}, setup={"life": [20, 3, 20]})
    while g.state.turn == 1:
        seat = g.state.pending[0].seat
        g.send(seat, GAME.legal_commands(g.state, seat)[-1])
    drawn = [(d.seat, d.rule) for d in of(g.log, ev.DeadCardDrawn)]
    assert drawn == [(1, "sw.dead.draw"), (1, "sw.turn.dead-draw")]
    assert len(g.state.wizards[1].dead_cards) == 2
