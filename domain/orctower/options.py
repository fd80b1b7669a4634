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


def _module(name: str, doc: str, rule: str) -> OptionSpec:
    return OptionSpec(name=name, default=False, allowed=(False, True), doc=doc, rule=rule)


OPTION_SPECS: tuple[OptionSpec, ...] = (
    _module("missions", "Module « Missions secrètes »: 2 dealt, 1 kept.", "orctower.mission.setup"),
    _module(
        "bonus_actions",
        "Module « Actions bonus »: a bonus action after each defeated creature.",
        "orctower.bonus.take",
    ),
    _module(
        "new_destiny",
        "Module « nouvelles cartes destin »: the 19 cards and the front rule.",
        "orctower.newdestiny.deck",
    ),
    _module("terrain", "Module « terrain »: one tile per quarter.", "orctower.terrain.setup"),
    OptionSpec(
        name="crocodile",
        default="none",
        allowed=("none", "goblin", "orc"),
        doc="Module « renforts »: the weak type the Crocovolant replaces.",
        rule="orctower.reinforce.replace",
    ),
    OptionSpec(
        name="toad",
        default="none",
        allowed=("none", "shaman", "rider"),
        doc="Module « renforts »: the strong type the Crapaud Couveur replaces.",
        rule="orctower.reinforce.replace",
    ),
    OptionSpec(
        name="bombardier",
        default="none",
        allowed=("none", "golem", "chief"),
        doc="Module « renforts »: the mighty type the Bombardier replaces.",
        rule="orctower.reinforce.replace",
    ),
    OptionSpec(
        name="loss_by",
        default="type",
        allowed=("type", "category"),
        doc="A creature reaching the tower costs a defeated creature of its type, or of "
        "its category.",
        rule="orctower.ruling.loss-type",
    ),
    OptionSpec(
        name="end_check",
        default="sticky",
        allowed=("sticky", "round_end"),
        doc="The end: once 4 quarters were empty at any moment, or only if they still are "
        "when the round ends.",
        rule="orctower.ruling.end-check",
    ),
    OptionSpec(
        name="immutable",
        default="ignores_all",
        allowed=("ignores_all", "powers_off"),
        doc="Whether « Règles immuables » also ignores « Pas de pouvoirs bonus », or is "
        "switched off by it like every power.",
        rule="orctower.ruling.immutable",
    ),
)
