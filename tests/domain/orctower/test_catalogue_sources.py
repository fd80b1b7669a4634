"""What the orc tower's catalogue says comes from where it says: a `rulebook`
entry states only what the rulebook prints, the assumed numbers live in
`assumption` entries."""

from __future__ import annotations

import re

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
