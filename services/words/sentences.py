"""A game in words: names for seats and cards, commands and options as sentences.

Every game says how its events and commands read (``Game.words``, a
``domain.kernel.GameWords``: phrases made from their fields, printed card names,
prompts, its view as facts); this is the naming context they are told in — the
players' names, the table's own card names, the reader's language
(``services.words.telling``). Nothing is found in a text and rewritten: a seat is
a ``Seat`` and a card a ``Card`` in the phrase until it is told.

The generic reading of a command a game does not say turns ``PlayCombo`` into
"play combo", and each field into "field value" (a seat field by name, a card id
by the card's name).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    Event,
    Game,
    GameStarted,
    Outcome,
)
from domain.kernel.game import OptionSpec
from domain.kernel.phrases import Phrase, Seat, listed, phrase
from domain.kernel.words import (
    KERNEL_HIDDEN,
    chance_phrase,
    kernel_phrase,
    purpose_phrase,
    table_chance_phrase,
)
from services.words.card_names import NO_NAMES, CardNames, table_names
from services.words.rule_words import option_doc, option_label, option_reading
from services.words.telling import Teller, spoken

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_HEADING = re.compile(r"^(Round|Turn)(Started|Began|Begins|Opened)$")


def spaced(type_name: str) -> str:
    """``PlayCombo`` -> ``play combo``."""
    return _CAMEL.sub(" ", type_name).lower()


def hidden_kind(type_name: str, words: Words | None = None) -> Phrase | str:
    """What kind of thing an event is, said without its hidden parts ("a card
    drawn"): the game's words for its own events (``GameWords.hidden_kinds``),
    the kernel's for its own, else "something"."""
    kinds = words.said.hidden_kinds if words is not None else {}
    return kinds.get(type_name) or KERNEL_HIDDEN.get(type_name) or phrase("something")


def hidden_line(type_name: str, words: Words | None = None) -> str:
    """The line of an event this reader may not see yet: what kind of thing
    happened, in words ("a card drawn — hidden from you"), in the table's
    language where its words are given."""
    return Teller(str, str, words.lang if words is not None else spoken())(
        phrase("{kind} — hidden from you", kind=hidden_kind(type_name, words))
    )


def hidden_until_end(type_name: str, words: Words | None = None) -> str:
    """The same for a replay or an export, which is read later and maybe by
    someone else: whose view it is, and that the end of the game shows it."""
    return Teller(str, str, words.lang if words is not None else spoken())(
        phrase("{kind} — hidden from this viewer until the end", kind=hidden_kind(type_name, words))
    )


# The words of the stored games read lately, by (game, opening, language); the
# opening kept beside them, so that an id reused by another object is never taken.
_TABLES: dict[tuple[int, int, str], tuple[GameStarted, Words]] = {}
_TABLES_KEPT = 256
_PROMPTS_KEPT = 64


class Words:
    """Names and sentences for one game as its players see it: the naming context
    (``domain.kernel.Naming``) a game's phrases are told in."""

    def __init__(
        self,
        game: Game[Any],
        players: Sequence[str],
        names: CardNames = NO_NAMES,
        lang: str | None = None,
    ) -> None:
        """``names``: a table's own card names (``table``: those of a stored game);
        ``lang``: the reader's language (None: the one asked for, ``spoken``)."""
        self.game = game
        # Where the game's chance comes from (``GameStarted.mode``): a branch of a
        # table-mode game is said as such (``table`` knows it; seeded otherwise).
        self.mode = "seeded"
        self.players = tuple(players)
        self.names = names
        self.said = game.words
        self.lang = lang or spoken()
        self.teller = Teller(self.seat, self.card, self.lang, self.prompt, self.purpose, self.asked)
        self._prompts: dict[Phrase | str, str] = {}

    @classmethod
    def table(cls, game: Game[Any], started: GameStarted, lang: str | None = None) -> Words:
        """The words of a stored game: its players, and its cards by its own data
        file's names when it plays with one (the built-in names otherwise)."""
        said_in = lang or spoken()
        # Made once for a fold's opening and language, not at every read: a warm
        # read of the state asks for them each time (about 5 us to make).
        key = (id(game), id(started), said_in)
        kept = _TABLES.get(key)
        if kept is not None and kept[0] is started and kept[1].game is game:
            return kept[1]
        words = cls(game, started.players, table_names(started), said_in)
        words.mode = started.mode
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        _TABLES[key] = (started, words)
        return words

    def say(self, said: Phrase | str) -> str:
        """A phrase in the reader's language and this table's names."""
        return self.teller(said)

    def text(self, message: str) -> str:
        """A message of ours with no values, in the reader's language."""
        return self.teller.text(message)

    # ----------------------------------------------------------------- names

    def seat(self, seat: int | None) -> str:
        """A seat by its player's name (the stored name is ``seat N`` when none was given)."""
        if seat is None:
            return self.text("the table")
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return self.say(phrase("seat {seat}", seat=str(seat)))

    def card(self, card_id: str) -> str:
        """A card (a token, a level) by the name the table calls it."""
        card_id = self.said.named_after.get(card_id, card_id)
        found = self.said.card_name(card_id)
        own = self.names.of(card_id)
        if own is not None:
            # A game that names its copies by their card's name says the name
            # alone; one that tells copies apart by id (the orc tower) keeps it.
            return own if found or card_id in self.names.by_id else f"{own} ({card_id})"
        if found:
            return found
        base = card_id.split("#", 1)[0]
        return base.replace("_", " ").replace("-", " ")

    def prompt(self, text: Phrase | str | Mapping[str, Any]) -> str:
        """A pending decision's prompt as a player reads it: a phrase told (or
        its fields, as a view holds it), a sentence (as the games record some)
        in the game's words."""
        if isinstance(text, Mapping):
            text = msgspec.convert(text, Phrase)
        told = self._prompts.get(text)
        if told is None:
            said = self.said.prompt_words
            if isinstance(text, Phrase):
                told = self.say(text)
            else:
                told = self.say(said(text)) if said is not None else text
            # A table's prompts are few and asked at every read of its state.
            if len(self._prompts) >= _PROMPTS_KEPT:
                self._prompts.clear()
            self._prompts[text] = told
        return told

    def purpose(self, text: str) -> str:
        """A roll's recorded purpose as a player reads it, in the game's words."""
        return self.say((self.said.purpose_words or purpose_phrase)(text))

    def asked(self, command: str) -> str:
        """A command type inside a sentence, as the game's buttons say it ("draw a
        card"); one with no label, by its name in words ("play card")."""
        label = self.said.command_labels.get(command)
        if label is None:
            return spaced(command).lower()
        said = self.say(label)
        # A button's capital, not a name's: "Draw a card" mid-sentence is "draw a card".
        return said[:1].lower() + said[1:] if said[1:2].islower() else said

    def value(self, field: str, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.text("yes") if value else self.text("no")
        if isinstance(value, int) and field in self.said.seat_fields:
            return self.seat(value)
        if (
            isinstance(value, int)
            and field.replace("_", " ") in self.said.seat_keys
            and 0 <= value < len(self.players)
        ):
            # A seat a record or a setup names (who plays first), by its player.
            return self.seat(value)
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            return self.card(value)
        if isinstance(value, list | tuple):
            if not value:
                return self.text("none")
            sep = " | " if any(isinstance(v, list | tuple) for v in value) else ", "
            return sep.join(self.value(field, v) for v in value)
        if isinstance(value, dict):
            return "; ".join(f"{k} {self.value(k, v)}" for k, v in value.items())
        return str(value)

    # --------------------------------------------------------------- sentences

    def command(self, seat: int, command: dict[str, Any]) -> str:
        """A stored command (its JSON form) as a sentence with its sender's name."""
        said = self.said.command_phrase(command, seat)
        if said is not None:
            return self.say(said)
        who = self.seat(seat)
        verb = spaced(str(command.get("type", "command")))
        parts = [
            f"{k.replace('_', ' ')} {self.value(k, v)}"
            for k, v in command.items()
            if k != "type" and v not in (None, "", [], ())
        ]
        return f"{who}: {verb}" + (f" — {', '.join(parts)}" if parts else "")

    def option_value(self, value: Any, spec: OptionSpec | None = None) -> str:
        """An option's value in words: the reading it selects where its rule
        names one, else yes or no, a number, a card by the table's name."""
        if spec is not None and isinstance(value, str):
            reading = option_reading(spec, value, self.game.catalogue, self.names, self.lang)
            if reading:
                return reading
        if isinstance(value, str):
            typed = self.names.typed(value)
            # A reading's code (``on_draw``) in words, as a type's name is spaced.
            return str(typed).replace("_", " ") if typed == value else str(typed)
        return self.value("", value) or self.text("none")

    def _spec(self, name: str) -> OptionSpec | None:
        return next((o for o in self.game.spec.options if o.name == name), None)

    def option(self, name: str, value: Any) -> str:
        spec = self._spec(name)
        shown = self.option_value(value, spec)
        if spec is None or not spec.doc:
            return f"{name.replace('_', ' ')}: {shown}"
        default = self.text(" (default)") if spec.default == value else ""
        # The value first, then what the option is: a doc that lists readings
        # ("9-then-5: …") would otherwise read as the value chosen.
        doc = option_doc(spec, self.names, self.lang).rstrip(".")
        return self.say(
            phrase(
                "{option}: {value}{default} — {doc}",
                option=option_label(spec, self.names, self.lang),
                value=shown,
                default=default,
                doc=doc,
            )
        )

    def _rolled(self, event: DiceRolled) -> Phrase:
        """A roll, and where a die chooses among the seats, its pick: face 2 is
        the 2nd player (seat 1 in commands), said by name."""
        said = kernel_phrase(event, self.mode, self.said.purpose_words or purpose_phrase)
        assert said is not None
        if (
            len(event.values) == 1
            and event.sides == len(self.players)
            and "player" in event.purpose
        ):
            return phrase("{rolled} → {seat}", rolled=said, seat=Seat(event.values[0] - 1))
        return said

    def dice(self, event: Event) -> str:
        """Dice and shuffles in words, with where they came from."""
        if isinstance(event, DiceRolled):
            return self.say(
                phrase(
                    "{rolled} ({source}, counter {counter})",
                    rolled=self._rolled(event),
                    source=chance_source(event.source),
                    counter=event.counter,
                )
            )
        said = kernel_phrase(event, self.mode)
        return "" if said is None else self.say(said)

    def shuffled_from(self, event: CardsShuffled) -> str:
        """Where a shuffle's order came from ("the seed, counter 4"): what a story
        line says beside the shuffle, which its own words already name."""
        return self.say(
            phrase(
                "({source}, counter {counter})",
                source=chance_source(event.source),
                counter=event.counter,
            )
        )

    def event(self, event: Event) -> str:
        """One line for an event, with players by name and cards by the table's names."""
        said = self.said.event_phrase(event)
        if said is not None:
            return self.say(said)
        if isinstance(event, ActionTaken):
            text = self.command(event.seat, event.command)
            chance = table_chance_phrase(event)
            return f"{text} ({self.say(chance)})" if chance is not None else text
        if isinstance(event, GameStarted):
            return self.opening(event)
        if isinstance(event, DiceRolled):
            return self.say(self._rolled(event))
        said = kernel_phrase(event, self.mode)
        if said is not None:
            return self.say(said)
        return spaced(type(event).__name__)

    def opening(self, started: GameStarted) -> str:
        """``GameStarted`` as one line: the game by its name, the players by
        theirs, where chance comes from, the engine and the options, in words."""
        said = phrase(
            "{game} for {players}; {chance}; engine {engine}",
            game=self.game.spec.name,
            players=listed(Seat(i) for i in range(len(started.players))),
            chance=chance_phrase(started),
            engine=started.engine_version,
        )
        if not started.options:
            return self.say(said)
        # The options a table chose otherwise than the rules' defaults, each by
        # what a person calls it and the reading it selects; every option is
        # said in full beside (``options``), as the story and exports list them.
        chosen = [
            (spec, started.options[spec.name])
            for spec in self.game.spec.options
            if spec.name in started.options and started.options[spec.name] != spec.default
        ]
        if not chosen:
            return self.say(phrase("{said}; options: all by default", said=said))
        options = listed(
            phrase(
                "{option}: {value}",
                option=option_label(spec, self.names, self.lang),
                value=self.option_value(value, spec),
            )
            for spec, value in chosen
        )
        return self.say(
            phrase("{said}; options: {options}, the others by default", said=said, options=options)
        )

    def started(self, started: GameStarted) -> str:
        return self.opening(started)

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
            said = self.said.round_heading
            return 1, self.say(said(number) if said else phrase("Round {round}", round=number))
        seat = getattr(event, "seat", None)
        if isinstance(seat, int):
            return 2, self.say(phrase("Turn {turn} — {seat}", turn=number, seat=Seat(seat)))
        return 2, self.say(phrase("Turn {turn}", turn=number))

    def outcome(self, outcome: Outcome | None) -> str:
        """A game's result: who won, the scores, why."""
        if outcome is None:
            return self.text("game in progress")
        said = phrase("won by {winners}", winners=listed(Seat(s) for s in outcome.winners))
        if len(outcome.scores) == len(self.players):
            # Made before the call that says them, where Babel's extractor sees them.
            scores = [
                phrase("{seat} scored {points}", seat=Seat(s), points=n)
                for s, n in enumerate(outcome.scores)
            ]
            said = phrase("{said}; {scores}", said=said, scores=listed(scores))
        text = self.say(said)
        return f"{text} — {self.say(outcome.reason)}" if outcome.reason else text


# Where a roll or shuffle came from (``source``), as a reader is told it.
_CHANCE_SOURCES = {"seed": phrase("the seed"), "table": phrase("the table")}


def chance_source(source: str) -> Phrase | str:
    """A roll's or shuffle's recorded ``source`` in words."""
    return _CHANCE_SOURCES.get(source, source)


def outcome_text(
    outcome: Outcome | None,
    game: Game[Any],
    players: Sequence[str],
    names: CardNames = NO_NAMES,
    lang: str | None = None,
) -> str:
    """A game's result in words (``Words.outcome``)."""
    return Words(game, players, names, lang).outcome(outcome)
