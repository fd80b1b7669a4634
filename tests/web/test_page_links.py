"""In Chromium: the table's "replay & dispute" link opens the viewer where the
table is, the viewer opens at a position its URL names, and every page shows an
icon without asking the server for one it does not have."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import TIMEOUT, open_replay, open_seat, screenshot, seat_link, wait_position

ICON = (Path(__file__).parents[2] / "services" / "web" / "favicon.svg").read_text().strip()


def test_the_replay_link_opens_the_viewer_at_the_tables_position(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("ultimate", ["Ann", "Bob"], seed="link")
    gid, token = str(created.game_id), dict(created.seats)[0]
    play(web_ledger, gid, actions=6)
    page = open_seat(browser, seat_link(server, gid, 0, token))
    head = web_ledger.load(gid).version
    # A move made while the page is open moves the link along with the table.
    play(web_ledger, gid, actions=1, seed=1)
    wait_position(page, head + 1)
    head = web_ledger.load(gid).version
    page.click("#replay-link")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.url.split("?")[0] == f"{server.url}/replay/{gid}"
    assert page.input_value("#pos") == str(head)
    assert page.inner_text("#state-title").startswith(f"State after #{head} ")
    assert page.url.endswith(f"#seat=0&token={token}")  # still as this seat
    screenshot(page, "replay-from-the-table")
    assert page.errors == []
    page.context.close()
    # A position in the fragment is honoured too.
    viewer = open_replay(browser, f"{server.url}/replay/{gid}#seat=0&token={token}&at=3")
    assert viewer.input_value("#pos") == "3"
    assert viewer.inner_text("#state-title").startswith("State after #3 ")
    viewer.context.close()


def test_every_page_has_its_icon_and_no_request_fails(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("ultimate", ["Ann", "Bob"], seed="icon")
    gid, token = str(created.game_id), dict(created.seats)[0]
    urls = {
        "lobby": f"{server.url}/",
        "table": seat_link(server, gid, 0, token),
        "spectator": f"{server.url}/play/{gid}",
        "replay": f"{server.url}/replay/{gid}#seat=0&token={token}",
        "scores": f"{server.url}/scores",
    }
    for name, url in urls.items():
        context = browser.new_context()
        page = context.new_page()
        failed: list[str] = []
        page.on("console", lambda m, f=failed: f.append(m.text) if m.type == "error" else None)
        page.on(
            "response",
            lambda r, f=failed: f.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        page.goto(url)
        page.wait_for_load_state("networkidle")
        icon = page.get_attribute("link[rel='icon']", "href") or ""
        assert icon.startswith("data:image/svg+xml,"), (name, icon)
        assert unquote(icon.removeprefix("data:image/svg+xml,")) == ICON, name
        assert failed == [], (name, failed)
        context.close()
    # A browser that asks the server anyway gets the same icon.
    with server.client() as c:
        r = c.get("/favicon.ico")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.strip() == ICON
