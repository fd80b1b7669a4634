"""Spell Wars' side of the Game contract: refusals, hidden placements, setup files,
the catalogue and the effect language.

Replay and the msgpack round trips are the generic tests': every step of random
games (tests/test_simulation.py), and games opened from positions
(tests/test_positions.py)."""

from __future__ import annotations

import json

import msgspec
import pytest

from domain.kernel import IllegalCommand, SetupError
from domain.spellwars import GAME
from domain.spellwars.cards import all_cards, built_in, instances, main_deck
from domain.spellwars.commands import PickTarget, PlaceCards
from domain.spellwars.language import LanguageError, parse
from tests.domain.spellwars.scenario import Game, cast


def refused(g: Game, seat: int, command: dict[str, object]) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        g.send(seat, command)
    return info.value


def test_placement_refusals_name_the_problem_and_the_rule() -> None:
    g = Game(3, {"hands": [["taleboulas#1", "gromago#1", "gracula#1"], [], []]})
    e = refused(g, 0, {"type": "PlaceCards", "cards": ["multitax#2"]})
    assert (e.code, e.rule) == ("not_in_hand", "sw.spell.place")
    e = refused(g, 0, {"type": "PlaceCards", "cards": ["gromago#1", "gromago#1"]})
    assert (e.code, e.rule) == ("duplicate_card", "sw.spell.place")
    e = refused(g, 0, {"type": "PlaceCards", "cards": []})
    assert (e.code, e.rule) == ("empty_spell", "sw.spell.place")
    e = refused(g, 0, {"type": "PickTarget", "seat": 1})
    assert (e.code, e.rule) == ("wrong_decision", "kernel.turn")
    e = refused(g, 0, {"type": "PlaceSpell", "source": "taleboulas#1"})  # retired command
    assert (e.code, e.rule) == ("wrong_decision", "kernel.turn")
    e = refused(g, 0, {"type": "TakeBack", "card": "taleboulas#1"})  # nothing placed yet
    assert (e.code, e.rule) == ("wrong_decision", "kernel.turn")
    e = refused(g, 0, {"type": "PlaceCards", "cards": ["taleboulas#1"], "extra": 1})
    assert e.code == "malformed_command"
    g.send(0, {"type": "PlaceCards", "cards": ["taleboulas#1"]})
    e = refused(g, 0, {"type": "PlaceCards", "cards": ["gromago#1"]})
    assert (e.code, e.rule) == ("not_your_turn", "kernel.turn")


def test_choice_refusals_cite_the_choice_rule() -> None:
    g, _ = cast({"source": "multitax#1"}, players=4, setup={"dungeon": 2})
    choice = g.state.flow.choice
    assert choice is not None and choice.kind == "target"
    e = refused(g, 0, {"type": "PickTarget", "seat": 2})  # the Dungeon's former holder
    assert (e.code, e.rule) == ("not_offered", choice.rule)
    e = refused(g, 1, {"type": "PickTarget", "seat": 3})
    assert e.code == "not_your_turn"


def test_placement_is_secret_and_never_leaks_into_other_views() -> None:
    g = Game(3, {})
    source = next(c for c in g.state.wizards[0].hand if built_in().card(c).kind == "source")
    events = g.send(0, PlaceCards(cards=(source,)))
    assert events[0].visibility().seats == (0,)  # the ActionTaken
    assert events[1].visibility().seats == (0,)  # SpellPlaced
    for seat in (None, 1, 2):
        text = json.dumps(GAME.view(g.state, seat))
        for fact in GAME.hidden_from(g.state, seat):
            assert fact not in text
    assert "spell" in GAME.view(g.state, 0)["wizards"][0]
    assert "spell" not in GAME.view(g.state, 1)["wizards"][0]


def test_every_legal_command_is_accepted_and_json_decodable() -> None:
    g, _ = cast({"source": "brikebix#1"}, setup={"blood": [3, 0, 0]})
    for command in GAME.legal_commands(g.state, 0):
        data = msgspec.to_builtins(command)
        assert GAME.decide(g.state, 0, command, g.dice) is not None or data


def test_setup_files_are_validated_with_clear_messages() -> None:
    with pytest.raises(SetupError, match="unknown key"):
        GAME.validate_setup({"hand": []}, 2)
    with pytest.raises(SetupError, match="one per seat"):
        GAME.validate_setup({"life": [20]}, 2)
    with pytest.raises(SetupError, match="unknown card id"):
        GAME.validate_setup({"hands": [["nope#1"], []]}, 2)
    with pytest.raises(SetupError, match="'gracula#1' is already in 'hands'"):
        GAME.validate_setup({"hands": [["gracula#1"], ["gracula#1"]]}, 2)
    with pytest.raises(SetupError, match="copies"):
        GAME.validate_setup({"hands": [["gracula#3"], []]}, 2)
    with pytest.raises(SetupError, match="treasure card"):
        GAME.validate_setup({"hands": [["chalisman#1"], []]}, 2)
    with pytest.raises(SetupError, match="'life': 30 is not at most 25"):
        GAME.validate_setup({"life": [30, 20]}, 2)
    normal = GAME.validate_setup({"hands": [["gracula#1"], []], "dice": [1], "orders": []}, 2)
    # the cards it leaves out are shuffled when the game opens, not listed
    assert normal["deck"] == [] and normal["dungeon"] == -1 and normal["dice"] == [1]
    assert GAME.validate_setup(normal, 2) == normal


def test_the_catalogue_covers_every_card_printed_or_ours() -> None:
    cards = all_cards()
    assert len(main_deck()) == 128 and len(instances(("treasure",))) == 25
    assert len(instances(("dead",))) == 25
    printed = [c for c in cards.values() if c.printed]
    ours = [c for c in cards.values() if not c.printed]
    # 13 sources, 11 qualities, 14 deliveries, wild magic, Chalisman, Sorcier sous Terre
    assert len(printed) == 41 and len(ours) == 53
    for c in cards.values():
        rule = GAME.catalogue[f"sw.card.{c.slug}"]
        assert rule.source == ("rulebook" if c.printed else "assumption")
        if not c.printed:
            assert "text: ours" in rule.summary and c.ours


def test_the_effect_language_refuses_unknown_words() -> None:
    assert parse("paid|opt=1: damage 2*tokens").name == "damage"
    for bad in ("explode 3", "target nobody", "sometimes: damage 1", "damage 2*moons"):
        with pytest.raises(LanguageError):
            parse(bad)


def test_pick_target_json_form() -> None:
    assert msgspec.json.encode(PickTarget(seat=2)) == b'{"type":"PickTarget","seat":2}'


def test_a_cost_must_be_decided_before_damage_or_dice() -> None:
    from domain.spellwars.cards import _check_pay_first

    _check_pay_first("ok", (parse("pay 2"), parse("damage 3")))
    with pytest.raises(ValueError, match="before any damage"):
        _check_pay_first("late", (parse("damage 3"), parse("pay 2")))
