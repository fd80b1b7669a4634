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
operations every view's patch holds (each label keeping the rest of its own).
The facts (``services.review.exports``) are shared the same way. ``unshared`` puts
them back, as the viewer does.

An operation is ``[path, value]`` (set what the path names to ``value``; an empty
path is the whole view; a list's index one past its end appends) or ``[path]``
(delete it; from a list, the item leaves its place). A path's steps are dict keys
and list indices. From version 5 of the export, a card added to the end of a
list or taken from it is one operation (not the list again), and a top-level
entry's value that a board held before (a seat's prompt, back every turn) is a
reference, ``{"$": k}``: the document's ``board_values[k]``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import msgspec

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
    if type(a) is list and type(b) is list:
        if len(a) == len(b) and all(isinstance(x, dict | list) for x in b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                _diff(x, y, [*path, i], out)
            return
        # A card come to the end of a pile, or gone from a hand (from version 5).
        if len(b) == len(a) + 1 and b[:-1] == a:
            out.append([[*path, len(a)], b[-1]])
            return
        if len(b) == len(a) - 1:
            i = next((i for i, (x, y) in enumerate(zip(a[:-1], b, strict=True)) if x != y), len(b))
            if a[i + 1 :] == b[i:]:
                out.append([[*path, i]])
                return
    out.append([path, b])


def _ops_by_entry(
    before: Any,
    after: Any,
    made: dict[tuple[int, int], list[Op]],
    changed: list[str] | None = None,
    again: Callable[[Any], dict[str, int] | None] = lambda v: None,
) -> list[Op]:
    """``ops_between(before, after)``, each top-level entry's operations taken from
    ``made`` where the same two values were compared already: the board every
    seat sees is the same value in each seat's view, compared once a position.
    ``changed``: the only entries that may differ, where the caller knows them;
    ``again``: a reference to an entry's value said before, if it was."""
    if type(before) is not dict or type(after) is not dict:
        return ops_between(before, after)
    out: list[Op] = []
    keys = after if changed is None else [k for k in changed if k in after]
    for k in keys:
        v = after[k]
        if k not in before:
            out.append([[k], v])
            continue
        old = before[k]
        if old is v:
            continue
        key = (id(old), id(v))  # both held by the views compared: the ids stay theirs
        ops = made.get(key)
        if ops is None:
            ref = again(v)
            ops = made[key] = [[[k], ref]] if ref is not None else ops_between(old, v, [k])
        out.extend(ops)
    gone = before if changed is None else changed
    out.extend([[k]] for k in gone if k in before and k not in after)
    return out


def said(value: Any, values: list[Any]) -> Any:
    """A board's value as the document says it: ``{"$": k}`` is ``values[k]`` (the
    document's ``board_values``)."""
    if type(value) is dict and len(value) == 1 and REF in value:
        return values[value[REF]]
    return value


def whole_views(frame: dict[str, Any], labels: list[str], values: list[Any]) -> dict[str, Any]:
    """A whole board frame's views by label, each whole (``unshared``, and its
    top-level entries said where they are referred to)."""
    views = unshared(frame["views"], labels)
    return {
        label: {k: said(v, values) for k, v in view.items()} if type(view) is dict else view
        for label, view in views.items()
    }


def apply_ops(view: Any, ops: list[Op], values: list[Any] = []) -> Any:  # noqa: B006  # read, never changed
    """``view`` with ``ops`` applied (a new value; ``view`` is left as it was);
    ``values``: the document's ``board_values``, which ``{"$": k}`` stands for."""
    view = copy.deepcopy(view)
    for op in ops:
        path = op[0]
        value = said(op[1], values) if len(op) == 2 else None
        if not path:
            view = copy.deepcopy(value)
            continue
        parent = view
        for step in path[:-1]:
            parent = parent[step]
        if len(op) == 2 and type(parent) is list and path[-1] == len(parent):
            parent.append(copy.deepcopy(value))
        elif len(op) == 2:
            parent[path[-1]] = copy.deepcopy(value)
        else:
            del parent[path[-1]]
    return view


EVERY = "*"  # a frame's entry for every view label alike
REF = "$"  # ``{"$": k}``, an operation's value: the document's ``board_values[k]``
REF_AT_LEAST = 16  # bytes of JSON a value takes before it is worth a reference
_ENCODE = msgspec.json.Encoder().encode


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
    """Each label's list, the items every label's holds (two labels or more) kept
    once under ``EVERY``, each label keeping the rest; a label left with nothing
    is left out. (The items are operations on distinct paths, or facts dropped:
    their order across the two parts does not matter.)"""
    lists = [items for items in by_label.values()]
    if len(lists) < 2:
        return {label: items for label, items in by_label.items() if items}
    first, *others = lists
    common = [x for x in first if all(x in o for o in others)]
    if not common:
        return {label: items for label, items in by_label.items() if items}
    out: dict[str, list[Any]] = {EVERY: common}
    for label, items in by_label.items():
        own = [x for x in items if x not in common]
        if own:
            out[label] = own
    return out


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

    def __init__(self, keyframe_every: int, intern: Callable[[Any, bytes], int]) -> None:
        self.every = keyframe_every
        self._last: dict[str, Any] = {}
        self._intern = intern
        self._seen: set[bytes] = set()

    def _again(self, value: Any) -> dict[str, int] | None:
        """``{"$": k}`` (``k``: the value's index in the document's ``board_values``) for
        a top-level entry's value that a board held before (a seat's prompt comes
        back every turn), else None; a short value is said whole."""
        said = _ENCODE(value)
        if len(said) < REF_AT_LEAST:
            return None
        if said not in self._seen:
            self._seen.add(said)
            return None
        return {REF: self._intern(value, said)}

    def add(
        self, position: int, views: dict[str, Any], changed: dict[str, list[str]] | None = None
    ) -> dict[str, Any]:
        """The frame of the views at ``position`` (the next one), as plain JSON values.
        ``changed``: each view's top-level entries that may differ from the position
        before (the others are the same objects), where the caller knows them."""
        # A frame's position is its place in the list (from version 4 of the export).
        if (position - 1) % self.every == 0 or not self._last:
            shared = shared_entries(views)
            frame: dict[str, Any] = {
                "full": True,
                "views": {
                    label: {k: self._again(v) or v for k, v in entries.items()}
                    for label, entries in shared.items()
                },
            }
        else:
            # A view that is the one before (most of a long game's, to most seats)
            # is not compared deeper.
            last = self._last
            made: dict[tuple[int, int], list[Op]] = {}
            if changed is None:
                ops = {
                    label: []
                    if v == last[label]
                    else _ops_by_entry(last[label], v, made, again=self._again)
                    for label, v in views.items()
                }
            else:
                ops = {
                    label: _ops_by_entry(last[label], v, made, changed[label], self._again)
                    if changed[label]
                    else []
                    for label, v in views.items()
                }
            frame = {}
            if any(ops.values()):
                frame["ops"] = shared_lists(ops)
        self._last = views
        return frame
