"""Setup positions both ways, the table's own data (setup files read against it,
marker stacks dealt as the rules would have them), views and refusals."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    GameStarted,
    IllegalCommand,
    SetupError,
    act,
    commitment,
    replay,
    start,
)
from domain.orctower import GAME
from domain.orctower import commands as c
from domain.orctower.data import DEFAULT
from tests.domain.orctower.scenario import Scenario, base
from tools.simulation import Step, game_bot, random_bot, steps


def _toml_ready(value: Any, where: str = "") -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), where
            _toml_ready(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _toml_ready(v, f"{where}[{i}]")
    else:
        assert isinstance(value, str | int | bool), f"{where}: {value!r}"


def _reopen(seed: str, options: dict[str, Any], players: int, position: dict[str, Any]) -> Any:
    normal = GAME.validate_setup(position, players)
    started = GameStarted(
        game="orctower",
        options=GAME.spec.resolve_options(options),
        players=tuple(f"bot {i}" for i in range(players)),
        mode="seeded",
        seed_commitment=commitment(seed),
        engine_version=ENGINE_VERSION,
        setup=normal,
    )
    return replay(GAME, start(GAME, started, Dice.seeded(seed)))


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"missions": True, "bonus_actions": True}),
        (4, {"new_destiny": True, "terrain": True, "toad": "rider", "bombardier": "chief"}),
    ],
)
def test_position_round_trip_continues_identically(players: int, options: dict[str, Any]) -> None:
    seed = f"pos-{players}"
    played = [
        item
        for item in steps(
            GAME, players, seed, [game_bot("greedy"), random_bot] * 2, options=options
        )
        if isinstance(item, Step)
    ]
    for at in (0, 7, 23, len(played) // 2, len(played) - 5):
        original = played[at].fold
        position = GAME.position(original.state)
        _toml_ready(position)
        copy = _reopen(seed, options, players, json.loads(json.dumps(position)))
        assert msgspec.to_builtins(copy.state) == msgspec.to_builtins(original.state)
        for item in played[at : at + 15]:
            dice = Dice.seeded(seed, item.fold.counter)
            again = act(GAME, copy, item.seat, item.command, dice)
            assert again[1:] == item.events[1:]
            for event in again:
                from domain.kernel import apply

                copy = apply(GAME, copy, event)


def test_setup_file_by_spell_and_type_names() -> None:
    setup = {
        "seats": [{"hand": ["zap", "zap", "smash"], "deck": ["cold_snap"]}, {}],
        "creatures": [{"type": "goblin", "quarter": 2, "section": 1}],
        "markers": [["orc", "goblin"], [], [], [], [], []],
    }
    normal = GAME.validate_setup(setup, 2)
    assert normal["seats"][0]["hand"] == ["zap.01", "zap.02", "smash.01"]
    assert normal["creatures"][0]["id"] == "goblin-01"
    assert normal["markers"][0] == ["orc-01", "goblin-02"]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"seats": [{"hand": ["zap.01"]}, {"hand": ["zap.01"]}]}, "in two places"),
        ({"seats": [{"hand": ["frog"]}, {}]}, "unknown card"),
        ({"seats": [{"space": 2}, {"space": 2}]}, "two mages"),
        ({"creatures": [{"type": "goblin", "quarter": 7, "section": 0}]}, "quarter"),
        ({"stage": "dancing"}, "stage"),
        ({"counters": [9, 0, 0, 0, 0, 0]}, "counters[0]"),
        ({"colour": "blue"}, "colour"),
        ({"creatures": [{"id": "dragon-01", "quarter": 1, "section": 0}]}, "unknown creature"),
        ({"stage": "casting"}, "needs casting"),
        ({"stage": "demand"}, "needs demands"),
    ],
)
def test_bad_setups_are_refused_with_the_key(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as refused:
        GAME.validate_setup(setup, 2)
    assert message in str(refused.value)


def test_data_template_round_trips_and_bad_data_named() -> None:
    template = GAME.data_template()
    assert GAME.validate_data(template) == template
    assert template["creatures"][0]["id"] == "goblin"
    bad = {"creatures": [dict(c) for c in DEFAULT["creatures"]]}
    bad["creatures"][0]["power"] = "flight"
    with pytest.raises(SetupError) as refused:
        GAME.validate_data(bad)
    assert "creatures.goblin.power" in str(refused.value)
    with pytest.raises(SetupError):
        GAME.validate_data({"dragons": []})


def test_a_table_data_file_changes_the_game() -> None:
    """A table's own data (here, goblins with 1 hit point) is what the rules read."""
    data = GAME.validate_data(
        {"creatures": [dict(c, hp=1) if c["id"] == "goblin" else c for c in DEFAULT["creatures"]]}
    )
    started = GameStarted(
        game="orctower",
        options=GAME.spec.resolve_options({}),
        players=("a", "b"),
        mode="table",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=GAME.validate_setup(
            base(
                2,
                creatures=[{"id": "goblin-20", "quarter": 1, "section": 0}],
                seats=[{"hand": ["zap.11"]}, {}],
            ),
            2,
        ),
        data=data,
    )
    table = replay(GAME, start(GAME, started, Dice.scripted()))
    for command in (
        {"type": "Cast", "card": "zap.11"},
        {"type": "Attack", "level": 1, "creature": "goblin-20"},
    ):
        from domain.kernel import apply, decode_command

        for event in act(GAME, table, 0, decode_command(GAME, command), Dice.scripted()):
            table = apply(GAME, table, event)
    assert table.state.seats[0].defeated[0] == 1


