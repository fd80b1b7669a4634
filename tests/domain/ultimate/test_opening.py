"""Setup: the shuffle and deal, the first player, and setup positions."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import HIDDEN, PUBLIC, CardsShuffled, DiceRolled, SetupError, private
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS
from domain.ultimate.commands import Draw
from domain.ultimate.events import CardsDealt, RoundStarted, TurnStarted
from tests.domain.ultimate.scenario import IDENTITY, Match, each, names, only, position


def test_a_fresh_game_shuffles_deals_two_cards_each_and_picks_a_random_first_player() -> None:
    reversed_deck = list(reversed(IDENTITY))
    m = Match(players=3, values=[2], orders=[reversed_deck])

    assert names(m.last) == [
        "RoundStarted",
        "CardsShuffled",
        "CardsDealt",
        "CardsDealt",
        "CardsDealt",
        "DiceRolled",
        "TurnStarted",
    ]
    shuffled = only(m.last, CardsShuffled)
    assert (shuffled.pile, shuffled.rule) == ("deck", "ultimate.setup.deal")
    order = tuple(reversed(CARD_IDS))
    assert shuffled.order == order
    dealt = each(m.last, CardsDealt)
    assert [d.cards for d in dealt] == [order[0:2], order[2:4], order[4:6]]
    assert all(d.rule == "ultimate.setup.deal" for d in dealt)
    assert m.state.draw_pile == order[6:]
    choice = only(m.last, DiceRolled)
    assert (choice.sides, choice.rule) == (3, "ultimate.setup.first-player")
    turn = only(m.last, TurnStarted)
    assert (turn.seat, turn.rule) == (1, "ultimate.setup.first-player")
    assert m.waiting_for()[0] == 1


def test_every_wizard_starts_at_nine_life_as_the_setup_says() -> None:
    m = Match(players=2, values=[1], orders=[IDENTITY])
    started = only(m.last, RoundStarted)
    assert (started.health, started.rule) == (9, "ultimate.setup.health")
    assert [m.life(0), m.life(1)] == [9, 9]


def test_round_health_five_starts_the_wizards_at_five() -> None:
    m = Match(players=2, options={"round_health": 5}, values=[1], orders=[IDENTITY])
    assert only(m.last, RoundStarted).health == 5
    assert [m.life(0), m.life(1)] == [5, 5]


def test_dealt_hands_are_private_and_the_deck_order_hidden() -> None:
    m = Match(players=2, values=[1], orders=[IDENTITY])
    for deal in each(m.last, CardsDealt):
        assert deal.visibility() == private(deal.seat)
    assert only(m.last, CardsShuffled).visibility() == HIDDEN


def test_a_setup_position_starts_where_it_says_without_shuffle_or_choice() -> None:
    setup = position(
        [["fireball"], ["shield", "mirror"]],
        health=[4, 7],
        first=1,
        draw=["lightning"],
        discard=["curse"],
        round_wins=[1, 2],
    )
    m = Match(setup)

    assert names(m.last) == ["TurnStarted"]
    assert only(m.last, TurnStarted).rule == "ultimate.setup.position"
    assert m.hand(0) == ("fireball",) and m.hand(1) == ("shield", "mirror")
    assert [m.life(0), m.life(1)] == [4, 7]
    assert m.state.draw_pile[0] == "lightning"
    assert m.state.discard[-1] == "curse"
    assert [w.round_wins for w in m.state.wizards] == [1, 2]
    assert m.waiting_for()[0] == 1


def test_a_position_can_hold_an_eliminated_wizard_whom_play_skips() -> None:
    m = Match(position([["fireball"], [], ["shield"]], health=[9, 0, 9]))
    assert m.state.wizards[1].eliminated
    m.act(0, Draw())
    turn = only(m.act(0, {"type": "EndTurn"}), TurnStarted)
    assert (turn.seat, turn.rule) == (2, "ultimate.turn.order")


def _bad(**changes: Any) -> dict[str, Any]:
    setup = position([["fireball"], ["shield"]])
    setup.update(changes)
    return setup


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (_bad(stage="action"), "first is for an opening position"),
        (_bad(in_play=["mirror"]), "belong to a full position"),
        (_bad(discard=["fireball"]), "more than once: \\['fireball'\\]"),
        (_bad(hands=[["fireball", "banana"], ["shield"]]), "unknown card 'banana'"),
        (_bad(hands=[["fireball"]]), "hands has 1 entry for 2 players"),
        (_bad(health=[9, 12]), "health\\[1\\] must be 0..9"),
        (_bad(health=[9, "x"]), "health\\[1\\] must be an integer"),
        (_bad(first=2), "first must be a seat 0..1"),
        (
            _bad(hands=[["fireball", "shield"], []], health=[9, 0], first=1),
            "first seat 1 is eliminated",
        ),
        (_bad(hands=[[], ["shield", "fireball"]], health=[0, 9], first=1), "at least two wizards"),
        (_bad(hands=[["fireball"], ["shield"]], health=[0, 9]), "eliminated .* holds cards"),
        (_bad(round_wins=[5, 0]), "round_wins\\[0\\] must be 0..4"),
        (_bad(deck=[]), "unknown key\\(s\\) \\['deck'\\]"),
        ({"hands": [[], []], "draw_pile": []}, "missing key\\(s\\) \\['health', 'first'\\]"),
    ],
)
def test_a_broken_setup_position_is_refused_with_the_reason(
    setup: dict[str, Any], words: str
) -> None:
    with pytest.raises(SetupError, match=words):
        GAME.validate_setup(setup, 2)


def test_validate_setup_normalises_and_passes_table_keys_through() -> None:
    setup = position([("fireball",), ("shield",)])
    setup["draw_pile"] = tuple(setup["draw_pile"])
    setup["dice"] = [1, 2]
    setup["orders"] = [[0]]
    normal = GAME.validate_setup(setup, 2)
    assert normal["hands"] == [["fireball"], ["shield"]]
    assert isinstance(normal["draw_pile"], list)
    assert normal["discard"] == [] and normal["round_wins"] == [0, 0]
    assert normal["dice"] == [1, 2] and normal["orders"] == [[0]]
    assert GAME.validate_setup(normal, 2) == normal


def test_a_setup_holding_only_table_dice_is_no_position() -> None:
    assert GAME.validate_setup({"dice": [3]}, 2) == {"dice": [3]}
    m = Match({"dice": [3]}, players=2, values=[2], orders=[IDENTITY])
    assert only(m.last, TurnStarted).seat == 1


def test_a_position_whose_match_is_already_won_is_refused() -> None:
    with pytest.raises(SetupError, match="seat 0 already has 3 round wins"):
        Match(position([["fireball"], ["shield"]], round_wins=[3, 0]))
    # With a longer match the same position is fine.
    Match(position([["fireball"], ["shield"]], round_wins=[3, 0]), options={"rounds_to_win": 4})


def test_setup_files_may_name_cards_by_their_french_slug() -> None:
    setup = {
        "hands": [["boule_de_feu", "explosion"], ["bouclier", "miroir"]],
        "draw_pile": [
            "eclair",
            "malediction",
            "main_des_ombres",
            "nuage_de_poison",
            "deviation",
            "barriere_d_arcane",
            "epines",
            "lumiere_de_guerison",
            "concentration_de_mana",
            "voile_d_ombre",
            "absorption",
            "controle_de_l_esprit",
        ],
        "health": [3, 9],
        "first": 0,
        "dice": [],
    }
    normal = GAME.validate_setup(setup, 2)
    assert normal["hands"] == [["fireball", "explosion"], ["shield", "mirror"]]
    placed = [card for cards in normal["hands"] for card in cards] + normal["draw_pile"]
    assert sorted(placed) == sorted(CARD_IDS)


def test_a_position_with_more_life_than_round_health_is_refused() -> None:
    setup = position([["healing_light", "fireball"], ["shield"]], health=[5, 9])
    with pytest.raises(SetupError, match=r"health of seat 1 \(\d+\) is above round_health 5"):
        Match(setup, options={"round_health": 5})
    # The same position is fine under the default 9, and at the cap itself.
    assert Match(setup).life(1) == 9
    m = Match(position([["healing_light"], ["shield"]], health=[5, 5]), options={"round_health": 5})
    assert [m.life(0), m.life(1)] == [5, 5]


def test_the_first_player_roll_is_public() -> None:
    choice = only(Match(players=3, values=[2], orders=[IDENTITY]).last, DiceRolled)
    assert choice.private_to == () and choice.visibility() == PUBLIC
