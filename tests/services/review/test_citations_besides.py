"""A consequence that relied on a ruling cites it besides its rule
(``Consequence.also``), and every reader of the record shows it: the JSON export
(with the ruling's text among the rules), the Markdown story, the dispute desk
(which counts the ruling as applied to the action)."""

from __future__ import annotations

from typing import Any

from domain.orctower.events import CreatureLost
from services.ledger import WizardLedger
from services.review.dispute import dispute
from services.review.export_read import events
from services.review.exports import document, export_text
from tests.domain.orctower.scenario import base

GAUGE = "orctower.ruling.loss-gauge"


def _lost_at_the_tower(ledger: WizardLedger) -> tuple[Any, int]:
    """Red passes; the next round's destiny card moves a Shaman gobelin into the tower
    through red's quarter, and red loses one (citing what becomes of the gauge)."""
    setup = base(
        3,
        active=2,
        destiny_deck=["d05"],
        creatures=[{"id": "shaman-20", "quarter": 3, "section": 2}],
        seats=[{}, {}, {"defeated": [0, 0, 1, 0, 0, 0]}],
    )
    gid = ledger.create_game("orctower", 3, table=True, setup=setup).game_id
    entries = ledger.act(gid, 2, {"type": "Pass"})
    return gid, entries[0].position


def test_every_reader_shows_what_an_event_relied_on(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, action = _lost_at_the_tower(ledger)
    doc = document(ledger, gid)
    lost = [e for e in events(doc) if e["type"] == CreatureLost.__name__]
    assert [(e["rule"], e.get("also")) for e in lost] == [("orctower.round.loss", [GAUGE])]
    assert doc["rules"][GAUGE]["source"] == "ruling"
    assert f"[{GAUGE}](#" in export_text(ledger, gid, "md")
    desk = dispute(ledger, gid, action)
    cited = {r["option"]: r["cited"] for r in desk["other_readings"]}
    assert cited["loss_gauge"] is True
    shown = [c for c in desk["consequences"] if c["type"] == CreatureLost.__name__]
    assert [[r["id"] for r in c["also"]] for c in shown] == [[GAUGE]]
