"""A game in words: names for seats and cards, commands and options as sentences.

Every game gets these from its own values with a generic reading; a game says more
about itself in its declared words (``Game.words``, a ``domain.kernel.GameWords``:
printed card names, command sentences, event lines, prompts, its view as facts),
each part of which it may leave to the generic reading.

The generic reading names every seat ``seat N`` of an event's text by its player,
turns ``PlayCombo`` into "play combo", and each field into "field value" (a seat
field by name, a card id by the card's name).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    Event,
    Game,
    GameForked,
    GameStarted,
    Outcome,
    SeedRevealed,
)
from domain.kernel.events import and_text, option_value_text, pile_text
from services.words.card_names import NO_NAMES, CardNames, table_names

_SEAT_IN_TEXT = re.compile(r"\bseat (\d+)\b")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_HEADING = re.compile(r"^(Round|Turn)(Started|Began|Begins|Opened)$")


def seats_and_cards(text: str, players: Sequence[str], names: CardNames = NO_NAMES) -> str:
    """A game's line with its seats by the players' names and its cards by the
    table's names. Only the game's own words between seat mentions are renamed:
    a player called like a card keeps their name, and a card the file calls
    "seat 1" is not taken for a seat."""
    out: list[str] = []
    at = 0
    for m in _SEAT_IN_TEXT.finditer(text):
        seat = int(m.group(1))
        out += [names.rename(text[at : m.start()]), _seat_name(players, seat)]
        at = m.end()
    out.append(names.rename(text[at:]))
    return "".join(out)


def _seat_name(players: Sequence[str], seat: int) -> str:
    """A seat by its player's name (the stored name is ``seat N`` when none was given)."""
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def spaced(type_name: str) -> str:
    """``PlayCombo`` -> ``play combo``."""
    return _CAMEL.sub(" ", type_name).lower()


def prompt_words(game: Game[Any], prompt: str) -> str:
    """A recorded prompt in the game's words (``prompt_words``), else as recorded."""
    said = game.words.prompt_words
    return said(prompt) if said is not None else prompt


def hidden_line(type_name: str) -> str:
    """The line of an event this reader may not see yet: what kind of thing
    happened, in words ("cards dealt — hidden from you")."""
    return f"{spaced(type_name)} — hidden from you"


def hidden_until_end(type_name: str) -> str:
    """The same for a replay or an export, which is read later and maybe by
    someone else: whose view it is, and that the end of the game shows it."""
    return f"{spaced(type_name)} — hidden from this viewer until the end"


