"""Pending decisions: who must decide what, now.

A game state holds a tuple of ``Pending``. Several seats may be pending at
once (simultaneous hidden choices), a seat that is not the active player may
be pending (an interrupt: a defence, a sacrifice), and a pending decision may
sit in the middle of resolving an effect (pick a target among tied ones).
``legal_commands`` derives from it and the kernel refuses any command that
answers no pending decision.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.kernel.errors import IllegalCommand
from domain.kernel.phrases import Asked, Phrase, Prompt, Seat, either, phrase, seats
from domain.kernel.types import Command


# Untracked by the cycle collector (gc=False), as the states that hold it. (A
# comment, not the docstring: the docstring is published in the export schema.)
class Pending(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Seat ``seat`` must answer with one of the command types in ``accepts``;
    ``prompt`` says what is asked, as a phrase (or, as recorded before phrases
    were, a sentence the game's words read)."""

    seat: int
    accepts: tuple[str, ...]
    # A phrase is told in each reader's language and names; a string is what
    # the games recorded before (and the others still say).
    prompt: Phrase | str = ""


def command_name(command: Command) -> str:
    return type(command).__name__


def pending_for(pending: tuple[Pending, ...], seat: int) -> Pending | None:
    for p in pending:
        if p.seat == seat:
            return p
    return None


def seats_text(seats: Iterable[int]) -> str:
    """``seat 0``, ``seat 0 and seat 2``, ``seat 0, seat 1 and seat 3``: seats in a
    sentence, each said whole, so that the story and the page put each player's
    name in its place."""
    said = [f"seat {s}" for s in sorted(set(seats))]
    if not said:
        return "nobody"
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def require_pending(pending: tuple[Pending, ...], seat: int, command: Command) -> Pending:
    """The pending decision this command answers, or ``IllegalCommand``.
    (``pending_for`` and ``command_name`` written out: this runs at every act.)"""
    for p in pending:
        if p.seat == seat:
            break
    else:
        raise IllegalCommand(
            "not_your_turn",
            "kernel.turn",
            phrase(
                "{seat} has nothing to decide now (waiting for {waiting})",
                seat=Seat(seat),
                waiting=seats(sorted({q.seat for q in pending})),
            ),
        )
    name = type(command).__name__
    if name not in p.accepts:
        asked = either(Asked(a) for a in dict.fromkeys(p.accepts))
        raise IllegalCommand(
            "wrong_decision",
            "kernel.turn",
            phrase(
                "{seat} can only {accepts} now ({prompt}), not {name}",
                seat=Seat(seat),
                accepts=asked,
                name=Asked(name),
                prompt=p.prompt if isinstance(p.prompt, Phrase) else Prompt(p.prompt),
            )
            if p.prompt
            else phrase(
                "{seat} can only {accepts} now, not {name}",
                seat=Seat(seat),
                accepts=asked,
                name=Asked(name),
            ),
        )
    return p
