"""A JSON export read back: its events as a reader names them, whatever its version.

Version 5 says an event's fields once (``event``) and its words by index in the
document's ``texts``; its position is its place in the list. ``events`` gives
each event back with its ``position``, ``type`` (``Hidden`` for a placeholder),
``rule``, ``also``, ``action`` and words, as versions 2 to 4 wrote them; the
replay viewer reads a document the same way (``services/web/viewer/read.js``).
"""

from __future__ import annotations

from typing import Any


def events(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's events, each with the fields version 4 gave it."""
    if doc["version"] < 5:
        return list(doc["events"])
    said = doc["texts"]
    out: list[dict[str, Any]] = []
    for k, e in enumerate(doc["events"]):
        event = e.get("event")
        kind = event["type"] if event else "Hidden"
        item = {**e, "position": k + 1, "type": kind, "text": said[e["text"]]}
        if event and "rule" in event:
            item["rule"] = event["rule"]
        if event and event.get("also"):
            item["also"] = event["also"]
        if kind == "ActionTaken":
            item["action"] = True
        out.append(item)
    return out
