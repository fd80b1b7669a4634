"""The ten phases in order, each rule asserted with its citation on the events."""

from __future__ import annotations

import msgspec
import pytest

from domain.elfenwizards import GAME
from domain.elfenwizards import commands as c
from domain.elfenwizards import events as ev
from domain.elfenwizards.scoring import end_reason, final_events, round_points
from domain.elfenwizards.state import State
from domain.kernel import Dice, DiceRolled, Event
from tests.domain.elfenwizards.scenario import Scenario, of, rearranged, rules

P = "elfenwizards."


def test_a_round_runs_the_ten_phases_in_order_from_the_dragon() -> None:
    game = Scenario(4, values=[3])  # the dragon goes to seat 2
    game.until(lambda s: s.round == 2)
    began = of(game.events, ev.PhaseBegan)
    assert [e.number for e in began[:9]] == list(range(1, 10))
    # The rulebook gives the dragon-first order for phases 2, 3 and 5; its use
    # in phases 4, 6 and 9 is our assumption and cited as one.
    assumed = {e.number for e in began if e.rule == P + "assume.phase-order"}
    assert assumed == {4, 6, 9}
    assert {e.rule for e in began if e.number not in assumed} == {P + "round.order"}
    assert GAME.catalogue[P + "assume.phase-order"].source == "assumption"
    roll = next(e for e in began if e.phase == "roll")
    assert roll.order == (2, 3, 0, 1)
    scored = of(game.events, ev.RoundScored)
    assert len(scored) == 1 and scored[0].rule == P + "score.round"
    assert of(game.events, ev.RoundBegan)[-1].round == 2


def _retirement(on_space: int = 0) -> Scenario:
    return Scenario(
        3,
        setup={
            "round": 2,
            "dragon": 1,
            "grand_druide_titles": [1, 0, 0],
            "minor_spells_on_space": [on_space, 0, 0],
            "placement": {"red": ["GD", "M1"], "green": ["D1", "M1"], "blue": ["D2", "M2"]},
        },
    )


def test_the_grand_druide_retires_pays_the_counter_and_takes_the_dragon() -> None:
    game = _retirement()
    assert game.state.phase == "retire" and game.seat == 0
    legal = GAME.legal_commands(game.state, 0)
    assert {x.source for x in legal} == {"reserve"}  # type: ignore[attr-defined]
    out = game.play({"type": "RetireGrandDruide", "source": "reserve", "space": "M3"})
    (counter,) = of(out, ev.RoundCounterMarked)
    assert (counter.round, counter.source, counter.rule) == (1, "reserve", P + "retire.counter")
    (dragon,) = of(out, ev.DragonGiven)
    assert (dragon.seat, dragon.rule) == (0, P + "retire.dragon")
    (moved,) = of(out, ev.GrandDruideRetired)
    assert (moved.wizard, moved.space, moved.rule) == ("red-1", "M3", P + "retire.move")
    state = game.state
    assert state.wizard("red-1").space == "M3"  # type: ignore[union-attr]
    assert state.guild(0).minors == 6 and state.guild(0).minors_on_counter == 1
    assert state.round_counter == ((1, 0),)
    assert state.phase == "roll" and game.seat == 0  # the new dragon rolls first


def test_the_counter_spell_may_come_from_the_minor_spell_space() -> None:
    game = _retirement(on_space=2)
    game.play({"type": "RetireGrandDruide", "source": "space", "space": "M1"})
    assert game.state.guild(0).minors_on_space == 1 and game.state.guild(0).minors == 5


def test_phase_two_rolls_everything_and_places_any_part() -> None:
    game = Scenario(3, setup={"dragon": 0}, values=[6, 5, 4, 3, 2, 1, 1])
    (rolled,) = of(game.play({"type": "RollSpells"}), DiceRolled)
    assert (rolled.seat, rolled.values, rolled.rule) == (0, (6, 5, 4, 3, 2, 1, 1), P + "roll.major")
    placed = game.play({"type": "PlaceDie", "die": 6, "space": "druide"})
    assert of(placed, ev.DiePlaced)[0].rule == P + "alloc.spaces"
    game.play({"type": "PlaceDie", "die": 1, "space": "minor"})
    game.play({"type": "PlaceDie", "die": 2, "space": "grey"})
    ended = game.play({"type": "EndPlacement"})
    (end,) = of(ended, ev.PlacementEnded)
    assert end.kept == (1, 3, 4, 5) and end.rule == P + "roll.major"
    red = game.state.guild(0)
    assert red.majors[0] == (6,) and red.minor_dice == (1,) and red.grey_dice == (2,)
    assert red.dice == 4 and game.seat == 1


