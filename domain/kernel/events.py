"""Events the kernel itself records for every game."""

from __future__ import annotations

from typing import Any, Literal

from domain.kernel.types import HIDDEN, PUBLIC, Consequence, Event, Visibility, private


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

    def describe(self) -> str:
        who = ", ".join(f"{i}:{p}" for i, p in enumerate(self.players))
        return f"{self.game} started ({self.mode}) for {who}; options {self.options}"


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

    def describe(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.command.items() if k != "type")
        chance = self.table_chance()
        return f"{self.command.get('type')}({args})" + (f" with {chance}" if chance else "")

    def table_chance(self) -> str:
        """What chance the table supplied with the command ("" when none)."""
        parts = [f"table dice {list(self.dice)}"] if self.dice else []
        if self.orders:
            parts.append(f"{len(self.orders)} deck order(s)")
        if self.drew:
            parts.append(f"{len(self.drew)} card(s) drawn at the table")
        return " and ".join(parts)


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

    def describe(self) -> str:
        who = "" if self.seat is None else f"seat {self.seat} "
        return f"{who}rolled d{self.sides} {list(self.values)} for {self.purpose}"


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

    def describe(self) -> str:
        if self.unknown:
            return f"{self.pile} shuffled at the table ({len(self.order)} cards, order unknown)"
        return f"{self.pile} shuffled ({len(self.order)} cards)"


class SeedRevealed(Consequence, frozen=True, kw_only=True):
    """The game's last event: the seed, checkable against the commitment."""

    seed: str

    def visibility(self) -> Visibility:
        return PUBLIC

    def describe(self) -> str:
        return f"seed revealed: {self.seed}"


class GameForked(Consequence, frozen=True, kw_only=True):
    """This stream is a what-if branch: a copy of ``from_game`` up to position ``at``.

    ``seed_commitment`` is set when the branch rolls from a fresh secret seed
    (a branch of a running game must not preview, nor later reveal, the
    original's dice); empty when it keeps the original's (already revealed) seed.
    """

    from_game: str
    at: int
    seed_commitment: str = ""

    def describe(self) -> str:
        dice = "fresh dice" if self.seed_commitment else "the original's dice"
        return f"forked from game {self.from_game} at position {self.at}, with {dice}"


KERNEL_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    ActionTaken,
    DiceRolled,
    CardsShuffled,
    SeedRevealed,
    GameForked,
)
