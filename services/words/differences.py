"""The first event where two decisions of one action part ways, in words.

``verify`` and ``readjudicate`` (this engine against the record) and the
dispute desk (another reading against the record) show the two events at the
first difference, in one shape (``services.review.redecide.difference``): the
two events as data, and these lines, which say it for people: which event,
and where both are of one kind, which fields differ, with each value as the
story says it (players by name, cards by the table's names, a seat in a
nested record by its player) rather than as stored.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Event
from domain.kernel.phrases import phrase
from services.words.sentences import Words
from services.words.views import fact_line, flatten, show


def difference_words(
    words: Words,
    position: int,
    recorded: Event | None,
    other: Event | None,
    other_label: str,
) -> list[str]:
    """Lines saying how ``other`` (said as ``other_label``, in the reader's
    language: "under this reading", "by this engine") differs from the
    ``recorded`` event at ``position``, in the reader's language."""
    if recorded is None and other is None:
        return []
    say, line = words.say, fact_line(words)
    head = say(phrase("first difference at #{at}", at=position))
    if recorded is None or other is None:
        said = _line(words, other if recorded is None else recorded)  # type: ignore[arg-type]  # one of the two is not None: both None returned above
        if recorded is None:
            return [
                say(
                    phrase(
                        "{head}: as recorded, nothing more; {other}: {said}",
                        head=head,
                        other=other_label,
                        said=said,
                    )
                )
            ]
        return [
            say(
                phrase(
                    "{head}: as recorded: {said}; {other}, nothing more",
                    head=head,
                    said=said,
                    other=other_label,
                )
            )
        ]
    mine, theirs = _line(words, other), _line(words, recorded)
    recorded_line = "  " + say(phrase("as recorded: {said}", said=theirs))
    other_line = "  " + line(other_label, mine)
    if type(recorded) is not type(other):
        return [say(phrase("{head}, another event:", head=head)), recorded_line, other_line]
    fields = _fields(words, recorded, other, other_label)
    if mine == theirs:
        same = phrase("{head}, the same event with other details: {said}", head=head, said=theirs)
        return [say(same), *fields]
    return [say(phrase("{head}:", head=head)), recorded_line, other_line, *fields]


def _line(words: Words, event: Event) -> str:
    """The event's line with the rule it cites, as the dispute cites rules."""
    rule = getattr(event, "rule", None)
    return words.event(event) + (f" [{rule}]" if rule else "")


def _fields(words: Words, recorded: Event, other: Event, other_label: str) -> list[str]:
    """Each differing field of two events of one kind, a record's fields one fact
    each (``flow — choice — labels``), values in words."""
    a, b = _facts(words, recorded), _facts(words, other)
    out = []
    for label in [*a, *(k for k in b if k not in a)]:
        if a.get(label) != b.get(label):
            said = phrase(
                "{label}: {recorded} as recorded; {other} {reading}",
                label=label,
                recorded=show(a.get(label), words),
                other=show(b.get(label), words),
                reading=other_label,
            )
            out.append("  " + words.say(said))
    return out


def _facts(words: Words, event: Event) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for key, value in msgspec.to_builtins(event).items():
        label = key.replace("_", " ")
        if key in ("rule", "also") or key.endswith("_rule"):
            # A rule is cited by its id, as every text cites it (``also``: a list of them).
            facts[label] = list(value) if isinstance(value, list | tuple) else value
        elif isinstance(value, dict | list | tuple):
            # A record or a list of them: one fact per leaf, seats and cards named.
            facts |= flatten(value, words, label, key=key)
        else:
            facts[label] = words.value(key, value)
    return facts
