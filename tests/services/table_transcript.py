"""A table's transcript of a whole game, and the game entered from it in table mode.

What a table writes down while it plays: at the opening and for each command, the dice
rolled and the cards drawn from face-down piles (dealt ones included), in order. Taken
here from a seeded game so that the real outcome is known to compare against; the game
is then entered with no deck order at all (every shuffle stays face down)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

import msgspec

from domain.games import get_game
from domain.kernel import ActionTaken, CardsShuffled, DiceRolled, Event, GameStarted
from services.ledger import WizardLedger
from services.reads import toml_out
from tools.simulation import Finished, Step, steps

Drawn = Callable[[Event], list[str]]  # the cards one event shows drawn from a face-down pile


def transcript(
    game_id: str, players: int, seed: str, drawn: Drawn, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    played: list[Step] = []
    finished: Finished | None = None
    for item in steps(get_game(game_id), players, seed, options=options):
        if isinstance(item, Finished):
            finished = item
        else:
            played.append(item)
    assert finished is not None
    first_action = next(i for i, e in enumerate(finished.events) if isinstance(e, ActionTaken))

    def chance(events: list[Event]) -> dict[str, Any]:
        dice = [v for e in events if isinstance(e, DiceRolled) for v in e.values]
        return {"dice": dice, "drew": [c for e in events for c in drawn(e)]}

    opening = chance(finished.events[1:first_action])
    lines = [
        {
            "seat": step.seat,
            "command": msgspec.to_builtins(step.command),
            **chance(step.events),
            "events": step.events,
        }
        for step in played
    ]
    return opening, lines


def consequences(entries: list[Any]) -> list[Event]:
    return [e.event for e in entries if not isinstance(e.event, ActionTaken)]


def story(events: list[Event]) -> list[Any]:
    """The events as the table saw them: a shuffle's order nobody knew, a die's source aside."""
    out = []
    for e in events:
        if isinstance(e, CardsShuffled):
            out.append(("shuffled", e.pile, sorted(e.order)))
        elif isinstance(e, DiceRolled):
            out.append(("rolled", e.purpose, e.values, e.private_to))
        else:
            out.append(msgspec.to_builtins(e))
    return out


def enter_at_the_table(
    ledger: WizardLedger,
    game_id: str,
    players: int,
    opening: dict[str, Any],
    lines: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
) -> str:
    """The game entered command by command from the transcript; each command's events are
    the ones the table saw. Returns the game id."""
    gid = str(
        ledger.create_game(
            game_id,
            players,
            options=options,
            table=True,
            dice=opening["dice"],
            drew=opening["drew"],
        ).game_id
    )
    for line in lines:
        entries = ledger.act(
            gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"]
        )
        assert story(consequences(entries)) == story(line["events"][1:])
    events = [e.event for e in ledger.entries(gid)]
    started = events[0]
    assert isinstance(started, GameStarted) and started.mode == "table"
    assert started.setup is not None and started.setup["orders"] == []
    assert not any(isinstance(e, ActionTaken) and e.orders for e in events)
    return gid


def reopened_from_position(
    ledger: WizardLedger,
    game_id: str,
    players: int,
    gid: str,
    rest: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], str]:
    """The position of table game ``gid`` written as TOML, opened as a new table game, and
    the rest of the transcript played on it with the events the table saw. Returns the
    position and the new game's id."""
    game = get_game(game_id)
    position = tomllib.loads(toml_out.dumps(game.position(ledger.load(gid).fold.state)))
    new = str(
        ledger.create_game(game_id, players, options=options, table=True, setup=position).game_id
    )
    for line in rest:
        entries = ledger.act(
            new, line["seat"], line["command"], dice=line["dice"], drew=line["drew"]
        )
        assert story(consequences(entries)) == story(line["events"][1:])
    return position, new
