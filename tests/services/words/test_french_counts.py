"""French counts and targets as a French player says them: one "dégât", two
"dégâts" (a count is told by its number, never a fixed plural), and an attack
played "contre" its target, as the rulebook says an attack is made against a
player (« attaque contre vous »). The English reads as before."""

from __future__ import annotations

import pytest

from domain.games import get_game
from domain.orctower import events as orc
from domain.spellwars import events as sw
from domain.ultimate import events as ult
from services.words.sentences import Words

NAMES = ("Ann", "Bob")


def _words(game: str, lang: str) -> Words:
    return Words(get_game(game), NAMES, lang=lang)


@pytest.mark.parametrize(
    ("amount", "french", "english"),
    [
        (1, "Bob subit 1 dégât d'Explosion (8 PV)", "Bob takes 1 damage from Explosion (life 8)"),
        (2, "Bob subit 2 dégâts d'Explosion (7 PV)", "Bob takes 2 damage from Explosion (life 7)"),
    ],
)
def test_damage_is_counted_in_french(amount: int, french: str, english: str) -> None:
    dealt = ult.DamageDealt(
        rule="ultimate.card.explosion", seat=1, amount=amount, source="explosion", life=9 - amount
    )
    assert _words("ultimate", "fr").event(dealt) == french
    assert _words("ultimate", "en").event(dealt) == english


def test_every_game_counts_one_damage_in_the_singular() -> None:
    said = [
        _words("ultimate", "fr").event(
            ult.AttackArrived(
                rule="ultimate.defence.prompt", attacker=0, target=1, damage=1, defendable=False
            )
        ),
        _words("spellwars", "fr").event(
            sw.DamageDealt(
                rule="sw.card.ecrabouillax", source=0, target=1, amount=1, card="ecrabouillax"
            )
        ),
        _words("orctower", "fr").event(
            orc.DamageDealt(rule="orctower.attack.damage", creature="goblin-01", amount=1)
        ),
    ]
    for text in said:
        assert "1 dégât" in text and "1 dégâts" not in text, text


def test_an_attack_is_played_against_its_target() -> None:
    play = {"type": "PlayCard", "card": "explosion", "target": 1}
    assert _words("ultimate", "fr").command(0, play) == "Ann joue Explosion contre Bob"
    assert _words("ultimate", "en").command(0, play) == "Ann plays Explosion on Bob"
    combo = {"type": "PlayCombo", "combo": "flame_explosion", "target": 1}
    assert _words("ultimate", "fr").command(0, combo) == (
        "Ann joue le combo Explosion des flammes contre Bob"
    )
