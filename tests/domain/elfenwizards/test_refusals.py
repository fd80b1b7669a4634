"""Illegal commands are refused with the right code and rule, and change nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import commands as c
from domain.elfenwizards import events as ev
from domain.elfenwizards.defeated import vacancy_turn
from domain.kernel import Dice, IllegalCommand
from tests.domain.elfenwizards.scenario import Scenario, rearranged

P = "elfenwizards."


def refused(game: Scenario, seat: int, command: Mapping[str, Any]) -> tuple[str, str]:
    before = msgspec.to_builtins(game.fold)
    with pytest.raises(IllegalCommand) as error:
        game.send(seat, command)
    assert msgspec.to_builtins(game.fold) == before  # nothing applied
    assert error.value.message
    return error.value.code, error.value.rule


def test_out_of_turn_and_wrong_decision() -> None:
    game = Scenario(3, setup={"dragon": 0})
    assert refused(game, 1, {"type": "RollSpells"}) == ("not_your_turn", "kernel.turn")
    assert refused(game, 0, {"type": "Pass"}) == ("wrong_decision", "kernel.turn")


def test_malformed_commands() -> None:
    game = Scenario(3, setup={"dragon": 0})
    assert refused(game, 0, {"type": "Fly"}) == ("malformed_command", "kernel.malformed")
    assert refused(game, 0, {"type": "RollSpells", "extra": 1}) == (
        "malformed_command",
        "kernel.malformed",
    )


def test_placing_dice() -> None:
    game = Scenario(3, setup={"dragon": 0}, values=[6, 6, 6, 6, 6, 6, 5])
    game.play({"type": "RollSpells"})
    assert refused(game, 0, {"type": "PlaceDie", "die": 1, "space": "druide"}) == (
        "no_such_die",
        P + "alloc.spaces",
    )
    assert refused(game, 0, {"type": "PlaceDie", "die": 6, "space": "attic"}) == (
        "no_such_space",
        P + "alloc.spaces",
    )


def test_reroll_needs_a_minor_spell_in_reserve() -> None:
    game = Scenario(3, setup={"dragon": 0, "minor_spells_on_space": [7, 0, 0]})
    game.play({"type": "RollSpells"}, {"type": "EndPlacement"})
    game.until(lambda s: s.phase == "reroll")
    game.play({"type": "RollSpells"})
    assert refused(game, 0, {"type": "Reroll"}) == ("no_minor_spell", P + "roll.reroll")


def test_spending_dice() -> None:
    game = Scenario(
        3, setup={"dragon": 0, "minor_dice": {"red": [2]}, "minor_spells_on_space": [1, 0, 0]}
    )
    game.until_phase("recover")
    assert refused(game, 0, {"type": "SpendDie", "die": 5}) == ("no_such_die", P + "recover.minor")
    state = rearranged(
        game.state,
        guilds=(
            msgspec.structs.replace(game.state.guild(0), minors_on_space=0),
            *game.state.guilds[1:],
        ),
        phase="recover2",
    )
    with pytest.raises(IllegalCommand) as error:
        GAME.decide(state, 0, c.SpendDie(die=2), Dice.scripted())
    assert (error.value.code, error.value.rule) == ("nothing_to_recover", P + "ruling.recover-own")


def test_casting_spells() -> None:
    game = Scenario(
        3,
        setup={
            "dragon": 0,
            "placement": {"red": ["D1", "M1"], "green": ["D2", "M1"], "blue": ["M2"]},
        },
    )
    game.until_phase("compete")
    assert refused(game, 0, {"type": "CastSpell", "wizard": "purple-1"}) == (
        "no_such_wizard",
        P + "compete.beside",
    )
    assert refused(game, 0, {"type": "CastSpell", "wizard": "red-1", "die": 1}) == (
        "no_such_spell",
        P + "compete.major-level",
    )
    assert refused(game, 0, {"type": "CastSpell", "wizard": "blue-1"}) == (
        "cannot_support",
        P + "compete.uncontested",
    )
    red = msgspec.structs.replace(game.state.guild(0), minors=0)
    game.fold = msgspec.structs.replace(
        game.fold, state=rearranged(game.state, guilds=(red, *game.state.guilds[1:]))
    )
    assert refused(game, 0, {"type": "CastSpell", "wizard": "red-1"}) == (
        "no_minor_spell",
        P + "compete.turn",
    )


def test_vacancies_and_demotion() -> None:
    game = Scenario(3, setup={"dragon": 0})
    game.until_phase("vacancies")
    assert refused(game, 0, {"type": "FillVacancy", "wizard": "red-1", "title": "S1"}) == (
        "not_highest_vacancy",
        P + "vacant.highest",
    )
    assert refused(game, 0, {"type": "FillVacancy", "wizard": "red-2", "title": "D1"}) == (
        "not_your_defeated_wizard",
        P + "vacant.order",
    )
    state = rearranged(game.state, {"red-1": "defeat-druide"}, phase="demote")
    game.fold = msgspec.structs.replace(game.fold, state=state)
    assert refused(game, 0, {"type": "Demote", "wizard": "red-1", "space": "D1"}) == (
        "not_a_magician_space",
        P + "demote.move",
    )
    assert refused(game, 0, {"type": "Demote", "wizard": "green-1", "space": "M1"}) == (
        "not_your_defeated_wizard",
        P + "demote.order",
    )


def test_grey_token_removal_and_retirement() -> None:
    game = Scenario(
        3, setup={"dragon": 0, "grey_dice": {"red": [6]}, "grey": {"red-6": 1, "red-7": 1}}
    )
    game.until_phase("grey")
    game.play({"type": "SpendDie", "die": 6})
    assert refused(game, 0, {"type": "RemoveGreyToken", "wizard": "red-8"}) == (
        "no_grey_token",
        P + "grey.remove",
    )
    retire = Scenario(
        3,
        setup={
            "round": 2,
            "placement": {"red": ["GD"], "green": ["M1"], "blue": ["M2"]},
            "grand_druide_titles": [1, 0, 0],
            "dragon": 1,
        },
    )
    assert refused(
        retire, 0, {"type": "RetireGrandDruide", "source": "reserve", "space": "D1"}
    ) == (
        "not_a_magician_space",
        P + "retire.move",
    )
    assert refused(retire, 0, {"type": "RetireGrandDruide", "source": "space", "space": "M1"}) == (
        "no_minor_spell",
        P + "retire.counter",
    )
    assert refused(retire, 0, {"type": "RetireGrandDruide", "source": "none", "space": "M1"}) == (
        "minor_spell_owed",
        P + "ruling.retire-no-minor",
    )


def test_nothing_is_accepted_after_the_end() -> None:
    game = Scenario(3, setup={"dragon": 0})
    game.until(lambda s: s.phase == "over")
    assert refused(game, 0, {"type": "Pass"}) == ("game_over", "kernel.game-over")


def test_defeated_wizards_fill_vacancies_all_of_a_player_or_one_at_a_time() -> None:
    """Ruling vacant.turn: red (two defeated Nécromanciens) places both before blue by
    default; under option vacancy_turn=alternate, blue places between them."""
    defeated = {"red-3": "defeat-necromancien", "red-4": "defeat-necromancien"}
    defeated["blue-3"] = "defeat-necromancien"
    for option, after_red in (("all", 0), ("alternate", 2)):
        game = Scenario(3, setup={"dragon": 0}, options={"vacancy_turn": option})
        state = rearranged(game.state, defeated, phase="vacancies", queue=(0, 2))
        assert vacancy_turn(state) == (0, "necromancien")
        filled = ev.VacantTitleFilled(
            rule=P + "vacant.choice", also=(P + "vacant.turn",), wizard="red-3", seat=0, title="N1"
        )
        assert vacancy_turn(GAME.evolve(state, filled)) == (after_red, "necromancien"), option
