"""Titles awarded top-down, with every tie, vacancy, single-candidate and
same-owner rule; the Magicien level's two titles."""

from __future__ import annotations

import msgspec
import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import commands as c
from domain.elfenwizards import events as ev
from domain.elfenwizards.competition import award_events, select_winners
from domain.elfenwizards.scoring import winners
from domain.elfenwizards.state import State, Support, Wizard
from domain.kernel import Dice, IllegalCommand
from tests.domain.elfenwizards.scenario import Scenario, of, rearranged

P = "elfenwizards."


def _board(placement: dict[str, list[str]], support: dict[str, list[int | None]]) -> State:
    state = Scenario(3, setup={"placement": placement, "dragon": 0}).state
    spells = tuple(
        Support(wizard=wid, seat=state.wizard(wid).seat, die=die)  # type: ignore[union-attr]
        for wid, dice in support.items()
        for die in dice
    )
    return rearranged(state, support=spells, phase="compete", queue=())


def _titles(events: list) -> dict[str, tuple[str, int, str]]:
    return {e.title: (e.wizard, e.points, e.rule) for e in of(events, ev.TitleAwarded)}


def _vacant(events: list) -> dict[str, str]:
    return {e.title: e.rule for e in of(events, ev.TitleLeftVacant)}


def _defeated(events: list) -> dict[str, tuple[str, str]]:
    return {e.wizard: (e.space, e.rule) for e in of(events, ev.WizardDefeated)}


TWO = {"red": ["D1", "M1"], "green": ["D2", "M2"], "blue": ["M3"]}


def test_equal_points_leave_the_title_vacant_and_both_are_defeated() -> None:
    events = award_events(_board(TWO, {"red-1": [4], "green-1": [3, None]}))
    assert _vacant(events)["GD"] == P + "award.tie"
    assert _defeated(events) == {
        "red-1": ("defeat-druide", P + "award.defeat"),
        "green-1": ("defeat-druide", P + "award.defeat"),
    }


def test_no_point_for_anyone_leaves_the_title_vacant() -> None:
    events = award_events(_board(TWO, {}))
    assert _vacant(events)["GD"] == P + "award.min-point"
    assert set(_defeated(events)) == {"red-1", "green-1"}


def test_a_lone_candidate_needs_one_point() -> None:
    lone = {"red": ["D1", "M1"], "green": ["M2"], "blue": ["M3"]}
    assert _titles(award_events(_board(lone, {"red-1": [None]})))["GD"] == (
        "red-1",
        1,
        P + "award.single",
    )
    events = award_events(_board(lone, {}))
    assert _vacant(events)["GD"] == P + "award.min-point"
    assert _defeated(events)["red-1"] == ("defeat-druide", P + "award.defeat")


def test_one_owner_of_both_candidates_gives_the_title_to_the_better() -> None:
    same = {"red": ["D1", "D2", "M1"], "green": ["M2"], "blue": ["M3"]}
    events = award_events(_board(same, {"red-2": [3], "red-1": [None]}))
    assert _titles(events)["GD"] == ("red-2", 3, P + "award.single")
    assert _defeated(events)["red-1"] == ("defeat-druide", P + "award.defeat")


def test_a_title_without_candidates_stays_vacant() -> None:
    events = award_events(_board(TWO, {"red-1": [2]}))
    # Nobody stands on S1/S2, so nobody contests D1.
    assert _vacant(events)["D1"] == P + "award.no-candidate"


def test_titles_are_awarded_top_down_left_to_right() -> None:
    placement = {"red": ["D1", "S1", "N1", "M1"], "green": ["D2", "S2", "N2", "M1"], "blue": ["M2"]}
    support = {"red-1": [5], "red-2": [5], "red-3": [5], "red-4": [5], "green-4": [3]}
    events = award_events(_board(placement, support))
    order = [e.title for e in events if isinstance(e, ev.TitleAwarded | ev.TitleLeftVacant)]
    assert order[:4] == ["GD", "D1", "D2", "S1"]
    assert order.index("N1") < order.index("N3")


