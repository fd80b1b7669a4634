"""The Markdown export, written from the JSON document: headings per round and
turn, the opening position, players by name, the rules cited with their passages."""

from __future__ import annotations

from typing import Any

from domain.kernel.events import laid_from_file


def md(text: str) -> str:
    """Inline text: one line, no markup, no raw HTML."""
    text = " ".join(str(text).split())
    for ch in "\\`*_[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text


def anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-")


def markdown(doc: dict[str, Any]) -> str:
    out = [f"# {md(doc['name'])} — game `{doc['game_id']}`", ""]
    out.append(
        "- players: "
        + ", ".join(f"{i + 1}. {md(p)} (`--seat {i}`)" for i, p in enumerate(doc["players"]))
    )
    out.append(f"- dice: {doc['mode']}; engine {doc['engine_version']}; seen by: {doc['viewer']}")
    out.append(f"- result: {md(doc['result'])}")
    out += ["", "## Options", ""] + [f"- {md(o['text'])} (`{o['name']}`)" for o in doc["options"]]
    out += ["", "## Opening position", ""]
    if laid_from_file(doc.get("setup")) and "hidden" not in doc["setup"]:
        out.append("Started from a setup file (table position).")
        out.append("")
    for label, lines in doc["opening"].items():
        if len(doc["opening"]) > 1:
            out += [f"### As {md(label)} saw it", ""]
        out += [f"- {md(line)}" for line in lines] + [""]
    out += ["## Story", ""]
    notes: dict[int, list[dict[str, Any]]] = {}
    for note in doc["annotations"]:
        notes.setdefault(note["position"], []).append(note)
    for e in doc["events"]:
        heading = e.get("heading")
        if heading:
            out += ["", f"{'#' * (heading['level'] + 2)} {md(heading['title'])}", ""]
        text = md(e["text"])
        line = f"- **#{e['position']}** " + (f"**{text}**" if e.get("action") else text)
        if e.get("dice") and e["type"] != "DiceRolled":
            line += f" — {md(e['dice']['text'])}"
        if e.get("rule"):
            line += f" — [{e['rule']}](#{anchor(e['rule'])})"
        out.append(line)
        for n in notes.get(e["position"], []):
            out.append(f"  - ✎ *{md(n['author'])}*: {md(n['text'])}")
    out += ["", f"**Result:** {md(doc['result'])}", "", "## Rules cited", ""]
    cited = {e["rule"] for e in doc["events"] if e.get("rule")}
    for rule_id in sorted(cited):
        r = doc["rules"].get(rule_id, {"id": rule_id})
        out += [f'### <a id="{anchor(rule_id)}"></a>{rule_id} — {md(r.get("section", ""))}', ""]
        if r.get("passage"):
            out += [f"> {md(r['passage'])}", ""]
        out.append(
            f"Source: {r.get('source', '?')}." + (f" {r['gloss']}" if r.get("gloss") else "")
        )
        out.append("")
    return "\n".join(out) + "\n"
