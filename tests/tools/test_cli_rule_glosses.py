"""``wizards --lang fr rules GAME`` and an export with ``--lang fr`` say our
glosses and readings in French, the rulebook's passages as printed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from domain.games import get_game
from services.ledger import WizardLedger
from tools.cli import app
from tools.simulation import play_stored

runner = CliRunner()
PASSAGE = "« le joueur peut, s'il le souhaite, se défausser d'une carte »"


def _entry(listing: str, rule_id: str) -> str:
    """The lines ``wizards rules`` prints for one entry."""
    start = listing.index(rule_id + "  [")
    end = listing.find("\nultimate.", start + 1)
    return listing[start:end]


def test_the_rules_are_glossed_in_french() -> None:
    french = runner.invoke(app, ["--lang", "fr", "rules", "ultimate"])
    assert french.exit_code == 0, french.stderr
    entry = _entry(french.stdout, "ultimate.ruling.discard-phase")
    assert PASSAGE in entry
    assert "= La phase de défausse permet une défausse ;" in entry
    assert (
        "* Une défausse, plus les défausses obligées jusqu'à 3 cartes ; puis le tour finit."
        "  (discard_phase=one)"
    ) in entry
    assert "discard" not in entry.replace("discard_phase", "").replace("discard-phase", "")
    english = runner.invoke(app, ["--lang", "en", "rules", "ultimate"])
    entry = _entry(english.stdout, "ultimate.ruling.discard-phase")
    assert PASSAGE in entry
    assert "= The discard phase allows one discard;" in entry
    assert "défausse permet" not in entry


def test_the_rules_as_json_say_their_glosses_in_french() -> None:
    said = runner.invoke(app, ["--lang", "fr", "rules", "ultimate", "--json"])
    rules = {r["id"]: r for r in json.loads(said.stdout)}
    health = rules["ultimate.setup.health"]
    assert health["summary"] == (
        "Chaque sorcier commence la première manche avec round_health points de vie (9 par défaut)."
    )
    assert health["passage"].startswith("Donnez à chaque joueur un dé de santé")


def test_the_option_descriptions_are_listed_in_french() -> None:
    said = runner.invoke(app, ["--lang", "fr", "games", "--json"])
    ultimate = next(g for g in json.loads(said.stdout) if g["id"] == "ultimate")
    docs = {o["name"]: o["doc"] for o in ultimate["options"]}
    assert docs["rounds_to_win"] == "Les manches gagnées qu'il faut pour remporter la partie."


def test_an_export_in_french_glosses_the_rules_it_cites(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    ledger = WizardLedger(url)
    gid = str(play_stored(ledger, get_game("ultimate"), 2, "fr-gloss", names=["Ann", "Bob"]))
    ledger.close()
    md = runner.invoke(app, ["--store", url, "export", gid, "--format", "md", "--lang", "fr"])
    assert md.exit_code == 0, md.stderr
    assert "Les 16 cartes sont mélangées ;" in md.stdout
    assert "The 16 cards are shuffled" not in md.stdout
    # The document around the story speaks French too: its headings, where the
    # dice came from (no "seeded"), each cited rule's source.
    for french in (
        "- joueurs : 1. Ann (`--seat 0`), 2. Bob (`--seat 1`)",
        "- dés : dés tirés d'une graine (révélée à la fin) ; moteur ",
        "## Position de départ",
        "## Récit",
        "## Règles citées",
        "Source : règles. Les 16 cartes",
    ):
        assert french in md.stdout, french
    for english in ("seeded", "## Story", "Rules cited", "Source: rulebook"):
        assert english not in md.stdout, english
    said = runner.invoke(app, ["--store", url, "export", gid, "--format", "md", "--lang", "en"])
    assert "- dice: seeded dice (the seed revealed at the end); engine " in said.stdout
    assert "Source: rulebook. The 16 cards are shuffled" in said.stdout
    doc = runner.invoke(app, ["--store", url, "export", gid, "--format", "json", "--lang", "fr"])
    rules = json.loads(doc.stdout)["rules"]
    phase = rules["ultimate.ruling.discard-phase"]
    assert phase["gloss"].startswith("La phase de défausse permet une défausse")
    assert phase["readings"][1] == (
        "Les défausses obligées jusqu'à 3 cartes, puis une défausse facultative de plus."
    )
    assert phase["passage"] == PASSAGE.strip("« »")
