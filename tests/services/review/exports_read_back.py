"""An export read back as its readers read it: validated against its published
schema, and its boards rebuilt position by position as the viewer rebuilds them.
Shared by the export tests here and the viewer's tests in tests/web."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import msgspec

from services.ledger import WizardLedger
from services.reads.views import named_prompts
from services.review.board_frames import apply_ops, unshared, whole_views
from services.review.export_schema import VERSION, check, schema, schema_name
from services.words.sentences import Words


def validate(text: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(text)
    assert doc["version"] == VERSION and doc["schema"] == schema_name(doc["game"])
    jsonschema.validate(doc, schema(doc["game"]))
    check(doc)
    return doc


def rebuilt(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every position's views, from the frames as the viewer reads them (what every
    view holds alike, under "*", put back into each)."""
    out: list[dict[str, Any]] = []
    views: dict[str, Any] = {}
    labels = doc["views"]
    for frame in doc["boards"]:
        if frame.get("full"):
            views = whole_views(frame, labels, doc["board_values"])
        else:
            ops = unshared(frame.get("ops", {}), labels)
            views = {
                label: apply_ops(view, ops.get(label, []), doc["board_values"])
                for label, view in views.items()
            }
        out.append(views)
    return out


def seat_view(ledger: WizardLedger, gid: Any, at: int, seat: int | None) -> Any:
    """The view the ledger gives ``seat`` at position ``at``, as an export's board holds it."""
    loaded = ledger.load(gid, at)
    words = Words.table(loaded.game, loaded.fold.started)
    view = loaded.game.view(loaded.fold.state, seat)
    # As the document holds it: JSON (a tuple of the game's is a list there).
    return msgspec.json.decode(msgspec.json.encode(named_prompts(view, words)))
