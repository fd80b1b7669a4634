"""Creatures: KEEP, the next turn's attack, blocking, and their discard."""

from __future__ import annotations

from domain.kernel import DiceRolled
from domain.kernel.phrases import plain
from domain.spellwars import GAME
from domain.spellwars import events as ev
from domain.spellwars.cards import built_in
from tests.domain.spellwars.scenario import cast, correct, of, upto_spell_end


def test_a_kept_creature_attacks_again_next_turn_with_its_own_power_roll() -> None:
    # turn 1: Coco-Cocoricus rolls 3: KEEP, no damage
    g, events = cast({"delivery": "coco-cocoricus#1"}, setup={"life": [20, 19, 20]}, values=[3])
    assert g.state.wizards[0].creatures == ("coco-cocoricus#1",)
    # every other seat finishes its turn with filler dice (1s); then turn 2 placement
    while g.state.flow.choice is not None:
        legal = GAME.legal_commands(g.state, g.state.flow.choice.seat)
        g.send(g.state.flow.choice.seat, legal[-1])  # never sacrifice (Block(None) is last)
    assert g.state.flow.phase == "place" and g.state.turn == 2
    hand = g.state.wizards[0].hand
    source = next(c for c in hand if built_in().card(c).kind == "source")
    events = g.send(0, {"type": "PlaceCards", "cards": [source]})
    for seat in (1, 2):
        if g.state.wizards[seat].alive and not g.state.wizards[seat].placed:
            legal = [c for c in GAME.legal_commands(g.state, seat) if correct(c.cards)]  # type: ignore[attr-defined]
            events += g.send(seat, max(legal, key=lambda c: len(c.cards)))  # type: ignore[attr-defined]
    while (
        g.state.flow.choice is not None
        and not [f for f in of(g.log, ev.SpellFinished) if f.seat == 0 and g.state.turn == 2][1:]
    ):
        legal = GAME.legal_commands(g.state, g.state.flow.choice.seat)
        g.send(g.state.flow.choice.seat, legal[-1])
    sizes = of(events, ev.SizesAnnounced)[0].sizes
    assert sizes[0] == 1  # the kept creature is not a component of the new spell
    revealed = [r for r in of(g.log, ev.SpellRevealed) if r.seat == 0][-1]
    assert revealed.carried == ("coco-cocoricus#1",)
    started = [c.card for c in of(g.log, ev.ComponentStarted) if c.seat == 0]
    assert "coco-cocoricus#1" in started[-2:]
    rolls = [e for e in g.log if isinstance(e, DiceRolled) and "Coco-Cocoricus" in e.purpose]
    assert len(rolls) == 2


def test_the_target_may_sacrifice_a_creature_after_seeing_the_damage() -> None:
    setup = {"creatures": [[], ["gracula#1"], []]}
    g, events = cast({"source": "taleboulas#1"}, setup=setup)
    choice = g.state.flow.choice
    assert choice is not None and (choice.seat, choice.kind) == (1, "block")
    assert "3 damage to seat 1" in plain(choice.prompt)
    legal = GAME.legal_commands(g.state, 1)
    assert {getattr(c, "creature", "x") for c in legal} == {"gracula#1", None}
    events = g.send(1, {"type": "Block", "creature": "gracula#1"})
    blocked = of(events, ev.DamageBlocked)
    assert [(b.target, b.creature, b.amount, b.rule) for b in blocked] == [
        (1, "gracula#1", 3, "sw.creature.block")
    ]
    assert not [d for d in of(upto_spell_end(events), ev.DamageDealt) if d.target == 1]
    assert g.state.wizards[1].creatures == ()


def test_zero_damage_asks_no_sacrifice_and_only_the_target_is_asked() -> None:
    setup = {"creatures": [[], [], ["gracula#1"]], "dungeon": 0}
    # Groclonar with the Dungeon: even (seat 1: 20) then odd; seat 2 at 20 is even too
    g, events = cast({"quality": "groclonar#1"}, setup=setup)
    assert g.state.flow.choice is not None and g.state.flow.choice.seat == 2
    assert [d.target for d in of(events, ev.DamageDealt)] == [1]


def test_a_creature_with_no_possible_target_still_rolls_for_keep() -> None:
    # Tabapassif targets an opponent who already played: nobody has
    _, events = cast({"source": "flaminus#1", "delivery": "tabapassif#1"}, values=[6, 6])
    upto = upto_spell_end(events)
    chosen = [t for t in of(upto, ev.TargetChosen) if t.card == "tabapassif#1"]
    assert chosen[0].targets == ()
    assert [e.values for e in upto if isinstance(e, DiceRolled) and e.rule == "sw.power.roll"] == [
        (6, 6)
    ]
    assert of(upto, ev.KeepEarned)


