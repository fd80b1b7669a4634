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
    discard_phase: Literal["one", "one_more"] = "one"
    right_neighbour: Literal["previous", "next"] = "previous"
    electric_veil_lasts: Literal["next_turn", "round"] = "next_turn"
    frozen_armour_lasts: Literal["next_attack", "next_turn"] = "next_attack"
    arcane_trap_discard: Literal["attacker", "random"] = "attacker"
    voile_ombre_lasts: Literal["next_turn", "own_turn"] = "next_turn"
    no_survivor: Literal["replay", "last_actor"] = "replay"
    eclair_order: Literal["left", "right"] = "left"
    poison_tick: Literal["next_turn", "this_turn"] = "next_turn"
    deflect_to_attacker: bool = True
    chain_same_target: bool = False
    absorb_empty: Literal["refused", "allowed"] = "refused"
    rider_blocked: bool = False
    combos_defendable: bool = True
    casting_cost: Literal["cast", "landed"] = "cast"
    grave_own_cards: bool = False
    eliminate: Literal["after_action", "at_once"] = "after_action"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="round_health",
        label="Life points each round",
        default=9,
        allowed=(9, 5, NINE_THEN_FIVE),
        doc="Life every wizard starts each round with (and may not heal above); "
        f"{NINE_THEN_FIVE}: 9 in the first round, 5 in every later one.",
        rule="ultimate.ruling.round-health",
    ),
    OptionSpec(
        name="rounds_to_win",
        label="Rounds to win",
        default=3,
        allowed=(1, 2, 3, 4, 5),
        doc="Round wins needed to win the match.",
        rule="ultimate.end.match",
    ),
    OptionSpec(
        name="miroir_majority",
        label="Miroir's larger half",
        default="defender",
        allowed=("defender", "attacker"),
        doc="Who takes the larger half of odd damage shared by Miroir.",
        rule="ultimate.ruling.mirror-majority",
    ),
    OptionSpec(
        name="defence_in_combos",
        label="Defence cards in combinations",
        default=True,
        doc="Whether the four combos containing a defence card may be played on your turn.",
        rule="ultimate.ruling.defence-in-combos",
    ),
    OptionSpec(
        name="eclair_hits_caster",
        label="Éclair hits its caster",
        default=True,
        doc="Whether Éclair also deals 1 damage to the wizard who casts it.",
        rule="ultimate.ruling.lightning-caster",
    ),
    OptionSpec(
        name="malediction_discard",
        label="Who discards for Malédiction",
        default="caster",
        allowed=("caster", "target"),
        doc="Who discards a card when Malédiction is cast: its caster (a cost) or its target.",
        rule="ultimate.ruling.curse-discard",
    ),
    OptionSpec(
        name="pass_with_cards",
        label="Passing with cards in hand",
        default=False,
        allowed=(False, True),
        doc="Whether a player may do nothing in phase 1 while holding cards.",
        rule="ultimate.ruling.pass-with-cards",
    ),
    OptionSpec(
        name="discard_replacement",
        label="A card discarded in phase 2",
        default="none",
        allowed=("none", "draw"),
        doc="draw: a card discarded in phase 2 is replaced by a card drawn at the start of "
        "the player's next turn.",
        rule="ultimate.ruling.discard-replacement",
    ),
    OptionSpec(
        name="electric_veil_hits_caster",
        label="Voile électrique hits its caster",
        default=False,
        allowed=(False, True),
        doc="Whether Voile électrique's 1 damage may fall on its own caster.",
        rule="ultimate.ruling.electric-veil-caster",
    ),
    OptionSpec(
        name="reshuffle",
        label="When the discard pile is shuffled",
        default="on_draw",
        allowed=("on_draw", "when_empty"),
        doc="When the discard pile becomes the new draw pile.",
        rule="ultimate.ruling.reshuffle-timing",
    ),
    OptionSpec(
        name="replayed_round",
        label="The number of a replayed round",
        default="next",
        allowed=("next", "same"),
        doc="The number of a round replayed after nobody survived.",
        rule="ultimate.ruling.round-number",
    ),
    OptionSpec(
        name="controle_chooser",
        label="Who chooses for Contrôle de l'esprit",
        default="target",
        allowed=("target", "caster"),
        doc="Who chooses the card Contrôle de l'esprit discards.",
        rule="ultimate.ruling.mind-control",
    ),
    OptionSpec(
        name="discard_phase",
        label="Discards in phase 2",
        default="one",
        allowed=("one", "one_more"),
        doc="one_more: after forced discards down to 3 cards, one more optional discard.",
        rule="ultimate.ruling.discard-phase",
    ),
    OptionSpec(
        name="right_neighbour",
        label="The right neighbour",
        default="previous",
        allowed=("previous", "next"),
        doc="Who is an attacker's right-hand neighbour (Voile électrique's 1 damage): "
        "the previous or the next living seat in turn order.",
        rule="ultimate.ruling.right-neighbour",
    ),
    OptionSpec(
        name="electric_veil_lasts",
        label="How long Voile électrique lasts",
        default="next_turn",
        allowed=("next_turn", "round"),
        doc="How long Voile électrique lasts: until its caster's next turn, or the round.",
        rule="ultimate.ruling.electric-veil",
    ),
    OptionSpec(
        name="frozen_armour_lasts",
        label="How long Armure gelée waits",
        default="next_attack",
        allowed=("next_attack", "next_turn"),
        doc="How long Armure gelée waits: for the next attack reaching its wearer, or only "
        "until the wearer's next turn.",
        rule="ultimate.ruling.frozen-armour",
    ),
    OptionSpec(
        name="arcane_trap_discard",
        label="The card Piège arcanique discards",
        default="attacker",
        allowed=("attacker", "random"),
        doc="The card Piège arcanique makes the attacker discard: of the attacker's choice, "
        "or at random.",
        rule="ultimate.ruling.arcane-trap",
    ),
    OptionSpec(
        name="voile_ombre_lasts",
        label="How long Voile d'ombre lasts",
        default="next_turn",
        allowed=("next_turn", "own_turn"),
        doc="How long Voile d'ombre lasts: until its caster's next turn, or only the turn "
        "it is played.",
        rule="ultimate.ruling.shadow-veil-duration",
    ),
    OptionSpec(
        name="no_survivor",
        label="When nobody survives",
        default="replay",
        allowed=("replay", "last_actor"),
        doc="When the last wizards fall together: the round is replayed, or the wizard "
        "whose turn it was wins it.",
        rule="ultimate.ruling.round-without-survivor",
    ),
    OptionSpec(
        name="eclair_order",
        label="The order of Éclair's attacks",
        default="left",
        allowed=("left", "right"),
        doc="The order Éclair's attacks are resolved in: from the caster's left (turn "
        "order), or from the right.",
        rule="ultimate.ruling.lightning-order",
    ),
    OptionSpec(
        name="poison_tick",
        label="When poison strikes",
        default="next_turn",
        allowed=("next_turn", "this_turn"),
        doc="A poison landing during its target's own turn takes its life at the end of "
        "the target's next turn, or of this one.",
        rule="ultimate.ruling.poison-timing",
    ),
    OptionSpec(
        name="deflect_to_attacker",
        label="Déviation back to the attacker",
        default=True,
        allowed=(False, True),
        doc="Whether Déviation may send an attack back to its attacker.",
        rule="ultimate.ruling.redirect",
    ),
    OptionSpec(
        name="chain_same_target",
        label="Réaction en chaîne on one target twice",
        default=False,
        allowed=(False, True),
        doc="Whether Réaction en chaîne may name one opponent twice.",
        rule="ultimate.ruling.chain-reaction",
    ),
    OptionSpec(
        name="absorb_empty",
        label="Absorption on an empty discard",
        default="refused",
        allowed=("refused", "allowed"),
        doc="Absorption on an empty discard pile: refused, or allowed for nothing.",
        rule="ultimate.ruling.absorption-last",
    ),
    OptionSpec(
        name="rider_blocked",
        label="A blocked attack's poison, theft or discard",
        default=False,
        allowed=(False, True),
        doc="Whether a defence blocking all of an attack's damage also stops its poison, "
        "steal or discard.",
        rule="ultimate.ruling.blocks-damage-only",
    ),
    OptionSpec(
        name="combos_defendable",
        label="Defending against combinations",
        default=True,
        allowed=(False, True),
        doc="Whether a combo's attack may be answered with a defence card.",
        rule="ultimate.ruling.what-is-an-attack",
    ),
    OptionSpec(
        name="casting_cost",
        label="When Explosion and Main des ombres cost life",
        default="cast",
        allowed=("cast", "landed"),
        doc="When Explosion and Main des ombres cost their caster 1 life: on casting, or "
        "only when the attack reaches its target.",
        rule="ultimate.ruling.casting-cost",
    ),
    OptionSpec(
        name="grave_own_cards",
        label="Invocation de tombe takes back its own cards",
        default=False,
        allowed=(False, True),
        doc="Whether Invocation de tombe may take back one of its own two cards.",
        rule="ultimate.ruling.grave-summoning",
    ),
    OptionSpec(
        name="eliminate",
        label="When a wizard at 0 is eliminated",
        default="after_action",
        allowed=("after_action", "at_once"),
        doc="When a wizard at 0 life is eliminated: once the whole action has resolved, or "
        "at once, before the rest of it.",
        rule="ultimate.ruling.damage-resolution",
    ),
)


def round_health(options: Options, round_: int) -> int:
    """The life every wizard starts round ``round_`` with, and may not heal above."""
    if options.round_health == NINE_THEN_FIVE:
        return 9 if round_ <= 1 else 5
    return int(options.round_health)


def first_round_health(options: Options) -> int:
    return round_health(options, 1)