def _phase_three(values: list[int], on_space: int = 0) -> Scenario:
    game = Scenario(3, setup={"dragon": 0, "minor_spells_on_space": [on_space, 0, 0]})
    game.play({"type": "RollSpells"}, {"type": "PlaceDie", "die": 1, "space": "druide"})
    game.play({"type": "EndPlacement"})
    game.until(lambda s: s.phase == "reroll")
    game.source.values[game.source.used_values : game.source.used_values] = values
    game.play({"type": "RollSpells"})
    return game


def test_phase_three_rolls_the_rest_and_one_reroll_costs_a_minor_spell() -> None:
    game = _phase_three([2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 6])
    assert of(game.events, DiceRolled)[-1].rule == P + "roll.remaining"
    assert game.state.guild(0).hand == (2, 2, 2, 2, 2, 2)
    assert c.EndPlacement() not in GAME.legal_commands(game.state, 0)  # all must be placed
    out = game.play({"type": "Reroll"})
    assert rules(out)[:2] == [P + "roll.reroll", P + "roll.reroll"]
    red = game.state.guild(0)
    assert red.hand == (6, 6, 6, 6, 6, 6) and red.minors == 6 and red.minors_on_space == 1
    assert c.Reroll() not in GAME.legal_commands(game.state, 0)  # one reroll only
    for _ in range(6):
        game.play({"type": "PlaceDie", "die": 6, "space": "sorcier"})
    assert game.state.phase != "reroll" and game.state.guild(0).majors[1] == (6,) * 6


def test_no_reroll_once_a_die_is_placed() -> None:
    game = _phase_three([3, 3, 3, 3, 3, 3])
    game.play({"type": "PlaceDie", "die": 3, "space": "magicien"})
    assert c.Reroll() not in GAME.legal_commands(game.state, 0)


def _competition(
    placement: dict[str, list[str]], options: dict[str, str] | None = None
) -> Scenario:
    game = Scenario(3, setup={"dragon": 0, "placement": placement}, options=options)
    game.until_phase("compete")
    return game


SPREAD = {"red": ["D1", "M1"], "green": ["D2", "M1"], "blue": ["S1", "M2"]}


def test_a_turn_casts_two_spells_then_passes_on() -> None:
    game = _competition(SPREAD)
    assert game.seat == 0
    first = game.play({"type": "CastSpell", "wizard": "red-1"})
    assert of(first, ev.SpellCast)[0].rule == P + "compete.beside"
    assert game.state.pending[0].accepts == ("CastSpell",)  # no passing mid-turn
    second = game.play({"type": "CastSpell", "wizard": "green-2"})
    assert of(second, ev.CompetitionTurnEnded)[0].rule == P + "compete.turn"
    assert game.seat == 1


def test_majors_are_cast_only_at_their_level() -> None:
    game = _competition(SPREAD)
    # Quiet players put every die on the Magicien major-spell space.
    legal = GAME.legal_commands(game.state, 0)
    majors = {(x.wizard, x.die) for x in legal if isinstance(x, c.CastSpell) and x.die}
    assert majors and {w for w, _ in majors} <= {"red-2", "green-2", "blue-2"}
    out = game.play({"type": "CastSpell", "wizard": "red-2", "die": 1})
    assert of(out, ev.SpellCast)[0].rule == P + "compete.major-level"


def test_passing_is_final() -> None:
    game = _competition(SPREAD)
    out = game.play({"type": "Pass"})
    assert of(out, ev.PlayerPassed)[0].rule == P + "compete.pass"
    assert 0 not in game.state.queue
    game.play({"type": "Pass"}, {"type": "CastSpell", "wizard": "blue-1"})
    game.play({"type": "CastSpell", "wizard": "blue-1"})
    assert game.seat == 2  # red and green passed: blue plays on alone


def test_uncontested_candidates_take_spells_from_their_owner_only() -> None:
    lone = {"red": ["D1", "M1"], "green": ["M1"], "blue": ["M2"]}
    game = _competition(lone)
    assert not any(
        isinstance(x, c.CastSpell) and x.wizard == "red-1"
        for x in GAME.legal_commands(game.state, 1)
    )
    assert c.CastSpell(wizard="red-1") in GAME.legal_commands(game.state, 0)
    relaxed = _competition(lone, {"uncontested_support": "anyone"})
    relaxed.play({"type": "Pass"})
    assert c.CastSpell(wizard="red-1") in GAME.legal_commands(relaxed.state, 1)