def _magicians(points: list[int]) -> list[str]:
    wizards = [Wizard(id=f"red-{i}", seat=0, space="M1") for i in range(len(points))]
    given = {w.id: p for w, p in zip(wizards, points, strict=True)}
    return [w.id for w in select_winners(wizards, given, 2)]


def test_the_two_best_magicians_become_necromancers() -> None:
    assert _magicians([5, 3, 1]) == ["red-0", "red-1"]
    assert _magicians([4, 4, 1]) == ["red-0", "red-1"]  # two tied first fill both titles


def test_more_than_two_tied_first_get_nothing() -> None:
    assert _magicians([4, 4, 4, 1]) == []


def test_a_tie_for_second_gives_only_the_first() -> None:
    assert _magicians([5, 3, 3]) == ["red-0"]


def test_magicians_need_a_point_and_losers_stay_on_their_space() -> None:
    assert _magicians([2, 0, 0]) == ["red-0"]
    placement = {"red": ["M1", "M1"], "green": ["M1"], "blue": ["M2"]}
    events = award_events(_board(placement, {"red-1": [4], "green-1": [2], "red-2": [1]}))
    titles = _titles(events)
    assert titles["N1"] == ("red-1", 4, P + "award.magicians")
    assert titles["N2"] == ("green-1", 2, P + "award.magicians")
    assert not _defeated(events)  # magicians have no defeat space
    assert _vacant(events)["N3"] == P + "award.min-point"  # blue-1 on M2 cast nothing


def test_spells_go_back_after_the_awarding() -> None:
    state = _board(TWO, {"red-1": [4, None], "green-1": [3]})
    # Blue left a 6 on the Magicien major-spell space and never cast it.
    blue = msgspec.structs.replace(state.guild(2), majors=((), (), (), (6,)))
    state = rearranged(state, guilds=(*state.guilds[:2], blue))
    events = award_events(state)
    (wasted,) = of(events, ev.SpellsWasted)
    assert wasted.majors == (0, 0, 1) and wasted.rule == P + "compete.wasted"
    (returned,) = of(events, ev.SpellsReturned)
    assert returned.majors == (1, 1, 0) and returned.minors == (1, 0, 0)
    assert returned.rule == P + "award.return"
    # The other reading (option unplaced_majors=stay): blue's 6 waits on its space.
    stay = rearranged(state, options=msgspec.structs.replace(state.options, unplaced_majors="stay"))
    events = award_events(stay)
    assert not of(events, ev.SpellsWasted)
    (returned,) = of(events, ev.SpellsReturned)
    assert returned.also == (P + "compete.wasted",)
    after = GAME.evolve_all(stay, events)
    assert after.guild(2).majors == ((), (), (), (6,))


def _vacancy(placement: dict[str, list[str]], support: dict[str, list[int | None]]) -> dict:
    return {
        e.title: (e.rule, e.reason)
        for e in of(award_events(_board(placement, support)), ev.TitleLeftVacant)
    }


MAGICIANS = {"green": ["M2"], "blue": ["M3"]}


def test_a_lone_magician_leaves_the_second_title_without_a_candidate() -> None:
    # One pawn on M1 takes N1; nobody is left for N2 (award.no-candidate, not a tie).
    vacant = _vacancy({"red": ["M1"], **MAGICIANS}, {"red-1": [3]})
    assert "N1" not in vacant
    assert vacant["N2"] == (P + "award.no-candidate", "no candidate")


def test_a_magician_without_a_point_leaves_the_second_title_for_want_of_a_point() -> None:
    # Two pawns on M1, only one with points: the other has none (award.min-point).
    vacant = _vacancy({"red": ["M1", "M1"], **MAGICIANS}, {"red-1": [3]})
    assert vacant["N2"] == (P + "award.min-point", "no candidate has a point")