def test_kept_creatures_count_their_glyph_in_power_rolls() -> None:
    setup = {"creatures": [["gracula#1"], [], []]}
    _, events = cast(
        {"delivery": "mecha-satana#1"},
        setup=setup,
        values=[2, 2, 1, 1],
        answers=[{"type": "Choose", "choice": "mecha-satana#1"}, {"type": "PickTarget", "seat": 1}],
    )
    # Mecha-Satana (Ténèbres) + kept Gracula (Ténèbres): 2 dice
    rolls = [e for e in events if isinstance(e, DiceRolled) and e.rule == "sw.power.roll"]
    assert len(rolls[0].values) == 2


def test_creatures_are_discarded_when_their_owner_dies() -> None:
    setup = {"creatures": [[], ["gracula#1"], []], "life": [20, 3, 20]}
    g, _events = cast({"source": "taleboulas#1"}, setup=setup)
    g.send(1, {"type": "Block", "creature": None})
    died = of(g.log, ev.WizardDied)[0]
    assert died.seat == 1 and "gracula#1" in died.lost
    assert g.state.wizards[1].creatures == () and "gracula#1" in g.state.discard


def test_kept_creatures_attack_at_the_next_turns_start_under_the_other_reading() -> None:
    """creature_attack=turn_start: the creature kept in turn 1 attacks when turn 2 starts,
    before any spell is placed, with its own power roll (the glyphs of the creatures in
    play); the spell of turn 2 is then revealed without it, and it does not attack twice."""
    g, _ = cast(
        {"delivery": "coco-cocoricus#1"},
        setup={"life": [20, 19, 20]},
        values=[3],
        options={"creature_attack": "turn_start"},
    )
    assert g.state.wizards[0].creatures == ("coco-cocoricus#1",)
    # every seat finishes its turn, and turn 2 starts with the creature's attack
    while g.state.flow.choice is not None:
        legal = GAME.legal_commands(g.state, g.state.flow.choice.seat)
        g.send(g.state.flow.choice.seat, legal[-1])  # never sacrifice (Block(None) is last)
    assert g.state.turn == 2
    started = next(i for i, e in enumerate(g.log) if isinstance(e, ev.TurnStarted) and e.turn == 2)
    attack = g.log[started:]
    revealed = of(attack, ev.SpellRevealed)[0]
    assert (revealed.seat, revealed.cards, revealed.carried, revealed.rule) == (
        0,
        (),
        ("coco-cocoricus#1",),
        "sw.creature.attack",
    )
    assert not of(attack, ev.SpellPlaced) and not of(attack, ev.SizesAnnounced)
    assert "coco-cocoricus#1" in [c.card for c in of(attack, ev.ComponentStarted)]
    rolls = [e for e in g.log if isinstance(e, DiceRolled) and "Coco-Cocoricus" in e.purpose]
    assert len(rolls) == 2  # turn 1 with the spell, turn 2 at its start
    assert g.state.flow.phase == "place" and not g.state.wizards[0].played
    # the spell of turn 2 goes without the creature, kept or not
    hand = g.state.wizards[0].hand
    source = next(c for c in hand if built_in().card(c).kind == "source")
    g.send(0, {"type": "PlaceCards", "cards": [source]})
    for seat in (1, 2):
        if g.state.wizards[seat].alive and not g.state.wizards[seat].placed:
            legal = [c for c in GAME.legal_commands(g.state, seat) if correct(c.cards)]  # type: ignore[attr-defined]
            g.send(seat, max(legal, key=lambda c: len(c.cards)))  # type: ignore[attr-defined]
    while g.state.flow.choice is not None and g.state.turn == 2:
        legal = GAME.legal_commands(g.state, g.state.flow.choice.seat)
        g.send(g.state.flow.choice.seat, legal[-1])
    spell = [r for r in of(g.log, ev.SpellRevealed) if r.seat == 0 and r.cards]
    assert spell[-1].cards == (source,) and spell[-1].carried == ()
    ended = next(e for e in g.log if isinstance(e, ev.TurnEnded) and e.turn == 2)
    casting = g.log[g.log.index(spell[-1]) : g.log.index(ended)]
    assert not [e for e in casting if isinstance(e, DiceRolled) and "Coco" in e.purpose]
