"""A JSON export read back: its events and its facts as a reader names them,
whatever its version (the replay viewer reads a document the same way:
``services/web/viewer/read.js`` and ``frames.js``).

Version 5 says an event's fields once (``event``) and its words by index in the
document's ``texts``; its position is its place in the list. Version 6 gives each
position the index of its event in ``told`` (its words, fields, dice and heading)
and its time in ``times``, counted from ``started_at``. ``events`` gives each
event back with its ``position``, ``type`` (``Hidden`` for a placeholder),
``rule``, ``also``, ``action``, words and ``at`` (where it is not the event
before's), as versions 2 to 4 wrote them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from services.review.board_frames import unshared


def events(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's events, each with the fields version 4 gave it."""
    if doc["version"] < 5:
        return list(doc["events"])
    if doc["version"] < 6:
        said = doc["texts"]
        told = [{**e, "text": said[e["text"]]} for e in doc["events"]]
    else:
        told = [dict(doc["told"][k]) for k in doc["events"]]
        start = datetime.fromisoformat(doc["started_at"])
        for position, since in doc["times"]:
            at = start + timedelta(microseconds=since)
            told[position - 1]["at"] = at.isoformat(timespec="microseconds")
    out: list[dict[str, Any]] = []
    for k, e in enumerate(told):
        event = e.get("event")
        kind = event["type"] if event else "Hidden"
        item = {**e, "position": k + 1, "type": kind}
        if event and "rule" in event:
            item["rule"] = event["rule"]
        if event and event.get("also"):
            item["also"] = event["also"]
        if kind == "ActionTaken":
            item["action"] = True
        out.append(item)
    return out


def facts(doc: dict[str, Any]) -> list[dict[str, dict[str, Any]]]:
    """Each position's facts by view label, from the document's frames: whole
    frames, and between them the facts set, the items added at the end of a list
    fact (version 6) and the facts dropped; what every label holds alike (``"*"``,
    from version 3) put back into each."""
    labels = doc["views"]
    now: dict[str, dict[str, Any]] = {}
    out: list[dict[str, dict[str, Any]]] = []
    for frame in doc["frames"]:
        if frame.get("full"):
            now = {label: dict(f) for label, f in unshared(frame["set"], labels).items()}
        else:
            for label, changed in unshared(frame.get("set", {}), labels).items():
                now.setdefault(label, {}).update(changed)
            for label, added in unshared(frame.get("add", {}), labels).items():
                for fact, items in added.items():
                    now[label][fact] = [*now[label][fact], *items]
            for label, gone in unshared(frame.get("drop", {}), labels).items():
                for fact in gone:
                    del now[label][fact]
        out.append({label: dict(f) for label, f in now.items()})
    return out
