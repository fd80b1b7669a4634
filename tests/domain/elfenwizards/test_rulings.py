"""The audit's rulings: « tout ou partie » in phase 2, and one owner's tied
candidates (the owner designates the winner, as an option); each cited by the
events it governs."""

from __future__ import annotations

from typing import Any

import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import commands as c
from domain.elfenwizards import events as ev
from domain.kernel import Dice, IllegalCommand
from tests.domain.elfenwizards.positions import opened
from tests.domain.elfenwizards.scenario import Scenario, of

P = "elfenwizards."


def test_ending_phase_2_with_no_die_placed_is_the_ruling_not_the_rulebook() -> None:
    game = Scenario(3, setup={"dragon": 0}, values=[6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 6])
    game.play({"type": "RollSpells"})
    (ended,) = of(game.play({"type": "EndPlacement"}), ev.PlacementEnded)
    assert ended.rule == P + "ruling.place-none" and len(ended.kept) == 7
    game.play({"type": "RollSpells"}, {"type": "PlaceDie", "die": 6, "space": "druide"})
    (ended,) = of(game.play({"type": "EndPlacement"}), ev.PlacementEnded)
    assert ended.rule == P + "roll.major" and len(ended.kept) == 6
    rule = GAME.catalogue[P + "ruling.place-none"]
    assert rule.source == "ruling" and rule.default == "phase2_placement=any"
    assert "tout ou partie" in rule.passage
    assert "possibly none" not in GAME.catalogue[P + "roll.major"].summary


def test_at_least_one_die_in_phase_2_as_an_option() -> None:
    game = Scenario(3, setup={"dragon": 0}, options={"phase2_placement": "at_least_one"})
    game.play({"type": "RollSpells"})
    assert c.EndPlacement() not in GAME.legal_commands(game.state, 0)
    with pytest.raises(IllegalCommand) as refused:
        game.play({"type": "EndPlacement"})
    assert (refused.value.code, refused.value.rule) == (
        "must_place_a_die",
        P + "ruling.place-none",
    )
    game.play({"type": "PlaceDie", "die": 1, "space": "minor"})
    assert c.EndPlacement() in GAME.legal_commands(game.state, 0)
    (ended,) = of(game.play({"type": "EndPlacement"}), ev.PlacementEnded)
    assert ended.rule == P + "roll.major"


# Round 2, the competition: red has passed last; its two Druides tie for the
# Grand Druide (3 and 3), and green's two Sorciers tie for red's Druide space D2.
TIES: dict[str, Any] = {
    "round": 2,
    "phase": "compete",
    "dragon": 0,
    "queue": [0],
    "minor_spells_on_space": [0, 0, 0],
    "support": [
        {"wizard": "red-1", "caster": "red", "die": 3},
        {"wizard": "red-2", "caster": "red", "die": 3},
        {"wizard": "green-1", "caster": "green", "die": 2},
        {"wizard": "green-2", "caster": "green"},
        {"wizard": "green-2", "caster": "green"},
    ],
    "wizards": {
        "red-1": "D1",
        "red-2": "D2",
        "red-3": "M1",
        "green-1": "S3",
        "green-2": "S4",
        "green-3": "M2",
        "blue-1": "M3",
    },
}


def test_by_default_one_owners_tie_leaves_the_title_vacant() -> None:
    table, _ = opened(3, TIES, Dice.scripted([]))
    events = GAME.decide(table.state, 0, c.Pass(), Dice.scripted([]))
    vacant = {e.title: e.rule for e in of(events, ev.TitleLeftVacant)}
    assert vacant["GD"] == vacant["D2"] == P + "ruling.same-owner-tie"
    assert not of(events, ev.TieBroken)


def test_the_owner_designates_the_winner_as_an_option() -> None:
    options = {"same_owner_tie": "owner_designates"}
    table, _ = opened(3, TIES, Dice.scripted([]), options=options)
    events = GAME.decide(table.state, 0, c.Pass(), Dice.scripted([]))
    assert not of(events, ev.TitleAwarded)  # the awarding waits for the owners
    state = table.state
    for event in events:
        state = GAME.evolve(state, event)
    assert [(p.seat, p.accepts) for p in state.pending] == [(0, ("DesignateWinner",))]
    assert GAME.legal_commands(state, 0) == [
        c.DesignateWinner(wizard="red-1"),
        c.DesignateWinner(wizard="red-2"),
    ]
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(state, 0, c.DesignateWinner(wizard="red-3"), Dice.scripted([]))
    assert (refused.value.code, refused.value.rule) == (
        "not_a_tied_candidate",
        P + "ruling.same-owner-tie",
    )
    with pytest.raises(IllegalCommand, match="nothing to decide"):
        GAME.decide(state, 1, c.DesignateWinner(wizard="green-1"), Dice.scripted([]))
    events = GAME.decide(state, 0, c.DesignateWinner(wizard="red-2"), Dice.scripted([]))
    (broken,) = of(events, ev.TieBroken)
    assert (broken.wizard, broken.title, broken.rule) == (
        "red-2",
        "GD",
        P + "ruling.same-owner-tie",
    )
    for event in events:
        state = GAME.evolve(state, event)
    # Green's tie is next; a position taken now keeps red's word.
    assert state.designated == ("red-2",) and state.pending[0].seat == 1
    position = GAME.position(state)
    assert position["designated"] == ["red-2"]
    again, _ = opened(3, position, Dice.scripted([]), options=options)
    assert again.state == state
    events = GAME.decide(state, 1, c.DesignateWinner(wizard="green-2"), Dice.scripted([]))
    awarded = {e.title: (e.wizard, e.rule) for e in of(events, ev.TitleAwarded)}
    assert awarded["GD"] == ("red-2", P + "ruling.same-owner-tie")
    assert awarded["D2"] == ("green-2", P + "ruling.same-owner-tie")
    defeated = {e.wizard: (e.space, e.rule) for e in of(events, ev.WizardDefeated)}
    assert defeated["red-1"] == ("defeat-druide", P + "ruling.same-owner-tie")
    assert defeated["green-1"] == ("defeat-sorcier", P + "ruling.same-owner-tie")
    assert of(events, ev.PhaseBegan)[0].phase == "recover2"
