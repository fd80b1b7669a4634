"""What a game must provide, checked on every registered game (as OpenSpiel checks
each of its games): every member of the ``Game`` protocol present and of its kind,
its spec, options and catalogue well formed, its bots able to play every seat at
every player count, its opening position and data template read back, and its
words telling real events, commands and views.

The generic random-simulation test (``tests/test_simulation.py``) then plays every
registered game many times over, checking each step.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

import msgspec
import pytest

from domain.games import GROUP, all_games, get_game, registry
from domain.kernel import (
    KERNEL_EVENTS,
    ActionTaken,
    CardFace,
    Catalogue,
    Command,
    Consequence,
    Dice,
    Event,
    Game,
    GameSpec,
    GameWords,
    Pending,
    SetupError,
    replay,
)
from domain.kernel import start as kernel_start
from domain.kernel.phrases import Phrase
from services.words.telling import Teller
from tools.simulation import Finished, Step, game_bot, open_game, play, steps

GAMES = all_games()
BY_ID = [pytest.param(game, id=game.spec.id) for game in GAMES]

# Each member of the protocol and what it is: a value of a kind, or a method.
VALUES: dict[str, type | tuple[type, ...]] = {
    "spec": GameSpec,
    "catalogue": Catalogue,
    "state_type": type,
    "command_type": object,  # a Union of Command classes: checked below
    "event_types": tuple,
    "words": GameWords,
    "bots": Mapping,
}
METHODS = (
    "card_faces",
    "initial",
    "switched",
    "setup",
    "decide",
    "evolve",
    "evolve_all",
    "legal_commands",
    "pending",
    "view",
    "outcome",
    "validate_setup",
    "position",
    "data_template",
    "validate_data",
    "hidden_from",
)
STEPS = 60  # of a random game, for the words and views checked along it


class PlainNaming:
    """The naming context at its plainest (``domain.kernel.Naming``): a game's words
    may use nothing else of the service's."""

    def seat(self, seat: int | None) -> str:
        return "the table" if seat is None else f"P{seat}"

    def card(self, card_id: str) -> str:
        return card_id

    def prompt(self, text: str) -> str:
        return text

    def say(self, said: Phrase | str) -> str:
        return Teller(self.seat, self.card)(said)


def commands_of(game: Game[Any]) -> tuple[type, ...]:
    return typing.get_args(game.command_type) or (game.command_type,)


def random_steps(game: Game[Any], players: int, seed: str) -> list[Step]:
    out = []
    for item in steps(game, players, seed):
        if isinstance(item, Finished) or len(out) == STEPS:
            break
        out.append(item)
    return out


def test_the_list_here_is_the_protocol() -> None:
    """Every member the protocol declares is checked below, and nothing else."""
    declared = {name for name in vars(Game) if not name.startswith("_")}
    assert declared == set(VALUES) | set(METHODS)


def test_the_registry_is_every_built_in_game_sorted_by_id() -> None:
    assert [g.spec.id for g in GAMES] == ["elfenwizards", "orctower", "spellwars", "ultimate"]
    for game in GAMES:
        assert get_game(game.spec.id) is game
    with pytest.raises(SetupError) as refused:
        get_game("chess")
    # Said as a person reads it: the ids to type, no Python list.
    assert str(refused.value) == (
        'no game is called "chess": the games are elfenwizards, orctower, spellwars, ultimate'
    )


def test_the_registry_refuses_two_games_with_one_id_and_a_misnamed_entry() -> None:
    from importlib.metadata import EntryPoint

    def entry(name: str, value: str) -> EntryPoint:
        return EntryPoint(name=name, value=value, group=GROUP)

    ultimate = entry("ultimate", "domain.ultimate:GAME")
    orc = entry("orctower", "domain.orctower:GAME")
    assert list(registry([ultimate, orc])) == ["orctower", "ultimate"]
    assert list(registry([ultimate, ultimate])) == ["ultimate"]  # one distribution seen twice
    with pytest.raises(RuntimeError, match="two games with the id 'ultimate'"):
        registry([ultimate, entry("ultimate", "domain.ultimate.game:GAME")])
    with pytest.raises(RuntimeError, match="named by its game's id"):
        registry([entry("sorcier", "domain.ultimate:GAME")])


