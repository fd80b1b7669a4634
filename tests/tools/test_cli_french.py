"""``wizards --lang fr`` (or ``WIZARDS_LANG=fr``, or ``wizards export --lang fr``)
tells a game in French: the Markdown export of each game reads in the rulebooks'
terms, the same game in English reads in English, and the players and cards keep
their names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from domain.games import get_game
from services.ledger import WizardLedger
from services.review.html_export import embedded_document
from tools.cli import app
from tools.simulation import play_stored

runner = CliRunner()
# For each game, phrases its story says in each language (and never in the other).
PHRASES = {
    "ultimate": (
        ["termine son tour", "pioche", "on mélange la pioche (16 cartes)", "options : toutes par"],
        ["ends the turn", "draws", "the draw pile shuffled (16 cards)", "options: all by default"],
    ),
    "spellwars": (
        ["lance ensuite", "révèle", "on mélange la pioche principale", "la manche 1 commence"],
        ["casts next", "reveals", "the main deck shuffled", "round 1 begins"],
    ),
    "orctower": (
        [
            "se téléporte",
            "maintenant : effectuer des actions",
            "on mélange la pioche personnelle d'Ann",
            "on mélange les marqueurs Créature",
        ],
        [
            "teleports",
            "now: taking actions",
            "Ann's personal deck shuffled",
            "the creature markers shuffled",
        ],
    ),
    "elfenwizards": (
        [
            "Lancer et allocation des sorts majeurs",
            "lance ses sorts majeurs",
            "options : toutes par défaut",
        ],
        [
            "Rolling and allocating the major spells",
            "rolls their major spells",
            "options: all by default",
        ],
    ),
}
PLAYERS = {"ultimate": 2, "spellwars": 2, "orctower": 2, "elfenwizards": 3}


@pytest.mark.parametrize("game", list(PHRASES))
def test_the_markdown_export_reads_in_the_language_asked(tmp_path: Path, game: str) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    ledger = WizardLedger(url)
    names = ["Ann", "Bob", "Cyd"][: PLAYERS[game]]
    gid = str(play_stored(ledger, get_game(game), len(names), f"fr-{game}", names=names))
    ledger.close()
    # The export's own --lang, and the global one: the same choice.
    french = runner.invoke(app, ["--store", url, "export", gid, "--format", "md", "--lang", "fr"])
    english = runner.invoke(app, ["--store", url, "--lang", "en", "export", gid, "--format", "md"])
    assert french.exit_code == 0 and english.exit_code == 0, french.stderr + english.stderr
    said_fr, said_en = PHRASES[game]
    story_fr, story_en = _story(french.stdout), _story(english.stdout)
    assert all(p in story_fr for p in said_fr), said_fr
    assert not any(p in story_fr for p in said_en), said_en
    assert all(p in story_en for p in said_en), said_en
    assert not any(p in story_en for p in said_fr), said_fr
    assert all(name in story_fr for name in names)
    assert "seat 0" not in story_fr and "place 0" not in story_fr
    # No pile by its id, no option by its key, no round but by the rulebook's word
    # (the orc tower's rulebook plays « rounds »).
    for said in (" deck mélangée", "main mélangée", "variant:", "round health"):
        assert said not in story_fr, said
    assert game == "orctower" or "le round" not in story_fr


def _story(markdown: str) -> str:
    """The story's lines, without the rules they cite (the rulebook's section
    titles are quoted as printed, in French, in either language)."""
    lines = [line for line in markdown.splitlines() if line.startswith("- **#")]
    return "\n".join(line.split(" — [")[0] for line in lines)


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_the_json_and_html_exports_take_their_own_lang(tmp_path: Path, fmt: str) -> None:
    """The export's --lang is its own: the JSON keeps its fields, its texts in
    French; the global --lang, given too, gives way to it."""
    url = f"sqlite:///{tmp_path / 'w.db'}"
    ledger = WizardLedger(url)
    gid = str(play_stored(ledger, get_game("ultimate"), 2, "fr-json", names=["Ann", "Bob"]))
    ledger.close()
    said = runner.invoke(
        app, ["--store", url, "--lang", "en", "export", gid, "--format", fmt, "--lang", "fr"]
    )
    assert said.exit_code == 0, said.stderr
    # The HTML file holds the document gzipped (and the page's words, keyed by
    # their English): its story is read from the document it holds.
    told = (
        json.dumps(embedded_document(said.stdout), ensure_ascii=False)
        if fmt == "html"
        else said.stdout
    )
    assert "termine son tour" in told and "ends the turn" not in told


def test_the_games_are_listed_in_french() -> None:
    french = runner.invoke(app, ["--lang", "fr", "games"])
    assert french.exit_code == 0, french.stderr
    assert "Sorcier ultime (2 à 4 joueurs ; round_health=9" in french.stdout
    assert "players" not in french.stdout
    english = runner.invoke(app, ["--lang", "en", "games"])
    assert "Sorcier ultime (2–4 players; round_health=9" in english.stdout
