"""Game options: the declared specs and the typed view the rules read."""

from __future__ import annotations

from typing import Literal

from domain.kernel import GameOptions, OptionSpec


class Options(GameOptions, frozen=True, kw_only=True):
    round_health: int = 9
    rounds_to_win: int = 3
    miroir_majority: Literal["defender", "attacker"] = "defender"
    defence_in_combos: bool = True
    eclair_hits_caster: bool = True
    malediction_discard: Literal["caster", "target"] = "caster"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="round_health",
        default=9,
        allowed=(9, 5),
        doc="Life every wizard starts each round with (and may not heal above).",
        rule="ultimate.ruling.round-health",
    ),
    OptionSpec(
        name="rounds_to_win",
        default=3,
        allowed=(1, 2, 3, 4, 5),
        doc="Round wins needed to win the match.",
        rule="ultimate.end.match",
    ),
    OptionSpec(
        name="miroir_majority",
        default="defender",
        allowed=("defender", "attacker"),
        doc="Who takes the larger half of odd damage shared by Miroir.",
        rule="ultimate.ruling.mirror-majority",
    ),
    OptionSpec(
        name="defence_in_combos",
        default=True,
        doc="Whether the four combos containing a defence card may be played on your turn.",
        rule="ultimate.ruling.defence-in-combos",
    ),
    OptionSpec(
        name="eclair_hits_caster",
        default=True,
        doc="Whether Éclair also deals 1 damage to the wizard who casts it.",
        rule="ultimate.ruling.lightning-caster",
    ),
    OptionSpec(
        name="malediction_discard",
        default="caster",
        allowed=("caster", "target"),
        doc="Who discards a card when Malédiction is cast: its caster (a cost) or its target.",
        rule="ultimate.ruling.curse-discard",
    ),
)
