"""What a seat may send. JSON form: ``{"type": "<ClassName>", ...fields}``.

Unset optional fields are omitted from the JSON form and may be omitted on input.
"""

from __future__ import annotations

from domain.kernel import Command


class Draw(Command, frozen=True, omit_defaults=True):
    """Phase 1: draw one card instead of acting."""


class PlayCard(Command, frozen=True, omit_defaults=True):
    """Phase 1: play one attack or support card.

    ``target``: the opponent aimed at (cards that take one); ``discard``: the
    card paid as Malédiction's cost when the caster discards.
    """

    card: str
    target: int | None = None
    discard: str | None = None


class PlayCombo(Command, frozen=True, omit_defaults=True):
    """Phase 1: play a special combination (both its cards come from the hand).

    ``target``: the seat aimed at; ``second_target``: Réaction en chaîne's
    other opponent (the two are resolved in that order); ``card``: the
    discard-pile card Invocation de tombe takes. Plain fields, not a list, so
    the command's JSON form round-trips unchanged.
    """

    combo: str
    target: int | None = None
    second_target: int | None = None
    card: str | None = None


class NoAction(Command, frozen=True, omit_defaults=True):
    """Phase 1, 'Pas d'action': discard one card instead of drawing or playing."""

    card: str


class Pass(Command, frozen=True, omit_defaults=True):
    """Phase 1 with no card in hand and nothing to draw."""


class Discard(Command, frozen=True, omit_defaults=True):
    """Discard a card: in phase 2, or when an effect makes you discard one of your choice."""

    card: str


class EndTurn(Command, frozen=True, omit_defaults=True):
    """Phase 2: keep the hand (at most 3 cards) and end the turn."""


class Defend(Command, frozen=True, omit_defaults=True):
    """Answer an attack with a defence card.

    ``target``: where Déviation sends the attack; ``discard``: the card paid
    as Barrière d'arcane's cost.
    """

    card: str
    target: int | None = None
    discard: str | None = None


class Decline(Command, frozen=True, omit_defaults=True):
    """Answer an attack without a defence card."""


UltimateCommand = (
    Draw | PlayCard | PlayCombo | NoAction | Pass | Discard | EndTurn | Defend | Decline
)

COMMAND_TYPES: tuple[type[Command], ...] = (
    Draw,
    PlayCard,
    PlayCombo,
    NoAction,
    Pass,
    Discard,
    EndTurn,
    Defend,
    Decline,
)
