"""Game options: the five modules and the rulings' other readings."""

from __future__ import annotations

from typing import Literal

from domain.kernel import GameOptions, OptionSpec


class Options(GameOptions, frozen=True, kw_only=True):
    missions: bool = False
    bonus_actions: bool = False
    new_destiny: bool = False
    terrain: bool = False
    crocodile: Literal["none", "goblin", "orc"] = "none"
    toad: Literal["none", "shaman", "rider"] = "none"
    bombardier: Literal["none", "golem", "chief"] = "none"
    loss_by: Literal["type", "category"] = "type"
    end_check: Literal["sticky", "round_end"] = "sticky"
    immutable: Literal["ignores_all", "powers_off"] = "ignores_all"
    upgrade_timing: Literal["any", "immediate"] = "any"
    discard_pick: Literal["victim", "random"] = "victim"
    draw_from: Literal["top", "any"] = "top"
    toad_use: Literal["once", "each_turn"] = "once"
    fizzle: Literal["allowed", "needs_effect"] = "allowed"
    area_toads: Literal["no", "yes"] = "no"
    road_placed: Literal["stays", "moves_on"] = "stays"
    ice_storm_behind: Literal["outward", "inward"] = "outward"
    earthquake_beside: Literal["quarter", "section"] = "quarter"
    quake_front: Literal["any_section", "front_only", "neighbour_front"] = "any_section"
    midturn_draw: Literal["reshuffle", "deck_only"] = "reshuffle"
    bolt_toads: Literal["no", "yes"] = "no"
    loss_gauge: Literal["stays", "lowered"] = "stays"
    blast_kills: Literal["caster", "no_bonus", "box"] = "caster"
    numbers: Literal["example", "first"] = "example"
    learned_draws: Literal["wait", "reshuffled"] = "wait"


def _module(name: str, label: str, doc: str, rule: str) -> OptionSpec:
    return OptionSpec(
        name=name, label=label, default=False, allowed=(False, True), doc=doc, rule=rule
    )


