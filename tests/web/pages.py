"""Pages opened in the browser and read as a player does: a seat's page, the replay
viewer, the positions they show, the hidden cards no page may hold, and screenshots
(in ``.artifacts/screens/``, or ``$WIZARDS_ARTIFACTS``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer

PLAYERS = {
    "ultimate": ["Ann", "Bob"],
    "spellwars": ["Ann", "Bob"],
    "elfenwizards": ["Ann", "Bob", "Cy"],
    "orctower": ["Ann", "Bob"],
}
TIMEOUT = 15_000  # ms: generous, the machine is shared


def seat_link(server: LiveServer, gid: str, seat: int, token: str) -> str:
    """The link a seat is given to its own page."""
    return f"{server.url}/play/{gid}#seat={seat}&token={token}"


# Every game's own drawing answered as a module with no parts of its own, so the
# page draws with the generic one: what a newly registered game gets before it
# has its own look.
def no_own_drawing(route: Any) -> None:
    route.fulfill(content_type="text/javascript", body="export default {};")


def open_seat(browser: Any, url: str, *, generic: bool = False, locale: str = "") -> Any:
    """A seat's page, once ready (``generic``: drawn without the game's own look;
    ``locale``: the browser's language, ``fr-FR`` say); its script errors gathered
    in ``page.errors``."""
    context = browser.new_context(
        viewport={"width": 1400, "height": 1000}, **({"locale": locale} if locale else {})
    )
    if generic:
        context.route("**/static/games/*.js", no_own_drawing)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # checked at the end of each test
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    return page


def wait_position(page: Any, at_least: int) -> None:
    """Until the page shows the position ``at_least`` or a later one."""
    page.wait_for_function(f"Number(document.body.dataset.position) >= {at_least}", timeout=TIMEOUT)


def whole_story(page: Any) -> None:
    """Every entry of a table page's story: its older ones come a page at a click."""
    older = page.locator("#story-older")
    while older.is_visible():
        shown = page.locator("#story .line").count()
        older.click()
        page.wait_for_function(
            f"document.querySelectorAll('#story .line').length > {shown}", timeout=TIMEOUT
        )


def hidden_strings(ledger: WizardLedger, gid: str, seat: int | None) -> set[str]:
    """What the game says ``seat`` (None: a spectator) must not see now."""
    loaded = ledger.load(gid)
    return {s for s in loaded.game.hidden_from(loaded.fold.state, seat) if s}


def check_no_hidden_cards(page: Any, ledger: WizardLedger, gid: str, seat: int | None) -> None:
    # The DOM itself, every attribute and text node, not only what is visible.
    html = page.content()
    leaked = sorted(s for s in hidden_strings(ledger, gid, seat) if s in html)
    where = [html[max(0, html.index(s) - 200) : html.index(s) + 60] for s in leaked[:2]]
    assert not leaked, f"seat {seat}'s page holds hidden cards: {leaked[:5]} in {where}"


def new_phone_table(server: LiveServer, game: str, players: list[str], seed: str) -> dict[str, Any]:
    """A table created over HTTP; the API's answer (its id and seat tokens)."""
    with server.client() as c:
        r = c.post("/tables", json={"game": game, "players": players, "seed": seed})
        assert r.status_code == 201, r.text
        return dict(r.json())


def open_replay(browser: Any, url: str) -> Any:
    """The app's replay page at ``url``, once ready; its script errors in ``page.errors``."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.wait_for_selector("#app-bar", timeout=TIMEOUT)
    # A long game is shown from its first part while the whole is read: every
    # position once it is.
    page.wait_for_selector("body[data-loaded='all']", timeout=TIMEOUT)
    return page


def open_viewer(browser: Any, path: Path) -> tuple[Any, Any, list[str]]:
    """The HTML export at ``path`` opened offline; its context, page, and the errors
    and requests off the file it met."""
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    page.on(
        "request",
        lambda r: None if r.url.startswith(("file:", "data:")) else problems.append(r.url),
    )
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    return context, page, problems


def go_to(page: Any, position: int) -> None:
    """Move the viewer's slider to ``position``."""
    page.locator("#slider").fill(str(position))
    assert page.input_value("#pos") == str(position)


def open_at_the_table(page: Any, server: LiveServer, game: str, *, by_seats: bool = False) -> None:
    """Ann and Bob open a table-mode game from the lobby (the opening is asked for);
    ``by_seats``: each of them enters the cards they draw."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", game)
    page.select_option("#seats", "2")
    names = page.locator("#names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    page.check("input[name=mode][value=table]")
    if by_seats:
        page.check("#by-seats")
        assert "names the cards dealt to them on their own page" in page.inner_text("#mode-hint")
    page.click("#create")


ARTIFACTS = Path(os.environ.get("WIZARDS_ARTIFACTS", Path(__file__).parents[2] / ".artifacts"))


def screenshot(page: Any, name: str) -> Path:
    folder = ARTIFACTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def position(page: Any) -> int:
    """The position a page shows."""
    return int(page.get_attribute("body", "data-position") or 0)


def one_of_each_kind(page: Any, cards: str) -> list[str]:
    """A Spell Wars spell from the hand: the first Source, Qualité and Destination there are."""
    kinds: dict[str, str] = {}
    for card in page.locator(cards).all():
        kinds.setdefault(card.get_attribute("class").split()[1], card.get_attribute("data-card"))
    return [kinds[k] for k in ("source", "quality", "delivery") if k in kinds]
