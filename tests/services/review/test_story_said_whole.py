"""The story (``wizards replay``) in the reader's language, beyond the events' own
lines: the rulings an event relies on besides its rule, the setup position's
facts (a seat by its player), and the section each rule is cited under."""

from __future__ import annotations

import re
from pathlib import Path

from domain.games import all_games, get_game
from domain.kernel.rules import KERNEL_RULES
from services.ledger import WizardLedger
from services.review.story import StoryLines, walk
from services.words.rule_words import told_rule
from services.words.telling import speaking
from tests.services.setups import eclair_game


def _story(ledger: WizardLedger, gid: str, lang: str) -> str:
    loaded = ledger.load(gid)
    with speaking(lang):
        return walk(loaded.game, list(ledger.entries(gid)), None, StoryLines())


def test_the_rulings_relied_on_besides_are_said_in_the_readers_language(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = str(ledger.create_game("elfenwizards", ["Ann", "Bob", "Cid"], seed="s").game_id)
    french, english = _story(ledger, gid, "fr"), _story(ledger, gid, "en")
    assert "[voir aussi elfenwizards.assume.seat-colours]" in french, french
    assert "[also " not in french
    assert "[also elfenwizards.assume.seat-colours]" in english, english


def test_a_setup_positions_facts_are_labelled_in_french_and_name_the_first_player(
    tmp_path: Path,
) -> None:
    ledger, gid, _ = eclair_game(tmp_path)
    french = _story(ledger, gid, "fr")
    setup = french[french.index("position de départ") :].split("──", 1)[0]
    assert "mains : Éclair, Explosion | Bouclier, Miroir" in setup, setup
    assert "joue en premier : Ann" in setup, setup
    assert not re.search(r"\b(hands|draw pile|health|first)\b", setup), setup
    assert "plays first: Ann" in _story(ledger, gid, "en")


def test_every_section_a_rule_is_cited_under_reads_as_the_rulebooks() -> None:
    """A rulebook's section as printed (French, in either language); the engine's own
    section in the rulebook's language too; a ruling on a card's text under the card."""
    for game in all_games():
        for rule_id in game.catalogue.ids - set(KERNEL_RULES):
            rule = game.catalogue[rule_id]
            section = told_rule(rule, lang="fr").section
            assert section == told_rule(rule, lang="en").section
            assert not re.search(r"\b(Engine|engine|Rules|Setup|Table)\b", section), (
                rule_id,
                section,
            )
    spellwars = get_game("spellwars").catalogue
    assert spellwars["sw.split"].section == spellwars["sw.card.gaztoxicus"].section


def test_the_dispute_desk_says_each_rolls_check_in_the_readers_language(tmp_path: Path) -> None:
    """A running game's roll cannot be re-derived yet: the desk says why in French too."""
    from domain.kernel import ActionTaken, DiceRolled
    from services.review.dispute import dispute
    from tools.simulation import play_stored

    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = str(
        play_stored(
            ledger, get_game("spellwars"), 3, "rolls", names=["Ann", "Bob", "Cid"], stop_after=80
        )
    )
    entries = list(ledger.entries(gid))
    rolled = next(
        e.position for e in entries if isinstance(e.event, DiceRolled) and e.event.source == "seed"
    )
    at = max(
        e.position for e in entries if isinstance(e.event, ActionTaken) and e.position < rolled
    )
    checks = {}
    for lang in ("fr", "en"):
        with speaking(lang):
            report = dispute(ledger, gid, at)
        checks[lang] = {c["dice"]["check"] for c in report["consequences"] if c.get("dice")}
    assert checks["fr"] == {"la graine est révélée à la fin de la partie"}, checks
    assert checks["en"] == {"the seed is revealed when the game ends"}, checks
