"""The board at every position of an export: each view as the table page draws it.

A view is kept whole every ``KEYFRAME_EVERY`` positions and, in between, as the
operations that turn the view before into this one. A spell's card turning face
up changes one field of a long view, so a game's boards cost an export about
half again its size instead of several times it. The replay viewer applies the
same operations (``services/web/viewer/frames.js``, ``boardAt``); ``apply_ops`` here
is their reference, which the tests hold the patches to.

What every view label of a frame holds alike is kept once, under the label
``"*"`` (``EVERY``): in a whole frame, the top-level entries equal in every view
(the board all seats see), the rest under each label; among patches, the
operations when every view changed alike. The facts (``services.review.exports``)
are shared the same way. ``unshared`` puts them back, as the viewer does.

An operation is ``[path, value]`` (set what the path names to ``value``; an empty
path is the whole view) or ``[path]`` (delete it). A path's steps are dict keys
and list indices.
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]


def ops_between(before: Any, after: Any, path: list[str | int] | None = None) -> list[Op]:
    """The operations that turn ``before`` into ``after`` (both plain JSON values).

    Dicts are compared key by key; a list keeps its items' places when its length
    is unchanged and its items are containers (the seats' records), and is
    replaced whole otherwise (a hand that grew or shrank)."""
    out: list[Op] = []
    _diff(before, after, path or [], out)
    return out


def _diff(a: Any, b: Any, path: list[str | int], out: list[Op]) -> None:
    if a == b:
        return
    if type(a) is dict and type(b) is dict:
        for k, v in b.items():
            if k in a:
                _diff(a[k], v, [*path, k], out)
            else:
                out.append([[*path, k], v])
        out.extend([[*path, k]] for k in a if k not in b)
        return
    if (
        type(a) is list
        and type(b) is list
        and len(a) == len(b)
        and all(isinstance(x, dict | list) for x in b)
    ):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, [*path, i], out)
        return
    out.append([path, b])


def apply_ops(view: Any, ops: list[Op]) -> Any:
    """``view`` with ``ops`` applied (a new value; ``view`` is left as it was)."""
    view = copy.deepcopy(view)
    for op in ops:
        path = op[0]
        if not path:
            view = copy.deepcopy(op[1])
            continue
        parent = view
        for step in path[:-1]:
            parent = parent[step]
        if len(op) == 2:
            parent[path[-1]] = copy.deepcopy(op[1])
        else:
            del parent[path[-1]]
    return view


EVERY = "*"  # a frame's entry for every view label alike


def shared_entries(by_label: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each label's mapping, the top-level entries equal in all of them (two labels
    or more) kept once under ``EVERY`` and left out of each label's."""
    if len(by_label) < 2:
        return by_label
    first, *others = by_label.values()
    common = {k: v for k, v in first.items() if all(k in o and o[k] == v for o in others)}
    if not common:
        return by_label
    out: dict[str, dict[str, Any]] = {EVERY: common}
    for label, mapping in by_label.items():
        own = {k: v for k, v in mapping.items() if k not in common}
        if own:
            out[label] = own
    return out


def shared_lists(by_label: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Each label's list, kept once under ``EVERY`` where every label's is the same."""
    lists = list(by_label.values())
    if len(lists) > 1 and all(x == lists[0] for x in lists[1:]):
        return {EVERY: lists[0]}
    return by_label


def unshared(part: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """A frame's part by label, with what ``EVERY`` holds put back into each label's
    (mappings merged, lists joined); a label the part does not name is left out."""
    every = part.get(EVERY)
    if every is None:
        return part
    out: dict[str, Any] = {}
    for label in labels:
        own = part.get(label)
        if isinstance(every, dict):
            out[label] = {**every, **(own or {})}
        else:
            out[label] = [*every, *(own or [])]
    return out


class BoardFrames:
    """The boards of an export, position by position, for each view label: each
    ``add`` gives its frame (a long game's are written as they come, not kept)."""

    def __init__(self, keyframe_every: int) -> None:
        self.every = keyframe_every
        self._last: dict[str, Any] = {}

    def add(self, position: int, views: dict[str, Any]) -> dict[str, Any]:
        """The frame of the views at ``position`` (the next one), as plain JSON values."""
        if (position - 1) % self.every == 0 or not self._last:
            frame: dict[str, Any] = {
                "position": position,
                "full": True,
                "views": shared_entries(views),
            }
        else:
            # A view that is the one before (most of a long game's, to most seats)
            # is not compared deeper.
            last = self._last
            ops = {
                label: [] if v == last[label] else ops_between(last[label], v)
                for label, v in views.items()
            }
            frame = {"position": position}
            if any(ops.values()):
                together = shared_lists(ops)
                frame["ops"] = (
                    together if EVERY in together else {lb: o for lb, o in ops.items() if o}
                )
        self._last = views
        return frame
