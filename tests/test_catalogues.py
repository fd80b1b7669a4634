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


def _values(game: Game[Any], name: str, value: str) -> set[str]:
    """The values a reading's ``name=value`` selects (``1..5``: a range of them)."""
    low, dots, high = value.partition("..")
    if dots:
        return {str(v) for v in range(int(low), int(high) + 1)}
    return {value}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_ruling_has_readings_each_selectable_or_said_why(game: Game[Any]) -> None:
    """A ruling lists at least two readings and applies one of them by default;
    each reading is an option's value (every value of that option a reading), or
    the catalogue says why no option can select it; the default reading is the
    option's default."""
    options = {o.name: o for o in game.spec.options}
    for rule in game.catalogue:
        if rule.source == "ruling":
            assert len(rule.readings) >= 2, f"{rule.id}: a ruling lists its readings"
        if not rule.readings:
            continue
        default = [r for r in rule.readings if rule.default in (r.summary, r.option)]
        assert len(default) == 1, f"{rule.id}: the default names one reading"
        selected: dict[str, set[str]] = {}
        # Where no option selects a rule's readings, the engine applies its default.
        fixed = not any(r.option for r in rule.readings)
        for reading in rule.readings:
            if not reading.option:
                if fixed and reading is default[0]:
                    continue
                assert reading.not_option, (rule.id, reading.summary, "selectable, or why not")
                continue
            name, _, value = reading.option.partition("=")
            assert name in options and options[name].rule == rule.id, (rule.id, name)
            selected.setdefault(name, set()).update(_values(game, name, value))
        for name, values in selected.items():
            spec = options[name]
            allowed = {str(v).lower() for v in (spec.allowed or (False, True))}
            assert {v.lower() for v in values} == allowed, (rule.id, name, values, allowed)
            if default[0].option.startswith(f"{name}="):
                assert str(spec.default).lower() in {
                    v.lower() for v in _values(game, name, default[0].option.partition("=")[2])
                }, rule.id


TESTS = Path(__file__).resolve().parent


def _names_a_test(reached_by: str) -> bool:
    path, _, name = reached_by.partition("::")
    found = TESTS.parent / path
    return (
        path.startswith("tests/")
        and found.is_file()
        and re.search(rf"^def {re.escape(name)}\(", found.read_text(), re.M) is not None
    )


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_entry_is_cited_by_the_corpus_or_reached_by_a_named_test(game: Game[Any]) -> None:
    """``wizards rules GAME --coverage``: an entry no event of the seeded corpus
    cites names the test that reaches it (which exists), or says why no event
    cites it."""
    from tools.coverage import coverage

    for entry in coverage(game):
        rule = game.catalogue[entry["id"]]
        if rule.reached_by:
            assert _names_a_test(rule.reached_by), (rule.id, rule.reached_by)
        if entry["cited"]:
            continue
        assert rule.reached_by or rule.not_cited, f"{rule.id}: never cited, and nothing says why"
