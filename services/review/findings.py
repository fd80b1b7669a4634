"""What ``verify`` finds: a problem at a position (``Problem``) and the report of
a whole game (``Report``), with what it could not see."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.kernel.phrases import Phrase, plain


@dataclass
class Problem:
    position: int
    check: str
    # A phrase, told in the reader's language where the report is said
    # (``services.words.verify_words``); a plain string only for what another
    # program said (a decoder's, an exception's message), said as it is.
    message: Phrase | str
    # An adjudication's first difference in its one shape (``redecide.difference``):
    # the two events as stored and as decided again, for programs; the message says them.
    difference: dict[str, Any] | None = None

    def __str__(self) -> str:
        return f"event #{self.position}: {self.check}: {plain(self.message)}"


@dataclass
class Report:
    game_id: UUID
    events: int = 0
    finished: bool = False
    problems: list[Problem] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    # What this verification cannot see, said rather than passed over: each a
    # sentence (a tampering the store alone cannot show, a record too old to check).
    unseen: list[Phrase | str] = field(default_factory=list)
    # The rules profile that decided the record as recorded (``0.1.0 as of 09066c5``:
    # a revision variant of its version); empty where the record was not decided.
    decided_under: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    def first(self) -> Problem | None:
        return min(self.problems, key=lambda p: p.position) if self.problems else None

    def as_json(self, told: Callable[[Phrase | str], str] = plain) -> dict[str, Any]:
        """The report as data; each problem's message and each thing unseen by
        ``told`` (plain English for programs, the reader's language where a person
        asked)."""
        first = self.first()
        return {
            "game_id": str(self.game_id),
            "ok": self.ok,
            "events": self.events,
            "finished": self.finished,
            "checks": self.checks,
            "unseen": [told(said) for said in self.unseen],
            "decided_under": self.decided_under or None,
            "first_bad_event": None if first is None else first.position,
            "problems": [
                {"position": p.position, "check": p.check, "message": told(p.message)}
                | ({} if p.difference is None else {"difference": p.difference})
                for p in self.problems
            ],
        }
