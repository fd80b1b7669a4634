"""Events the kernel itself records for every game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal

from domain.kernel.types import HIDDEN, PUBLIC, Consequence, Event, Visibility, private

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


# What a table-mode game's ``setup`` holds of the chance it was opened with,
# and who enters its chance (``chance_by``: "seats" where each seat enters the
# cards it draws; see services/seats/hold.py).
OPENING_CHANCE = ("dice", "orders", "drew", "chance_by")


class GameStarted(Event, frozen=True, kw_only=True):
    """Opens every game: what is played, by whom, under which options and engine.

    ``seed_commitment`` is sha256(seed) in hex (seeded mode); the seed itself
    stays secret until ``SeedRevealed``. ``mode`` is ``table`` when dice and
    deck orders come from outside (a physical table or a setup file).
    """

    game: str
    options: dict[str, Any]
    players: tuple[str, ...]
    mode: Literal["seeded", "table"]
    seed_commitment: str
    engine_version: str
    setup: dict[str, Any] | None = None
    # A table's own game data (card texts, board layout, numbers the rulebook does
    # not print) replacing the game's built-in data; ``data_hash`` binds it (sha256
    # of its canonical JSON, see ``domain.kernel.data.data_hash``).
    data: dict[str, Any] | None = None
    data_hash: str = ""

    def laid_from_file(self) -> bool:
        """Was the opening laid from a setup file? A table-mode game keeps the
        chance it was opened with (``dice``, ``orders``, ``drew``) in ``setup``
        too, with no position in it."""
        return laid_from_file(self.setup)


def laid_from_file(setup: dict[str, Any] | None) -> bool:
    """Does a game's ``setup`` hold a position (not only the chance a table-mode
    game was opened with)?"""
    return setup is not None and any(k not in OPENING_CHANCE for k in setup)


def and_text(items: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cleo``."""
    listed = list(items)
    if len(listed) < 2:
        return "".join(listed) or "nobody"
    return f"{', '.join(listed[:-1])} and {listed[-1]}"


def option_value_text(value: Any) -> str:
    """An option's value in words: yes or no, not Python's True or False."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(option_value_text(v) for v in value) or "none"
    return str(value)


def options_text(options: dict[str, Any]) -> str:
    """``round health: 9, defence in combos: yes``: the options as words, in order."""
    return ", ".join(f"{k.replace('_', ' ')}: {option_value_text(v)}" for k, v in options.items())


class ActionTaken(Event, frozen=True, kw_only=True):
    """A seat's command, stored before its consequences.

    ``command`` is the command's JSON form, so the kernel stays game-agnostic.
    ``dice`` and ``orders`` hold chance values and deck orders a table
    supplied with the command.
    """

    seat: int
    command: dict[str, Any]
    dice: tuple[int, ...] = ()
    key: str | None = None
    secret: bool = False
    # Table mode: deck orders (permutations) the table supplied with the command.
    orders: tuple[tuple[int, ...], ...] = ()
    # Table mode: the cards actually drawn from face-down piles of unknown order.
    drew: tuple[str, ...] = ()

    def visibility(self) -> Visibility:
        return private(self.seat) if self.secret else PUBLIC


class DiceRolled(Consequence, frozen=True, kw_only=True):
    """Dice rolled (or a uniform choice made) for a reason, with the values.

    ``counter`` is the generator position of the first value; ``sides`` the
    number of faces (a uniform choice among n is a roll of an n-sided die,
    values 1..n). ``source`` is ``seed`` or ``table``.
    """

    seat: int | None
    purpose: str
    sides: int
    values: tuple[int, ...]
    counter: int
    source: Literal["seed", "table"] = "seed"
    # A roll that would tell others something hidden (which card of a hand was
    # taken) is seen only by these seats until the end; empty: public.
    private_to: tuple[int, ...] = ()

    def visibility(self) -> Visibility:
        return private(*self.private_to) if self.private_to else PUBLIC


class CardsShuffled(Consequence, frozen=True, kw_only=True):
    """A pile shuffled: ``order`` top-first. Hidden from players until the end.

    ``unknown``: a table shuffled it and gave no order; the pile lies face down
    in an order nobody knows (``order`` holds its cards, not an order), and the
    table names each card drawn from it (``Dice.draw``)."""

    pile: str
    order: tuple[str, ...]
    permutation: tuple[int, ...]
    counter: int
    source: Literal["seed", "table", "setup"] = "seed"
    unknown: bool = False

    def visibility(self) -> Visibility:
        return HIDDEN


class SeedRevealed(Consequence, frozen=True, kw_only=True):
    """The game's last event: the seed, checkable against the commitment."""

    seed: str

    def visibility(self) -> Visibility:
        return PUBLIC


class GameForked(Consequence, frozen=True, kw_only=True):
    """This stream is a what-if branch: a copy of ``from_game`` up to position ``at``.

    ``seed_commitment`` is set when the branch rolls from a fresh secret seed
    (a branch of a running game must not preview, nor later reveal, the
    original's dice); empty when it keeps the original's (already revealed) seed.
    """

    from_game: str
    at: int
    seed_commitment: str = ""


KERNEL_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    ActionTaken,
    DiceRolled,
    CardsShuffled,
    SeedRevealed,
    GameForked,
)
