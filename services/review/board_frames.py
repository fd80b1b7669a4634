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
reference, ``{"$": k}``: the document's ``board_values[k]``. From version 6, cards
taken from the front of a list and added at its end (a pile shown as its last
cards) are deletes of its first item and appends, any value a board held before
may be a reference (a card back in a pile, a spell shown to each seat), and
``"*"`` holds the operations on an entry that give every view what it becomes,
though one view changed otherwise or not at all (``shared_ops``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import msgspec

Op = list[Any]

REF_AT_LEAST = 16  # bytes of JSON a value takes before it is worth a reference
_ENCODE = msgspec.json.Encoder().encode


def ops_between(before: Any, after: Any, path: list[str | int] | None = None) -> list[Op]:
    """The operations that turn ``before`` into ``after`` (both plain JSON values).

    Dicts are compared key by key; a list keeps its items' places when its length
    is unchanged and its items are containers (the seats' records), and is
    replaced whole otherwise (a hand that grew or shrank)."""
    out: list[Op] = []
    if before != after:
        _diff(before, after, path or [], out)
    return out


def _diff(a: Any, b: Any, path: list[str | int], out: list[Op]) -> None:
    """The operations that turn ``a`` into ``b``, which differ, into ``out``. (Each
    part is compared before it is looked into: most of a view is as it was.)"""
    if type(a) is dict and type(b) is dict:
        for k, v in b.items():
            if k not in a:
                out.append([[*path, k], v])
            elif a[k] != v:
                _diff(a[k], v, [*path, k], out)
        out.extend([[*path, k]] for k in a if k not in b)
        return
    if type(a) is list and type(b) is list:
        # Cards gone from the front of a pile and come to its end (a discard pile
        # shown as its last ten cards, from version 6; one card come to the end of a
        # pile from version 5): deletes of its first item, then appends.
        moved = _moved(a, b, path)
        if len(a) == len(b) and all(isinstance(x, dict | list) for x in b):
            kept: list[Op] = []
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if x != y:
                    _diff(x, y, [*path, i], kept)
            if moved is None or len(_ENCODE(kept)) <= len(_ENCODE(moved)):
                out.extend(kept)
                return
        if moved is not None:
            out.extend(moved)
            return
        # A card gone from a hand (from version 5).
        if len(b) == len(a) - 1:
            i = next((i for i, (x, y) in enumerate(zip(a[:-1], b, strict=True)) if x != y), len(b))
            if a[i + 1 :] == b[i:]:
                out.append([[*path, i]])
                return
    out.append([path, b])


def _moved(a: list[Any], b: list[Any], path: list[str | int]) -> list[Op] | None:
    """The operations that make ``b`` of ``a`` by taking items from its front and
    adding items at its end, if ``b`` is so made (the fewest taken), else None."""
    if a and (not b or b[0] not in a):
        return None  # nothing of ``a`` kept (the list said again is shorter)
    for gone in range(len(a) + 1):
        left = len(a) - gone
        if left <= len(b) and a[gone:] == b[:left] and (gone or left < len(b)):
            if gone and not left:
                return None  # nothing kept: the list said again is shorter
            return [[[*path, 0]] for _ in range(gone)] + [
                [[*path, left + i], item] for i, item in enumerate(b[left:])
            ]
    return None


def _ops_by_entry(
    before: Any,
    after: Any,
    made: dict[tuple[int, int], list[Op]],
    changed: list[str] | None = None,
    entry_ops: Callable[[str, Any, Any], list[Op]] = lambda k, a, b: ops_between(a, b, [k]),
) -> list[Op]:
    """``ops_between(before, after)``, each top-level entry's operations taken from
    ``made`` where the same two values were compared already: the board every
    seat sees is the same value in each seat's view, compared once a position.
    ``changed``: the only entries that may differ, where the caller knows them;
    ``entry_ops``: the operations that change one entry (``BoardFrames``'s say
    values said before by reference)."""
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
            ops = made[key] = entry_ops(k, old, v)
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
        elif type(parent) is dict:
            # A key the view has not: an operation of every view's (``"*"``) that
            # this one held already (from version 6).
            parent.pop(path[-1], None)
        else:
            del parent[path[-1]]
    return view


EVERY = "*"  # a frame's entry for every view label alike
REF = "$"  # ``{"$": k}``, an operation's value: the document's ``board_values[k]``


def shared_entries(
    by_label: dict[str, dict[str, Any]],
    holds: Callable[[str, str, Any], bool] | None = None,
) -> dict[str, dict[str, Any]]:
    """Each label's mapping, the top-level entries equal in all of them (two labels
    or more) kept once under ``EVERY`` and left out of each label's. ``holds``:
    whether a label's view holds an entry already, so that setting it there too
    leaves it as it was (a label that does not set it then does not keep it from
    being shared, from version 6)."""
    if len(by_label) < 2:
        return by_label
    first, *others = by_label.values()
    common = {k: v for k, v in first.items() if all(k in o and o[k] == v for o in others)}
    if holds is not None:
        for mapping in by_label.values():
            for k, v in mapping.items():
                if k in common:
                    continue
                setting = [label for label, o in by_label.items() if k in o and o[k] == v]
                if len(setting) > 1 and all(
                    k not in o and holds(label, k, v)
                    for label, o in by_label.items()
                    if label not in setting
                ):
                    common[k] = v
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
    return _with_every(common, by_label)


def _with_every(common: list[Any], by_label: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """``common`` under ``EVERY``, and each label's items that are not in it (a label
    left with none is left out)."""
    out: dict[str, list[Any]] = {EVERY: common}
    for label, items in by_label.items():
        own = [x for x in items if x not in common]
        if own:
            out[label] = own
    return out


def shared_ops(
    ops: dict[str, list[Op]],
    before: dict[str, Any],
    after: dict[str, Any],
    said: Callable[[Any], Any],
) -> dict[str, list[Op]]:
    """Each label's operations, those of a top-level entry that two labels or more
    hold alike kept once under ``EVERY`` where they turn every other label's entry
    into what it is too (from version 6: a spell turned face up for every seat but
    its caster, whose view changed otherwise or not at all, ends the same in every
    view); each label keeps the rest. ``before`` and ``after``: each label's view
    before and after its operations; ``said``: an operation's value, its
    reference said (two labels may say one value one way and the other)."""
    lists = list(ops.values())
    if len(lists) < 2 or all(label_ops == lists[0] for label_ops in lists[1:]):
        # Most changes: the same for every view (or for the only one).
        if len(lists) > 1 and lists[0]:
            return {EVERY: lists[0]}
        return {label: label_ops for label, label_ops in ops.items() if label_ops}
    by_entry = {label: _by_entry(label_ops) for label, label_ops in ops.items()}
    common: list[Op] = []
    taken: set[Any] = set()
    for key in dict.fromkeys(k for entries in by_entry.values() for k in entries):
        holders = [entries[key] for entries in by_entry.values() if key in entries]
        if len(holders) == len(by_entry) and all(g == holders[0] for g in holders[1:]):
            common += holders[0]  # every label's alike, as written
            taken.add(key)
            continue
        plain = [[_plain(op, said) for op in group] for group in holders]
        group = max(plain, key=plain.count)
        if plain.count(group) < 2:
            continue
        if all(
            (key in entries and [_plain(op, said) for op in entries[key]] == group)
            or _gives(group, key, before[label], after[label])
            for label, entries in by_entry.items()
        ):
            # As the shortest of its holders wrote it (a value by reference, or not).
            alike_written = [g for g, bare in zip(holders, plain, strict=True) if bare == group]
            common += min(alike_written, key=lambda g: len(_ENCODE(g)))
            taken.add(key)
    rest = {
        label: [op for key, group in entries.items() if key not in taken for op in group]
        for label, entries in by_entry.items()
    }
    # Of the rest, an operation every label holds, where the order of its entry's
    # operations does not matter (version 5's sharing).
    held = [op for op in next(iter(rest.values())) if all(op in r for r in rest.values())]
    free = {
        key
        for key in dict.fromkeys(_entry_of(op) for op in held)
        if all(_independent(entries.get(key, [])) for entries in by_entry.values())
    }
    alike = [op for op in held if _entry_of(op) in free]
    common += alike
    if not common:
        return {label: label_ops for label, label_ops in ops.items() if label_ops}
    return _with_every(common, rest)


def _plain(op: Op, said: Callable[[Any], Any]) -> Op:
    return [op[0], said(op[1])] if len(op) == 2 else op


def _entry_of(op: Op) -> Any:
    return op[0][0] if op[0] else None


def _by_entry(ops: list[Op]) -> dict[Any, list[Op]]:
    """Operations by the top-level entry they change (the empty path: ``None``)."""
    out: dict[Any, list[Op]] = {}
    for op in ops:
        out.setdefault(_entry_of(op), []).append(op)
    return out


def _gives(group: list[Op], key: Any, before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether ``group`` (operations on the top-level entry ``key``, their values
    said) turns ``before``'s entry into ``after``'s."""
    if key is None:
        return False
    was = {key: before[key]} if key in before else {}
    try:
        return apply_ops(was, group) == ({key: after[key]} if key in after else {})
    except (KeyError, IndexError, TypeError):
        return False  # a path this view has not


def _independent(group: list[Op]) -> bool:
    """Whether ``group`` gives the same view in any order: no item taken from a
    list (the items after it move), no path within another's or said twice."""
    paths = {tuple(op[0]) for op in group}
    if len(paths) < len(group):
        return False
    if any(len(op) == 1 and op[0] and type(op[0][-1]) is int for op in group):
        return False
    return not any(path[:k] in paths for path in paths for k in range(len(path)))


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
        self._refs: dict[bytes, int] = {}
        self._values: dict[int, Any] = {}

    def _again(self, value: Any, said: bytes | None = None) -> dict[str, int] | None:
        """``{"$": k}`` (``k``: the value's index in the document's ``board_values``) for
        a value that a board held before (a seat's prompt comes back every turn, a
        card back in a pile), else None; a short value is said whole. ``said``:
        the value encoded, where the caller has it."""
        said = _ENCODE(value) if said is None else said
        if len(said) < REF_AT_LEAST:
            return None
        k = self._refs.get(said)
        if k is None:
            if said not in self._seen:
                self._seen.add(said)
                return None
            k = self._refs[said] = self._intern(value, said)
            self._values[k] = value
        return {REF: k}

    def _said(self, value: Any) -> Any:
        if type(value) is dict and len(value) == 1 and REF in value:
            return self._values[value[REF]]
        return value

    def _entry_ops(self, key: str, before: Any, after: Any) -> list[Op]:
        """The operations that change one top-level entry, their values said by
        reference where a board held them before (from version 6 at any depth, not
        only an entry's whole value). The entry is set whole where that is shorter
        than the changes (a value already referred to always is)."""
        said = _ENCODE(after)
        k = self._refs.get(said)
        if k is not None:
            return [[[key], {REF: k}]]
        # Seen, so that a whole frame or a later change to it refers to it.
        self._seen.add(said)
        ops = ops_between(before, after, [key])
        # One operation sets a part of the entry, or the entry: never much longer.
        if len(ops) > 1 and len(_ENCODE(ops)) > len(said):
            return [[[key], self._again(after, said) or after]]
        return [[op[0], self._again(op[1]) or op[1]] if len(op) == 2 else op for op in ops]

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
                    else _ops_by_entry(last[label], v, made, entry_ops=self._entry_ops)
                    for label, v in views.items()
                }
            else:
                ops = {
                    label: _ops_by_entry(last[label], v, made, changed[label], self._entry_ops)
                    if changed[label]
                    else []
                    for label, v in views.items()
                }
            frame = {}
            if any(ops.values()):
                frame["ops"] = shared_ops(ops, last, views, self._said)
        self._last = views
        return frame
