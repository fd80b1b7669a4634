"""The Markdown export (``wizards export --format md``, ``GET /tables/{id}/export?format=md``):
a visitor of the story's walk, as ``wizards replay``'s lines are. The players
by name, the options, the opening position as the viewer saw it, every event
in words with its dice and rule under round and turn headings, the referees'
notes, the result, and the rules cited with their passages."""

from __future__ import annotations

from typing import Any

from domain.kernel import (
    ActionTaken,
    CardsShuffled,
    Consequence,
    Event,
    Game,
    GameStarted,
    Outcome,
    Rule,
)
from domain.kernel.events import laid_from_file
from domain.kernel.phrases import phrase
from domain.kernel.words import chance_phrase
from services.review.record import GameRecord, opening_facts, viewer_label
from services.review.story import Visitor, rule_of, walk
from services.store.values import Entry
from services.words.rule_words import source_words, told_rule
from services.words.sentences import Words, hidden_until_end

# Every character that can open markup inline in CommonMark or its common
# extensions: emphasis, code, links, images, raw HTML, entities (&lt;), tables,
# strikethrough (~), math ($). Backslash-escaped, each renders as itself.
_MARKUP = str.maketrans({ch: "\\" + ch for ch in "\\`*_[]<>#|~$&!"})


def md(text: str) -> str:
    """Inline text: one line, no markup, no raw HTML, no entity: what a player or a
    data file named is read as the characters it is."""
    return " ".join(str(text).split()).translate(_MARKUP)


def anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-")


def markdown_text(record: GameRecord) -> str:
    """The record as Markdown, as its viewer may read it."""
    notes = {at: [(n["author"], n["text"]) for n in said] for at, said in record.notes.items()}
    story = MarkdownStory(str(record.game_id), viewer_label(record), opening_facts(record))
    return walk(
        record.game, record.entries, record.outcome, story, viewer=record.viewer, notes=notes
    )


class MarkdownStory(Visitor):
    """Writes the story as it is walked; the head (which names the result) and the
    rules cited are put around it at the end. ``viewer``: who the export is for, in
    words; ``opening``: the position the first action met, as facts per view."""

    def __init__(self, game_id: str, viewer: str, opening: dict[str, list[str]]) -> None:
        self.game_id = game_id
        self.viewer = viewer
        self.opening = opening
        self.story: list[str] = []
        self.cited: dict[str, Rule | None] = {}
        self.outcome = ""
        self.game: Game[Any] | None = None
        self.started: GameStarted | None = None
        self.words: Words | None = None

    def _line(self, entry: Entry, event: Event, text: str) -> None:
        assert self.words is not None
        heading = self.words.heading(event)
        if heading is not None:
            level, title = heading
            self.story += ["", f"{'#' * (level + 2)} {md(title)}", ""]
        self.story.append(f"- **#{entry.position}** {text}")

    def begin(self, game: Game[Any], started: GameStarted, entry: Entry) -> None:
        self.game, self.started = game, started
        self.words = Words.table(game, started)
        self._line(entry, started, md(self.words.event(started)))

    def action(self, entry: Entry, action: ActionTaken, player: str) -> None:
        assert self.words is not None
        self._line(entry, action, f"**{md(self.words.event(action))}**")

    def consequence(self, entry: Entry, event: Consequence, rule: Rule | None) -> None:
        assert self.words is not None
        line = md(self.words.event(event))
        if isinstance(event, CardsShuffled):  # a roll says its dice itself
            line += f" {md(self.words.shuffled_from(event))}"
        self.cited[event.rule] = rule
        links = [f"[{event.rule}](#{anchor(event.rule)})"]
        for also in event.also:
            assert self.game is not None
            self.cited[also] = rule_of(self.game, also)
            links.append(f"[{also}](#{anchor(also)})")
        self._line(entry, event, f"{line} — {', '.join(links)}")

    def hidden(self, entry: Entry) -> None:
        assert self.words is not None
        self.story.append(
            f"- **#{entry.position}** "
            + md(hidden_until_end(type(entry.event).__name__, self.words))
        )

    def note(self, position: int, author: str, text: str) -> None:
        self.story.append(f"  - ✎ *{md(author)}*: {md(text)}")

    def end(self, outcome: Outcome | None, players: tuple[str, ...]) -> None:
        assert self.words is not None
        self.outcome = self.words.outcome(outcome)

    def result(self) -> str:
        game, started, words = self.game, self.started, self.words
        assert game is not None and started is not None and words is not None
        say = words.say
        title = phrase("{name} — game {id}", name=md(game.spec.name), id=f"`{self.game_id}`")
        out = ["# " + say(title)]
        seats = ", ".join(f"{i + 1}. {md(p)} (`--seat {i}`)" for i, p in enumerate(started.players))
        viewer = md(_viewer(words, self.viewer))
        out += [
            "",
            "- " + say(phrase("players: {players}", players=seats)),
            "- "
            + say(
                phrase(
                    "dice: {chance}; engine {version}; seen by: {viewer}",
                    chance=md(say(chance_phrase(started))),
                    version=started.engine_version,
                    viewer=viewer,
                )
            ),
            "- " + say(phrase("result: {result}", result=md(self.outcome))),
        ]
        out += ["", "## " + words.text("Options"), ""]
        out += [f"- {md(words.option(k, v))} (`{k}`)" for k, v in started.options.items()]
        out += ["", "## " + words.text("Opening position"), ""]
        if laid_from_file(started.setup) and "hidden" not in (started.setup or {}):
            out += [words.text("Started from a setup file (table position)."), ""]
        for label, lines in self.opening.items():
            if len(self.opening) > 1:
                out += [
                    "### " + say(phrase("As {viewer} saw it", viewer=md(_viewer(words, label)))),
                    "",
                ]
            out += [f"- {md(line)}" for line in lines] + [""]
        out += ["## " + words.text("Story"), "", *self.story]
        result = words.text("Result:")
        out += ["", f"**{result}** {md(self.outcome)}", ""]
        out += ["## " + words.text("Rules cited"), ""]
        for rule_id in sorted(self.cited):
            out += self._rule(rule_id, self.cited[rule_id], words)
        return "\n".join(out) + "\n"

    @staticmethod
    def _rule(rule_id: str, rule: Rule | None, words: Words) -> list[str]:
        """A cited rule: the rulebook's passage as printed, our gloss in the table's names."""
        told = None if rule is None else told_rule(rule, words.names)
        section = "" if told is None else told.section
        out = [f'### <a id="{anchor(rule_id)}"></a>{rule_id} — {md(section)}', ""]
        if told is not None and told.passage:
            out += [f"> {md(told.passage)}", ""]
        gloss = "" if told is None else told.summary
        source = "?" if rule is None else source_words(rule.source)
        said = words.say(phrase("Source: {source}.", source=source))
        out += [said + (f" {md(gloss)}" if gloss else ""), ""]
        return out


# Who an export is seen by, where no player's name says it (``viewer_label``).
_VIEWERS = {"everything": phrase("every seat"), "spectator": phrase("a spectator")}


def _viewer(words: Words, label: str) -> str:
    said = _VIEWERS.get(label)
    return label if said is None else words.say(said)
