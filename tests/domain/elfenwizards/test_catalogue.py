"""The rule catalogue: quotations are the rulebook's words, rulings list their
readings, and every option names the rule it selects."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.elfenwizards import GAME

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rules" / "elfenwizards.txt"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repository")
def test_every_passage_quotes_the_rulebook() -> None:
    book = _normal(RULEBOOK.read_text(encoding="utf-8"))
    for rule in GAME.catalogue:
        if rule.passage.startswith("("):
            continue  # no rulebook text: a setup file's position
        for piece in rule.passage.split(" ... "):
            assert _normal(piece) in book, (rule.id, piece)


def test_rulings_and_assumptions_explain_themselves() -> None:
    for rule in GAME.catalogue:
        assert rule.id.startswith("elfenwizards.") and rule.summary, rule.id
        assert len(rule.passage) < 400, rule.id
        if rule.readings:
            assert rule.source == "ruling" and rule.default and rule.why, rule.id
            assert rule.default in {r.summary for r in rule.readings} | {
                r.option for r in rule.readings
            }, rule.id


def test_every_option_points_at_its_rule_and_readings() -> None:
    for option in GAME.spec.options:
        assert option.rule in GAME.catalogue, option.name
        rule = GAME.catalogue[option.rule]
        offered = {r.option for r in rule.readings if r.option}
        if offered:
            # As --option spells a value (and the dispute desk's readings name it).
            said = [str(v).lower() if isinstance(v, bool) else str(v) for v in option.allowed]
            assert {f"{option.name}={v}" for v in said} == offered


def test_every_other_rule_is_cited_by_the_rules_code() -> None:
    """A rule the code never cites says why in the catalogue (``not_cited``): it shapes
    data or what a view shows rather than an event of its own."""
    package = Path(__file__).resolve().parents[3] / "domain" / "elfenwizards"
    code = "".join(p.read_text() for p in package.glob("*.py") if p.name != "catalogue.py")
    cited = set(re.findall(r'"([a-z]+\.[a-z0-9-]+)"', code))
    for rule in GAME.catalogue:
        short = rule.id.removeprefix("elfenwizards.")
        assert (short in cited) != bool(rule.not_cited), short


def test_the_docs_list_every_ruling_and_assumption_as_the_catalogue_says() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "elfenwizards.md").read_text()
    for rule in GAME.catalogue:
        if rule.source == "rulebook":
            continue
        readings = "; ".join(
            f"{r.summary} (`{r.option}`)" if r.option else r.summary for r in rule.readings
        )
        row = (
            f"| `{rule.id.removeprefix('elfenwizards.')}` | {rule.source} | {rule.summary} "
            f"| {readings or '—'} | {rule.why or '—'} |"
        )
        assert row in doc, rule.id
