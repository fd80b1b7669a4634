"""The HTML export: the replay viewer made one file that needs no network, with
the JSON export (``services.review.exports.document``) inside it.

The viewer's page (``services/web/viewer.html``) names its files by their
``/static/`` URLs, as the app serves it. Here each becomes text in the page: a
stylesheet a ``<style>`` element, the page's module an inline module that
imports it by name, and every module that one and the game's drawing import a
``data:`` URL in the page's import map (``services.web.assembly``).
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from services.web import WEB
from services.web.assembly import (
    PREFIX,
    drawing_of,
    imported,
    module_text,
    style_element,
    viewer_page,
)
from services.words.telling import page_words, spoken

DATA = '<script type="application/json" id="ledger-data">'
# The page's own words in the export's language: a file has no server to ask.
WORDS = '<script type="application/json" id="ledger-words">'
_STYLESHEET = re.compile(r'<link rel="stylesheet" href="/static/([^"]+)">')
_MODULE = re.compile(r'<script type="module" src="/static/([^"]+)"></script>')


def _data_url(text: str) -> str:
    return "data:text/javascript;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")


def _inline_module(name: str) -> str:
    # An inline module resolves the name through the page's import map.
    return f'<script type="module">import "{name}";</script>'


def offline_viewer(game: str) -> str:
    """The viewer page with everything it loads inside it: its stylesheets, and
    its modules with those of the game's drawing."""
    template = (WEB / "viewer.html").read_text(encoding="utf-8")
    entries = [PREFIX + name for name in _MODULE.findall(template)]
    drawing = drawing_of(game)
    names = imported([*entries, *([drawing] if drawing else [])])
    page = viewer_page({name: _data_url(module_text(name)) for name in names})
    page = _STYLESHEET.sub(lambda m: style_element(m.group(1)), page)
    page = _MODULE.sub(lambda m: _inline_module(PREFIX + m.group(1)), page)
    if "/static/" in page:
        raise RuntimeError("viewer.html loads a file the HTML export does not carry")
    return page


def html_text(doc: dict[str, Any]) -> str:
    """The replay viewer with the document embedded: one file, no network."""
    page = offline_viewer(doc["game"])
    # Inside <script>, "</" can end the element early, and "<!--" then "<script"
    # (a player's name, say) makes the real end tag not end it: no "<" at all.
    # In JSON it is only ever inside a string, where "\u003c" reads the same.
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    if DATA + "</script>" not in page or WORDS + "</script>" not in page:
        raise RuntimeError("viewer.html lost its data or words slot")
    words = json.dumps(page_words(spoken()), ensure_ascii=False, separators=(",", ":"))
    words = words.replace("<", "\\u003c")
    page = page.replace(WORDS + "</script>", f"{WORDS}{words}</script>", 1)
    return page.replace(DATA + "</script>", f"{DATA}{data}</script>", 1)
