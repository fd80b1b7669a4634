"""A table that plays with its own data file reads its own card names everywhere:
the story, the Markdown, JSON and HTML exports, the dispute desk, the log and
the live lines. A twin game on the built-in data, with the same seed and the
same commands, reads the built-in names at the same places (so the checks
below look where a name is actually said).

The rulebook's passages and section titles are quotations and stay as printed.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from domain.games import get_game
from services.ledger import WizardLedger
from services.reads.views import log_json
from services.review.dispute import dispute
from services.review.export_read import events
from services.review.exports import export_text
from services.review.html_export import embedded_document
from services.review.story import StoryLines, walk
from services.words.dispute import dispute_text
from tests.services.words.own_names import (
    RENAMED,
    Twins,
    _texts,
    built_in_names,
    play_twins,
    said_on_built_in,
)


def _said(text: str, names: list[str]) -> list[str]:
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)]


def _story(t: Twins, gid: str) -> str:
    loaded = t.ledger.load(gid)
    story = walk(loaded.game, t.ledger.entries(gid), None, StoryLines())
    # Each consequence cites "[rule id — the rulebook's section]": a quotation.
    return re.sub(r"\[[^\[\]]*\]$", "", story, flags=re.M)


def _unquoted(data: Any) -> Any:
    """An export or dispute without the rulebook's quotations (passages, section
    titles) and the raw stored data (ids): what is said in the table's words."""
    if isinstance(data, dict):
        drop = {
            *("passage", "section", "event", "command", "difference", "card_names"),
            *("boards", "board_values"),
        }
        # An export's faces: ids, the printed texts and a title no line says are data;
        # the words a page shows of them are its glosses, labels and names.
        if "cards" in data and "labels" in data:
            return [[c["gloss"] for c in data["cards"]], data["labels"], data.get("names", {})]
        return {k: _unquoted(v) for k, v in data.items() if k not in drop}
    if isinstance(data, list):
        return [_unquoted(v) for v in data]
    return data


def _check(t: Twins, where: str, own_text: str, plain_text: str | None = None) -> None:
    gone = built_in_names(t.game, t.ident)
    assert t.name in own_text, f"{t.game} {where}: {t.name!r} is not said"
    assert not _said(own_text, gone), f"{t.game} {where} still says {_said(own_text, gone)}"
    if plain_text is not None:
        assert t.name not in plain_text
        assert any(s in plain_text for s in said_on_built_in(t.game, t.ident)), where


@pytest.mark.parametrize("game", list(RENAMED))
def test_a_table_reads_its_own_card_names_in_every_text(sqlite_url: str, game: str) -> None:
    ledger = WizardLedger(sqlite_url)
    t = play_twins(ledger, game)
    # The story (wizards replay), and the named line itself.
    _check(t, "story", _story(t, t.own), _story(t, t.plain))
    own_line = dict(_texts(ledger, t.own, ledger.entries(t.own)))[t.at]
    plain_line = dict(_texts(ledger, t.plain, ledger.entries(t.plain)))[t.at]
    _check(t, f"line #{t.at}", own_line, plain_line)
    # The exports: Markdown without its quoted passages and rule headings.
    md = export_text(ledger, t.own, "md")
    plain_md = export_text(ledger, t.plain, "md")
    keep = lambda text: "\n".join(  # noqa: E731  (Markdown escapes: "ice\_storm")
        line.replace("\\", "") for line in text.splitlines() if not line.startswith(("> ", "### "))
    )
    _check(t, "markdown", keep(md), keep(plain_md))
    doc = json.loads(export_text(ledger, t.own, "json"))
    plain_doc = json.loads(export_text(ledger, t.plain, "json"))
    said = json.dumps(_unquoted(doc), ensure_ascii=False)
    _check(t, "json", said, json.dumps(_unquoted(plain_doc), ensure_ascii=False))
    assert events(doc)[t.at - 1]["text"] == own_line
    html = export_text(ledger, t.own, "html")
    viewer_doc = embedded_document(html)
    assert viewer_doc == doc
    _check(t, "html", json.dumps(_unquoted(viewer_doc), ensure_ascii=False))
    # The dispute desk, as text, for the action whose consequence names the card.
    report = dispute(ledger, t.own, t.at)
    assert report["card_names"] == {t.ident: t.name}
    plain_report = dispute(ledger, t.plain, t.at)
    assert plain_report["card_names"] == {}
    own_dispute = dispute_text(_unquoted_rules(report))
    _check(t, "dispute", own_dispute, dispute_text(_unquoted_rules(plain_report)))
    # The log (the web story's lines, also over SSE) says the line the same way.
    log = {e["position"]: e["text"] for e in log_json(ledger, t.own, full=True)}
    assert t.name in log[t.at]
    assert not _said(log[t.at], built_in_names(game, t.ident))
    ledger.close()


def _unquoted_rules(report: dict[str, Any]) -> dict[str, Any]:
    """The dispute with its rules' passages and sections left out (quotations)."""

    def strip(data: Any) -> Any:
        if isinstance(data, dict):
            if "passage" in data:
                data = {k: v for k, v in data.items() if k not in ("passage", "section")}
            return {k: strip(v) for k, v in data.items()}
        if isinstance(data, list):
            return [strip(v) for v in data]
        return data

    return strip(report)  # type: ignore[no-any-return]


def test_the_rulebook_is_quoted_as_printed_and_our_gloss_renames(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    t = play_twins(ledger, "ultimate")
    doc = json.loads(export_text(ledger, t.own, "json"))
    rule = doc["rules"]["ultimate.ruling.lightning-caster"]
    assert rule["passage"] == get_game("ultimate").catalogue[rule["id"]].passage
    assert "Foudre" in rule["gloss"] and "Éclair" not in rule["gloss"]
    option = next(o for o in doc["options"] if o["name"] == "eclair_hits_caster")
    assert option["text"].startswith(
        "Foudre hits its caster: yes (default) — Whether Foudre also deals"
    )
    ledger.close()