def test_views_hide_hands_decks_and_markers() -> None:
    s = Scenario(2, base(2, seats=[{"hand": ["zap.11", "smash.11"]}, {"hand": ["voodoo.11"]}]))
    seen_by_1 = json.dumps(GAME.view(s.state, 1))
    assert "zap.11" not in seen_by_1 and "voodoo.11" in seen_by_1
    spectator = json.dumps(GAME.view(s.state, None))
    assert "zap.11" not in spectator and "voodoo.11" not in spectator
    for marker in s.state.stacks[0]:
        assert marker not in spectator
    assert GAME.hidden_from(s.state, 1) >= {"zap.11", "smash.11", *s.state.seats[0].deck}


def test_refusals_name_the_rule() -> None:
    setup = base(2, destiny="d06", seats=[{"hand": ["zap.11", "poison.01"]}, {}])
    s = Scenario(2, setup)  # d06: no teleport
    cases = [
        ({"type": "Teleport", "space": 4}, "orctower.change.no-teleport"),
        ({"type": "Cast", "card": "poison.01"}, "orctower.power.poison-card"),
        ({"type": "Cast", "card": "zap.99"}, "orctower.spell.cast"),
        ({"type": "GivePoison", "seat": 1}, "orctower.power.poison"),
    ]
    for command, rule in cases:
        with pytest.raises(IllegalCommand) as refused:
            s.play(command)
        assert refused.value.rule == rule, command
    with pytest.raises(IllegalCommand) as refused:
        s.send(1, {"type": "Pass"})
    assert refused.value.code == "not_your_turn"
    study = Scenario(2, base(2, destiny="d03", seats=[{"hand": ["spell_book_el.11"]}, {}]))
    study.play({"type": "Cast", "card": "spell_book_el.11"})
    with pytest.raises(IllegalCommand) as refused:
        study.play({"type": "Learn", "slot": 0})
    assert refused.value.rule == "orctower.change.no-study"


def test_poison_and_hand_change_powers() -> None:
    """Poison: « Elle ne peut être utilisée qu‘une fois par tour »; hand change « une
    fois, pendant son tour »."""
    seats = [{"powers": ["poison", "hand_change"], "hand": ["zap.11", "smash.11"]}, {}]
    s = Scenario(2, base(2, actions=3, seats=seats))
    s.play({"type": "GivePoison", "seat": 1})
    assert s.state.seats[1].discard[-1] == "poison.01"
    with pytest.raises(IllegalCommand):
        s.play({"type": "GivePoison", "seat": 1})
    s.play({"type": "RemoveCard", "card": "smash.11"})
    assert "smash.11" in s.state.box
    with pytest.raises(IllegalCommand):
        s.play({"type": "RemoveCard", "card": "zap.11"})