def test_the_last_spell_may_be_cast_alone_and_empty_hands_pass() -> None:
    game = _competition(SPREAD)
    red = msgspec.structs.replace(game.state.guild(0), minors=1, majors=((), (), (), ()))
    state = rearranged(game.state, guilds=(red, *game.state.guilds[1:]))
    out = GAME.decide(state, 0, c.CastSpell(wizard="red-1"), Dice.scripted())
    assert of(out, ev.CompetitionTurnEnded)[0].rule == P + "compete.last-spell"
    later = [e for e in of(out, ev.PlayerPassed) if e.seat == 0]
    assert not later
    empty = msgspec.structs.replace(red, minors=0)
    state = rearranged(state, guilds=(empty, *state.guilds[1:]), queue=(1, 0, 2))
    out = GAME.decide(state, 1, c.Pass(), Dice.scripted())
    assert any(
        e.seat == 0 and e.forced and e.rule == P + "ruling.auto-pass"
        for e in of(out, ev.PlayerPassed)
    )


def test_defeated_druides_fill_vacancies_first_in_turn_order() -> None:
    # Nobody casts anything: every title stays vacant, every wizard is defeated.
    game = Scenario(3, setup={"dragon": 0})
    game.until_phase("vacancies")
    assert game.seat == 0
    legal = GAME.legal_commands(game.state, 0)
    assert {(x.wizard, x.title) for x in legal} == {("red-1", "D1"), ("red-1", "D2")}
    out = game.play({"type": "FillVacancy", "wizard": "red-1", "title": "D2"})
    assert of(out, ev.VacantTitleFilled)[0].rule == P + "vacant.choice"
    auto = [e for e in of(out, ev.VacantTitleFilled) if e.wizard == "green-1"]
    assert auto and auto[0].title == "D1" and auto[0].rule == P + "vacant.highest"
    # Then the Sorciers' level: red's S4 wizard is first in turn order.
    assert game.seat == 0
    assert {x.wizard for x in GAME.legal_commands(game.state, 0)} == {"red-2"}


def test_a_defeated_wizard_may_climb_to_a_higher_vacancy() -> None:
    game = Scenario(3, setup={"dragon": 0})
    game.until_phase("vacancies")
    state = rearranged(game.state, {"red-1": "M1", "green-1": "M1"})
    # No defeated Druides: red's defeated Sorcier takes a Druide title.
    assert {x.title for x in GAME.legal_commands(state, 0)} == {"D1", "D2"}


DEFEATS = {
    "green-1": "defeat-druide",
    "green-2": "defeat-sorcier",
    "green-3": "defeat-necromancien",
    "red-3": "defeat-necromancien",
}


def _demotion(options: dict[str, int] | None = None, **changes: object) -> State:
    base = Scenario(3, setup={"dragon": 1}, options=options).state
    return rearranged(base, DEFEATS, phase="demote", queue=(), dragon=1, **changes)


def _demote(state: State, seat: int, wizard: str, space: str) -> tuple[State, list[Event]]:
    out = GAME.decide(state, seat, c.Demote(wizard=wizard, space=space), Dice.scripted())
    for event in out:
        state = GAME.evolve(state, event)
    return state, out


def test_demotion_gives_grey_tokens_from_druide_and_sorcier_only() -> None:
    state = _demotion()
    assert state.pending[0].seat == 1  # the dragon places all of theirs first
    demoted = {}
    for wizard in ("green-2", "green-1", "green-3"):
        state, out = _demote(state, 1, wizard, "M2")
        demoted.update({e.wizard: (e.grey, e.rule) for e in of(out, ev.WizardDemoted)})
    assert demoted == {
        "green-1": (True, P + "demote.grey"),
        "green-2": (True, P + "demote.grey"),
        "green-3": (False, P + "demote.move"),
    }
    assert state.wizard("green-1").grey == 1 and state.grey_supply == 10  # type: ignore[union-attr]
    assert state.pending[0].seat == 0  # then red, the next seat clockwise


def test_an_empty_grey_supply_gives_no_token_unless_unlimited() -> None:
    _, out = _demote(_demotion(grey_supply=0), 1, "green-1", "M1")
    assert of(out, ev.WizardDemoted)[0].grey is False
    assert of(out, ev.WizardDemoted)[0].rule == P + "ruling.grey-supply"
    _, out = _demote(_demotion({"grey_supply": 0}), 1, "green-1", "M1")
    assert of(out, ev.WizardDemoted)[0].grey is True


