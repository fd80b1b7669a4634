"""One try at a held command, or at a held opening, with the chance the seats
have entered so far: its events, or None with what is still missing (the
scripted source says which values, and whose)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.games import get_game
from domain.kernel import DiceRequired, Event, Game, GameStarted, act, start
from domain.kernel.dice import Dice, ScriptedSource
from services.seats.hold import Hold, Slots, needs_of
from services.store.chance import check_supplied_used, dice_for, opening_dice
from services.store.values import Loaded

# A try with the chance in some slots: the events (None: values missing), and
# the source that says what it asked for.
Attempt = Callable[[Slots], tuple[list[Event] | None, ScriptedSource]]


def command_attempt(loaded: Loaded, actor: int, cmd: Any, key: str | None) -> Attempt:
    """One try at deciding ``cmd`` with the chance entered so far."""
    table = loaded.fold

    def attempt(slots: Slots) -> tuple[list[Event] | None, ScriptedSource]:
        dice = dice_for(table, None, slots.dice, slots.orders, slots.drew)  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it

        def decide() -> list[Event]:
            events = act(
                loaded.game,
                table,
                actor,
                cmd,
                dice,
                supplied=slots.dice,  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it
                supplied_orders=slots.orders,  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it
                supplied_drew=slots.drew,  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it
                key=key,
            )
            check_supplied_used(dice, slots.dice, slots.orders, slots.drew)  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it
            return events

        return tried(dice, decide)

    return attempt


def draft(hold: Hold) -> GameStarted:
    """The ``GameStarted`` an opening hold keeps, as it was asked for."""
    return msgspec.convert(hold.command, GameStarted)


def game_of(started: GameStarted) -> Game[Any]:
    return get_game(started.game)


def opening_attempt(game: Game[Any], started: GameStarted) -> Attempt:
    """One try at a game's opening with the chance entered so far (table mode): its
    events, GameStarted keeping that chance as a record does (the cards by the
    ids dealt), or None with what is missing."""

    def attempt(slots: Slots) -> tuple[list[Event] | None, ScriptedSource]:
        setup = {
            **(started.setup or {}),
            "dice": list(slots.dice),
            "orders": [None if o is None else list(o) for o in slots.orders],
        }
        setup.pop("drew", None)
        if slots.drew:
            setup["drew"] = list(slots.drew)
        trial = msgspec.structs.replace(started, setup=setup)
        chance = opening_dice(trial, None)

        def decide() -> list[Event]:
            events = start(game, trial, chance)
            check_supplied_used(chance, (), (), slots.drew)  # type: ignore[arg-type]  # a slot not entered yet is None: the source asks for it
            if slots.drew:
                setup["drew"] = list(chance.named_cards(slots.drew))
            return [msgspec.structs.replace(trial, setup=setup), *events[1:]]

        return tried(chance, decide)

    return attempt


def tried(
    dice: Dice, decide: Callable[[], list[Event]]
) -> tuple[list[Event] | None, ScriptedSource]:
    """``decide()`` with the table's ``dice``: its events, or None where it stopped
    for values not entered yet (the source says which). A card refused says
    nothing of what other seats named (``ScriptedSource.private``)."""
    source = dice.source
    assert isinstance(source, ScriptedSource)
    source.private = True
    try:
        return decide(), source
    except DiceRequired as e:
        if e.needs and source.needs:
            return None, source
        raise


def owed(
    refused: DiceRequired, attempt: Attempt, slots: Slots, actor: int, seat: int
) -> DiceRequired:
    """``refused`` listing what ``seat`` owes as decided over ``slots`` (others'
    values taken out), so that its lists do not leave out their cards."""
    if not refused.needs:
        return refused
    _, source = attempt(slots)
    needs = needs_of(source, actor, seat)
    return refused.with_needs(needs) if needs else refused