def test_no_powers_round_and_immutable_rules() -> None:
    """« Les pouvoirs bonus sont ignorés »; « Le joueur ignore les changements de règles
    imposés par les cartes Destin » (ruling: no-powers included)."""
    seats = [{"powers": ["poison"]}, {"powers": ["poison", "immutable"]}]
    s = Scenario(2, base(2, destiny="d09", seats=seats))
    assert not [x for x in GAME.legal_commands(s.state, 0) if type(x).__name__ == "GivePoison"]
    s.play({"type": "Pass"}, {"type": "RevealMarker", "quarter": 1})
    assert s.state.active == 1
    assert [x for x in GAME.legal_commands(s.state, 1) if type(x).__name__ == "GivePoison"]
    other = Scenario(2, base(2, destiny="d09", seats=seats), {"immutable": "powers_off"})
    other.play({"type": "Pass"}, {"type": "RevealMarker", "quarter": 1})
    assert not [x for x in GAME.legal_commands(other.state, 1) if type(x).__name__ == "GivePoison"]


def test_no_loss_power_keeps_the_creature() -> None:
    setup = base(
        2,
        active=1,
        destiny_deck=["d01"],
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 2}],
        seats=[{"defeated": [1, 0, 0, 0, 0, 0], "powers": ["no_loss"]}, {}],
    )
    s = Scenario(2, setup)
    s.play({"type": "Pass"})
    assert s.state.seats[0].defeated[0] == 1
    assert s.state.counters[0] == 1


def test_loss_by_category_option() -> None:
    setup = base(
        2,
        active=1,
        destiny_deck=["d01"],
        creatures=[{"id": "goblin-20", "quarter": 1, "section": 2}],
        seats=[{"defeated": [0, 1, 0, 0, 0, 0]}, {}],
    )
    assert Scenario(2, setup).play({"type": "Pass"}) and True
    s = Scenario(2, setup, {"loss_by": "category"})
    s.play({"type": "Pass"})
    assert s.state.seats[0].defeated[1] == 0  # an orc for a goblin: both weak
    typed = Scenario(2, setup)
    typed.play({"type": "Pass"})
    assert typed.state.seats[0].defeated[1] == 1


def test_three_spells_round_draws_three() -> None:
    s = Scenario(2, base(2, destiny="d07", seats=[{"hand": ["zap.11"]}, {}]))
    s.play({"type": "Pass"})
    assert len(s.state.seats[0].hand) == 3


def test_exchange_round_renews_the_palette() -> None:
    s = Scenario(
        2, base(2, active=1, destiny_deck=["d04"]), orders=[[1, 0, 2, 3, 4], [0, 1, 2, 3, 4]]
    )
    before = s.state.palette
    s.play({"type": "Pass"})
    assert s.state.destiny == "d04"
    assert s.state.palette != before and len([x for x in s.state.palette if x]) == 6


def test_a_knowledge_spell_is_played_alone() -> None:
    """« Quand il lance un de ces sorts, le joueur ne joue que cette carte »."""
    s = Scenario(2, base(2, seats=[{"hand": ["spell_book_el.11", "zap.11"]}, {}]))
    s.play({"type": "Cast", "card": "spell_book_el.11"})
    with pytest.raises(IllegalCommand) as refused:
        s.play({"type": "Upgrade", "card": "zap.11"})
    assert refused.value.rule == "orctower.knowledge.learn"


def test_a_mission_not_dealt_is_refused() -> None:
    from tools.simulation import open_game

    table, _, _ = open_game(GAME, 2, "m", {"missions": True})
    with pytest.raises(IllegalCommand) as refused:
        act(GAME, table, 0, c.KeepMission(mission="mission.frog"), Dice.seeded("m"))
    assert refused.value.rule == "orctower.mission.setup"


def test_a_spell_learned_this_turn_waits_for_a_later_turn() -> None:
    """« les nouveaux sorts ne peuvent être utilisés qu’aux tours ultérieurs »: Replenish's
    second effect, drawing from the discard, leaves the spell just learned there."""
    hand = ["spell_book_el.11", "replenish.11", "zap.11", "cold_snap.11"]
    s = Scenario(2, base(2, actions=3, seats=[{"hand": hand, "discard": ["smash.11"]}, {}]))
    s.play({"type": "Cast", "card": "spell_book_el.11"}, {"type": "Learn", "slot": 0})
    learned = s.state.fresh[0]
    s.play(
        {"type": "Cast", "card": "replenish.11"},
        {"type": "Upgrade", "card": "zap.11"},
        {"type": "Replenish", "level": 2},
    )
    hand_now = s.state.seats[0].hand
    assert learned not in hand_now
    assert set(hand_now) >= {"spell_book_el.11", "smash.11"}


