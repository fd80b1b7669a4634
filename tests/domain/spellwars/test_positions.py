"""Positions both ways: any position of a game, written as a setup mapping and read back,
gives the same state, and the same commands with the same chance give the same events."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.kernel import ENGINE_VERSION, Dice, Fold, GameStarted, SetupError, act, apply, replay
from domain.kernel import start as kernel_start
from domain.spellwars import GAME
from domain.spellwars import events as ev
from domain.spellwars.cards import instances, main_deck
from domain.spellwars.state import State
from tools.simulation import Finished, Step, steps

FOLLOW = 6  # commands replayed after each sampled position


def toml_ready(value: Any, where: str = "$") -> None:
    """Only what TOML can write: strings, integers, booleans, lists and tables."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), where
            toml_ready(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            toml_ready(v, f"{where}[{i}]")
    else:
        assert isinstance(value, str | int | bool), f"{where}: {value!r}"


def opened(
    position: dict[str, Any], players: int, options: dict[str, Any], dice: Dice
) -> Fold[State]:
    started = GameStarted(
        game="spellwars",
        options=GAME.spec.resolve_options(options),
        players=tuple(f"p{i}" for i in range(players)),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(position, players),
    )
    return replay(GAME, kernel_start(GAME, started, dice))


def played(players: int, seed: str, options: dict[str, Any]) -> list[Step]:
    out: list[Step] = []
    for item in steps(GAME, players, seed, options=options):
        if isinstance(item, Finished):
            return out
        out.append(item)
    raise AssertionError("unreachable")


def check_round_trips(players: int, seed: str, options: dict[str, Any], every: int) -> int:
    history = played(players, seed, options)
    checked = 0
    for i in range(1, len(history), every):
        before = history[i].fold
        position = GAME.position(before.state)
        toml_ready(position)
        assert GAME.validate_setup(position, players) == position
        table = opened(position, players, options, Dice.seeded(seed, before.counter))
        assert table.state == before.state, f"{seed} at step {i}"
        for step in history[i : i + FOLLOW]:
            dice = Dice.seeded(seed, step.fold.counter)
            events = act(GAME, table, step.seat, step.command, dice)
            assert events == step.events, f"{seed}: step {i} diverges"
            for e in events:
                table = apply(GAME, table, e)
        checked += 1
    return checked


@pytest.mark.parametrize("players", range(2, 7))
def test_every_sampled_position_round_trips_and_plays_on_identically(players: int) -> None:
    checked = sum(check_round_trips(players, f"pos-{players}-{i}", {}, 7) for i in range(4))
    assert checked > 20


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "fast"},
        {"ties": "rank", "added_order": "next", "trankilus": "after"},
        {"stolen_blood": "left", "die_faces": "caster", "neighbour": "seated"},
        # a wild magic card's place in the row and a declared delivery are in the position,
        # and kept creatures attack at a turn's start, in the place phase
        {"incorrect_initiative": "declared", "wild_type": "row", "creature_attack": "turn_start"},
    ],
)
def test_positions_round_trip_under_the_options(options: dict[str, Any]) -> None:
    assert check_round_trips(4, f"pos-opt-{sorted(options)}", options, 5) > 5


def test_positions_mid_action_hold_the_pending_decision_and_running_programs() -> None:
    """Among the sampled positions some stop inside a spell, with a choice and frames."""
    mid = 0
    for step in played(4, "pos-mid", {}):
        p = GAME.position(step.fold.state)
        if p["flow"].get("choice") and p["flow"]["frames"]:
            mid += 1
            table = opened(p, 4, {}, Dice.seeded("pos-mid", step.fold.counter))
            assert table.state == step.fold.state
            assert table.state.pending == step.fold.state.pending
    assert mid > 3


def test_cards_a_file_leaves_out_are_shuffled_with_the_games_chance() -> None:
    position = {"hands": [["gracula#1"], ["gracula#2"]], "deck": ["flaminus#1"]}
    seeded = opened(position, 2, {}, Dice.seeded("left-out"))
    again = opened(position, 2, {}, Dice.seeded("other seed"))
    deck = seeded.state.deck
    # hands were refilled from the top: flaminus#1 first, then shuffled cards
    assert seeded.state.wizards[0].hand[:2] == ("gracula#1", "flaminus#1")
    manifest = [c for c in main_deck() if c not in ("gracula#1", "gracula#2", "flaminus#1")]
    assert sorted(deck) != deck and list(deck) != manifest[14:]
    assert seeded.state.deck != again.state.deck
    started = GameStarted(
        game="spellwars",
        options=GAME.spec.resolve_options({}),
        players=("a", "b"),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(position, 2),
    )
    shuffles = [
        e
        for e in kernel_start(GAME, started, Dice.seeded("left-out"))
        if type(e).__name__ == "CardsShuffled"
    ]
    assert [(s.pile, len(s.order), s.rule) for s in shuffles] == [
        ("main", len(main_deck()) - 3, "sw.setup.left-out"),
        ("treasure", len(instances(("treasure",))), "sw.setup.left-out"),
        ("dead", len(instances(("dead",))), "sw.setup.left-out"),
    ]


