"""Game options: the declared specs and the typed view the rules read."""

from __future__ import annotations

from typing import Literal

from domain.kernel import GameOptions, OptionSpec

# The literal reading of the health passages: 9 at setup, 5 after each round.
NINE_THEN_FIVE = "9-then-5"


class Options(GameOptions, frozen=True, kw_only=True):
    round_health: int | str = 9
    rounds_to_win: int = 3
    miroir_majority: Literal["defender", "attacker"] = "defender"
    defence_in_combos: bool = True
    eclair_hits_caster: bool = True
    malediction_discard: Literal["caster", "target"] = "caster"
    pass_with_cards: bool = False
    discard_replacement: Literal["none", "draw"] = "none"
    electric_veil_hits_caster: bool = False
    reshuffle: Literal["on_draw", "when_empty"] = "on_draw"
    replayed_round: Literal["next", "same"] = "next"
    controle_chooser: Literal["target", "caster"] = "target"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="round_health",
        default=9,
        allowed=(9, 5, NINE_THEN_FIVE),
        doc="Life every wizard starts each round with (and may not heal above); "
        f"{NINE_THEN_FIVE}: 9 in the first round, 5 in every later one.",
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
    OptionSpec(
        name="pass_with_cards",
        default=False,
        allowed=(False, True),
        doc="Whether a player may do nothing in phase 1 while holding cards.",
        rule="ultimate.ruling.pass-with-cards",
    ),
    OptionSpec(
        name="discard_replacement",
        default="none",
        allowed=("none", "draw"),
        doc="draw: a card discarded in phase 2 is replaced by a card drawn at the start of "
        "the player's next turn.",
        rule="ultimate.ruling.discard-replacement",
    ),
    OptionSpec(
        name="electric_veil_hits_caster",
        default=False,
        allowed=(False, True),
        doc="Whether Voile électrique's 1 damage may fall on its own caster.",
        rule="ultimate.ruling.electric-veil-caster",
    ),
    OptionSpec(
        name="reshuffle",
        default="on_draw",
        allowed=("on_draw", "when_empty"),
        doc="When the discard pile becomes the new draw pile.",
        rule="ultimate.ruling.reshuffle-timing",
    ),
    OptionSpec(
        name="replayed_round",
        default="next",
        allowed=("next", "same"),
        doc="The number of a round replayed after nobody survived.",
        rule="ultimate.ruling.round-number",
    ),
    OptionSpec(
        name="controle_chooser",
        default="target",
        allowed=("target", "caster"),
        doc="Who chooses the card Contrôle de l'esprit discards.",
        rule="ultimate.ruling.mind-control",
    ),
)


def round_health(options: Options, round_: int) -> int:
    """The life every wizard starts round ``round_`` with, and may not heal above."""
    if options.round_health == NINE_THEN_FIVE:
        return 9 if round_ <= 1 else 5
    return int(options.round_health)


def first_round_health(options: Options) -> int:
    return round_health(options, 1)
