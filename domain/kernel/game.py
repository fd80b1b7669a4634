"""The Game protocol (decider pattern): what a game is, and what it declares about itself.

The registry of the installed games is ``domain.games``; the kernel imports no game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

import msgspec

from domain.kernel.dice import Dice
from domain.kernel.errors import SetupError
from domain.kernel.events import GameStarted
from domain.kernel.faces import CardFace
from domain.kernel.pending import Pending
from domain.kernel.phrases import Phrase, phrase
from domain.kernel.rules import Catalogue
from domain.kernel.types import Command, Event, Outcome
from domain.kernel.words import GameWords

S = TypeVar("S")
OptionValue = int | str | bool


def _not_a(kind: type, option: str, raw: object) -> Phrase:
    """An option's value refused for its kind, said as a player would read it."""
    if kind is bool:
        return phrase(
            "option {option}: {value} is not a yes or a no", option=option, value=repr(raw)
        )
    if kind is int:
        return phrase(
            "option {option}: {value} is not a whole number", option=option, value=repr(raw)
        )
    return phrase("option {option}: {value} is not a word", option=option, value=repr(raw))


class OptionSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A game option: name, default, the allowed values (empty: any of the type).
    ``label``: what a person calls it (the name is for machines), ``doc``: what
    it decides; both our English, said in the reader's language by the service."""

    name: str
    default: OptionValue
    allowed: tuple[OptionValue, ...] = ()
    label: str = ""
    doc: str = ""
    # What a person calls a value that no reading of the option's rule names (a
    # module's "none", a variant): (value, our English), said like the label.
    values: tuple[tuple[OptionValue, str], ...] = ()
    rule: str = ""

    def parse(self, raw: object) -> OptionValue:
        """Coerce a value given on a command line or in JSON, or refuse it."""
        kind = type(self.default)
        value: OptionValue
        if isinstance(raw, str) and kind is not str and raw.strip() in self.allowed:
            # An option whose values mix a number and words ("9", "5", "9-then-5").
            value = raw.strip()
        elif isinstance(raw, str) and kind is not str:
            text = raw.strip().lower()
            if kind is bool:
                if text in ("1", "true", "yes", "on"):
                    value = True
                elif text in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise SetupError(_not_a(bool, self.name, raw))
            else:
                try:
                    value = int(text)
                except ValueError:
                    raise SetupError(_not_a(int, self.name, raw)) from None
        elif isinstance(raw, bool) and kind is not bool:
            raise SetupError(_not_a(kind, self.name, raw))
        elif isinstance(raw, kind) or (isinstance(raw, str) and raw in self.allowed):
            value = raw
        else:
            raise SetupError(_not_a(kind, self.name, raw))
        if self.allowed and value not in self.allowed:
            allowed = ", ".join(map(str, self.allowed))
            raise SetupError(
                phrase(
                    "option {option}: {value} is not one of {allowed}",
                    option=self.name,
                    value=repr(value),
                    allowed=allowed,
                )
            )
        return value


class GameOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Base of a game's typed options: subclasses declare the fields and defaults."""

    @classmethod
    def from_mapping(cls, given: Mapping[str, Any]) -> Self:
        """The typed options from ``GameStarted.options`` (names the game does not
        know are left out, so an older stream still opens)."""
        # A dispute switches a reading at every action: the same few mappings,
        # converted tens of thousands of times. The values are immutable scalars.
        key = (cls, frozenset(given.items()))
        made = _MADE.get(key)
        if made is None:
            if len(_MADE) >= _MADE_KEPT:
                _MADE.clear()
            known = set(cls.__struct_fields__)
            made = _MADE[key] = msgspec.convert({k: v for k, v in given.items() if k in known}, cls)
        return made


_MADE: dict[tuple[type, frozenset[tuple[str, Any]]], Any] = {}
_MADE_KEPT = 256


class GameSpec(msgspec.Struct, frozen=True, kw_only=True):
    """The facts of a game, declared as data."""

    id: str
    name: str
    min_players: int
    max_players: int
    rulebook: str
    options: tuple[OptionSpec, ...] = ()

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``; unknown names and bad values refused."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise SetupError(
                phrase(
                    "{game}: unknown option(s) {unknown}; known: {known}",
                    game=self.id,
                    unknown=", ".join(unknown),
                    known=", ".join(sorted(known)) or phrase("none"),
                )
            )
        return {
            name: (spec.parse(given[name]) if name in given else spec.default)
            for name, spec in known.items()
        }

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise SetupError(
                phrase(
                    "{game} is for {low}–{high} players, not {n}",
                    game=self.name,
                    low=self.min_players,
                    high=self.max_players,
                    n=n,
                )
            )

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "options": [msgspec.to_builtins(o) for o in self.options],
        }


