"""The replay viewer shows every rule an event cites: the rule it applies and the
rulings it relied on besides (``also``), each with its French passage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.orctower.events import CreatureLost
from services.ledger import WizardLedger
from services.review.exports import export_text
from tests.domain.orctower.scenario import base

GAUGE = "orctower.ruling.loss-gauge"


def test_the_viewer_shows_a_ruling_cited_besides_the_rule(browser: Any, tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    setup = base(
        3,
        active=2,
        destiny_deck=["d05"],  # the strong creatures move: a Shaman gobelin reaches the tower
        creatures=[{"id": "shaman-20", "quarter": 3, "section": 2}],
        seats=[{}, {}, {"defeated": [0, 0, 1, 0, 0, 0]}],
    )
    gid = ledger.create_game("orctower", 3, table=True, setup=setup).game_id
    ledger.act(gid, 2, {"type": "Pass"})
    lost = next(e.position for e in ledger.entries(gid) if isinstance(e.event, CreatureLost))
    path = tmp_path / "game.html"
    path.write_text(export_text(ledger, gid, "html"), encoding="utf-8")
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        page.locator("#slider").fill(str(lost))
        row = page.locator(f"#story [data-pos='{lost}'] .rule").all_inner_texts()
        assert row == ["orctower.round.loss", GAUGE]
        detail = page.inner_text("#event-detail")
        assert GAUGE in detail and "celle-ci retourne dans la boîte" in detail
    finally:
        context.close()