def test_scoring_counts_titles_and_grey_tokens() -> None:
    state = Scenario(3, setup={"dragon": 0}).state
    ids = ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8"]
    spaces = ["GD", "D1", "S1", "N1", "M1", "M1", "M2", "M3"]
    state = rearranged(state, dict(zip(ids, spaces, strict=True)))
    state = rearranged(
        state,
        wizards=tuple(
            msgspec.structs.replace(w, grey=2) if w.id == "red-2" else w for w in state.wizards
        ),
    )
    scored = round_points(state)
    assert scored.points[0] == 10 + 7 + 5 + 3 + 2 * 4 - 2
    assert scored.rule == P + "score.round"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"round": 4}, "end.rounds"),
        ({"rounds_without_grand_druide": 2}, "end.no-gd"),
        ({"grand_druide_this_round": 0, "second": True}, "end.second-gd"),
        ({"round": 2, "rounds_without_grand_druide": 1}, None),
        ({"grand_druide_this_round": 0}, None),
    ],
)
def test_end_conditions(changes: dict[str, object], reason: str | None) -> None:
    state = Scenario(3, setup={"dragon": 0}).state
    second = bool(changes.pop("second", False))
    red = msgspec.structs.replace(state.guild(0), grand_druide_titles=2 if second else 1)
    state = rearranged(state, guilds=(red, *state.guilds[1:]), **changes)
    assert end_reason(state) == reason


def test_final_bonus_and_shared_wins() -> None:
    state = Scenario(3, setup={"dragon": 0}).state
    guilds = tuple(
        msgspec.structs.replace(g, score=score, minors=minors)
        for g, score, minors in zip(state.guilds, (30, 31, 29), (3, 2, 1), strict=True)
    )
    out = final_events(rearranged(state, guilds=guilds), "end.rounds")
    ended, bonus, winners = out
    assert ended.rule == P + "end.rounds"
    assert (bonus.bonus, bonus.totals, bonus.rule) == ((3, 2, 1), (33, 33, 30), P + "end.bonus")
    assert (winners.winners, winners.rule) == ((0, 1), P + "end.winner")


def test_two_rounds_without_grand_druide_end_the_game() -> None:
    game = Scenario(3, setup={"dragon": 0})
    game.until(lambda s: s.phase == "over")
    (ended,) = of(game.events, ev.GameEnded)
    assert ended.rule == P + "end.no-gd" and game.state.round == 2
    (kept,) = of(game.events, ev.DragonKept)  # round 2 had nobody to retire
    assert (kept.seat, kept.rule) == (0, P + "ruling.dragon-stays")
    outcome = GAME.outcome(game.state)
    assert outcome is not None
    assert game.state.bonus == (7, 7, 7)  # quiet players never spent a minor spell
    best = max(outcome.scores)
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)


def _second_recovery() -> Scenario:
    # Red left a 5 and a 2 on the minor-spell space; its minor spells land there in phase 5.
    game = Scenario(
        3,
        setup={
            "dragon": 0,
            "minor_dice": {"red": [5, 2]},
            "minor_spells_on_space": [0, 0, 0],
            "placement": {"red": ["D1", "M1"], "green": ["D2", "M1"], "blue": ["M2"]},
        },
    )
    game.until_phase("compete")
    game.play({"type": "CastSpell", "wizard": "red-1"}, {"type": "CastSpell", "wizard": "red-1"})
    game.until_phase("recover2")
    assert game.seat == 0 and game.state.guild(0).minors_on_space == 2
    return game


def test_phase_six_recovers_like_phase_four_then_keeps_or_returns_the_rest() -> None:
    game = _second_recovery()
    out = game.play({"type": "SpendDie", "die": 5})
    (got,) = of(out, ev.MinorSpellsRecovered)
    assert (got.count, got.rule) == (2, P + "recover.again")
    # Nothing left to recover: the 2 stays unless taken back.
    assert GAME.legal_commands(game.state, 0) == [c.LeaveDice(), c.TakeBackDice()]
    out = game.play({"type": "LeaveDice"})
    (left,) = of(out, ev.DiceLeft)
    assert (left.dice, left.rule) == ((2,), P + "recover.keep")
    assert of(out, ev.SpendingEnded)[0].lost == 1
    assert game.state.guild(0).minor_dice == (2,)


def test_phase_six_dice_may_be_taken_back_unused() -> None:
    game = _second_recovery()
    in_front = game.state.guild(0).dice
    out = game.play({"type": "TakeBackDice"})
    assert of(out, ev.DiceTakenBack)[0].rule == P + "recover.keep"
    assert game.state.guild(0).minor_dice == () and game.state.guild(0).dice == in_front + 2


def test_grey_dice_may_stay_for_the_next_round() -> None:
    game = Scenario(3, setup={"dragon": 0, "grey_dice": {"red": [2, 1]}, "grey": {"red-6": 1}})
    game.until_phase("grey")
    out = game.play({"type": "SpendDie", "die": 2}, {"type": "LeaveDice"})
    assert of(out, ev.DiceLeft)[0].rule == P + "grey.keep"
    (ended,) = of(out, ev.SpendingEnded)
    assert (ended.lost, ended.rule) == (2, P + "ruling.grey-leftover")
    assert game.state.guild(0).grey_dice == (1,)
    game.until(lambda s: s.round == 2 and s.phase == "grey")
    assert game.state.guild(0).grey_dice == (1,)  # still there a round later