OPTION_SPECS: tuple[OptionSpec, ...] = (
    _module(
        "missions",
        "Secret missions module",
        "Module « Missions secrètes »: 2 dealt, 1 kept.",
        "orctower.mission.setup",
    ),
    _module(
        "bonus_actions",
        "Bonus actions module",
        "Module « Actions bonus »: a bonus action after each defeated creature.",
        "orctower.bonus.take",
    ),
    _module(
        "new_destiny",
        "New destiny cards module",
        "Module « nouvelles cartes destin »: the 19 cards and the front rule.",
        "orctower.newdestiny.deck",
    ),
    _module(
        "terrain",
        "Terrain module",
        "Module « terrain »: one tile per quarter.",
        "orctower.terrain.setup",
    ),
    OptionSpec(
        name="crocodile",
        label="Crocovolant replaces",
        default="none",
        allowed=("none", "goblin", "orc"),
        doc="Module « renforts »: the weak type the Crocovolant replaces.",
        rule="orctower.reinforce.replace",
        values=(("none", "Without the Crocovolant"),),
    ),
    OptionSpec(
        name="toad",
        label="Crapaud Couveur replaces",
        default="none",
        allowed=("none", "shaman", "rider"),
        doc="Module « renforts »: the strong type the Crapaud Couveur replaces.",
        rule="orctower.reinforce.replace",
        values=(("none", "Without the Crapaud Couveur"),),
    ),
    OptionSpec(
        name="bombardier",
        label="Bombardier replaces",
        default="none",
        allowed=("none", "golem", "chief"),
        doc="Module « renforts »: the mighty type the Bombardier replaces.",
        rule="orctower.reinforce.replace",
        values=(("none", "Without the Bombardier"),),
    ),
    OptionSpec(
        name="loss_by",
        label="A creature at the tower costs",
        default="type",
        allowed=("type", "category"),
        doc="A creature reaching the tower costs a defeated creature of its type, or of "
        "its category.",
        rule="orctower.ruling.loss-type",
    ),
    OptionSpec(
        name="end_check",
        label="When the four empty quarters end the game",
        default="sticky",
        allowed=("sticky", "round_end"),
        doc="The end: once 4 quarters were empty at any moment, or only if they still are "
        "when the round ends.",
        rule="orctower.ruling.end-check",
    ),
    OptionSpec(
        name="immutable",
        label="Règles immuables and Pas de pouvoirs bonus",
        default="ignores_all",
        allowed=("ignores_all", "powers_off"),
        doc="Whether « Règles immuables » also ignores « Pas de pouvoirs bonus », or is "
        "switched off by it like every power.",
        rule="orctower.ruling.immutable",
    ),
    OptionSpec(
        name="upgrade_timing",
        label="When an upgrade acts",
        default="any",
        allowed=("any", "immediate"),
        doc="An upgrade's teleport or draw: at any moment before the spell's effect, or "
        "only right after its card (the next upgrade makes it lapse).",
        rule="orctower.ruling.upgrade-timing",
    ),
    OptionSpec(
        name="discard_pick",
        label="Who picks a discarded card",
        default="victim",
        allowed=("victim", "random"),
        doc="The card a Vaudou or common-discard victim discards: its own choice, or one "
        "drawn at random from its hand.",
        rule="orctower.ruling.victim-chooses",
    ),
    OptionSpec(
        name="draw_from",
        label="Drawing from the personal discard",
        default="top",
        allowed=("top", "any"),
        doc="A draw from the personal discard (upgrade draw, upgraded Réapprovisionnement): the "
        "top cards, or the cards the player picks.",
        rule="orctower.spell.draw-effect",
    ),
    OptionSpec(
        name="toad_use",
        label="Baby toad tile use",
        default="once",
        allowed=("once", "each_turn"),
        doc="A baby toad tile: used once in the game, or once in each of its owner's turns.",
        rule="orctower.ruling.toad-once",
    ),
    OptionSpec(
        name="fizzle",
        label="A spell without effect",
        default="allowed",
        allowed=("allowed", "needs_effect"),
        doc="A spell may be resolved with no effect, or only when none of its effects can "
        "be applied.",
        rule="orctower.ruling.fizzle",
    ),
    OptionSpec(
        name="area_toads",
        label="Blizzard and Séisme take baby toads",
        default="no",
        allowed=("no", "yes"),
        doc="Whether Blizzard and Séisme also take the baby toad tiles of the sections they hit.",
        rule="orctower.ruling.toad-area",
    ),
    OptionSpec(
        name="road_placed",
        label="A creature Interversion puts on a road",
        default="stays",
        allowed=("stays", "moves_on"),
        doc="A creature Interversion puts onto a road: it stays there, or moves on toward the "
        "tower as if it had arrived by moving.",
        rule="orctower.ruling.road-placed",
    ),
    OptionSpec(
        name="ice_storm_behind",
        label="The section behind a Blizzard",
        default="outward",
        allowed=("outward", "inward"),
        doc="The section « derrière » the first an upgraded Blizzard hits: the next one "
        "away from the tower, or the next one toward it.",
        rule="orctower.ruling.ice-storm-behind",
    ),
    OptionSpec(
        name="earthquake_beside",
        label="The section beside a Séisme",
        default="quarter",
        allowed=("quarter", "section"),
        doc="The « section voisine » an upgraded Séisme also hits: the same section of the "
        "quarter on the chosen side, or a section next to the first in the same quarter.",
        rule="orctower.ruling.earthquake-beside",
    ),
    OptionSpec(
        name="quake_front",
        label="Séisme with the front rule",
        default="any_section",
        allowed=("any_section", "front_only", "neighbour_front"),
        doc="With the front rule, an upgraded Séisme's second section: hit front or not, hit "
        "only where it is a front, or replaced by the neighbouring quarter's front.",
        rule="orctower.ruling.quake-front",
    ),
    OptionSpec(
        name="midturn_draw",
        label="A draw from an empty deck during the turn",
        default="reshuffle",
        allowed=("reshuffle", "deck_only"),
        doc="A draw during the turn that meets an empty deck: the discard is shuffled into a "
        "new deck, or the draw stops.",
        rule="orctower.ruling.midturn-reshuffle",
    ),
    OptionSpec(
        name="bolt_toads",
        label="Éclair takes a baby toad",
        default="no",
        allowed=("no", "yes"),
        doc="Whether Éclair takes a baby toad tile too, on any quarter.",
        rule="orctower.ruling.toad-bolt",
    ),
    OptionSpec(
        name="loss_gauge",
        label="The skull gauge after a loss",
        default="stays",
        allowed=("stays", "lowered"),
        doc="A defeated creature lost at the tower: the skull gauge stays, or goes down one "
        "space with it.",
        rule="orctower.ruling.loss-gauge",
    ),
    OptionSpec(
        name="blast_kills",
        label="Creatures the Bombardier's blast defeats",
        default="caster",
        allowed=("caster", "no_bonus", "box"),
        doc="A creature the Bombardier's blast defeats: it counts for the player who defeated "
        "the Bombardier, counts without a bonus action, or goes back to the box.",
        rule="orctower.ruling.bombardier-kills",
    ),
    OptionSpec(
        name="numbers",
        label="The cards' numbers",
        default="example",
        allowed=("example", "first"),
        doc="The built-in numbers of the cards: as the rulebook's Réapprovisionnement "
        "example plays (Éclair 2 damage for 2 lightning energy, Réapprovisionnement a "
        "lightning card, reinforcements "
        "that differ from the types they replace), or as engines 0.1.0 to 0.3.0 assumed them "
        "(Éclair 3 damage, Réapprovisionnement water, Crapaud Couveur 3 and Bombardier 4 hit "
        "points, the Crocovolant's bonus action energy).",
        rule="orctower.assume.spells",
        values=(
            ("example", "As the rulebook's example plays them"),
            ("first", "As engines 0.1.0 to 0.3.0 had them"),
        ),
    ),
    OptionSpec(
        name="learned_draws",
        label="Drawing a spell learned this turn",
        default="wait",
        allowed=("wait", "reshuffled"),
        doc="A spell learned this turn: no draw of that turn brings it into the hand, or a "
        "deck refilled from the discard during the turn may (as engines 0.1.0 to 0.3.0 did).",
        rule="orctower.knowledge.learn",
        values=(
            ("wait", "Not drawn back this turn"),
            ("reshuffled", "Drawn back from a reshuffled discard"),
        ),
    ),
)