@pytest.mark.parametrize("game", BY_ID)
def test_every_member_is_present_and_of_its_kind(game: Game[Any]) -> None:
    for name, kind in VALUES.items():
        assert isinstance(getattr(game, name), kind), name
    for name in METHODS:
        assert callable(getattr(game, name)), name
    assert issubclass(game.state_type, msgspec.Struct)
    commands = commands_of(game)
    assert commands and all(issubclass(c, Command) for c in commands)
    assert len({c.__name__ for c in commands}) == len(commands)  # the JSON tag is the name
    assert game.event_types and all(issubclass(e, Event) for e in game.event_types)
    own = [e for e in game.event_types if e not in KERNEL_EVENTS]
    assert own and all(issubclass(e, Consequence) for e in own)
    names = [e.__name__ for e in {*KERNEL_EVENTS, *game.event_types}]
    assert len(set(names)) == len(names)  # an event's stored topic names its class


@pytest.mark.parametrize("game", BY_ID)
def test_the_spec_options_and_catalogue_are_well_formed(game: Game[Any]) -> None:
    spec = game.spec
    assert spec.id and spec.name and spec.rulebook.startswith("rules/")
    assert 1 <= spec.min_players <= spec.max_players
    assert len(game.catalogue) > 0
    assert all(rule.id and rule.section and rule.passage for rule in game.catalogue)
    names = [o.name for o in spec.options]
    assert len(set(names)) == len(names)
    assert spec.resolve_options({}) == {o.name: o.default for o in spec.options}
    for option in spec.options:
        if option.allowed:
            assert option.default in option.allowed, option.name
        for value in option.allowed or (option.default,):
            # As typed on a command line, and as JSON gives it.
            text = str(value).lower() if isinstance(value, bool) else str(value)
            assert option.parse(text) == value, (option.name, value)
            assert option.parse(value) == value, (option.name, value)
        if option.rule:
            assert option.rule in game.catalogue, (option.name, option.rule)


@pytest.mark.parametrize("game", BY_ID)
def test_the_opening_offers_a_decision_and_hides_what_it_must(game: Game[Any]) -> None:
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        table, events, _ = open_game(game, players, f"contract-{players}")
        state = table.state
        assert game.outcome(state) is None
        pending = game.pending(state)
        assert pending and all(isinstance(p, Pending) for p in pending)
        for seat in range(players):
            legal = game.legal_commands(state, seat)
            assert bool(legal) == any(p.seat == seat for p in pending), seat
            assert all(isinstance(c, commands_of(game)) for c in legal)
            view = game.view(state, seat)
            assert view["game"] == game.spec.id
            msgspec.json.encode(view)
            assert all(isinstance(h, str) for h in game.hidden_from(state, seat))
        assert all(isinstance(e, (*KERNEL_EVENTS, *game.event_types)) for e in events)


@pytest.mark.parametrize("game", BY_ID)
def test_every_bot_plays_every_seat_at_every_player_count(game: Game[Any]) -> None:
    """Each declared bot, at every seat of a table of its own kind, plays to the end;
    the same game twice gives the same events (a bot's choice is pure)."""
    assert game.bots
    for name, bot in game.bots.items():
        assert callable(bot)
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            finished = play(game, players, f"contract-{name}-{players}", game_bot(name))
            assert game.outcome(finished.fold.state) is not None
            again = play(game, players, f"contract-{name}-{players}", game_bot(name))
            assert again.events == finished.events, (name, players)


@pytest.mark.parametrize("game", BY_ID)
def test_an_unknown_bot_is_refused_naming_the_known_ones(game: Game[Any]) -> None:
    with pytest.raises(SetupError, match=f"{game.spec.id} has no bot 'oracle'; known: random"):
        play(game, game.spec.min_players, "oracle", game_bot("oracle"))


