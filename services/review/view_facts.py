"""The facts of an export's views at every position, and what changed at each.

Each view's top-level entries are told once while they stay what they were
(``Entries``); a view's facts are its entries' facts together, and a frame of
the JSON export says the facts that changed since the position before
(``services.review.exports``, ``_frames``).

A long game changes one entry or two a position, of views that hold some
hundred facts each: a view's facts are carried from the position before and
only its changed entries' facts replaced, and what changed is found once for
every view whose entry changed alike (``ViewFacts.step``). Where two entries
of a view give one fact, or a fact moves from one entry to another, the facts
are gathered whole and compared as they always were: the document is the same
byte for byte either way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from services.reads.views import named_prompts
from services.words.sentences import Words
from services.words.views import SKIPPED, flatten, said_key

_GONE = object()
_ENCODE = msgspec.json.Encoder().encode
# An entry's value this short (as JSON) comes back (a stage, whose turn it is, a
# decision pending): told once for the whole game. A longer one seldom does (every
# wizard's board): told once a position, for the views that hold it alike.
SHORT = 512
SHORT_KEPT = 4096  # short values told at most (a long game's, bounded)


@dataclasses.dataclass(slots=True, eq=False)
class Told:
    """One top-level entry of a view, told: its facts (``flatten``'s, under the
    entry's own label) and its board entry (as the table page is given it)."""

    value: Any
    facts: dict[str, Any]
    board: Any


class Entries:
    """Each top-level entry of a game's views told once while it stays what it was.

    Across a game's positions and its seats' views, most entries are unchanged
    (the board every seat sees): an entry equal to the one the same view held at
    the position before keeps its ``Told``, and one equal to what another view
    told at this position takes that one, so the facts, boards and their changes
    are made once a position for every view alike and compared by identity."""

    def __init__(self, words: Words) -> None:
        self.words = words
        # A game that says its whole view itself (``view_facts``) is told whole.
        self.whole = words.said.view_facts is not None
        self._records: dict[Any, dict[str, Any]] = {}  # ``flatten``'s, kept
        self._kept: dict[str, dict[str, Told]] = {}
        self._views: dict[str, dict[str, Any]] = {}  # each label's view told last
        self._short: dict[tuple[str, bytes], Told] = {}  # by key and value as JSON
        self._long: set[str] = set()  # keys whose value was long

    def told(
        self, views: dict[str, dict[str, Any]]
    ) -> dict[str, tuple[dict[str, Told], list[str]]]:
        """Each view's entries told, and the keys told anew since the view before."""
        fresh: dict[str, list[Told]] = {}
        out: dict[str, tuple[dict[str, Told], list[str]]] = {}
        for label, view in views.items():
            kept = self._kept.get(label, {})
            last = self._views.get(label, {})
            self._views[label] = view
            anew = [key for key, value in view.items() if last.get(key, _GONE) != value]
            if list(view) == list(kept):
                now = kept.copy()
                for key in anew:
                    now[key] = self._told(key, view[key], fresh)
            else:
                # Entries come or gone: in the view's order.
                changed = set(anew)
                now = {
                    key: self._told(key, value, fresh) if key in changed else kept[key]
                    for key, value in view.items()
                }
                anew += [key for key in kept if key not in now]
            self._kept[label] = now
            out[label] = now, anew
        return out

    def _told(self, key: str, value: Any, fresh: dict[str, list[Told]]) -> Told:
        """``value``'s ``Told``: one told before (a short value at any position, a
        long one by another view at this position), or told now."""
        if key not in self._long:
            said = _ENCODE(value)
            if len(said) <= SHORT:
                made = self._short.get((key, said))
                if made is None or made.value != value:
                    made = self._tell(key, value)
                    if len(self._short) >= SHORT_KEPT:
                        self._short.clear()
                    self._short[key, said] = made
                return made
            # A key whose value was long once is long again (the wizards' boards):
            # not written as JSON again only to find it so.
            self._long.add(key)
        for made in fresh.get(key, ()):
            if made.value == value:
                return made
        made = self._tell(key, value)
        fresh.setdefault(key, []).append(made)
        return made

    def _tell(self, key: str, value: Any) -> Told:
        words = self.words
        facts = (
            {}
            if self.whole or key in SKIPPED
            else flatten(value, words, said_key(key, words), self._records, key)
        )
        # One entry's words are the entry's alone (named_prompts goes key by key).
        board = msgspec.to_builtins(named_prompts({key: value}, words)[key])
        return Told(value, facts, board)


@dataclasses.dataclass(slots=True)
class _Change:
    """How one entry's facts changed (from ``was`` to ``now``, either absent):
    the facts set (new or of another value), those it no longer gives, and by
    how many its facts grew."""

    changed: dict[str, Any]
    gone: list[str]
    grew: int


def _change(now: Told | None, was: Told | None) -> _Change:
    after = now.facts if now is not None else {}
    before = was.facts if was is not None else {}
    return _Change(
        changed={f: v for f, v in after.items() if before.get(f, _GONE) != v},
        gone=[f for f in before if f not in after],
        grew=len(after) - len(before),
    )


@dataclasses.dataclass(slots=True)
class Step:
    """One position's facts: each view's (``now``), and, by view, the facts
    changed, and those dropped, since the position before."""

    now: dict[str, dict[str, Any]]
    changed: dict[str, dict[str, Any]]
    dropped: dict[str, list[str]]


class ViewFacts:
    """Each view's facts, position by position (``step``)."""

    def __init__(self, whole: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> None:
        # The facts of a whole view, for a game that says them itself (``Entries.whole``).
        self.whole = whole
        self.last: dict[str, dict[str, Any]] = {}
        self._kept: dict[str, dict[str, Told]] = {}
        self._count: dict[str, int] = {}  # the facts of each view's entries, together

    def step(
        self,
        told: dict[str, tuple[dict[str, Told], list[str]]],
        views: dict[str, dict[str, Any]],
        *,
        whole_frame: bool,
    ) -> Step:
        """The facts of the position ``told`` holds (``Entries.told``'s; ``views``: the
        views it told, read where the game says its whole view). ``whole_frame``:
        the frame says every fact, in its entries' order (a view's facts carried
        from position to position keep the order they came in)."""
        step = Step({}, {}, {})
        changes: dict[tuple[int, int], _Change] = {}
        for label, (mine, anew) in told.items():
            before = self.last.get(label, {})
            if self.whole is not None:
                if not anew:
                    step.now[label], step.changed[label], step.dropped[label] = before, {}, []
                    continue
                facts = self.whole(views[label])
                self._compare(step, label, before, facts, [*facts, *before])
                continue
            if not anew and not (whole_frame and before):
                step.now[label], step.changed[label], step.dropped[label] = before, {}, []
                continue
            was = self._kept.get(label, {})
            count = self._count.get(label, 0)
            entry_changes = []
            for key in anew:
                now_told, was_told = mine.get(key), was.get(key)
                pair = (id(now_told), id(was_told))  # both held until the step ends
                change = changes.get(pair)
                if change is None:
                    change = changes[pair] = _change(now_told, was_told)
                entry_changes.append(change)
            self._count[label] = count + sum(c.grew for c in entry_changes)
            if whole_frame or not self._carried(step, label, before, count, entry_changes):
                facts = {}
                for t in mine.values():
                    facts |= t.facts
                # Only the facts of the entries told anew can differ.
                anew_facts = [
                    f for key in anew for t in (mine.get(key), was.get(key)) if t for f in t.facts
                ]
                self._compare(step, label, before, facts, anew_facts)
        self._kept = {label: mine for label, (mine, _) in told.items()}
        self.last = step.now
        return step

    def _carried(
        self,
        step: Step,
        label: str,
        before: dict[str, Any],
        count: int,
        entry_changes: list[_Change],
    ) -> bool:
        """``label``'s facts carried from ``before`` with its entries' ``entry_changes``
        into ``step``, where that gives what gathering them whole gives; False (and
        nothing set) otherwise. It does where no fact is given by two entries,
        before or now (``count``: the facts of the entries before, one by one), and
        none an entry no longer gives is given by another (gone from one to the
        other, which then gives it anew)."""
        if len(before) != count:
            return False
        facts = before.copy()
        for c in entry_changes:
            for f in c.gone:
                facts.pop(f, None)
        for c in entry_changes:
            facts.update(c.changed)
        # Carried, the facts are at most those gathered whole: as many only if no
        # two entries give one.
        if len(facts) != self._count[label]:
            return False
        if any(f in facts for c in entry_changes for f in c.gone):
            return False
        changed: dict[str, Any] = {}
        dropped: list[str] = []
        for c in entry_changes:
            changed |= c.changed
            dropped += c.gone
        step.now[label], step.changed[label], step.dropped[label] = facts, changed, dropped
        return True

    @staticmethod
    def _compare(
        step: Step,
        label: str,
        before: dict[str, Any],
        facts: dict[str, Any],
        candidates: list[str],
    ) -> None:
        """``label``'s facts, gathered whole, and which of ``candidates`` changed."""
        step.now[label] = facts
        step.changed[label] = {
            f: facts[f]
            for f in dict.fromkeys(candidates)
            if f in facts and before.get(f, _GONE) != facts[f]
        }
        step.dropped[label] = [
            f for f in dict.fromkeys(candidates) if f in before and f not in facts
        ]
