"""Game options: the rulebook's variant and the readings of ambiguous passages."""

from __future__ import annotations

from domain.kernel import OptionSpec

OPTIONS = (
    OptionSpec(
        name="variant",
        default="tokens",
        allowed=("tokens", "fast"),
        doc="tokens: first to tokens_to_win last-standing tokens; fast: 3 rounds scored by kills",
        rule="sw.fast.end",
    ),
    OptionSpec(
        name="tokens_to_win",
        default=2,
        allowed=(1, 2, 3),
        doc="last wizard standing tokens that win the match (the rulebook says 2)",
        rule="sw.match.win",
    ),
    OptionSpec(
        name="neighbour",
        default="living",
        allowed=("living", "seated"),
        doc="left/right: the nearest living wizard, or the wizard seated there (nobody if dead)",
        rule="sw.target.neighbours",
    ),
    OptionSpec(
        name="survivor_blood",
        default="holder",
        allowed=("holder", "always"),
        doc="when one wizard is left: only the Dungeon holder gains its blood, or the survivor "
        "always gains 1 (the Dungeon section's 'Si vous êtes le dernier survivant ... gagnez 1')",
        rule="sw.dungeon.last",
    ),
    OptionSpec(
        name="contest_ties",
        default="all",
        allowed=("all", "none"),
        doc="Chancedecocus: tied highest rolls all count as the highest, or none does",
        rule="sw.contest.ties",
    ),
    OptionSpec(
        name="trim",
        default="repeated",
        allowed=("repeated", "any"),
        doc="an incorrect spell: the caster removes only cards of a type held twice, or any "
        "card, one at a time until the spell is correct",
        rule="sw.spell.trim",
    ),
    OptionSpec(
        name="fast_suicide",
        default="nothing",
        allowed=("nothing", "point"),
        doc="fast combat, nobody left alive: the caster who killed itself along with its last "
        "opponent scores nothing, or the survivor point as the token rule gives it",
        rule="sw.fast.suicide",
    ),
    OptionSpec(
        name="stolen_gain",
        default="run",
        allowed=("run", "skip"),
        doc="a treasure stolen or given: its 'when gained' effect runs for the taker, or only "
        "a treasure drawn from the deck has it",
        rule="sw.treasure.steal",
    ),
)
