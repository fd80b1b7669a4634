"""Game options: the declared specs and the typed values the rules read."""

from __future__ import annotations

from typing import Literal

from domain.kernel import GameOptions, OptionSpec


class Options(GameOptions, frozen=True, kw_only=True):
    grey_cost: int = 4
    grey_supply: int = 12
    uncontested_support: Literal["owner_only", "anyone"] = "owner_only"
    negotiation_timers: bool = False
    phase2_placement: Literal["any", "at_least_one"] = "any"
    same_owner_tie: Literal["vacant", "owner_designates"] = "vacant"
    winner_ties: Literal["share", "titles"] = "share"
    unplaced_majors: Literal["return", "stay"] = "return"
    vacancy_turn: Literal["all", "alternate"] = "all"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="grey_cost",
        label="Points per grey magic token",
        default=4,
        allowed=(4, 3),
        doc="Pips per grey magic token removed in phase 9 (the translator suggests 3).",
        rule="elfenwizards.grey.remove",
    ),
    OptionSpec(
        name="grey_supply",
        label="Grey magic tokens in the reserve",
        default=12,
        allowed=(12, 0),
        doc="Grey magic tokens in the supply; 0 means unlimited.",
        rule="elfenwizards.ruling.grey-supply",
    ),
    OptionSpec(
        name="uncontested_support",
        label="Support for one owner's candidates",
        default="owner_only",
        allowed=("owner_only", "anyone"),
        doc="Who may place spells beside candidates that all belong to one player.",
        rule="elfenwizards.compete.uncontested",
    ),
    OptionSpec(
        name="negotiation_timers",
        label="Negotiation time limits",
        default=False,
        allowed=(False, True),
        doc="Show the optional negotiation time limits (never enforced).",
        rule="elfenwizards.negotiation.timers",
    ),
    OptionSpec(
        name="phase2_placement",
        label="Dice placed in phase 2",
        default="any",
        allowed=("any", "at_least_one"),
        doc="Phase 2 « tout ou partie »: place any number of the rolled dice (none "
        "included), or at least one.",
        rule="elfenwizards.ruling.place-none",
    ),
    OptionSpec(
        name="same_owner_tie",
        label="Tie between one owner's candidates",
        default="vacant",
        allowed=("vacant", "owner_designates"),
        doc="One owner's two candidates tied: the title stays vacant, or the owner "
        "designates the winner.",
        rule="elfenwizards.ruling.same-owner-tie",
    ),
    OptionSpec(
        name="winner_ties",
        label="Tie for the win",
        default="share",
        allowed=("share", "titles"),
        doc="Players tied for the highest total share the win, or the most Grand Druide "
        "titles, then the fewest grey tokens, break the tie.",
        rule="elfenwizards.end.winner",
    ),
    OptionSpec(
        name="unplaced_majors",
        label="Major spells left unplaced",
        default="return",
        allowed=("return", "stay"),
        doc="Major spells left on the major-spell spaces after the competition: wasted, back "
        "to their owners, or left there into the next round.",
        rule="elfenwizards.compete.wasted",
    ),
    OptionSpec(
        name="vacancy_turn",
        label="Filling vacant titles",
        default="all",
        allowed=("all", "alternate"),
        doc="Defeated wizards of one level filling vacant titles: each player places all of "
        "theirs in turn, or players alternate one wizard at a time.",
        rule="elfenwizards.vacant.turn",
    ),
)
