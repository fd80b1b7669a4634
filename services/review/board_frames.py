"""The board at every position of an export: each view as the table page draws it.

A view is kept whole every ``KEYFRAME_EVERY`` positions and, in between, as the
operations that turn the view before into this one. A spell's card turning face
up changes one field of a long view, so a game's boards cost an export about
half again its size instead of several times it. The replay viewer applies the
same operations (``services/web/viewer/frames.js``, ``boardAt``); ``apply_ops`` here
is their reference, which the tests hold the patches to.

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


class BoardFrames:
    """The boards of an export, position by position, for each view label."""

    def __init__(self, keyframe_every: int) -> None:
        self.every = keyframe_every
        self.frames: list[dict[str, Any]] = []
        self._last: dict[str, Any] = {}

    def add(self, position: int, views: dict[str, Any]) -> None:
        """The views at ``position`` (the next one), as plain JSON values."""
        if (position - 1) % self.every == 0 or not self._last:
            self.frames.append({"position": position, "full": True, "views": views})
        else:
            ops = {label: ops_between(self._last[label], v) for label, v in views.items()}
            frame: dict[str, Any] = {"position": position}
            if any(ops.values()):
                frame["ops"] = {label: o for label, o in ops.items() if o}
            self.frames.append(frame)
        self._last = views
