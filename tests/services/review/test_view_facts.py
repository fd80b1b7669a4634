"""A view's facts carried from position to position (``ViewFacts``) are the facts
its entries give, and a frame's changes lead from one position's to the next,
also where two entries give one fact or a fact goes from one entry to another
(the cases where the facts are gathered whole again)."""

from __future__ import annotations

from typing import Any

import pytest

from services.review.view_facts import Told, ViewFacts

Position = dict[str, dict[str, Any]]  # a view's entries, each by the facts it gives

POSITIONS: list[Position] = [
    {"a": {"x": 1, "y": 2}, "b": {"z": 3}},
    {"a": {"x": 1, "y": 5}, "b": {"z": 3}},  # one fact changed
    {"a": {"x": 1}, "b": {"z": 3, "y": 5}},  # a fact gone from one entry to another
    # Two entries give "x": the later one's is the view's.
    {"c": {"x": 9}, "a": {"x": 1}, "b": {"z": 3, "y": 5}},
    {"c": {"x": 9}, "a": {"x": 2}, "b": {"z": 3, "y": 5}},
    {"c": {}, "a": {"w": 0}, "b": {"z": 3, "y": 5}},  # neither gives it any more
    {"c": {}, "a": {"w": 0, "x": 2}, "b": {"z": 4, "y": 6}},
    {"c": {}, "a": {"w": 0, "x": 2}, "b": {"z": 4, "y": 6}},  # nothing changed
    {"c": {}, "b": {"z": 4, "y": 6, "x": 2, "w": 0}},  # an entry gone, its facts another's
    {"a": {"x": 1, "y": 2}, "b": {"z": 3}},
]


def _whole(entries: dict[str, Told]) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for told in entries.values():
        facts |= told.facts
    return facts


def _steps(whole_every: int) -> list[tuple[dict[str, Any], dict[str, Any], Any]]:
    """(facts before, whole facts now, the step) at each position, one view label."""
    facts = ViewFacts()
    kept: dict[str, Told] = {}
    out = []
    for k, position in enumerate(POSITIONS):
        mine = {
            key: kept[key] if key in kept and kept[key].facts == given else Told(None, given, None)
            for key, given in position.items()
        }
        anew = [key for key in mine if kept.get(key) is not mine[key]]
        anew += [key for key in kept if key not in mine]
        before = facts.last.get("Ann", {})
        step = facts.step({"Ann": (mine, anew)}, {}, whole_frame=k % whole_every == 0)
        out.append((before, _whole(mine), step))
        kept = mine
    return out


@pytest.mark.parametrize("whole_every", [1, 3, len(POSITIONS)])
def test_each_position_holds_the_facts_its_entries_give_and_its_changes_lead_there(
    whole_every: int,
) -> None:
    for k, (before, whole, step) in enumerate(_steps(whole_every)):
        assert step.now["Ann"] == whole, k
        if k % whole_every == 0:
            assert list(step.now["Ann"]) == list(whole), k  # a whole frame in entries' order
            continue
        changed, dropped = step.changed["Ann"], step.dropped["Ann"]
        assert changed == {f: v for f, v in whole.items() if before.get(f, object()) != v}, k
        assert sorted(dropped) == sorted(f for f in before if f not in whole), k
