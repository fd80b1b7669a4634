"""The pages' scripts are ES modules found through one import map: each page the
app serves names every module at its /static/ URL and loads nothing else by
hand; the HTML export carries, as data: URLs, the viewer's modules and its own
game's drawing and nothing else. No module imports itself back."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from domain.kernel import all_games
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.html_export import offline_viewer
from services.web.assembly import PREFIX, imported, imports_of, module_names, module_text

IMPORT_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.DOTALL)
SCRIPT = re.compile(r"<script\b([^>]*)>")
GID = "00000000-0000-4000-8000-000000000000"  # a well-formed id: the pages need no game


@pytest.fixture
def client(web_ledger: WizardLedger) -> Iterator[TestClient]:
    with TestClient(create_app(web_ledger, redis="off")) as c:
        yield c


def import_map(page: str) -> dict[str, str]:
    found = IMPORT_MAP.findall(page)
    assert len(found) == 1, "one import map, before any module"
    assert page.index('<script type="importmap">') < page.index('<script type="module"')
    return dict(json.loads(found[0])["imports"])


def test_no_module_imports_itself_back() -> None:
    for name in module_names():
        assert name not in imported(imports_of(name)), name


def test_every_module_imported_is_a_module_there_is() -> None:
    assert imported(module_names()) == module_names()


@pytest.mark.parametrize(
    "path", ["/", f"/play/{GID}", "/scores", f"/replay/{GID}?src=x", "/viewer"]
)
def test_a_served_page_finds_every_module_through_its_import_map(
    path: str, client: TestClient
) -> None:
    page = client.get(path).text
    urls = import_map(page)
    assert sorted(urls) == module_names()
    for name, url in urls.items():
        assert url == "/static/" + name.removeprefix(PREFIX)
        answer = client.get(url)
        assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
        assert answer.text == module_text(name)
    # Its scripts are modules (and its data, the viewer's); no game is named by hand.
    types = [re.findall(r'type="([^"]+)"', attrs) for attrs in SCRIPT.findall(page)]
    assert all(t in (["importmap"], ["module"], ["application/json"]) for t in types), types
    assert "games/" not in IMPORT_MAP.sub("", page)


@pytest.mark.parametrize("game", sorted(g.spec.id for g in all_games()))
def test_the_html_export_carries_the_viewer_and_its_games_drawing_alone(game: str) -> None:
    page = offline_viewer(game)
    urls = import_map(page)
    assert sorted(urls) == imported([f"{PREFIX}viewer.js", f"{PREFIX}games/{game}.js"])
    assert not any(
        n.startswith(f"{PREFIX}games/") and n != f"{PREFIX}games/{game}.js" for n in urls
    )
    assert f"{PREFIX}table.js" not in urls and f"{PREFIX}replay-bar.js" not in urls
    for name, url in urls.items():
        head, text = url.split(",", 1)
        assert head == "data:text/javascript;base64"
        assert base64.b64decode(text).decode("utf-8") == module_text(name)
    assert "/static/" not in page
    assert f'<script type="module">import "{PREFIX}viewer.js";</script>' in page


def test_a_game_without_a_drawing_of_its_own_is_exported_without_one() -> None:
    urls = import_map(offline_viewer("a-fifth-game"))
    assert not any(name.startswith(f"{PREFIX}games/") for name in urls)
    assert f"{PREFIX}drawing.js" in urls


def test_static_serves_the_pages_files_and_not_the_packages_python(client: TestClient) -> None:
    """The web files' folder is also a Python package: its sources stay on the server."""
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/favicon.svg").status_code == 200
    for path in ("/static/__init__.py", "/static/assembly.py", "/static/games/../assembly.py"):
        assert client.get(path).status_code == 404, path
