"""How a page is put together for a browser: its HTML file with the import map
that names the modules its scripts import.

The pages' scripts are native ES modules, with no build step. They import each
other by their names under ``wl/`` (``import { h } from "wl/dom.js"``), which
the page's import map turns into URLs: ``/static/dom.js`` for a page the app
serves (``services.http.pages``), a ``data:`` URL of the module's text in the
HTML export, which needs no network (``services.review.html_export``). A game's
own drawing is the module ``games/<id>.js``: the map names the ones there are,
and the page draws a game it names none for with the generic drawing
(``drawing.js``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from services.web import WEB

PREFIX = "wl/"
IMPORT_MAP_SLOT = "<!-- import map: the modules by name (services/web/assembly.py) -->"
BOARD_STYLE_SLOT = (
    "<!-- board style: the table page's stylesheet, for the board (services/web/assembly.py) -->"
)

# A static import, as the modules write them: ``import { a, b } from "wl/x.js";``
# or ``import "wl/x.js";``, at the start of a line. (A dynamic import() names
# its module at run time: a game's drawing, ``drawing_of``.)
_IMPORT = re.compile(r'^import\s(?:[^;]*?\sfrom\s)?"(wl/[^"]+)";', re.MULTILINE)


def module_names() -> list[str]:
    """Every module of the pages, by its name (``wl/games/ultimate.js``)."""
    return sorted(PREFIX + path.relative_to(WEB).as_posix() for path in WEB.rglob("*.js"))


def module_text(name: str) -> str:
    return (WEB / name.removeprefix(PREFIX)).read_text(encoding="utf-8")


def drawing_of(game: str) -> str | None:
    """The module of the game's own drawing, if it has one."""
    name = f"{PREFIX}games/{game}.js"
    return name if (WEB / name.removeprefix(PREFIX)).is_file() else None


def imports_of(name: str) -> list[str]:
    """The modules the module ``name`` imports itself."""
    return _IMPORT.findall(module_text(name))


def imported(names: Iterable[str]) -> list[str]:
    """The modules ``names`` and every module they import, at any depth."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(imports_of(name))
    return sorted(seen)


def page(name: str, urls: Mapping[str, str]) -> str:
    """The page ``name`` (``table.html``) with the import map of ``urls`` (each
    module's name to its URL) in its slot, before any of its scripts."""
    text = (WEB / name).read_text(encoding="utf-8")
    if IMPORT_MAP_SLOT not in text:
        raise RuntimeError(f"{name} lost its slot for the import map")
    # The URLs are the app's paths or base64 data: nothing in them ends the element.
    imports = json.dumps({"imports": dict(sorted(urls.items()))}, indent=1)
    return text.replace(IMPORT_MAP_SLOT, f'<script type="importmap">\n{imports}\n</script>', 1)


def viewer_page(urls: Mapping[str, str]) -> str:
    """The replay viewer with its import map and the table page's stylesheet,
    which the viewer applies to the board alone (in its own shadow root)."""
    text = page("viewer.html", urls)
    if BOARD_STYLE_SLOT not in text:
        raise RuntimeError("viewer.html lost its slot for the board's stylesheet")
    # media "not all": the page does not apply it; the viewer reads its text.
    style = style_element("style.css", ' id="board-style" media="not all"')
    return text.replace(BOARD_STYLE_SLOT, style, 1)


def style_element(name: str, attributes: str = "") -> str:
    """The stylesheet ``name`` as a ``<style>`` element of the page."""
    css = (WEB / name).read_text(encoding="utf-8")
    if "</style" in css.lower():
        raise RuntimeError(f"{name} would end its <style> element early")
    return f"<style{attributes}>\n{css}\n</style>"
