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
import gzip
import json
import re
import zlib
from collections.abc import Iterable, Iterator
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
# The slot as an export fills it: the JSON gzipped, in base64 (``html_chunks``).
GZIPPED = '<script type="text/plain" id="ledger-data" data-encoding="gzip+base64">'
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


def html_chunks(game: str, document: Iterable[str]) -> Iterator[str]:
    """The replay viewer with the JSON export (``document``, in chunks) inside it:
    one file, no network, written as the document comes.

    The document is kept gzipped, in base64 (``data-encoding``), and the viewer
    opens it with the browser's own ``DecompressionStream``: a long game's JSON
    is mostly the same words and keys again, and shrinks to a tenth or less. (No
    "<" can then end the element early, whatever a player's name holds.)"""
    page = offline_viewer(game)
    slot = DATA + "</script>"
    if slot not in page or WORDS + "</script>" not in page:
        raise RuntimeError("viewer.html lost its data or words slot")
    # The page's own words in the export's language: a file has no server to ask.
    # No "<" inside the element (a word could end it early); "\u003c" reads the same.
    words = json.dumps(page_words(spoken()), ensure_ascii=False, separators=(",", ":"))
    words = words.replace("<", "\\u003c")
    page = page.replace(WORDS + "</script>", f"{WORDS}{words}</script>", 1)
    before, after = page.split(slot, 1)
    yield before + GZIPPED
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip stream
    held = b""  # base64 goes by 3 bytes: what is left over waits for the next chunk
    for chunk in document:
        held += packer.compress(chunk.encode("utf-8"))
        cut = len(held) - len(held) % 3
        if cut:
            yield base64.b64encode(held[:cut]).decode("ascii")
            held = held[cut:]
    held += packer.flush()
    yield base64.b64encode(held).decode("ascii") + "</script>" + after


def html_text(doc: dict[str, Any]) -> str:
    """The replay viewer with the document ``doc`` inside it (``html_chunks``)."""
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return "".join(html_chunks(doc["game"], [data]))


def embedded_document(html: str) -> dict[str, Any]:
    """The JSON export an HTML export holds (one of this version or an earlier one,
    whose data was the JSON itself)."""
    for opener, gzipped in ((GZIPPED, True), (DATA, False)):
        start = html.find(opener)
        if start < 0:
            continue
        text = html[start + len(opener) : html.index("</script>", start)]
        if gzipped:
            text = gzip.decompress(base64.b64decode(text)).decode("utf-8")
        doc: dict[str, Any] = json.loads(text)
        return doc
    raise ValueError("no game data in this page")
