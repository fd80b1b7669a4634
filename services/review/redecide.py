"""Deciding a recorded action again: under the recorded options, or another reading.

Shared by the dispute desk (each other reading of the rulings that applied),
``readjudicate`` (the first position where today's engine, or another reading,
rules differently) and the replay viewer's dispute panel. The chance is the
recorded chance: the seed where it is known (the operator's copy, or the
revealed one), else the values the record holds at the same counters, so a
player's dispute of a running game never rolls a die the record has not shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    Dice,
    DiceRequired,
    DiceRolled,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    IllegalCommand,
    OptionSpec,
    Rule,
    SeedRevealed,
    apply,
    decode_command,
    open_fold,
)
from domain.kernel import act as kernel_act
from domain.kernel.dice import SeededSource
from services.store.chance import dice_for
from services.words.card_names import NO_NAMES, CardNames

# Events the service adds after the rules' own: the seed at the end, a fork mark.
SERVICE_EVENTS = (SeedRevealed, GameForked)


class RecordedSource:
    """Chance read back from the record, counter by counter; a value the record
    does not hold raises ``DiceRequired`` (the reading needs unrevealed chance)."""

    kind = "seed"

    def __init__(self, recorded: Sequence[Event]) -> None:
        self.rolls: dict[int, tuple[int, int]] = {}
        self.shuffles: dict[tuple[int, int], tuple[int, ...]] = {}
        for e in recorded:
            if isinstance(e, DiceRolled):
                for i, v in enumerate(e.values):
                    self.rolls[e.counter + i] = (e.sides, v)
            elif isinstance(e, CardsShuffled):
                self.shuffles[(e.counter, len(e.permutation))] = e.permutation

    def index(self, counter: int, n: int, what: str) -> int:
        found = self.rolls.get(counter)
        if found is None or found[0] != n:
            raise DiceRequired(f"a roll the record does not show ({what})")
        return found[1] - 1

    def perm(
        self, counter: int, n: int, what: str, cards: Sequence[str] = ()
    ) -> tuple[tuple[int, ...], int]:
        found = self.shuffles.get((counter, n))
        if found is None:
            raise DiceRequired(f"a shuffle the record does not show ({what})")
        return found, counter + max(n - 1, 0)


def chance(
    table: Fold[Any], action: ActionTaken, seed: str | None, recorded: Sequence[Event]
) -> Dice:
    """The dice the action met: the table's, the seed's, or the record's."""
    if table.started.mode == "table":
        return dice_for(table, None, action.dice, action.orders, action.drew)
    if seed is not None:
        return Dice(SeededSource(seed), table.counter)
    return Dice(RecordedSource(recorded), table.counter)


@dataclass
class Decided:
    """What the engine gives for an action: events, or the refusal."""

    events: list[Event]
    refused: str = ""
    # The engine broke rather than ruled: the reading cannot be compared with the
    # record from this position (a set-up choice switched mid-game, say).
    undecided: bool = False

    def same_as(self, recorded: Sequence[Event]) -> bool:
        return not self.refused and plain(self.events) == plain(rules_events(recorded))


def rules_events(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if not isinstance(e, SERVICE_EVENTS)]


def plain(events: Sequence[Event]) -> list[Any]:
    return [msgspec.to_builtins(e) for e in events]


def act_again(game: Game[Any], table: Fold[Any], action: ActionTaken, dice: Dice) -> list[Event]:
    """The recorded action decided again, with all the chance it carried (dice,
    orders and named draws); ``ActionTaken`` first, as ``act`` gives it."""
    return kernel_act(
        game,
        table,
        action.seat,
        decode_command(game, action.command),
        dice,
        supplied=action.dice,
        supplied_orders=action.orders,
        supplied_drew=action.drew,
        key=action.key,
    )


def decide_again(game: Game[Any], table: Fold[Any], action: ActionTaken, dice: Dice) -> Decided:
    try:
        events = act_again(game, table, action, dice)
    except DiceRequired as e:
        return Decided([], f"needs chance the record does not hold: {e.message}")
    except IllegalCommand as e:
        return Decided([], f"refused under this reading [{e.rule}]: {e.message}")
    except Exception as e:  # a position the engine never reached under this reading
        return Decided(
            [],
            f"the engine fails here under this reading: {type(e).__name__}: {e}",
            undecided=True,
        )
    return Decided(events[1:])


def first_difference(a: Sequence[Event], b: Sequence[Event]) -> int:
    pa, pb = plain(a), plain(b)
    for k, (x, y) in enumerate(zip(pa, pb, strict=False)):
        if x != y:
            return k
    return min(len(pa), len(pb))


# ----------------------------------------------------------------- readings


@dataclass(frozen=True)
class Alternative:
    """One other reading: an option switched to a value the game allows."""

    option: OptionSpec
    value: Any

    @property
    def key(self) -> str:
        return f"{self.option.name}={option_text(self.value)}"


def option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def alternatives(game: Game[Any], options: dict[str, Any]) -> list[Alternative]:
    """Every other value of every option tied to a rule (a reading of a ruling, or
    an assumed number): booleans flip, listed values each count."""
    out: list[Alternative] = []
    for spec in game.spec.options:
        current = options.get(spec.name, spec.default)
        if isinstance(spec.default, bool):
            values: tuple[Any, ...] = (not current,)
        else:
            values = tuple(v for v in spec.allowed if v != current)
        out += [Alternative(spec, v) for v in values]
    return out


def reading_text(rule: Rule | None, alt: Alternative, names: CardNames = NO_NAMES) -> str:
    """The catalogue's words for the reading the option selects, its cards by the
    table's ``names``."""
    if rule is not None:
        for reading in rule.readings:
            if reading.option == alt.key:
                return names.rename(reading.summary)
    doc = alt.option.doc.rstrip(".") if alt.option.doc else alt.option.name
    return f"{names.rename(doc)}: {option_text(names.typed(alt.value))}"


def started_under(started: GameStarted, options: dict[str, Any]) -> GameStarted:
    return msgspec.structs.replace(started, options={**started.options, **options})


class ParallelFold:
    """The record folded under one set of options: a position of the record, with
    another reading in force. Stops (``broken``) if the game cannot apply an event
    of the record under that reading."""

    def __init__(self, game: Game[Any], started: GameStarted) -> None:
        self.game = game
        self.broken = ""
        self.current: Fold[Any] = None  # type: ignore[assignment]  (unused once broken)
        try:
            self.current = open_fold(game, started)
        except Exception as e:  # a reading the game cannot even open with
            self.broken = f"the game cannot open under this reading: {e}"

    def apply(self, event: Event, position: int) -> None:
        if self.broken:
            return
        try:
            self.current = apply(self.game, self.current, event)
        except Exception as e:  # the record and the reading part ways here
            self.broken = f"the record cannot be folded under this reading at #{position}: {e}"


def actions(events: Sequence[Event]) -> Iterator[tuple[int, int]]:
    """(index of each ActionTaken, index after its last consequence)."""
    i = 0
    while i < len(events):
        if isinstance(events[i], ActionTaken):
            j = i + 1
            while j < len(events) and not isinstance(events[j], ActionTaken):
                j += 1
            yield i, j
            i = j
        else:
            i += 1


def stretch_seeds(events: Sequence[Event], seeds: Sequence[str | None]) -> list[str | None]:
    """The seed in force at each index (a fork with fresh dice starts a stretch)."""
    out: list[str | None] = []
    stretch = 0
    for e in events:
        out.append(seeds[stretch] if stretch < len(seeds) else None)
        if isinstance(e, GameForked) and e.seed_commitment:
            stretch += 1
    return out