# A table's own data: Smash renamed Crush, goblins renamed kobolds with a longer
# counter track.
_SPELLS = [
    dict(s, id="crush", name="Crush") if s["id"] == "smash" else s for s in DEFAULT["spells"]
]


_CREATURES = [
    dict(c, id="kobold", name="Kobold", track=[4, 3, 2, 1, 0]) if c["id"] == "goblin" else c
    for c in DEFAULT["creatures"]
]


TABLE_DATA = GAME.validate_data({"spells": _SPELLS, "creatures": _CREATURES})


def _open(setup: dict[str, Any], players: int = 2, data: dict[str, Any] | None = None) -> Any:
    started = GameStarted(
        game="orctower",
        options=GAME.spec.resolve_options({}),
        players=tuple(f"p{i}" for i in range(players)),
        mode="table",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
        setup=setup,
        data=data,
    )
    return replay(GAME, start(GAME, started, Dice.seeded("review")))


def test_a_setup_file_is_read_against_the_tables_own_data() -> None:
    """Names a table's data file defines are accepted, and numbered from it."""
    setup = {
        "seats": [{"hand": ["crush", "zap"]}, {}],
        "creatures": [{"type": "kobold", "quarter": 2, "section": 0}],
        "counters": [4, 0, 0, 0, 0, 0],  # the kobold track has 5 spaces
    }
    normal = GAME.validate_setup(setup, 2, TABLE_DATA)
    assert normal["seats"][0]["hand"] == ["crush.01", "zap.01"]
    assert normal["creatures"][0]["id"] == "kobold-01"
    state = _open(setup, data=TABLE_DATA).state
    assert state.seats[0].hand == ("crush.01", "zap.01")
    assert [c.id for c in state.creatures][:1] == ["kobold-01"]
    assert state.counters[0] == 4


def test_a_setup_naming_what_the_tables_data_lacks_is_refused_at_the_start() -> None:
    with pytest.raises(SetupError, match="unknown card 'smash'"):
        GAME.validate_setup({"seats": [{"hand": ["smash"]}, {}]}, 2, TABLE_DATA)
    with pytest.raises(SetupError, match="unknown card 'smash'"):
        _open({"seats": [{"hand": ["smash"]}, {}]}, data=TABLE_DATA)
    with pytest.raises(SetupError, match="unknown creature 'goblin-01'"):
        _open({"creatures": [{"type": "goblin", "quarter": 1, "section": 0}]}, data=TABLE_DATA)


def test_a_setup_giving_creatures_but_no_markers_deals_each_quarter_what_it_has_left() -> None:
    """At 2 players each quarter starts with 8 markers; the creatures already on a
    quarter came from its stacks, so quarter 1 (3 creatures) keeps 5 and quarter 2
    (one) keeps 7."""
    creatures = [{"type": "orc", "quarter": 1, "section": 0} for _ in range(3)]
    creatures.append({"type": "chief", "quarter": 2, "section": 1})
    state = _open({"creatures": creatures, "stage": "actions"}).state
    assert [len(s) for s in state.stacks] == [5, 7, 8, 8, 8, 8]
    on_board = {c.id for c in state.creatures}
    assert not on_board & {m for s in state.stacks for m in s}


def test_markers_of_defeated_and_arrived_creatures_are_not_dealt_again() -> None:
    """48 markers at 2 players: 4 on the board, 2 goblins defeated and 1 orc past the
    tower leave 41 for stacks of 44; the shortfall of 3 comes off the fullest stacks."""
    creatures = [{"type": "orc", "quarter": 1, "section": 0} for _ in range(3)]
    creatures.append({"type": "chief", "quarter": 2, "section": 1})
    setup = {
        "creatures": creatures,
        "stage": "actions",
        "counters": [0, 1, 0, 0, 0, 0],
        "seats": [{"defeated": [2, 0, 0, 0, 0, 0]}, {}],
    }
    state = _open(setup).state
    assert [len(s) for s in state.stacks] == [5, 7, 7, 7, 7, 8]
    stacked = [m for s in state.stacks for m in s]
    goblins, orcs = 10, 10  # unnumbered markers of each weak type, all in play at 2
    assert sum(m.startswith("goblin-") for m in stacked) == goblins - 2
    assert sum(m.startswith("orc-") for m in stacked) == orcs - 3 - 1
