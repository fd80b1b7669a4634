"""The first difference between two decisions of one action, said in words: the
dispute desk, ``readjudicate`` and their texts name the event, the field and
the values as a player reads them (players by name, cards by printed name),
while the JSON keeps the events' data for programs, in one shape in every report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domain.games import get_game
from domain.orctower.events import CreatureLost as OrcLost
from domain.ultimate.events import AttackBegan, DamageDealt
from domain.ultimate.state import Hit
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.review.readjudicate import readjudicate
from services.review.verify import verify_game
from services.words.differences import difference_words
from services.words.dispute import dispute_text, readjudication_text
from services.words.sentences import Words
from tests.services.setups import eclair_game

WORDS = Words(get_game("ultimate"), ("Ann", "Bob", "Cleo"))


def attack(*hits: Hit) -> AttackBegan:
    return AttackBegan(
        rule="ultimate.attack",
        attacker=0,
        source="fireball",
        effect_rule="ultimate.card.fireball",
        hits=hits,
    )


def test_events_that_read_alike_name_the_field_and_both_values() -> None:
    lines = difference_words(
        WORDS, 7, attack(Hit(target=1, damage=2)), attack(Hit(target=1, damage=3)), "by this engine"
    )
    assert lines == [
        "first difference at #7, the same event with other details: "
        "Ann attacks Bob with Boule de feu [ultimate.attack]",
        "  hits 1 — damage: 2 as recorded; 3 by this engine",
    ]


def test_a_seat_in_a_nested_record_is_said_by_its_players_name() -> None:
    lines = difference_words(
        WORDS, 7, attack(Hit(target=1)), attack(Hit(target=2)), "under this reading"
    )
    assert lines[1:] == [
        "  as recorded: Ann attacks Bob with Boule de feu [ultimate.attack]",
        "  under this reading: Ann attacks Cleo with Boule de feu [ultimate.attack]",
        "  hits 1 — target: Bob as recorded; Cleo under this reading",
    ]


def test_another_kind_of_event_is_said_by_both_lines_not_by_fields() -> None:
    hurt = DamageDealt(
        rule="ultimate.ruling.lightning-caster", seat=0, amount=1, life=8, source="lightning"
    )
    lines = difference_words(WORDS, 5, hurt, attack(Hit(target=1)), "under this reading")
    assert lines[0] == "first difference at #5, another event:"
    assert lines[1].startswith("  as recorded: Ann takes 1 damage from Éclair")
    assert lines[2].startswith("  under this reading: Ann attacks Bob with Boule de feu")
    assert len(lines) == 3  # no "hits: — → {…}" between two kinds of event


def test_a_difference_is_said_in_french_for_a_french_reader() -> None:
    """The lines were English f-strings: a French referee read « as recorded »
    beside French events."""
    french = Words(get_game("ultimate"), ("Ann", "Bob", "Cleo"), lang="fr")
    hurt = DamageDealt(
        rule="ultimate.ruling.lightning-caster", seat=0, amount=1, life=8, source="lightning"
    )
    label = french.text("under this reading")
    lines = difference_words(french, 5, hurt, attack(Hit(target=1)), label)
    assert lines[0] == "première différence au n° 5, un autre événement :"
    assert lines[1].startswith("  tel qu'enregistré : Ann subit 1 dégât d'Éclair")
    assert lines[2].startswith("  selon cette lecture : Ann attaque Bob avec Boule de feu")
    ended = difference_words(french, 9, None, attack(Hit(target=1)), french.text("by this engine"))
    assert ended[0].startswith(
        "première différence au n° 9 : tel qu'enregistré, rien de plus ; selon ce moteur : Ann "
    )


def test_one_side_ending_first_says_what_the_other_goes_on_with() -> None:
    lines = difference_words(WORDS, 9, None, attack(Hit(target=1)), "by this engine")
    assert lines == [
        "first difference at #9: as recorded, nothing more; by this engine: "
        "Ann attacks Bob with Boule de feu [ultimate.attack]"
    ]


def test_the_dispute_says_the_first_difference_in_words(tmp_path: Path) -> None:
    ledger, gid, at = eclair_game(tmp_path)
    report = dispute(ledger, gid, at)
    other = next(r for r in report["other_readings"] if r["option"] == "eclair_hits_caster")
    # The data stays for programs: the two events as stored.
    assert other["difference"]["recorded"]["type"] == "DamageDealt"
    assert other["difference"]["reading"]["type"] == "AttackBegan"
    assert other["difference"]["reading"]["hits"][0]["target"] == 1
    text = dispute_text(report)
    said = text.split("first difference at", 1)[1]
    assert said.startswith(f" #{at + 2}, another event:")
    assert "as recorded: Ann takes 1 damage from Éclair (life 8)" in said
    assert "under this reading: Ann attacks Bob with Éclair" in said
    assert "{" not in said and "hits:" not in said and "null" not in said


def test_readjudicate_says_the_first_difference_in_words(tmp_path: Path) -> None:
    ledger, gid, at = eclair_game(tmp_path)
    report = readjudicate(ledger, gid, {"eclair_hits_caster": "false"})
    first = report["first_difference"]
    assert first["difference"]["recorded"]["type"] == "DamageDealt"
    assert first["difference"]["reading"]["type"] == "AttackBegan"
    text = readjudication_text(report)
    assert f"First difference at position #{at + 2}, in action #{at}: Ann plays Éclair" in text
    assert "as recorded: Ann takes 1 damage from Éclair (life 8)" in text
    assert "by this engine: Ann attacks Bob with Éclair" in text
    assert "{" not in text
    json.dumps(report)  # still data a client can read


def test_verify_readjudicate_and_the_desk_give_a_difference_one_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Éclair's caster spared: by another reading on the desk and in readjudicate,
    by a newer engine in verify; each report gives the two events at the first
    difference under the same keys, and the same events."""
    from domain import games as registry

    ledger, gid, at = eclair_game(tmp_path)
    desk = dispute(ledger, gid, at)
    reading = next(r for r in desk["other_readings"] if r["option"] == "eclair_hits_caster")
    again = readjudicate(ledger, gid, {"eclair_hits_caster": "false"})["first_difference"]
    real = get_game("ultimate")

    class Spares:
        """Today's engine, except that Éclair no longer hits its caster."""

        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def decide(self, state: object, seat: int, command: object, dice: object) -> list[object]:
            spared = "ultimate.ruling.lightning-caster"
            return [
                e
                for e in real.decide(state, seat, command, dice)
                if getattr(e, "rule", "") != spared
            ]

    monkeypatch.setitem(registry._GAMES, "ultimate", Spares())
    problem = verify_game(WizardLedger(f"sqlite:///{tmp_path / 'w.db'}"), gid).first()
    assert problem is not None and problem.difference is not None
    shapes = [reading["difference"], again["difference"], problem.difference]
    assert all(set(d) == {"recorded", "reading", "text"} for d in shapes)
    assert all(d["recorded"] == shapes[0]["recorded"] for d in shapes)
    assert shapes[0]["recorded"]["rule"] == "ultimate.ruling.lightning-caster"
    assert reading["differs_at"] == again["position"] == problem.position


