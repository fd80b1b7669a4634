"""Game options: the rulebook's variant and the readings of ambiguous passages."""

from __future__ import annotations

from domain.kernel import OptionSpec

OPTIONS = (
    OptionSpec(
        name="variant",
        label="Way to win",
        default="tokens",
        allowed=("tokens", "fast"),
        doc="tokens: first to tokens_to_win last-standing tokens; fast: 3 rounds scored by kills",
        rule="sw.fast.end",
        values=(
            ("tokens", "Last Survivor tokens"),
            ("fast", "Fast combat: 3 rounds scored by kills"),
        ),
    ),
    OptionSpec(
        name="tokens_to_win",
        label="Last Survivor tokens to win",
        default=2,
        allowed=(1, 2, 3),
        doc="last wizard standing tokens that win the match (the rulebook says 2)",
        rule="sw.match.win",
    ),
    OptionSpec(
        name="neighbour",
        label="Left and right neighbours",
        default="living",
        allowed=("living", "seated"),
        doc="left/right: the nearest living wizard, or the wizard seated there (nobody if dead)",
        rule="sw.target.neighbours",
    ),
    OptionSpec(
        name="survivor_blood",
        label="The last survivor's Blood",
        default="holder",
        allowed=("holder", "always"),
        doc="when one wizard is left: only the Dungeon holder gains its blood, or the survivor "
        "always gains 1 (the Dungeon section's 'Si vous êtes le dernier survivant ... gagnez 1')",
        rule="sw.dungeon.last",
    ),
    OptionSpec(
        name="contest_ties",
        label="Chancedecocus ties",
        default="all",
        allowed=("all", "none"),
        doc="Chancedecocus: tied highest rolls all count as the highest, or none does",
        rule="sw.contest.ties",
    ),
    OptionSpec(
        name="trim",
        label="Trimming an incorrect spell",
        default="repeated",
        allowed=("repeated", "any"),
        doc="an incorrect spell: the caster removes only cards of a type held twice, or any "
        "card, one at a time until the spell is correct",
        rule="sw.spell.trim",
    ),
    OptionSpec(
        name="fast_suicide",
        label="Fast combat: nobody left alive",
        default="nothing",
        allowed=("nothing", "point"),
        doc="fast combat, nobody left alive: the caster who killed itself along with its last "
        "opponent scores nothing, or the survivor point as the token rule gives it",
        rule="sw.fast.suicide",
    ),
    OptionSpec(
        name="stolen_gain",
        label="A Treasure stolen or given",
        default="run",
        allowed=("run", "skip"),
        doc="a treasure stolen or given: its 'when gained' effect runs for the taker, or only "
        "a treasure drawn from the deck has it",
        rule="sw.treasure.steal",
    ),
    OptionSpec(
        name="ties",
        label="Initiative ties of three or more",
        default="reroll",
        allowed=("reroll", "rank"),
        doc="a tie for initiative among three or more: the tied wizards roll again for each "
        "place, or one roll of the group ranks them all (equal dice roll again among themselves)",
        rule="sw.order.tie",
    ),
    OptionSpec(
        name="added_order",
        label="A card added to a spell",
        default="choice",
        allowed=("choice", "next"),
        doc="a card added to a spell waits with the unresolved cards of its type, in the order "
        "of the caster's choice, or it resolves next, before them",
        rule="sw.resolve.added-order",
    ),
    OptionSpec(
        name="trankilus",
        label="Trankilus's target",
        default="first",
        allowed=("first", "after"),
        doc="Trankilus: its target (the weakest opponent) is fixed before its die is rolled, or "
        "only after a roll of 4 or less, in the order of the card's sentences",
        rule="sw.target.before-dice",
    ),
    OptionSpec(
        name="stolen_blood",
        label="Blood the thief cannot keep",
        default="lost",
        allowed=("lost", "left"),
        doc="blood stolen by a wizard who cannot hold it (25): the victim loses it anyway and the "
        "surplus is lost, or the victim keeps what the thief cannot take",
        rule="sw.blood.steal",
    ),
    OptionSpec(
        name="die_faces",
        label="An opponent chosen by the die",
        default="clockwise",
        allowed=("clockwise", "caster"),
        doc="an opponent designated by the die: the faces go to the candidates clockwise from "
        "the left, or the caster assigns them (chooses the candidates' order) before the roll",
        rule="sw.target.die",
    ),
    OptionSpec(
        name="dead_bonus",
        label="A dead wizard's cards at the start of a round",
        default="before_discard",
        allowed=("before_discard", "after_discard"),
        doc="a dead wizard's cards at the start of a round: their bonuses first, then the cards "
        "are discarded, or the cards are discarded at once and their bonuses follow (engine 0.1.0)",
        rule="sw.dead.round-start",
    ),
    OptionSpec(
        name="incorrect_initiative",
        label="Initiative of an incorrect spell",
        default="lowest",
        allowed=("lowest", "highest", "declared"),
        doc="an incorrect spell with several delivery cards counts the lowest of their "
        "initiatives in the turn order, or the highest, or that of the delivery the caster "
        "declared with the placement that it will keep (trimming cannot remove it)",
        rule="sw.order.incorrect",
    ),
    OptionSpec(
        name="resolving_reacts",
        label="The resolving Component of a dead wizard reacts",
        default=False,
        allowed=(False, True),
        doc="whether the component being resolved when its wizard dies still reacts",
        rule="sw.reaction",
    ),
    OptionSpec(
        name="suicide_token",
        label="Nobody left alive: the token",
        default="own_kill",
        allowed=("own_kill", "any"),
        doc="nobody left alive: the caster wins the token only if it killed itself and its "
        "last opponent, or whenever nobody survives its spell",
        rule="sw.round.suicide",
    ),
    OptionSpec(
        name="fast_ties",
        label="Fast combat ties",
        default="last_standing",
        allowed=("last_standing", "share"),
        doc="fast combat, tied on points after 3 rounds: the most recent last wizard standing "
        "among them wins, or all tied share the win",
        rule="sw.fast.end",
    ),
    OptionSpec(
        name="round_end",
        label="The end of a round",
        default="dust",
        allowed=("dust", "at_once"),
        doc="one wizard left alive: the component under way (and the reactions it caused) "
        "finishes first, or the round ends at once and the rest of the spell is lost",
        rule="sw.round.dust",
    ),
    OptionSpec(
        name="deaths_checked",
        label="When deaths are checked",
        default="line",
        allowed=("line", "target"),
        doc="when deaths are checked: once a line has hit all its targets, or after each "
        "target (a caster who dies then stops its line)",
        rule="sw.death.stops",
    ),
    OptionSpec(
        name="split_paid",
        label="Gaztoxicus paid",
        default="choice",
        allowed=("choice", "forced"),
        doc="Gaztoxicus paid: the caster chooses, on seeing the dice, to split the roll or "
        "resolve it whole, or paying splits it, its first die against the card's target",
        rule="sw.split",
    ),
    OptionSpec(
        name="wild_type",
        label="The type of a Magie féroce card",
        default="reveal",
        allowed=("reveal", "row"),
        doc="the type a wild magic card stands for: chosen on reveal among the types the spell "
        "lacks, or fixed at placement by its place in the row (source, quality or delivery), "
        "where beside a card of that type it makes the spell incorrect",
        rule="sw.wild.type",
    ),
    OptionSpec(
        name="creature_attack",
        label="When kept Creatures attack",
        default="spell",
        allowed=("spell", "turn_start"),
        doc="kept creatures attack again with their owner's next spell, or at the start of the "
        "next turn, before any spell is placed",
        rule="sw.creature.attack",
    ),
    OptionSpec(
        name="chance_script",
        label="A table-mode script",
        default="chance",
        allowed=("chance", "position"),
        doc="a table-mode game's script (dice and deck orders): chance only, the game dealt "
        "from its shuffles, or read as an empty position, every deck in its printed order "
        "and no shuffle (Spell Wars before revision 5227ba3, engine 0.1.0)",
        rule="sw.setup.position",
    ),
)
