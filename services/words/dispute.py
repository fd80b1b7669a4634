"""The dispute desk's reports as text for people (``--json`` gives the data)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from domain.kernel.phrases import Phrase, phrase, plural
from services.words.rule_words import source_words
from services.words.telling import Teller

if TYPE_CHECKING:
    from services.words.sentences import Words

WIDTH = 100


def _say(said: Phrase) -> str:
    """One of the desk's own sentences, in the reader's language (its values
    are already told: names, texts of events)."""
    return Teller(str, str)(said)


def _rule_lines(rule: dict[str, Any], indent: str = "      ") -> list[str]:
    if not rule.get("passage"):
        return [f"{indent}[{rule.get('id')}]"]
    source = source_words(rule.get("source", ""))
    cited = phrase(
        "[{rule} — {section}; {source}]",
        rule=rule["id"],
        section=rule.get("section", ""),
        source=source,
    )
    out = [indent + _say(cited)]
    out += textwrap.wrap(
        f"« {rule['passage']} »", WIDTH, initial_indent=indent, subsequent_indent=indent
    )
    if rule.get("gloss"):
        out += textwrap.wrap(
            rule["gloss"], WIDTH, initial_indent=indent + "= ", subsequent_indent=indent + "  "
        )
    return out


def _event_lines(items: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    out: list[str] = []
    for c in items:
        out.append(f"{indent}#{c['position']} {c['text']}")
        if c.get("dice") and c.get("type") != "DiceRolled":
            out.append(f"{indent}    " + _say(phrase("dice: {dice}", dice=c["dice"]["text"])))
        if c.get("dice"):
            out.append(f"{indent}    {c['dice']['check']}")
    return out or [f"{indent}" + _say(phrase("(nothing)"))]


def dispute_text(d: dict[str, Any]) -> str:
    out = [
        _say(
            phrase(
                "Dispute of action #{position} in game {game_id} ({game})",
                position=d["position"],
                game_id=d["game_id"],
                game=d["game"],
            )
        )
    ]
    if d.get("decided_under") and d["decided_under"] != d.get("engine"):
        # Another version's profile, or a revision variant of the record's own.
        out.append(
            _say(
                phrase(
                    "Decided again under the rules profile of {profile} "
                    "(recorded by engine {engine})",
                    profile=d["decided_under"],
                    engine=d["engine"],
                )
            )
        )
    out.append("")
    out.append(
        _say(
            phrase(
                "Sent by {player} (--seat {seat}): {text}",
                player=d["player"],
                seat=d["seat"],
                text=d["text"],
            )
        )
    )
    out += ["", _say(phrase("Position before it (#{position}):", position=d["before"]["position"]))]
    from services.words.views import facts

    words = _words(d)
    for label, view in d["before"].get("views", {}).items():
        out.append("  " + _say(phrase("as {viewer} saw it:", viewer=label)))
        out += [f"    {line}" for line in facts(view, words)]
    legal = d["legal"]
    out.append("")
    if legal.get("shown"):
        out.append(_say(phrase("Legal choices ({n}):", n=legal["count"])))
        for item in legal["items"]:
            out.append(f"  {'→' if item['sent'] else ' '} {item['text']}")
        if legal["count"] > len(legal["items"]):
            out.append(
                "    "
                + _say(plural("… {n} more", "… {n} more", legal["count"] - len(legal["items"])))
            )
    else:
        out.append(_say(phrase("Legal choices: {why}", why=str(legal.get("why")))))
    out += ["", _say(phrase("Consequences as recorded:"))]
    for c in d["consequences"]:
        out += _event_lines([c])
        if c.get("rule"):
            out += _rule_lines(c["rule"])
    if d.get("recorded_check"):
        out += ["", d["recorded_check"]]
    if d["notes"]:
        out += ["", _say(phrase("Referees' notes:"))] + [
            f"  ✎ #{n['at']} {n['author']}: {n['text']}" for n in d["notes"]
        ]
    out += ["", _say(phrase("Other readings of the rulings that applied:"))]
    if d.get("readings_withheld"):
        out.append(f"  {d['readings_withheld']}")
    if not d.get("other_readings") and not d.get("readings_not_selectable"):
        out.append(
            "  " + _say(phrase("none: no ruling with another reading played a part in this action"))
        )
    for r in d.get("other_readings", []):
        verdict = _say(
            phrase("cannot be decided again from this position")
            if r.get("undecided")
            else phrase("same outcome")
            if r["same_as_recorded"]
            else phrase("DIFFERENT outcome")
        )
        out.append(
            "  "
            + _say(
                phrase(
                    "{option} = {value} (recorded: {recorded}): {reading} — {verdict}",
                    option=r["option"],
                    value=_value(r["value"]),
                    recorded=_value(r["recorded_value"]),
                    reading=r["reading"],
                    verdict=verdict,
                )
            )
        )
        out += _rule_lines(r["rule"], "    ")
        left = [_say(phrase("as recorded:"))] + [
            f"#{c['position']} {c['text']}" for c in d["consequences"]
        ]
        right = [_say(phrase("under this reading:"))] + (
            [r["refused"]]
            if r.get("refused")
            else [f"#{c['position']} {c['text']}" for c in r["events"]]
        )
        out += _side_by_side(left, right, "    ")
        out += [f"    {line}" for line in difference_lines(r)]
    for u in d.get("readings_not_selectable", []):
        out.append(
            "  "
            + _say(
                phrase(
                    "{rule}: readings {readings} (not an option)",
                    rule=u["rule"]["id"],
                    readings=" / ".join(u["readings"]),
                )
            )
        )
        out.append("    " + _say(phrase("applied: {reading}", reading=u["default"])))
    return "\n".join(out)


def _value(v: Any) -> str:
    """A value as data reads (JSON), not as Python writes it."""
    import json

    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def difference_lines(r: dict[str, Any]) -> list[str]:
    """Where the reading first parts from the record, in words (the report's
    ``difference.text``); the position alone where the events are not shown."""
    if r.get("differs_at") is None:
        return []
    said = (r.get("difference") or {}).get("text")
    return list(said) if said else [_say(phrase("first difference at #{at}", at=r["differs_at"]))]


def _words(d: dict[str, Any]) -> Words:
    """The words of the disputed game, in the reader's language: a fact's value
    (« non », « aucune ») as its label is."""
    from domain.games import get_game
    from services.words.card_names import card_names
    from services.words.sentences import Words

    names = card_names(d["game"], d.get("card_names") or {})
    return Words(get_game(d["game"]), d["players"], names)


def _side_by_side(left: list[str], right: list[str], indent: str) -> list[str]:
    half = (WIDTH - len(indent) - 3) // 2
    rows = max(len(left), len(right))
    out = []
    for k in range(rows):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        a = a if len(a) <= half else a[: half - 1] + "…"
        b = b if len(b) <= half else b[: half - 1] + "…"
        out.append(f"{indent}{a:<{half}} │ {b}")
    return out


def diff_text(d: dict[str, Any]) -> str:
    out = [
        _say(
            phrase(
                "From #{start} to #{end} ({game}):", start=d["from"], end=d["to"], game=d["game"]
            )
        )
    ]
    out += [f"  {c['text']}" for c in d["changes"]] or ["  " + _say(phrase("nothing changed"))]
    if d["actions"]:
        out.append(_say(phrase("Actions in between ({n}):", n=len(d["actions"]))))
        out += [f"  #{a['position']} {a['text']}" for a in d["actions"][:20]]
        if len(d["actions"]) > 20:
            out.append("  " + _say(plural("… {n} more", "… {n} more", len(d["actions"]) - 20)))
    return "\n".join(out)


def readjudication_text(r: dict[str, Any]) -> str:
    recorded = r["engine_recorded"]
    under = r.get("recorded_under", recorded)
    out = [
        _say(
            phrase(
                "Game {game_id} ({game}): recorded by engine {recorded}, "
                "decided again by engine {now}",
                game_id=r["game_id"],
                game=r["game"],
                recorded=recorded,
                now=r["engine_now"],
            )
        )
        if under == recorded
        else _say(
            phrase(
                "Game {game_id} ({game}): recorded by engine {recorded} (authentic under {under}), "
                "decided again by engine {now}",
                game_id=r["game_id"],
                game=r["game"],
                recorded=recorded,
                under=under,
                now=r["engine_now"],
            )
        )
    ]
    if r.get("changes_between"):
        out.append(
            _say(
                phrase("Changelog between them: {changes}", changes="; ".join(r["changes_between"]))
            )
        )
    out += r.get("switched", [])
    first = r["first_difference"]
    if first is None:
        out.append(
            _say(
                plural(
                    "Same result: {n} action decided again, no difference.",
                    "Same result: {n} actions decided again, no difference.",
                    r["actions_checked"],
                )
            )
        )
        return "\n".join(out)
    out.append(
        _say(
            phrase(
                "First difference at position #{position}, in action #{action}: {text}",
                position=first["position"],
                action=first["action"],
                text=first["text"],
            )
        )
        if first.get("action")
        else _say(
            phrase(
                "First difference at position #{position}: {text}",
                position=first["position"],
                text=first["text"],
            )
        )
    )
    if first.get("refused"):
        out.append(f"  {first['refused']}")
    left = [_say(phrase("recorded:"))] + [
        f"#{c['position']} {c['text']}" for c in first["recorded"]
    ]
    right = [_say(phrase("this engine:"))] + [
        f"#{c['position']} {c['text']}" for c in first["engine"]
    ]
    out += _side_by_side(left, right, "  ")
    out += [f"  {line}" for line in (first.get("difference") or {}).get("text", [])]
    if first.get("attribution"):
        out.append(_say(phrase("Changelog: {changes}", changes=first["attribution"])))
    return "\n".join(out)
