"""Every game's rule catalogue quotes its rulebook: a passage marked ``rulebook``
must be found in the rulebook's text (whitespace, apostrophes and case aside)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from domain.games import all_games
from domain.kernel import Game

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


def _normal(text: str) -> str:
    text = text.replace("’", "'").replace("**", "").replace("«", '"').replace("»", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def _undouble(text: str) -> str:
    """The raw PDF extraction doubles bold letters ("DDoonnjjoonn"): undo it."""
    return re.sub(r"(\S)\1", r"\1", text)


def _book(game: Game[Any]) -> str:
    """The rulebook's text, and the texts printed apart from it (Spell Wars' cards,
    ``spellwars-cards.txt``), those as extracted and undoubled."""
    main = RULES / Path(game.spec.rulebook).name
    texts = [main.read_text(encoding="utf-8")]
    for extra in sorted(RULES.glob(f"{main.stem}-*.txt")):
        printed = extra.read_text(encoding="utf-8")
        texts += [printed, _undouble(printed)]
    return " ".join(_normal(t) for t in texts)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-zà-ÿ]{3,}", _normal(_undouble(text)))}


@pytest.mark.skipif(not RULES.exists(), reason=f"the rulebooks are not at {RULES}")
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_rulebook_passages_are_quotations(game: Game[Any]) -> None:
    """Pieces joined by "…" are each quoted verbatim. A printed card's text is laid
    out in columns in the PDF extraction, so it cannot be found as one run of
    text: for a card, every word of the quotation must occur in the extraction."""
    book = _book(game)
    book_words = _words(book)
    missing = []
    for rule in game.catalogue:
        if rule.source != "rulebook":
            continue
        if ".card." in rule.id:
            strays = _words(rule.passage) - book_words
            if strays:
                missing.append((rule.id, sorted(strays)))
            continue
        for piece in re.split(r"\s*(?:\.\.\.|…)\s*", rule.passage):
            piece = piece.strip(" \"'«»")
            if piece and _normal(piece) not in book and _normal(_undouble(piece)) not in book:
                missing.append((rule.id, piece))
    assert missing == []


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_rulings_name_their_readings_and_default(game: Game[Any]) -> None:
    for rule in game.catalogue:
        assert rule.passage and rule.section, rule.id
        if rule.readings:
            assert rule.default, f"{rule.id}: a ruling needs its default reading"
            assert rule.why, f"{rule.id}: a ruling says why its default was chosen"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_option_selects_a_catalogued_rule(game: Game[Any]) -> None:
    for option in game.spec.options:
        assert option.rule in game.catalogue, f"{game.spec.id}: option {option.name}"
