"""An Elfenwizards view as facts a player reads, player by player.

The view (``view.py``) is the board space by space, each space listing the
pawns on it: read as generic facts, that is a hundred and more lines
("board — S2 — wizards — green 2 — support: 7"). A player asks the other way
round: where are my wizards, what do I hold, who acts and on what. So the
facts are: the round, the phase, the dragon and who is to act on what; then
for each player, by name as the other games' views are said, the colour and
score, the title spaces their wizards hold level by level (with the grey
tokens under them and, in the competition, their points in favour), their
defeated wizards, their dice and their minor spells. Every label and value is
a phrase told in the reader's language; levels go by their names (the table's
own where its data file renames them), pawns by their guild's colour and
number ("red wizard 3"), never by their ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.elfenwizards.board import DEFEAT_PREFIX
from domain.elfenwizards.terms import (
    GUILD_COLOURS,
    TOP,
    pawn_phrase,
    phase_phrase,
    reason_phrase,
    wizard_phrase,
)
from domain.kernel import Naming
from domain.kernel.phrases import Card, Phrase, Seat, phrase, plural


def view_facts(view: Mapping[str, Any], words: Naming) -> dict[str, Any]:
    """Label -> value (a number, a sentence, or a list of names)."""
    say = words.say
    # The rulebook's rounds are « tours », four to a game.
    facts: dict[str, Any] = {say(phrase("round (of 4)")): view.get("round")}
    number = view.get("phase_number")
    title = say(phase_phrase(str(view.get("phase"))))
    facts[say(phrase("phase"))] = f"{number} — {title}" if number else title
    facts[say(phrase("dragon"))] = _seat(words, view.get("dragon"))
    facts[say(phrase("to act"))] = _seat(words, view.get("to_act"))
    facts[say(phrase("waiting for"))] = [
        f"{words.seat(p['seat'])} — {words.prompt(p['prompt'])}" for p in view.get("pending", [])
    ]
    if view.get("negotiation_limit_seconds"):
        facts[say(phrase("talk limit"))] = say(
            phrase("{n} s (not enforced)", n=view["negotiation_limit_seconds"])
        )
    held = _held(view, words)
    # The top title by the table's name for it (its board lists it first).
    board = view.get("board") or [{"level": TOP.card}]
    top = Card(str(board[0]["level"]))
    for guild in view.get("guilds", []):
        facts |= _guild(guild, held.get(guild["seat"], {}), words, top)
    facts |= _table(view, words, top)
    return facts


def _seat(words: Naming, seat: Any) -> str | None:
    return words.seat(seat) if isinstance(seat, int) and seat >= 0 else None


def _held(view: Mapping[str, Any], words: Naming) -> dict[int, dict[Phrase | str, list[str]]]:
    """Seat -> what is held (a level's title spaces, by the level; the defeated)
    -> the spaces held, in board order (top-down, left to right), each with its
    pawn and what lies on it."""
    out: dict[int, dict[Phrase | str, list[str]]] = {}
    for space in view.get("board", []):
        sid, level = str(space["space"]), str(space["level"])
        for w in space.get("wizards", []):
            parts = [words.say(pawn_phrase(w["wizard"]))]
            if w.get("grey"):
                parts.append(words.say(plural("{n} grey token", "{n} grey tokens", w["grey"])))
            if w.get("support"):
                parts.append(
                    words.say(plural("{n} point in favour", "{n} points in favour", w["support"]))
                )
            # Semicolons within one: the list of spaces is said with commas.
            pawn = "; ".join(parts)
            label: Phrase | str
            if sid.startswith(DEFEAT_PREFIX):
                label, said = phrase("defeated wizards"), f"{pawn} ({words.card(level)})"
            else:
                label, said = words.card(level), f"{sid} ({pawn})"
            out.setdefault(w["seat"], {}).setdefault(label, []).append(said)
    return out


def _guild(
    guild: Mapping[str, Any], held: dict[Phrase | str, list[str]], words: Naming, top: Card
) -> dict[str, Any]:
    who = words.seat(guild["seat"])
    say = words.say

    def of(label: Phrase | str) -> str:
        return f"{who} — {say(label)}"

    colour = str(guild.get("colour"))
    facts: dict[str, Any] = {
        of(phrase("colour")): say(GUILD_COLOURS.get(colour, colour)),
        of(phrase("score")): guild.get("score"),
        of(phrase("{top} titles won", top=top)): guild.get("grand_druide_titles", 0),
    }
    for label, spaces in held.items():
        facts[of(label)] = spaces
    placed = "; ".join(
        f"{words.card(level)} {', '.join(map(str, dice))}"
        for level, dice in guild.get("major_spaces", {}).items()
        if dice
    )
    facts |= {
        of(phrase("dice in front")): guild.get("dice_in_front", 0),
        of(phrase("dice rolled")): list(guild.get("rolled", [])),
        of(phrase("dice on major-spell spaces")): placed or [],
        of(phrase("dice on the minor-spell space")): list(guild.get("minor_space_dice", [])),
        of(phrase("dice on the grey space")): list(guild.get("grey_space_dice", [])),
        of(phrase("minor spells")): say(
            phrase(
                "{reserve} in reserve, {space} on the minor-spell space, "
                "{counter} on the round counter",
                reserve=guild.get("minor_spells", 0),
                space=guild.get("minor_spells_on_space", 0),
                counter=guild.get("minor_spells_on_counter", 0),
            )
        ),
    }
    return facts


def _table(view: Mapping[str, Any], words: Naming, top: Card) -> dict[str, Any]:
    """What lies on the table for everyone: the spells cast in the competition,
    the pips to spend, the grey supply, the round counter, the end."""
    say = words.say
    facts: dict[str, Any] = {
        say(phrase("spells cast")): [
            say(
                phrase(
                    "{seat}: {spell} beside {wizard}",
                    seat=Seat(s["seat"]),
                    spell=phrase("a minor spell")
                    if s.get("die") is None
                    else phrase("a major {die}", die=s["die"]),
                    wizard=wizard_phrase(s["wizard"]),
                )
            )
            for s in view.get("support", [])
        ],
        say(phrase("designated to win a tie")): [
            say(wizard_phrase(w)) for w in view.get("designated", [])
        ],
        say(phrase("pips to spend")): view.get("pool", 0),
    }
    if view.get("grey_supply") is not None:
        facts[say(phrase("grey tokens in the supply"))] = view["grey_supply"]
    facts[say(phrase("round counter"))] = [
        say(phrase("round {round}: {seat}", round=r, seat=Seat(seat)))
        for r, seat in view.get("round_counter", [])
    ]
    facts[say(phrase("rounds without a {top}", top=top))] = view.get(
        "rounds_without_grand_druide", 0
    )
    final = view.get("final")
    if final:
        facts[say(phrase("the end"))] = say(reason_phrase(str(final.get("reason", ""))))
        facts[say(phrase("final bonus"))] = [
            f"{words.seat(s)} +{n}" for s, n in enumerate(final.get("bonus", []))
        ]
    return facts
