"""A dispute from a real table: a mid-round position entered from a file, played on.

Round 3, phase 5 (the competition), entered from the setup file printed in
docs/elfenwizards.md. Nobody became Grand Druide in round 2, so a third round
without one ends the game. Blue (12 points for its Druide after its first
turn) and red (12 after its own) are tied for the Grand Druide title when
blue, with one minor spell left, is to act again. The table disputes whether
blue may still cast it: red can no longer answer. The rules say yes (« Si un
joueur n'a plus qu'un seul sort ... il peut ne placer que celui-ci »), and
whether blue casts it decides the title and whether the game ends now.
"""

from __future__ import annotations

import tomllib

import pytest

from domain.elfenwizards import events as ev
from domain.elfenwizards.state import State
from domain.kernel import DiceRolled, IllegalCommand
from tests.domain.elfenwizards.positions import dispute_toml
from tests.domain.elfenwizards.scenario import Scenario, of, rules

P = "elfenwizards."


def _game() -> Scenario:
    return Scenario(3, setup=tomllib.loads(dispute_toml()))


def test_the_position_opens_where_the_table_stopped() -> None:
    game = _game()
    state = game.state
    assert (state.round, state.phase, state.dragon, state.queue) == (3, "compete", 1, (2, 0, 1))
    (resumed,) = of(game.events, ev.PlayResumed)
    assert (resumed.round, resumed.phase, resumed.rule) == (3, "compete", P + "setup.position")
    assert not of(game.events, DiceRolled)
    assert game.seat == 2
    # Spells cast before the dispute, and what is left of each guild.
    points = {s.wizard: 0 for s in state.support}
    for s in state.support:
        points[s.wizard] += s.points
    assert points == {"blue-1": 5, "red-1": 7, "green-2": 4}
    red, green, blue = state.guilds
    assert (red.minors, green.minors, blue.minors) == (1, 6, 2)
    assert red.majors[0] == (4,) and blue.majors[0] == (6,)
    assert (red.dice, green.dice, blue.dice) == (5, 5, 5)
    assert state.wizard("green-2").grey == 1  # type: ignore[union-attr]
    assert state.round_counter == ((1, 0),) and red.minors_on_counter == 1


def _to_the_dispute(game: Scenario) -> None:
    game.play(
        {"type": "CastSpell", "wizard": "blue-1", "die": 6},
        {"type": "CastSpell", "wizard": "blue-1"},
        {"type": "CastSpell", "wizard": "red-1", "die": 4},
        {"type": "CastSpell", "wizard": "red-1"},
        {"type": "Pass"},  # green
    )


def _play_out(game: Scenario) -> State:
    game.until(lambda s: False)
    return game.state


def test_blue_casts_its_last_spell_and_takes_the_title() -> None:
    game = _game()
    _to_the_dispute(game)
    assert game.seat == 2 and game.state.guild(0).minors == 0
    events = game.play({"type": "CastSpell", "wizard": "blue-1"})
    assert P + "compete.last-spell" in rules(events)  # one spell left: one may be cast
    forced = [e for e in of(events, ev.PlayerPassed) if e.forced]
    assert [e.seat for e in forced] == [0, 2]  # red, then blue, have nothing left
    (gd,) = [e for e in of(events, ev.TitleAwarded) if e.title == "GD"]
    assert (gd.wizard, gd.points, gd.rule) == ("blue-1", 13, P + "award.duel")
    (loser,) = [e for e in of(events, ev.WizardDefeated) if e.wizard == "red-1"]
    assert loser.space == "defeat-druide"
    final = _play_out(game)
    assert final.round == 4  # a Grand Druide this round: the game goes on


def test_if_blue_passes_the_tie_leaves_the_title_vacant_and_ends_the_game() -> None:
    game = _game()
    _to_the_dispute(game)
    events = game.play({"type": "Pass"})
    (vacant,) = [e for e in of(events, ev.TitleLeftVacant) if e.title == "GD"]
    assert vacant.rule == P + "award.tie"
    final = _play_out(game)
    ended = of(game.events, ev.GameEnded)
    assert final.round == 3 and [e.rule for e in ended] == [P + "end.no-gd"]


def test_red_cannot_answer_out_of_turn() -> None:
    game = _game()
    _to_the_dispute(game)
    with pytest.raises(IllegalCommand) as refused:
        game.send(0, {"type": "CastSpell", "wizard": "red-1"})
    assert refused.value.code == "not_your_turn"
