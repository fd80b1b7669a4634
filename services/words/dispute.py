"""The dispute desk's reports as text for people (``--json`` gives the data)."""

from __future__ import annotations

import textwrap
from typing import Any

WIDTH = 100


def _rule_lines(rule: dict[str, Any], indent: str = "      ") -> list[str]:
    if not rule.get("passage"):
        return [f"{indent}[{rule.get('id')}]"]
    out = [f"{indent}[{rule['id']} — {rule.get('section', '')}; {rule.get('source', '')}]"]
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
            out.append(f"{indent}    dice: {c['dice']['text']}")
        if c.get("dice"):
            out.append(f"{indent}    {c['dice']['check']}")
    return out or [f"{indent}(nothing)"]


def dispute_text(d: dict[str, Any]) -> str:
    out = [f"Dispute of action #{d['position']} in game {d['game_id']} ({d['game']})"]
    if d.get("decided_under") and d["decided_under"] != d.get("engine"):
        # Another version's profile, or a revision variant of the record's own.
        out.append(
            f"Decided again under the rules profile of {d['decided_under']} "
            f"(recorded by engine {d['engine']})"
        )
    out.append("")
    out.append(f"Sent by {d['player']} (--seat {d['seat']}): {d['text']}")
    out += ["", f"Position before it (#{d['before']['position']}):"]
    from services.words.views import show

    for label, view in d["before"].get("views", {}).items():
        out.append(f"  as {label} saw it:")
        out += [f"    {k}: {show(v)}" for k, v in _facts(view, d).items()]
    legal = d["legal"]
    out.append("")
    if legal.get("shown"):
        out.append(f"Legal choices ({legal['count']}):")
        for item in legal["items"]:
            out.append(f"  {'→' if item['sent'] else ' '} {item['text']}")
        if legal["count"] > len(legal["items"]):
            out.append(f"    … {legal['count'] - len(legal['items'])} more")
    else:
        out.append(f"Legal choices: {legal.get('why')}")
    out += ["", "Consequences as recorded:"]
    for c in d["consequences"]:
        out += _event_lines([c])
        if c.get("rule"):
            out += _rule_lines(c["rule"])
    if d.get("recorded_check"):
        out += ["", d["recorded_check"]]
    if d["notes"]:
        out += ["", "Referees' notes:"] + [
            f"  ✎ #{n['at']} {n['author']}: {n['text']}" for n in d["notes"]
        ]
    out += ["", "Other readings of the rulings that applied:"]
    if d.get("readings_withheld"):
        out.append(f"  {d['readings_withheld']}")
    if not d.get("other_readings") and not d.get("readings_not_selectable"):
        out.append("  none: no ruling with another reading played a part in this action")
    for r in d.get("other_readings", []):
        verdict = (
            "cannot be decided again from this position"
            if r.get("undecided")
            else "same outcome"
            if r["same_as_recorded"]
            else "DIFFERENT outcome"
        )
        out.append(
            f"  {r['option']} = {_value(r['value'])} (recorded: {_value(r['recorded_value'])}): "
            f"{r['reading']} — {verdict}"
        )
        out += _rule_lines(r["rule"], "    ")
        left = ["as recorded:"] + [f"#{c['position']} {c['text']}" for c in d["consequences"]]
        right = ["under this reading:"] + (
            [r["refused"]]
            if r.get("refused")
            else [f"#{c['position']} {c['text']}" for c in r["events"]]
        )
        out += _side_by_side(left, right, "    ")
        out += [f"    {line}" for line in difference_lines(r)]
    for u in d.get("readings_not_selectable", []):
        out.append(f"  {u['rule']['id']}: readings {' / '.join(u['readings'])} (not an option)")
        out.append(f"    applied: {u['default']}")
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
    return list(said) if said else [f"first difference at #{r['differs_at']}"]


def _facts(view: Any, d: dict[str, Any]) -> dict[str, Any]:
    from domain.games import get_game
    from services.words.card_names import card_names
    from services.words.sentences import Words
    from services.words.views import flatten

    names = card_names(d["game"], d.get("card_names") or {})
    return flatten(view, Words(get_game(d["game"]), d["players"], names))


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
    out = [f"From #{d['from']} to #{d['to']} ({d['game']}):"]
    out += [f"  {c['text']}" for c in d["changes"]] or ["  nothing changed"]
    if d["actions"]:
        out.append(f"Actions in between ({len(d['actions'])}):")
        out += [f"  #{a['position']} {a['text']}" for a in d["actions"][:20]]
        if len(d["actions"]) > 20:
            out.append(f"  … {len(d['actions']) - 20} more")
    return "\n".join(out)


def readjudication_text(r: dict[str, Any]) -> str:
    out = [
        f"Game {r['game_id']} ({r['game']}): recorded by engine {r['engine_recorded']}"
        + (
            f" (authentic under {r['recorded_under']})"
            if r.get("recorded_under", r["engine_recorded"]) != r["engine_recorded"]
            else ""
        )
        + f", decided again by engine {r['engine_now']}"
    ]
    if r.get("changes_between"):
        out.append("Changelog between them: " + "; ".join(r["changes_between"]))
    out += r.get("switched", [])
    first = r["first_difference"]
    if first is None:
        out.append(f"Same result: {r['actions_checked']} actions decided again, no difference.")
        return "\n".join(out)
    action = f", in action #{first['action']}" if first.get("action") else ""
    out.append(f"First difference at position #{first['position']}{action}: {first['text']}")
    if first.get("refused"):
        out.append(f"  {first['refused']}")
    left = ["recorded:"] + [f"#{c['position']} {c['text']}" for c in first["recorded"]]
    right = ["this engine:"] + [f"#{c['position']} {c['text']}" for c in first["engine"]]
    out += _side_by_side(left, right, "  ")
    out += [f"  {line}" for line in (first.get("difference") or {}).get("text", [])]
    if first.get("attribution"):
        out.append(f"Changelog: {first['attribution']}")
    return "\n".join(out)