# A bot: the command it sends for a seat, given the state and the seat's legal
# commands (never empty). Its own choices are pure: the same three, the same command.
Bot = Callable[[S, int, Sequence[Command]], Command]


class Game(Protocol[S]):
    """What every game provides: its facts, its declarations and its pure functions.

    Everything a service needs of a game is a member here (a service never loads a
    game's module by name nor probes it for a method); ``tests/domain/test_game_contract.py``
    checks every registered game against this list."""

    @property
    def spec(self) -> GameSpec:
        """Id, name, player counts, rulebook and options."""
        ...

    @property
    def catalogue(self) -> Catalogue:
        """The rules every event and refusal cites."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The state's class (snapshots decode into it)."""
        ...

    @property
    def command_type(self) -> Any:
        """A Union of the game's Command classes (commands decode into it)."""
        ...

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        """Every event class the game's streams hold."""
        ...

    @property
    def words(self) -> GameWords:
        """What the game says about itself in words."""
        ...

    @property
    def bots(self) -> Mapping[str, Bot[S]]:
        """The game's own bots by name (``greedy``), each able to play any seat at
        any player count; the random bot is every game's (``tools.simulation``)."""
        ...

    def card_faces(self) -> tuple[CardFace, ...]:
        """Every card of the built-in data as a page draws it (none: a game without
        cards to draw, whose page draws its view)."""
        ...

    def initial(self, started: GameStarted) -> S:
        """The state right after ``GameStarted``, before any setup event."""
        ...

    def switched(self, state: S, started: GameStarted) -> S:
        """The position of ``state`` with the options of ``started`` in force: another
        reading of the rulings, for the dispute desk to decide an action again from
        the recorded position (not from the opening) under it. What the rules read
        of the options is replaced; the position itself is kept as it stands."""
        ...

    def setup(self, state: S, dice: Dice) -> list[Event]:
        """The events that open a game (deal, first player), from the setup in
        ``state`` (options, players, and the setup position if one was given)."""
        ...

    def decide(self, state: S, seat: int, command: Command, dice: Dice) -> list[Event]: ...

    def evolve(self, state: S, event: Event) -> S: ...

    def evolve_all(self, state: S, events: Iterable[Event]) -> S:
        """``evolve`` over each event in turn, with the same result; a game may
        derive what follows from its state (the pending decisions) once, at the end."""
        ...

    def legal_commands(self, state: S, seat: int) -> Sequence[Command]: ...

    def pending(self, state: S) -> tuple[Pending, ...]:
        """Who must decide what, now (empty once the game is over)."""
        ...

    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def validate_setup(
        self, setup: Mapping[str, Any], players: int, data: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Check a setup position (parsed from a setup file); return its normal form.
        ``data``: the table's own data (``validate_data``'s normal form), or None for
        the built-in data; a game whose setup names never change with its data
        may ignore it (its ``initial`` still reads ``GameStarted.data``)."""
        ...

    def position(self, state: S) -> dict[str, Any]:
        """The position in ``state`` as a setup mapping (TOML-ready: only str, int,
        bool, lists and tables; no None). ``validate_setup`` accepts it, and a game
        opened from it continues exactly as the game it was taken from: same state,
        and the same commands with the same chance give the same events."""
        ...

    def data_template(self) -> dict[str, Any]:
        """The game's built-in data (what a table may replace: card texts, board
        layout, assumed numbers) as a TOML-ready mapping."""
        ...

    def validate_data(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check a table's own data file; return its normal form, or raise
        ``SetupError`` naming the key (and card, clause) at fault. Every number of
        it is within what the rules can use, declared per field and checked first
        (``domain.kernel.data_bounds``). The normal form is stored in
        ``GameStarted.data`` and read by ``initial``."""
        ...

    def hidden_from(self, state: S, seat: int | None) -> set[str]:
        """Strings that must not appear in ``view(state, seat)``: the ids of cards
        in other seats' hands, the order of face-down piles, and the like. The
        generic simulation test checks every view against it."""
        ...
