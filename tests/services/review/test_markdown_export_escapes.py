"""The Markdown export shows what players and a table's data file named as text:
markup in a player's name or a card's name is never read as markup (no tag, no
link, no emphasis, no entity), wherever the export writes it.

The export is rendered as a CommonMark reader with raw HTML and strikethrough
would render it (markdown-it), and its text compared with the names."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from markdown_it import MarkdownIt

from tests.services.api_tables import new_table
from tests.services.playing import QUICK

NAMES = [
    "<img src=x onerror=alert(1)>",
    "[x](http://e.example) ~~gone~~",
    "*em* _u_ `code` $x$",
    "&lt;b&gt; \\ #h |t| @bob",
]
CARD = "**Boule** <b>de</b> [feu](/x)"


def _inline(markdown: str) -> tuple[list[Any], str]:
    """The inline tokens of the rendered export, and their text joined line by line."""
    tokens = MarkdownIt("commonmark", {"html": True}).enable("strikethrough").parse(markdown)
    inline = [child for t in tokens if t.type == "inline" for child in t.children or ()]
    lines, line = [], ""
    for token in inline:
        if token.type in ("text", "code_inline"):
            line += token.content
        elif token.type in ("softbreak", "hardbreak"):
            lines.append(line)
            line = ""
    lines.append(line)
    blocks = [t for t in tokens if t.type == "html_block"]
    return [*inline, *blocks], "\n".join(lines)


def test_markup_in_names_is_shown_as_text_in_the_markdown_export(client: TestClient) -> None:
    data = {"cards": {"fireball": {"name": CARD}}}
    t = new_table(client, players=NAMES, seed="names", data=data)
    for seat in (0, 1):  # play until the first card is cast: the story names it
        state = client.get(f"/tables/{t.game_id}/state").json()
        mover = state["pending"][0]["seat"]
        legal = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(mover)).json()
        command = next((c for c in legal if c["type"] != "Decline"), legal[0])
        r = client.post(
            f"/tables/{t.game_id}/act",
            json={"seat": mover, "command": command},
            headers=t.auth(mover),
        )
        assert r.status_code == 200, (seat, r.text)
    r = client.get(f"/tables/{t.game_id}/export", params={"format": "md"}, headers=t.auth(0))
    assert r.status_code == 200
    tokens, text = _inline(r.text)
    kinds = {token.type for token in tokens}
    assert not kinds & {"html_block", "s_open", "image"}, kinds
    # The export's own HTML is the anchors of its rules; its own links go there.
    html = {token.content for token in tokens if token.type == "html_inline"}
    assert all(re.fullmatch(r'<a id="rule-[\w-]+">|</a>', h) for h in html), html
    hrefs = {token.attrs.get("href") for token in tokens if token.type == "link_open"}
    assert all(str(h).startswith("#rule-") for h in hrefs), hrefs
    for name in NAMES:
        assert name in text, name
    assert f"seen by: {NAMES[0]}" in text  # the reader's own seat, named
    assert CARD in text  # the table's card name, in the story and in the rules' glosses


def test_the_escaped_export_reads_the_same_for_plain_names(client: TestClient) -> None:
    names = ["Ann", "Bob Marley-Smith", "Zoë d'Arc", "Chloé 2.0"]
    t = new_table(client, players=names, seed="plain", options=QUICK)
    r = client.get(f"/tables/{t.game_id}/export", params={"format": "md"}, headers=t.auth(0))
    _, text = _inline(r.text)
    for name in names:
        assert name in text
