"""``wizards project``, ``scoreboard`` and ``stats`` read in the reader's
language: their headings, an empty store's line, the win counts, a card by its
printed name and a rate with French spacing (« 40 % »)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tools.cli import app

runner = CliRunner()


def _said(tmp_path: Path, lang: str, *args: str) -> str:
    base = ["--store", f"sqlite:///{tmp_path / 'w.db'}", "--lang", lang]
    run = runner.invoke(app, [*base, *args])
    assert run.exit_code == 0, run.output
    return run.stdout


@pytest.mark.parametrize(
    ("lang", "empty", "heading", "seats", "cards", "rate"),
    [
        (
            "fr",
            "aucune partie terminée : le classement est vide",
            "rang joueur",
            "Taux de victoire par place",
            "Taux de victoire par carte jouée",
            r"\(\d+ %\)",
        ),
        (
            "en",
            "no finished games yet: the scoreboard is empty",
            "rank player",
            "Win rates by seat",
            "Win rates by card used",
            r"\(\d+%\)",
        ),
    ],
)
def test_the_read_models_are_said_in_the_readers_language(
    tmp_path: Path, lang: str, empty: str, heading: str, seats: str, cards: str, rate: str
) -> None:
    assert empty in _said(tmp_path, lang, "scoreboard")
    _said(tmp_path, "en", "simulate", "ultimate", "--games", "2", "--seed", "rm",
          "-o", "rounds_to_win=1", "--keep")  # fmt: skip
    board = _said(tmp_path, lang, "scoreboard").splitlines()
    assert " ".join(board[0].split()[:2]) == heading
    stats = _said(tmp_path, lang, "stats")
    assert seats in stats and cards in stats
    assert re.search(rate, stats), stats
    # A card by its printed name, never its id.
    assert "Boule de feu" in stats or "Épines" in stats
    assert "fireball" not in stats and "thorns" not in stats
    other = "victoire" if lang == "en" else " wins"
    assert other not in "\n".join(board) + stats
