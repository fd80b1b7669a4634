"""What the orc tower's catalogue says comes from where it says: a `rulebook`
entry states only what the rulebook prints, the assumed numbers live in
`assumption` entries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.orctower import GAME
from domain.orctower.catalogue import CATALOGUE, P

# The damage the rulebook prints for each attack entry, in the spell's text and
# its examples (« Les sorts en détail »).
PRINTED_DAMAGE = {
    "attack.basic": {1, 2, 3},  # « jusqu'à 3 »; Cold Snap 1, Zap's second effect 2
    "attack.fireball": {3, 5},  # « jusqu'à 5 »; « de 3 à 5 »
    "attack.bolt": {2, 4},  # « jusqu'à 4 »; the Replenish example's 2 to the goblin
    "attack.ice-storm": {2},
    "attack.earthquake": {2},
}


def test_a_rulebook_entry_states_no_assumed_damage() -> None:
    for short, printed in PRINTED_DAMAGE.items():
        rule = CATALOGUE[P + short]
        assert rule.source == "rulebook"
        said = {int(n) for n in re.findall(r"\d+", rule.summary)}
        assert said <= printed, f"{rule.id} says {sorted(said - printed)}: not printed"


# The rulebook lies beside the repository (``shared/rules/``) in some directory above.
RULEBOOK = next(
    (
        found
        for above in Path(__file__).resolve().parents
        if (found := above / "shared" / "rules" / "orctower.txt").exists()
    ),
    Path("shared/rules/orctower.txt"),
)


def _normal(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repository")
def test_every_passage_quotes_the_rulebook() -> None:
    printed = RULEBOOK.read_text(encoding="utf-8")
    # Words the layout split at a line's end (« ce-\npendant ») read whole too.
    book = (_normal(printed), _normal(re.sub(r"-\n", "", printed)))
    for rule in CATALOGUE:
        if rule.source == "assumption" and rule.passage.startswith("("):
            continue  # no rulebook text
        for piece in rule.passage.split(" … "):
            assert any(_normal(piece) in b for b in book), (rule.id, piece)


def test_only_rulings_have_readings() -> None:
    """Each reading of a ruling is an option or says why not (tests/test_catalogues.py,
    every game); the orc tower's other entries have one reading only."""
    for rule in CATALOGUE:
        if rule.source != "ruling":
            assert not rule.readings, rule.id
        else:
            assert len(rule.readings) >= 2 and rule.why, rule.id


@pytest.mark.parametrize(
    ("ruling", "option"),
    [
        ("ruling.ice-storm-behind", "ice_storm_behind"),
        ("ruling.earthquake-beside", "earthquake_beside"),
        ("ruling.midturn-reshuffle", "midturn_draw"),
        ("ruling.toad-bolt", "bolt_toads"),
        ("ruling.quake-front", "quake_front"),
        ("ruling.loss-gauge", "loss_gauge"),
        ("ruling.bombardier-kills", "blast_kills"),
    ],
)
def test_the_engines_readings_are_rulings_with_an_option(ruling: str, option: str) -> None:
    """Ice Storm's « derrière », Earthquake's « voisine » and five readings the engine
    had made without saying so: each a ruling whose other readings are options."""
    rule = CATALOGUE[P + ruling]
    assert rule.source == "ruling"
    assert next(o for o in GAME.spec.options if o.name == option).rule == rule.id