def test_ties_on_a_magician_space_still_cite_the_magician_rule() -> None:
    # A tie for second: only the first is titled; the tied pair keeps N2 vacant.
    placement = {"red": ["M1", "M1"], "green": ["M1", "M2"], "blue": ["M3"]}
    vacant = _vacancy(placement, {"red-1": [5], "red-2": [3], "green-1": [3]})
    assert vacant["N2"][0] == P + "award.magicians"
    # Three tied first: neither title.
    vacant = _vacancy(placement, {"red-1": [4], "red-2": [4], "green-1": [4]})
    assert vacant["N1"][0] == vacant["N2"][0] == P + "award.magicians"


def test_one_owners_two_candidates_tied_leave_the_title_vacant_by_ruling() -> None:
    same = {"red": ["D1", "D2", "M1"], "green": ["M2"], "blue": ["M3"]}
    events = award_events(_board(same, {"red-1": [3], "red-2": [2, None]}))
    assert _vacant(events)["GD"] == P + "ruling.same-owner-tie"
    assert _defeated(events) == {
        "red-1": ("defeat-druide", P + "award.defeat"),
        "red-2": ("defeat-druide", P + "award.defeat"),
    }
    rule = GAME.catalogue[P + "ruling.same-owner-tie"]
    assert rule.source == "ruling" and len(rule.readings) == 2
    assert rule.default == rule.readings[0].option == "same_owner_tie=vacant"


def _competition(placement: dict[str, list[str]], policy: str) -> State:
    """The competition, green holding a 4 on the Druide major-spell space."""
    game = Scenario(
        3, setup={"placement": placement, "dragon": 1}, options={"uncontested_support": policy}
    )
    game.until_phase("compete")
    state = game.state
    green = msgspec.structs.replace(state.guild(1), majors=((4,), (), (), ()))
    return rearranged(state, guilds=(state.guild(0), green, state.guild(2)))


@pytest.mark.parametrize("policy", ["owner_only", "anyone"])
def test_opponents_never_oppose_one_owners_two_candidates(policy: str) -> None:
    # « si un même joueur contrôle les deux candidats ... Les adversaires ne
    # peuvent pas placer de points pour s'y opposer »: with either option green
    # may not cast beside red's D1 or D2 (which could tie them).
    state = _competition({"red": ["D1", "D2", "M1"], "green": ["M2"], "blue": ["M3"]}, policy)
    assert state.phase == "compete" and state.pending[0].seat == 1
    legal = GAME.legal_commands(state, 1)
    for wizard in ("red-1", "red-2"):
        cast = c.CastSpell(wizard=wizard, die=4)
        assert cast not in legal
        with pytest.raises(IllegalCommand) as error:
            GAME.decide(state, 1, cast, Dice.seeded("x"))
        assert (error.value.code, error.value.rule) == (
            "cannot_support",
            P + "compete.uncontested",
        )


def test_anyone_lets_opponents_help_a_lone_candidate_only() -> None:
    placement = {"red": ["D1", "M1"], "green": ["M2"], "blue": ["M3"]}
    cast = c.CastSpell(wizard="red-1", die=4)
    assert cast in GAME.legal_commands(_competition(placement, "anyone"), 1)
    strict = _competition(placement, "owner_only")
    assert cast not in GAME.legal_commands(strict, 1)
    with pytest.raises(IllegalCommand) as error:
        GAME.decide(strict, 1, cast, Dice.seeded("x"))
    assert error.value.rule == P + "compete.uncontested"


def test_a_tie_for_the_win_is_shared_or_broken_by_titles_then_grey_tokens() -> None:
    """« Le vainqueur est celui dont le score total est le plus élevé »: no tie-break
    printed, so tied players share (default); option winner_ties=titles breaks it by
    the most Grand Druide titles, then the fewest grey tokens."""
    setup = {"dragon": 0, "grand_druide_titles": [1, 1, 0], "grey": {"red-6": 2}}
    shared = Scenario(3, setup=setup)
    assert winners(shared.state, (10, 10, 10)) == (0, 1, 2)
    broken = Scenario(3, setup=setup, options={"winner_ties": "titles"})
    # Red and green hold one title each; red's wizard bears grey tokens.
    assert winners(broken.state, (10, 10, 10)) == (1,)
    assert winners(broken.state, (10, 9, 10)) == (0,)
