"""Errors raised by the rules."""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.chance_needs import ChanceNeed


class IllegalCommand(Exception):
    """A command the rules refuse. Nothing is applied when this is raised.

    ``code`` is machine-readable (``not_your_turn``, ``hand_limit``...),
    ``rule`` is a citation id into the game's rule catalogue (or ``kernel.*``),
    ``message`` says in plain words what is wrong.
    """

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.rule!r}, {self.message!r})"


class DiceRequired(IllegalCommand):
    """Table mode: the command needs chance values that were not supplied.

    ``needs``: each missing value as data (empty when a supplied value was
    wrong rather than missing), for a client to ask the table for each."""

    def __init__(
        self, what: str, needs: Sequence[ChanceNeed] = (), *, subject: str = "this command"
    ) -> None:
        super().__init__(
            "dice_required", "kernel.table-mode", f"table mode: {subject} needs {what}"
        )
        self.needs = tuple(needs)


class SetupError(ValueError):
    """A setup position, an option or a player count that the game cannot start from."""
