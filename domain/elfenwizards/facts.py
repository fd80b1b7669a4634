"""An Elfenwizards view as facts a player reads, player by player.

The view (``view.py``) is the board space by space, each space listing the
pawns on it: read as generic facts, that is a hundred and more lines
("board — S2 — wizards — green 2 — support: 7"). A player asks the other way
round: where are my wizards, what do I hold, who acts and on what. So the
facts are: the round, the phase, the dragon and who is to act on what; then
for each player, by name as the other games' views are said, the colour and
score, the title spaces their wizards hold level by level (with the grey
tokens under them and, in the competition, their points in favour), their
defeated wizards, their dice and their minor spells. Levels go by their names
(``words.card``: the table's own where its data file renames them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.elfenwizards.board import DEFEAT_PREFIX
from domain.elfenwizards.terms import phase_phrase, reason_phrase
from domain.kernel import Naming

# The view's spell spaces for dice: a level's major-spell space, the other two.
_MINOR, _GREY = "minor", "grey"


def view_facts(view: Mapping[str, Any], words: Naming) -> dict[str, Any]:
    """Label -> value (a number, a sentence, or a list of names)."""
    facts: dict[str, Any] = {"round": view.get("round")}
    number = view.get("phase_number")
    title = words.say(phase_phrase(str(view.get("phase"))))
    facts["phase"] = f"{number} — {title}" if number else title
    facts["dragon"] = _seat(words, view.get("dragon"))
    facts["to act"] = _seat(words, view.get("to_act"))
    facts["waiting for"] = [
        f"{words.seat(p['seat'])} — {words.prompt(p['prompt'])}" for p in view.get("pending", [])
    ]
    if view.get("negotiation_limit_seconds"):
        facts["talk limit"] = f"{view['negotiation_limit_seconds']} s (not enforced)"
    held = _held(view, words)
    # The top title by the table's name for it (its board lists it first).
    board = view.get("board") or [{"level": "grand_druide"}]
    top = words.card(str(board[0]["level"]))
    for guild in view.get("guilds", []):
        facts |= _guild(guild, held.get(guild["seat"], {}), words, top)
    facts |= _table(view, words, top)
    return facts


def _seat(words: Naming, seat: Any) -> str | None:
    return words.seat(seat) if isinstance(seat, int) and seat >= 0 else None


def _held(view: Mapping[str, Any], words: Naming) -> dict[int, dict[str, list[str]]]:
    """Seat -> label ("Druide", "defeated") -> the spaces held, in board order
    (top-down, left to right), each with its pawn and what lies on it."""
    out: dict[int, dict[str, list[str]]] = {}
    for space in view.get("board", []):
        sid, level = str(space["space"]), str(space["level"])
        for w in space.get("wizards", []):
            extra = []
            if w.get("grey"):
                extra.append(f"{w['grey']} grey token{'s' if w['grey'] > 1 else ''}")
            if w.get("support"):
                extra.append(f"{w['support']} point{'s' if w['support'] > 1 else ''} in favour")
            # Semicolons within one: the list of spaces is said with commas.
            pawn = "; ".join([w["wizard"], *extra])
            if sid.startswith(DEFEAT_PREFIX):
                label, said = "defeated", f"{pawn} ({words.card(level)})"
            else:
                label, said = words.card(level), f"{sid} ({pawn})"
            out.setdefault(w["seat"], {}).setdefault(label, []).append(said)
    return out


def _guild(
    guild: Mapping[str, Any], held: dict[str, list[str]], words: Naming, top: str
) -> dict[str, Any]:
    who = words.seat(guild["seat"])
    facts: dict[str, Any] = {
        f"{who} — colour": guild.get("colour"),
        f"{who} — score": guild.get("score"),
        f"{who} — {top} titles won": guild.get("grand_druide_titles", 0),
    }
    for label, spaces in held.items():
        facts[f"{who} — {label}"] = spaces
    placed = "; ".join(
        f"{words.card(level)} {', '.join(map(str, dice))}"
        for level, dice in guild.get("major_spaces", {}).items()
        if dice
    )
    facts |= {
        f"{who} — dice in front": guild.get("dice_in_front", 0),
        f"{who} — dice rolled": list(guild.get("rolled", [])),
        f"{who} — dice on major-spell spaces": placed or "none",
        f"{who} — dice on the minor-spell space": list(guild.get("minor_space_dice", [])),
        f"{who} — dice on the grey space": list(guild.get("grey_space_dice", [])),
        f"{who} — minor spells": (
            f"{guild.get('minor_spells', 0)} in reserve, "
            f"{guild.get('minor_spells_on_space', 0)} on the minor-spell space, "
            f"{guild.get('minor_spells_on_counter', 0)} on the round counter"
        ),
    }
    return facts


def _table(view: Mapping[str, Any], words: Naming, top: str) -> dict[str, Any]:
    """What lies on the table for everyone: the spells cast in the competition,
    the pips to spend, the grey supply, the round counter, the end."""
    facts: dict[str, Any] = {
        "spells cast": [
            f"{words.seat(s['seat'])}: "
            + ("a minor spell" if s.get("die") is None else f"a major {s['die']}")
            + f" beside {s['wizard']}"
            for s in view.get("support", [])
        ],
        "designated to win a tie": list(view.get("designated", [])),
        "pips to spend": view.get("pool", 0),
    }
    if view.get("grey_supply") is not None:
        facts["grey tokens in the supply"] = view["grey_supply"]
    facts["round counter"] = [
        f"round {r}: {words.seat(seat)}" for r, seat in view.get("round_counter", [])
    ]
    facts[f"rounds without a {top}"] = view.get("rounds_without_grand_druide", 0)
    final = view.get("final")
    if final:
        facts["the end"] = words.say(reason_phrase(str(final.get("reason", ""))))
        facts["final bonus"] = [
            f"{words.seat(s)} +{n}" for s, n in enumerate(final.get("bonus", []))
        ]
    return facts