def test_a_table_supplies_the_order_of_the_cards_left_out() -> None:
    from domain.kernel import DiceRequired

    position = {"hands": [["gracula#1"], ["gracula#2"]]}
    left_out = len(main_deck()) - 2
    # Without an order the cards left out stay face down: the hands are refilled from
    # them, so the table names the cards drawn (or gives the order).
    with pytest.raises(
        DiceRequired, match=r"the card drawn from the draw pile for seat 0 \(any of: asphixis, "
    ):
        opened(position, 2, {}, Dice.scripted())
    orders = [list(range(left_out))[::-1], list(range(25)), list(range(25))]
    table = opened(position, 2, {}, Dice.scripted(orders=orders))
    left = [c for c in main_deck() if c not in ("gracula#1", "gracula#2")]
    assert table.state.wizards[0].hand[1:] == tuple(left[::-1][:7])


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"turn": 2, "spells": [["nope#1"], []]}, "unknown card id"),
        ({"hands": [["gracula#1"], []], "discard": ["gracula#1"]}, "already in 'hands'"),
        ({"turn": 1, "spells": [[{"card": "gracula#1", "status": "flying"}], []]}, "status"),
        ({"turn": 1, "flow": {"phase": "lunch"}}, "'flow.phase'"),
        ({"turn": 1, "flow": {"phase": "cast", "caster": 7}}, "'flow.caster'"),
        ({"turn": 1, "flow": {"phase": "cast", "frames": [{"seat": 0}]}}, "flow"),
        ({"alive": [False, True], "turn": 1, "life": [3, 20]}, "'alive': seat 0 is dead"),
        ({"turn": 0, "alive": [False, True]}, "only a position inside a turn"),
        ({"life": [0, 20]}, "'life': seat 0 is alive with 0 life"),
        ({"blood": [26, 0]}, "'blood'"),
        ({"round": 0}, "'round'"),
        ({"dead_cards": [["gracula#1"], []]}, "'dead_cards'"),
        (
            {"turn": 1, "spells": [[{"card": "gracula#1", "carried": True}], []]},
            "carried but not a kept creature",
        ),
        ({"hands": [["flaminus#1"], []], "deck": ["flaminus#1"]}, "already in 'hands'"),
        ({"turn": 1, "spells": [[{"card": "flaminus#1", "row": "source"}], []]}, "'row'"),
        ({"turn": 1, "spells": [[{"card": "magie-feroce#1", "row": "wild"}], []]}, "'row'"),
        ({"turn": 1, "spells": [[{"card": "flaminus#1", "declared": True}], []]}, "'declared'"),
    ],
)
def test_a_bad_position_names_the_key_at_fault(position: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.validate_setup(position, 2)


def test_the_options_bound_what_a_position_may_hold() -> None:
    with pytest.raises(SetupError, match="2 tokens win the match"):
        opened({"tokens": [2, 0]}, 2, {}, Dice.seeded("x"))
    opened({"tokens": [2, 0]}, 2, {"tokens_to_win": 3}, Dice.seeded("x"))
    with pytest.raises(SetupError, match="fast variant plays 3 rounds"):
        opened({"round": 4}, 2, {"variant": "fast"}, Dice.seeded("x"))


def test_a_position_is_entered_by_one_hidden_event() -> None:
    history = played(3, "pos-event", {})
    before = history[len(history) // 2].fold
    position = GAME.position(before.state)
    started = GameStarted(
        game="spellwars",
        options=GAME.spec.resolve_options({}),
        players=("a", "b", "c"),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(position, 3),
    )
    events = kernel_start(GAME, started, Dice.seeded("pos-event"))[1:]
    assert [type(e) for e in events] == [ev.PositionEntered, ev.FlowSet]
    assert events[0].visibility().kind == "hidden"
    assert msgspec.json.decode(msgspec.json.encode(position)) == position


FILLERS_HAND = ["hydraponix#1", "spiralex#1", "tropintimus#1"]


def test_what_a_readings_placement_gives_is_part_of_the_position() -> None:
    """A wild magic card's place in the row and the declared delivery, written only where
    given, read back into the same spell."""
    position = {
        "turn": 1,
        "hands": [[], FILLERS_HAND],
        "placed": [True, False],
        "spells": [
            [
                {"card": "magie-feroce#1", "row": "delivery"},
                {"card": "ecrabouillax#1"},
                {"card": "tentaculax#1", "declared": True},
            ],
            [],
        ],
    }
    options = {"incorrect_initiative": "declared", "wild_type": "row"}
    table = opened(position, 2, options, Dice.scripted())
    spell = table.state.wizards[0].spell
    assert [(c.card, c.slot, c.declared) for c in spell] == [
        ("magie-feroce#1", "delivery", False),
        ("ecrabouillax#1", "delivery", False),
        ("tentaculax#1", "delivery", True),
    ]
    written = GAME.position(table.state)["spells"][0]
    assert [{k: c[k] for k in ("row", "declared") if k in c} for c in written] == [
        {"row": "delivery"},
        {},
        {"declared": True},
    ]
    assert opened(GAME.position(table.state), 2, options, Dice.scripted()).state == table.state