class Words:
    """Names and sentences for one game as its players see it (the naming context,
    ``domain.kernel.Naming``, that a game's own words are told in)."""

    def __init__(
        self, game: Game[Any], players: Sequence[str], names: CardNames = NO_NAMES
    ) -> None:
        """``names``: a table's own card names (``table``: those of a stored game)."""
        self.game = game
        # Where the game's chance comes from (``GameStarted.mode``): a branch of a
        # table-mode game is said as such (``table`` knows it; seeded otherwise).
        self.mode = "seeded"
        self.players = tuple(players)
        self.names = names
        self.said = game.words

    @classmethod
    def table(cls, game: Game[Any], started: GameStarted) -> Words:
        """The words of a stored game: its players, and its cards by its own data
        file's names when it plays with one (the built-in names otherwise)."""
        words = cls(game, started.players, table_names(started))
        words.mode = started.mode
        return words

    # ----------------------------------------------------------------- names

    def seat(self, seat: int | None) -> str:
        """A seat by its player's name (the stored name is ``seat N`` when none was given)."""
        return "the table" if seat is None else _seat_name(self.players, seat)

    def card(self, card_id: str) -> str:
        found = self.said.card_name(card_id)
        own = self.names.of(card_id)
        if own is not None:
            # A game that names its copies by their card's name says the name
            # alone; one that tells copies apart by id (the orc tower) keeps it.
            return own if found or card_id in self.names.by_id else f"{own} ({card_id})"
        if found:
            # Not a card's id: one that goes by a card's name all the same (an
            # ultimate lasting effect by the card that lays it).
            return self.names.rename(found)
        base = card_id.split("#", 1)[0]
        # Not an id at all: the game's own words (a view's text), or a name.
        return self.names.rename(base.replace("_", " ").replace("-", " "))

    def prompt(self, text: str) -> str:
        """A recorded prompt as a player reads it: the game's words, the players'
        and the table's names."""
        return self._seats_and_cards(prompt_words(self.game, text))

    def rename(self, text: str) -> str:
        """A line in the game's built-in names, in the table's own."""
        return self.names.rename(text)

    def value(self, field: str, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int) and field in self.said.seat_fields:
            return self.seat(value)
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            return self.card(value)
        if isinstance(value, list | tuple):
            sep = " | " if any(isinstance(v, list | tuple) for v in value) else ", "
            return sep.join(self.value(field, v) for v in value) or "none"
        if isinstance(value, dict):
            return "; ".join(f"{k} {self.value(k, v)}" for k, v in value.items())
        return str(value)

    # --------------------------------------------------------------- sentences

    def command(self, seat: int, command: dict[str, Any]) -> str:
        """A stored command (its JSON form) as a sentence with its sender's name."""
        who = self.seat(seat)
        said = self.said.command_words(command, who, self)
        if said:
            return said
        verb = spaced(str(command.get("type", "command")))
        parts = [
            f"{k.replace('_', ' ')} {self.value(k, v)}"
            for k, v in command.items()
            if k != "type" and v not in (None, "", [], ())
        ]
        return f"{who}: {verb}" + (f" — {', '.join(parts)}" if parts else "")

    def option(self, name: str, value: Any) -> str:
        spec = next((o for o in self.game.spec.options if o.name == name), None)
        shown = self.names.typed(value) if isinstance(value, str) else self.value("", value)
        if spec is None or not spec.doc:
            return f"{name.replace('_', ' ')}: {shown}"
        default = " (default)" if spec.default == value else ""
        # The value first, then what the option is: a doc that lists readings
        # ("9-then-5: …") would otherwise read as the value chosen.
        doc = self.names.rename(spec.doc.rstrip("."))
        return f"{name.replace('_', ' ')}: {shown}{default} — {doc}"

    def dice(self, event: Event) -> str:
        """Dice in words: faces as rolled (1..sides). A die choosing among the seats
        names its pick, so that face 2 reads as the 2nd player (seat 1 in commands)."""
        if isinstance(event, DiceRolled):
            faces = ", ".join(str(v) for v in event.values)
            who = "" if event.seat is None else f"{self.seat(event.seat)} "
            pick = ""
            if (
                len(event.values) == 1
                and event.sides == len(self.players)
                and "player" in event.purpose
            ):
                face = event.values[0]
                pick = f" → the {ordinal(face)} player, {self.seat(face - 1)}"
            return (
                f"{who}rolled d{event.sides}: {faces}{pick} "
                f"({event.source}, counter {event.counter})"
            )
        if isinstance(event, CardsShuffled):
            pile = self._seats_and_cards(pile_text(event.pile))
            return f"{pile} shuffled: {len(event.order)} cards ({event.source})"
        return ""

    def event(self, event: Event) -> str:
        """One line for an event, with players by name (and cards by the table's
        names: a command is said with ``card``, the game's lines are renamed)."""
        return self._said(event)

    def _said(self, event: Event) -> str:
        said = self.said.event_words(event, self)
        if said:
            # The game's own sentence may quote a built-in name (a phase's
            # title names the Grand Druide): in the table's names too.
            return self.names.rename(said)
        if isinstance(event, ActionTaken):
            text = self.command(event.seat, event.command)
            if event.dice:
                text += f" (table dice {', '.join(map(str, event.dice))})"
            return text
        if isinstance(event, GameStarted):
            return self.started(event)
        if isinstance(event, DiceRolled):
            # "rolled d2 for first player: 1 → the 1st player, Ann"
            rolled = self.dice(event).rsplit(" (", 1)[0]
            head, _, faces = rolled.partition(": ")
            return f"{head} for {self.names.rename(event.purpose)}: {faces}"
        if isinstance(event, SeedRevealed):
            return f"the seed is revealed: {event.seed}"
        if isinstance(event, GameForked):
            return self.names.rename(event.describe(self.mode))
        return self._seats_and_cards(event.describe())

    def _seats_and_cards(self, text: str) -> str:
        return seats_and_cards(text, self.players, self.names)

    def started(self, started: GameStarted) -> str:
        who = ", ".join(self.players)
        mode = "table mode (dice from the table)" if started.mode == "table" else "seeded dice"
        return f"{self.game.spec.name} for {who}; {mode}"

    def opening(self, started: GameStarted) -> str:
        """``GameStarted`` as the log's one line: the game by its name, the players
        by theirs, where chance comes from, the engine and the options, in words."""
        options = ", ".join(
            f"{k.replace('_', ' ')}: {option_value_text(self.names.typed(v))}"
            for k, v in started.options.items()
        )
        return (
            f"{self.game.spec.name} for {and_text(started.players)}; {started.chance_text()}"
            f"; engine {started.engine_version}" + (f"; options: {options}" if options else "")
        )

    def options(self, options: dict[str, Any]) -> list[str]:
        return [self.option(k, v) for k, v in options.items()]

    def heading(self, event: Event) -> tuple[int, str] | None:
        """(level, title) when the event opens a round (1) or a turn (2)."""
        m = _HEADING.match(type(event).__name__)
        if not m:
            return None
        kind = m.group(1)
        number = getattr(event, kind.lower(), None)
        if not isinstance(number, int):
            return None
        if kind == "Round":
            return 1, f"Round {number}"
        seat = getattr(event, "seat", None)
        return 2, f"Turn {number}" + (f" — {self.seat(seat)}" if isinstance(seat, int) else "")


def outcome_text(
    outcome: Outcome | None, players: tuple[str, ...], names: CardNames = NO_NAMES
) -> str:
    if outcome is None:
        return "game in progress"
    winners = ", ".join(f"{players[s]} (seat {s})" for s in outcome.winners) or "nobody"
    scores = (
        "; " + ", ".join(f"{players[s]} scored {n}" for s, n in enumerate(outcome.scores))
        if len(outcome.scores) == len(players)
        else ""
    )
    # The reason is the game's own words (renamed); the winners are players' names.
    reason = f" — {seats_and_cards(outcome.reason, players, names)}" if outcome.reason else ""
    return f"won by {winners}{scores}{reason}"
