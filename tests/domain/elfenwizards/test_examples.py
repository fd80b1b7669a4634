"""The rulebook's worked examples, replayed exactly through the kernel."""

from __future__ import annotations

import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import events as ev
from domain.elfenwizards.commands import CastSpell
from domain.kernel import IllegalCommand
from tests.domain.elfenwizards.scenario import Scenario, of

P = "elfenwizards."


def test_title_example_blue_five_six_beats_red_six_and_a_minor() -> None:
    # "un magicien bleu se trouve dans la case du 1er Druide et un magicien rouge
    # dans la case du second Druide ... deux sorts majeurs, un 5 et un 6 ... n'a
    # qu'un 6 et un sort mineur"
    game = Scenario(
        3,
        setup={
            "placement": {"red": ["D2", "M1"], "green": ["M1", "M2"], "blue": ["D1", "M2"]},
            "dragon": 2,
        },
        values=[5, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1],
    )
    assert game.seat == 2  # blue holds the dragon
    game.play(
        {"type": "RollSpells"},
        {"type": "PlaceDie", "die": 5, "space": "druide"},
        {"type": "PlaceDie", "die": 6, "space": "druide"},
        *[{"type": "PlaceDie", "die": 1, "space": "magicien"}] * 5,
    )
    game.play(
        {"type": "RollSpells"},
        {"type": "PlaceDie", "die": 6, "space": "druide"},
        *[{"type": "PlaceDie", "die": 1, "space": "magicien"}] * 6,
    )
    game.play({"type": "RollSpells"}, *[{"type": "PlaceDie", "die": 1, "space": "magicien"}] * 7)
    assert game.state.phase == "compete"
    assert game.seat == 2
    game.play(
        {"type": "CastSpell", "wizard": "blue-1", "die": 5},
        {"type": "CastSpell", "wizard": "blue-1", "die": 6},
    )
    game.play(
        {"type": "CastSpell", "wizard": "red-1", "die": 6},
        {"type": "CastSpell", "wizard": "red-1"},
    )
    out = game.play({"type": "Pass"}, {"type": "Pass"}, {"type": "Pass"})

    (tally,) = of(out, ev.SupportTallied)
    assert dict(tally.points) == {"blue-1": 11, "red-1": 7}  # a 5 and a 6; a 6 and a minor
    assert tally.rule == P + "award.points"
    (grand_druide,) = [e for e in of(out, ev.TitleAwarded) if e.title == "GD"]
    assert (grand_druide.wizard, grand_druide.points, grand_druide.rule) == (
        "blue-1",
        11,
        P + "award.duel",
    )
    (beaten,) = [e for e in of(out, ev.WizardDefeated) if e.wizard == "red-1"]
    assert (beaten.space, beaten.points, beaten.rule) == ("defeat-druide", 7, P + "award.duel")
    # Spells cast: majors back to their owners, minors to the minor-spell space.
    returned = of(out, ev.SpellsReturned)[0]
    assert returned.majors == (1, 0, 2) and returned.minors == (1, 0, 0)


def _recovery(dice: list[int], on_space: int = 3) -> Scenario:
    game = Scenario(
        3,
        setup={"dragon": 0, "minor_dice": {"red": dice}, "minor_spells_on_space": [on_space, 0, 0]},
    )
    game.until_phase("recover")
    assert game.seat == 0
    return game


@pytest.mark.parametrize(
    ("dice", "recovered"),
    [([4], 2), ([1, 1], 1), ([3, 1], 2)],
    ids=["a 4 recovers two", "two 1s recover one", "a 3 and a 1 recover two"],
)
def test_minor_spell_recovery_arithmetic(dice: list[int], recovered: int) -> None:
    # "un 4 permet de récupérer deux dés, deux 1 permettent d'en récupérer un,
    # un 3 et un 1 permettent d'en récupérer deux"
    game = _recovery(dice)
    before = game.state.guild(0).minors
    in_front = game.state.guild(0).dice
    out = game.play(*[{"type": "SpendDie", "die": d} for d in dice])
    got = of(out, ev.MinorSpellsRecovered)
    assert sum(e.count for e in got) == recovered
    assert {e.rule for e in got} == {P + "recover.minor"}
    assert game.state.guild(0).minors == before + recovered
    assert game.state.guild(0).minor_dice == ()
    # Spent dice come back in front of the player.
    assert game.state.guild(0).dice == in_front + len(dice)


