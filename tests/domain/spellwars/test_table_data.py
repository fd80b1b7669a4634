"""A table's own card data: the template, its validation, and a game played with it."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.kernel import SetupError, replay
from domain.spellwars import GAME
from domain.spellwars import events as ev
from domain.spellwars.cards import all_cards
from domain.spellwars.language import parse
from tests.domain.spellwars.scenario import cast, of, upto_spell_end

# A table that owns the box gives Gromago (a Quality) a Réaction of its own.
GROMAGO_REACTS: dict[str, Any] = {
    "quality": [
        {
            "slug": "gromago",
            "reaction": ["target each", "damage 3"],
            "text": "ours",
            "ours": "… Réaction : Si vous mourez avant que cette carte ne soit résolue, "
            "infligez 3 dégâts à chaque adversaire.",
        }
    ]
}
SUICIDE = {"source": "nyarlaprizdetep#1", "quality": "gromago#1"}
STRONGEST = [{"type": "PickTarget", "seat": 1}]  # seats 1 and 2 tie as the strongest


def test_the_template_is_every_card_in_the_card_language_and_validates_as_it_is() -> None:
    template = GAME.data_template()
    assert sorted(template) == ["dead", "delivery", "quality", "source", "treasure", "wild"]
    slugs = [c["slug"] for deck in template.values() for c in deck]
    assert sorted(slugs) == sorted(all_cards())
    for deck in template.values():
        for c in deck:
            for key in ("effect", "reaction", "gain", "cast"):
                for line in c[key]:
                    parse(line)
    assert GAME.validate_data(template) == template
    assert GAME.validate_data({}) == template  # cards left out keep their built-in data
    assert msgspec.json.decode(msgspec.json.encode(template)) == template
    normal = GAME.validate_data(GROMAGO_REACTS)
    assert GAME.validate_data(normal) == normal != template
    gromago = next(c for c in normal["quality"] if c["slug"] == "gromago")
    assert gromago["reaction"] == ["target each", "damage 3"] and gromago["effect"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"spells": []}, r"unknown deck\(s\) \['spells'\]"),
        ({"quality": [{"slug": "nope"}]}, "no quality card 'nope'"),
        ({"quality": [{"name": "x"}]}, "needs its 'slug'"),
        (
            {"quality": [{"slug": "gromago", "reaction": ["target killer", "explode 3"]}]},
            r"quality card 'gromago': reaction line 2 'explode 3' is outside the language: "
            "unknown instruction 'explode'",
        ),
        (
            {"quality": [{"slug": "gromago", "effect": ["damage 3 dégâts"]}]},
            "gromago': effect line 1 'damage 3 dégâts'",
        ),
        (
            {"treasure": [{"slug": "chalisman", "passive": ["armor lots"]}]},
            "chalisman': passive line 1 'armor lots'",
        ),
        ({"quality": [{"slug": "gromago", "effect": ["damage 2", "pay 1"]}]}, "'pay' must come"),
        ({"quality": [{"slug": "gromago", "copies": 3}]}, "the box holds 2"),
        ({"quality": [{"slug": "gromago", "glyph": "fire"}]}, "'glyph' 'fire'"),
        ({"delivery": [{"slug": "gracula", "initiative": 0}]}, "'initiative'"),
        ({"quality": [{"slug": "gromago", "colour": "red"}]}, r"unknown field\(s\) \['colour'\]"),
        ({"quality": [{"slug": "gromago", "text": "ours", "ours": ""}]}, "needs our own text"),
        ({"quality": [{"slug": "gromago"}, {"slug": "gromago"}]}, "given twice"),
    ],
)
def test_a_bad_data_file_is_refused_naming_the_card_and_the_clause(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.validate_data(data)


def test_a_reaction_on_a_quality_applies_when_the_casters_own_source_kills_him() -> None:
    """'Si votre propre Source [vous] tue et que vos Qualités … présentent une Réaction, elle
    s'applique !' With the table's Gromago, the caster killed by Nyarlaprizdetep's 2 damage
    to itself hits every opponent for 3; with the box's data nothing follows the death."""
    g, events = cast(SUICIDE, setup={"life": [2, 20, 20]}, answers=STRONGEST, data=GROMAGO_REACTS)
    died = of(events, ev.WizardDied)
    assert [(d.seat, d.killer) for d in died][:1] == [(0, 0)]
    reaction = [d for d in of(events, ev.DamageDealt) if d.card == "gromago#1"]
    assert [(d.source, d.target, d.amount, d.rule) for d in reaction] == [
        (0, 1, 3, "sw.card.gromago"),
        (0, 2, 3, "sw.card.gromago"),
    ]
    assert g.fold.started.data is not None and g.fold.started.data_hash
    # the fold of the stored events plays with the same data
    assert replay(GAME, g.log).state == g.state
    _, plain = cast(SUICIDE, setup={"life": [2, 20, 20]}, answers=STRONGEST)
    assert not [d for d in of(plain, ev.DamageDealt) if d.card == "gromago#1"]


def test_a_reaction_on_a_resolved_quality_does_not_apply() -> None:
    """'… une Réaction présente sur cette Destination et sur toute Source ou Qualité déjà
    résolue ne s'applique pas': Gromago resolved before the caster's Mecha-Satana kills him."""
    spell = {"quality": "gromago#1", "delivery": "mecha-satana#1"}
    _, events = cast(spell, setup={"life": [1, 12, 18]}, values=[6], data=GROMAGO_REACTS)
    upto = upto_spell_end(events)
    assert [d.seat for d in of(upto, ev.WizardDied)] == [0]
    assert not [d for d in of(upto, ev.DamageDealt) if d.card == "gromago#1"]


def test_a_tables_text_changes_what_a_card_does_only_in_its_game() -> None:
    data = {"source": [{"slug": "taleboulas", "effect": ["target left", "damage 9"]}]}
    _, mine = cast({"source": "taleboulas#1"}, data=data)
    _, box = cast({"source": "taleboulas#1"})
    hits = [(d.target, d.amount) for d in of(upto_spell_end(mine), ev.DamageDealt)]
    assert hits[0] == (1, 9)
    assert all(d.amount != 9 for d in of(upto_spell_end(box), ev.DamageDealt))