@pytest.mark.parametrize("game", BY_ID)
def test_the_opening_position_reads_back_into_the_same_state(game: Game[Any]) -> None:
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        table, _, _ = open_game(game, players, f"position-{players}")
        position = game.position(table.state)
        # TOML-ready: plain values only (no None, which TOML cannot write).
        assert msgspec.json.decode(msgspec.json.encode(position)) == position
        started = msgspec.structs.replace(
            table.started, setup=game.validate_setup(position, players)
        )
        opened = replay(game, kernel_start(game, started, Dice.seeded("unused")))
        assert msgspec.to_builtins(opened.state) == msgspec.to_builtins(table.state)


@pytest.mark.parametrize("game", BY_ID)
def test_the_data_template_is_the_built_in_data(game: Game[Any]) -> None:
    """The template validates to a normal form that validates to itself, and a game
    played with it as a table's own data plays exactly as one on the built-in data."""
    template = game.data_template()
    normal = msgspec.json.decode(msgspec.json.encode(game.validate_data(template)))
    assert msgspec.json.decode(msgspec.json.encode(game.validate_data(normal))) == normal
    players = game.spec.min_players
    built_in = play(game, players, "template")
    own = play(game, players, "template", data=normal)
    assert own.events[1:] == built_in.events[1:]
    with pytest.raises(SetupError):
        game.validate_data({"no such key": []})


@pytest.mark.parametrize("game", BY_ID)
def test_the_card_faces_are_named_and_plain_data(game: Game[Any]) -> None:
    faces = game.card_faces()
    assert all(isinstance(f, CardFace) for f in faces)
    assert len({f.id for f in faces}) == len(faces)
    assert all(f.id and f.name and f.kind and f.text for f in faces)
    assert all(f.rule in game.catalogue for f in faces if f.rule)
    msgspec.json.encode(faces)


@pytest.mark.parametrize("game", BY_ID)
def test_the_words_tell_real_events_commands_prompts_and_views(game: Game[Any]) -> None:
    words = game.words
    naming = PlainNaming()
    names = {c.__name__ for c in commands_of(game)}
    assert set(words.command_labels) <= names
    assert all(words.command_labels.values())
    assert all(isinstance(f, str) for f in words.seat_fields | words.seat_keys | words.seat_lists)
    played = random_steps(game, game.spec.min_players, "words")
    assert played
    for step in played:
        said = words.command_phrase(msgspec.to_builtins(step.command), 0)
        assert said is None or naming.say(said), step.command
        for event in step.events:
            # Every event of the game's own is told from its fields, as a phrase.
            told = words.event_phrase(event)
            if type(event) not in KERNEL_EVENTS:
                assert isinstance(told, Phrase) and naming.say(told), event
            if isinstance(event, ActionTaken):
                assert event.command["type"] in names
        state = step.fold.state
        for p in game.pending(state):
            if words.prompt_words is not None:
                assert naming.say(words.prompt_words(p.prompt))
        for value in _strings(msgspec.to_builtins(step.command)):
            name = words.card_name(value)
            assert name is None or (isinstance(name, str) and name), value
    if words.view_facts is not None:
        state = played[-1].fold.state
        for seat in (None, 0):
            facts = words.view_facts(game.view(state, seat), naming)
            assert facts and all(isinstance(k, str) for k in facts)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("game", BY_ID)
def test_a_position_switched_to_another_reading_reads_its_options_and_switches_back(
    game: Game[Any],
) -> None:
    """The dispute desk decides an action again under another reading from the
    recorded position (``Game.switched``): the rules must see each other value of
    every option there (or the game says the position cannot hold it: an option
    that chose the set-up's material), and the recorded options give it back."""
    table = next(
        s.fold for k, s in enumerate(steps(game, game.spec.min_players, "switched")) if k == 30
    )
    started, state = table.started, table.state
    assert game.switched(state, started) == state
    for spec in game.spec.options:
        recorded = started.options.get(spec.name, spec.default)
        for value in [v for v in spec.allowed if v != recorded]:
            other = msgspec.structs.replace(started, options={**started.options, spec.name: value})
            try:
                switched = game.switched(state, other)
            except SetupError as e:
                assert spec.name in str(e)
                continue
            assert switched != state, (spec.name, value)
            assert game.switched(switched, started) == state, (spec.name, value)