def test_leftover_pip_is_lost() -> None:
    game = _recovery([3])
    out = game.play({"type": "SpendDie", "die": 3})
    (ended,) = of(out, ev.SpendingEnded)
    assert (ended.lost, ended.rule) == (1, P + "recover.leftover")


def _grey(dice: list[int], tokens: int, cost: int = 4) -> Scenario:
    # red-6 stands on M1 in the 3-player table; tokens sit under it.
    game = Scenario(
        3,
        setup={"dragon": 0, "grey_dice": {"red": dice}, "grey": {"red-6": tokens}},
        options={"grey_cost": cost},
    )
    game.until_phase("grey")
    assert game.seat == 0
    return game


def test_grey_magic_removal_five_two_one_removes_two() -> None:
    # "un 5, un 2 et un 1 permettent de retirer deux jetons."
    game = _grey([5, 2, 1], tokens=3)
    out = game.play(*[{"type": "SpendDie", "die": d} for d in (5, 2, 1)])
    removed = of(out, ev.GreyTokenRemoved)
    assert len(removed) == 2
    assert {e.rule for e in removed} == {P + "grey.remove"}
    assert game.state.wizard("red-6").grey == 1  # type: ignore[union-attr]


@pytest.mark.parametrize(("cost", "removed"), [(4, 1), (3, 2)])
def test_translator_cost_option(cost: int, removed: int) -> None:
    game = _grey([3, 3], tokens=2, cost=cost)
    out = game.play({"type": "SpendDie", "die": 3}, {"type": "SpendDie", "die": 3})
    assert len(of(out, ev.GreyTokenRemoved)) == removed


def test_necromancer_example_majors_are_cast_at_their_own_level() -> None:
    # « un sort majeur pris dans la case Sort majeur du niveau Nécromancien doit
    # être joué au niveau Nécromancien »
    game = Scenario(
        3,
        setup={
            "placement": {
                "red": ["S1", "N1", "M1"],
                "green": ["S2", "N2", "M1"],
                "blue": ["M2"],
            },
            "dragon": 0,
        },
        values=[5, 1, 1, 1, 1, 1, 1],
    )
    game.play(
        {"type": "RollSpells"},
        {"type": "PlaceDie", "die": 5, "space": "necromancien"},
        *[{"type": "PlaceDie", "die": 1, "space": "magicien"}] * 6,
    )
    game.until_phase("compete")
    assert game.seat == 0 and game.state.guild(0).majors[2] == (5,)
    for wizard in ("red-1", "red-3"):  # red-1 on S1 (Sorcier), red-3 on M1 (Magicien)
        with pytest.raises(IllegalCommand) as error:
            game.send(0, {"type": "CastSpell", "wizard": wizard, "die": 5})
        assert (error.value.code, error.value.rule) == (
            "no_such_spell",
            P + "compete.major-level",
        )
    assert {"wizard": "red-2", "die": 5} in [
        {"wizard": x.wizard, "die": x.die}
        for x in GAME.legal_commands(game.state, 0)
        if isinstance(x, CastSpell)
    ]
    out = game.play({"type": "CastSpell", "wizard": "red-2", "die": 5})  # red-2 on N1
    (cast,) = of(out, ev.SpellCast)
    assert (cast.wizard, cast.die, cast.rule) == ("red-2", 5, P + "compete.major-level")
    assert game.state.guild(0).majors[2] == ()
