"""Game options: the declared specs and the typed values the rules read."""

from __future__ import annotations

from typing import Literal

from domain.kernel import GameOptions, OptionSpec


class Options(GameOptions, frozen=True, kw_only=True):
    grey_cost: int = 4
    grey_supply: int = 12
    uncontested_support: Literal["owner_only", "anyone"] = "owner_only"
    negotiation_timers: bool = False


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="grey_cost",
        default=4,
        allowed=(4, 3),
        doc="Pips per grey magic token removed in phase 9 (the translator suggests 3).",
        rule="elfenwizards.grey.remove",
    ),
    OptionSpec(
        name="grey_supply",
        default=12,
        allowed=(12, 0),
        doc="Grey magic tokens in the supply; 0 means unlimited.",
        rule="elfenwizards.ruling.grey-supply",
    ),
    OptionSpec(
        name="uncontested_support",
        default="owner_only",
        allowed=("owner_only", "anyone"),
        doc="Who may place spells beside candidates that all belong to one player.",
        rule="elfenwizards.compete.uncontested",
    ),
    OptionSpec(
        name="negotiation_timers",
        default=False,
        doc="Show the optional negotiation time limits (never enforced).",
        rule="elfenwizards.negotiation.timers",
    ),
)