def test_a_ruling_cited_besides_is_a_difference_said_by_its_ids() -> None:
    """An older engine's event cited its rule only; today's cites the ruling it
    relied on too (``also``): the lines name the rule ids as every text does."""
    words = Words(get_game("orctower"), ("Ann", "Bob", "Cleo"))
    recorded = OrcLost(rule="orctower.round.loss", seat=2, slot=2)
    today = OrcLost(
        rule="orctower.round.loss", seat=2, slot=2, also=("orctower.ruling.loss-gauge",)
    )
    assert difference_words(words, 9, recorded, today, "by this engine") == [
        "first difference at #9, the same event with other details: "
        "Cleo loses a defeated creature of hunting-board slot 3 [orctower.round.loss]",
        "  also: none as recorded; orctower.ruling.loss-gauge by this engine",
    ]


def test_the_desks_position_before_is_said_in_the_readers_language(tmp_path: Path) -> None:
    """Its facts' values were said in English (« éliminé: no », « effets: none »)
    beside French labels."""
    from services.words.telling import speaking

    ledger, gid, at = eclair_game(tmp_path)
    with speaking("fr"):
        text = dispute_text(dispute(ledger, gid, at))
    before = text.split("Position juste avant", 1)[1].split("Choix permis", 1)[0]
    assert "points de vie : " in before and " : non" in before
    assert not re.search(r": (no|none|yes)$", before, re.MULTILINE), before
