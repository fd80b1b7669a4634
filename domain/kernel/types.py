"""Base value types shared by every game: commands, events, visibility, outcomes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

import msgspec

from domain.kernel.phrases import Phrase

SeatId = int


class Visibility(msgspec.Struct, frozen=True):
    """Who may read an event while the game runs.

    ``public``: everyone; ``seats``: only the listed seats (a drawn card);
    ``hidden``: nobody until the game ends (deck order). Every event becomes
    public once the game is over.
    """

    kind: Literal["public", "seats", "hidden"] = "public"
    seats: tuple[int, ...] = ()

    def allows(self, seat: int | None) -> bool:
        if self.kind == "public":
            return True
        if self.kind == "hidden" or seat is None:
            return False
        return seat in self.seats


PUBLIC = Visibility()
HIDDEN = Visibility("hidden")


def private(*seats: int) -> Visibility:
    return Visibility("seats", tuple(sorted(set(seats))))


class Command(
    msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False
):
    """Something a seat asks for. Tagged by class name in JSON: ``{"type": "Draw"}``."""

    def secret(self) -> bool:
        """True for a hidden choice (a face-down spell): only its seat sees it."""
        return False


class Event(msgspec.Struct, frozen=True, tag=True, kw_only=True, gc=False):
    """Something that happened. Named in the past tense.

    ``version`` is the schema version of the class; a stored payload of an
    older version is passed through ``upcasters[v]`` (v -> v+1) before decoding.

    ``gc=False``: an event is a value that never refers back to itself, so the
    cycle collector need not track it; a full read decodes thousands at once.
    """

    version: ClassVar[int] = 1
    upcasters: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}

    def visibility(self) -> Visibility:
        return PUBLIC


class Consequence(Event, frozen=True, kw_only=True):
    """An event produced by the rules: it carries its rule citation id (``rule``: the
    rule applied) and the ids of the rulings and assumptions it also relied on
    (``also``: a reading chosen, a number the rulebook does not print)."""

    rule: str
    also: tuple[str, ...] = ()

    def citations(self) -> tuple[str, ...]:
        """Every rule id the event cites, the rule applied first."""
        return (self.rule, *self.also) if self.also else (self.rule,)


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The result of a finished game: winners (seats), scores and ranking."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] = ()
    ranking: tuple[tuple[int, ...], ...] = ()
    # Why, in words: a phrase the service tells (``domain.kernel.phrases``).
    reason: Phrase | str = ""
