"""The checks a game played by bots passes at every step and at its end
(``check_game``), and the options each seeded game is played under (``option_variant``).

At every step: every legal command is accepted by ``decide``; commands that
are not legal now (another seat's, or one that was legal earlier) are refused
with an ``IllegalCommand`` naming a rule; chance events re-derive from the
seed. At the end (and at checkpoints): the fold of the events equals the live
state, every event and the state round-trip through msgspec, every event says
itself in one line, and no view shows a seat what the game says it must not see.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from domain.kernel import (
    KERNEL_RULES,
    CardsShuffled,
    Consequence,
    Dice,
    DiceRolled,
    Fold,
    Game,
    IllegalCommand,
    act,
    replay,
)
from domain.kernel.dice import rederive
from services.store.codec import decode_body, encode_body, topic_of
from services.words.sentences import Words
from tools.simulation import Finished, Player, Step, random_bot, steps

SEAT_NUMBER = re.compile(r"\b(seat|siège) \d")


def option_variant(game: Game[Any], i: int) -> dict[str, Any]:
    """Defaults for even games; odd games walk through every option's allowed values."""
    if i % 2 == 0:
        return {}
    return {
        o.name: o.allowed[(i // 2 + k) % len(o.allowed)]
        for k, o in enumerate(game.spec.options)
        if o.allowed
    }


def check_game(
    game: Game[Any],
    players: int,
    seed: str,
    *,
    check_all_legal: bool,
    options: dict[str, Any] | None = None,
    bots: list[Player] | Player = random_bot,
) -> int:
    earlier_legal: list[tuple[int, Any]] = []
    finished: Finished | None = None
    n_steps = 0
    for item in steps(game, players, seed, bots, options=options):
        if isinstance(item, Finished):
            finished = item
            break
        assert isinstance(item, Step)
        n_steps += 1
        table = item.fold
        legal = game.legal_commands(table.state, item.seat)
        assert item.command in legal
        if check_all_legal:
            for command in legal:
                act(game, table, item.seat, command, Dice.seeded(seed, table.counter))
        _check_refusals(game, table, item.seat, legal, earlier_legal, seed)
        earlier_legal = [(item.seat, c) for c in legal[:2]]
        for event in item.events:
            if isinstance(event, DiceRolled | CardsShuffled):
                assert rederive(seed, event)
            if isinstance(event, Consequence):
                assert event.rule in game.catalogue or event.rule in KERNEL_RULES
            _check_round_trip(event)
        if n_steps % 50 == 0:
            _check_views(game, table)
    assert finished is not None
    assert game.outcome(finished.fold.state) is not None
    folded = replay(game, finished.events)
    assert msgspec.to_builtins(folded) == msgspec.to_builtins(finished.fold)
    names = [f"Player{i}" for i in range(players)]
    for lang in ("en", "fr"):
        words = Words(game, names, lang=lang)
        for event in finished.events:
            # Every event is told from its fields: one line, its seats by name.
            line = words.event(event)
            assert line and "\n" not in line and "{" not in line, event
            # "seat 2" is a machine's word; "the next living seat" is English.
            assert not SEAT_NUMBER.search(line), line
    _check_state_round_trip(game, finished.fold)
    _check_views(game, finished.fold)
    return n_steps


def _check_refusals(
    game: Game[Any],
    table: Fold[Any],
    seat: int,
    legal: list[Any],
    earlier: list[tuple[int, Any]],
    seed: str,
) -> None:
    players = len(table.started.players)
    pending = {p.seat for p in table.state.pending}
    candidates = [(s, legal[0]) for s in range(players) if s not in pending]
    candidates += [(s, c) for s, c in earlier if c not in game.legal_commands(table.state, s)]
    for s, command in candidates:
        # try/except rather than pytest.raises: this runs a hundred thousand times.
        try:
            act(game, table, s, command, Dice.seeded(seed, table.counter))
        except IllegalCommand as refused:
            assert refused.rule in game.catalogue or refused.rule in KERNEL_RULES, refused.rule
        else:
            raise AssertionError(f"seat {s} was allowed {command!r}, which is not legal now")


def _check_round_trip(event: Any) -> None:
    back = decode_body(topic_of(type(event)), type(event).version, encode_body(event))
    assert back == event


def _check_state_round_trip(game: Game[Any], table: Fold[Any]) -> None:
    encoded = msgspec.msgpack.encode(table)
    assert msgspec.msgpack.decode(encoded, type=Fold[game.state_type]) == table  # type: ignore[name-defined]


def _check_views(game: Game[Any], table: Fold[Any]) -> None:
    players = len(table.started.players)
    for seat in [None, *range(players)]:
        text = json.dumps(game.view(table.state, seat))
        for fact in game.hidden_from(table.state, seat):
            assert fact not in text, f"seat {seat} sees {fact!r}"
