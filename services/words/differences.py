"""The first event where two decisions of one action part ways, in words.

``verify`` and ``readjudicate`` (this engine against the record) and the
dispute desk (another reading against the record) show the two events at the
first difference, in one shape (``services.review.redecide.difference``): the
two events as data, and these lines, which say it for people: which event,
and where both are of one kind, which fields differ, with each value as the
story says it (players by name, cards by the table's names, a seat in a
nested record by its player) rather than as stored. The lines are told in the
language of the ``Words`` given, frame and events alike (« première différence
au n° 7 », « tel qu'enregistré »), so that no reader gets one language inside
the other.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Event
from domain.kernel.phrases import Phrase, phrase
from services.words.sentences import Words
from services.words.views import flatten, said_key, show

# The side decided again, as the lines name it: this engine (verify, readjudicate),
# or another reading of a ruling (the dispute desk).
BY_THIS_ENGINE = phrase("by this engine")
UNDER_THIS_READING = phrase("under this reading")


def difference_words(
    words: Words,
    position: int,
    recorded: Event | None,
    other: Event | None,
    other_label: Phrase,
) -> list[str]:
    """Lines saying how ``other`` (said as ``other_label``: ``BY_THIS_ENGINE``,
    ``UNDER_THIS_READING``) differs from the ``recorded`` event at ``position``,
    in the language of ``words``."""
    if recorded is None and other is None:
        return []
    say = words.say
    if recorded is None or other is None:
        said = _line(words, other if recorded is None else recorded)  # type: ignore[arg-type]  # one of the two is not None: both None returned above
        if recorded is None:
            return [
                say(
                    phrase(
                        "first difference at #{position}: as recorded, nothing more; "
                        "{side}: {event}",
                        position=position,
                        side=other_label,
                        event=said,
                    )
                )
            ]
        return [
            say(
                phrase(
                    "first difference at #{position}: as recorded: {event}; {side}, nothing more",
                    position=position,
                    side=other_label,
                    event=said,
                )
            )
        ]
    mine, theirs = _line(words, other), _line(words, recorded)
    sides = [
        "  " + say(phrase("as recorded: {event}", event=theirs)),
        "  " + say(phrase("{side}: {event}", side=other_label, event=mine)),
    ]
    if type(recorded) is not type(other):
        return [
            say(phrase("first difference at #{position}, another event:", position=position)),
            *sides,
        ]
    fields = _fields(words, recorded, other, other_label)
    if mine == theirs:
        head = phrase(
            "first difference at #{position}, the same event with other details: {event}",
            position=position,
            event=theirs,
        )
        return [say(head), *fields]
    return [say(phrase("first difference at #{position}:", position=position)), *sides, *fields]


def _line(words: Words, event: Event) -> str:
    """The event's line with the rule it cites, as the dispute cites rules."""
    rule = getattr(event, "rule", None)
    return words.event(event) + (f" [{rule}]" if rule else "")


def _fields(words: Words, recorded: Event, other: Event, other_label: Phrase) -> list[str]:
    """Each differing field of two events of one kind, a record's fields one fact
    each (``flow — choice — labels``), values in words."""
    a, b = _facts(words, recorded), _facts(words, other)
    out = []
    for label in [*a, *(k for k in b if k not in a)]:
        if a.get(label) != b.get(label):
            said = phrase(
                "{field}: {recorded} as recorded; {other} {side}",
                field=label,
                recorded=show(a.get(label), words),
                other=show(b.get(label), words),
                side=other_label,
            )
            out.append("  " + words.say(said))
    return out


def _facts(words: Words, event: Event) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for key, value in msgspec.to_builtins(event).items():
        label = said_key(key, words)
        if key in ("rule", "also") or key.endswith("_rule"):
            # A rule is cited by its id, as every text cites it (``also``: a list of them).
            facts[label] = list(value) if isinstance(value, list | tuple) else value
        elif isinstance(value, dict | list | tuple):
            # A record or a list of them: one fact per leaf, seats and cards named.
            facts |= flatten(value, words, label, key=key)
        else:
            facts[label] = words.value(key, value)
    return facts
