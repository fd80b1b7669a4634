"""The app's replay page is the replay viewer, fed by the JSON export as the
seat of the link may see it; a finished game's players fork from any position."""

from __future__ import annotations

from typing import Any

from domain.games import get_game
from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.review.html_export import embedded_document
from services.words.sentences import Words
from services.words.views import flatten, show
from tests.services.live_server import LiveServer
from tests.services.playing import QUICK, play
from tests.web.pages import TIMEOUT, check_no_hidden_cards, open_replay, open_viewer, screenshot


def state_rows(page: Any) -> dict[str, str]:
    rows = page.eval_on_selector_all(
        "#state tr", "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText])"
    )
    return dict(rows)


def new_game(server: LiveServer, **body: Any) -> dict[str, Any]:
    with server.client() as c:
        r = c.post("/tables", json={"game": "ultimate", "players": ["Ann", "Bob"], **body})
        assert r.status_code == 201, r.text
        return dict(r.json())


def test_a_seat_replays_its_running_game_and_the_slider_shows_each_position(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_game(server, seed="replay")
    gid, token = table["game_id"], table["seats"][0]["token"]
    play(web_ledger, gid, actions=6)
    head = web_ledger.load(gid).version
    page = open_replay(browser, f"{server.url}/replay/{gid}#seat=0&token={token}")
    assert "token=" not in page.url.split("#")[0]  # the token never left the fragment
    assert int(page.get_attribute("#slider", "max")) == head
    # Players by seat, as the rest of the page numbers them (it said "1. Ann").
    assert page.inner_text("#meta").startswith("Players: Ann, Bob · ")
    game = get_game("ultimate")
    words = Words(game, ("Ann", "Bob"))
    for position in (head, 8, head // 2, 2):
        page.locator("#slider").fill(str(position))
        assert page.input_value("#pos") == str(position)
        view = game.view(web_ledger.load(gid, position).fold.state, 0)
        assert state_rows(page) == {k: show(v) for k, v in flatten(view, words).items()}
    screenshot(page, "replay-running")
    check_no_hidden_cards(page, web_ledger, gid, 0)
    assert page.locator("#fork").count() == 0  # a running game is not forked over HTTP
    assert page.errors == []
    page.context.close()


def test_a_player_forks_a_finished_game_from_the_replay(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    table = new_game(server, seed="fork", options=QUICK)
    gid, token = table["game_id"], table["seats"][1]["token"]
    play(web_ledger, gid)
    entries = web_ledger.entries(gid)
    before_action = next(e.position - 1 for e in entries[8:] if isinstance(e.event, ActionTaken))
    page = open_replay(browser, f"{server.url}/replay/{gid}#seat=1&token={token}")
    page.locator("#slider").fill(str(before_action))
    page.click("#fork")
    page.wait_for_selector("#fork-result a.fork-seat", timeout=TIMEOUT)
    links = [a.get_attribute("href") for a in page.locator("#fork-result a.fork-seat").all()]
    assert len(links) == 2 and "play as Ann" in page.inner_text("#fork-result")
    branch = links[0].split("/play/")[1].split("#")[0]
    with server.client() as c:
        summary = c.get(f"/tables/{branch}").json()
    assert summary["forked_from"] == {"game_id": gid, "at": before_action}
    screenshot(page, "replay-finished")
    # A spectator replays the finished game too, without the fork button.
    spectator = open_replay(browser, f"{server.url}/replay/{gid}")
    assert int(spectator.get_attribute("#slider", "max")) == web_ledger.load(gid).version
    assert spectator.locator("#fork").count() == 0
    assert page.errors == [] and spectator.errors == []
    page.context.close()
    spectator.context.close()


def save_html(page: Any, to: Any) -> Any:
    """Click "Save as HTML" and keep the file the browser is handed."""
    with page.expect_download(timeout=TIMEOUT) as download:
        page.click("#save-html")
    path = to / download.value.suggested_filename
    download.value.save_as(str(path))
    return path


def test_a_seat_saves_its_running_game_as_html_from_the_replay_page(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, tmp_path: Any
) -> None:
    from services.review.exports import export_text

    table = new_game(server, seed="save")
    gid, token = table["game_id"], table["seats"][1]["token"]
    play(web_ledger, gid, actions=6)
    web_ledger.annotate(gid, 4, "was that card drawn in time?", "Zoé")
    page = open_replay(browser, f"{server.url}/replay/{gid}#seat=1&token={token}")
    path = save_html(page, tmp_path)
    assert path.name == f"ultimate-{gid[:8]}.html"
    assert "opens offline" in page.inner_text("#save-result")
    screenshot(page, "replay-saved")
    assert page.errors == []
    page.context.close()
    # The file is Bob's export (his token went as a header, so it is redacted as
    # his), with the note, readable with the network off.
    assert path.read_text(encoding="utf-8") == export_text(web_ledger, gid, "html", viewer=1)
    context, viewer, problems = open_viewer(browser, path)
    try:
        assert viewer.inner_text("#view-select") == "Bob"
        assert int(viewer.get_attribute("#slider", "max")) == web_ledger.load(gid).version
        assert "was that card drawn in time?" in viewer.inner_text("#notes-list")
        assert problems == []
    finally:
        context.close()


def test_a_spectator_saves_a_finished_game_and_is_told_how_to_fork(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, tmp_path: Any
) -> None:
    table = new_game(server, seed="save-done", options=QUICK)
    gid = table["game_id"]
    play(web_ledger, gid)
    page = open_replay(browser, f"{server.url}/replay/{gid}")
    assert page.locator("#fork").count() == 0
    assert "open this replay from a player's link" in page.inner_text("#fork-hint")
    path = save_html(page, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert embedded_document(text)["viewer"] == "everything"  # a finished game: all of it
    screenshot(page, "replay-finished-spectator")
    assert page.errors == []
    page.context.close()


def test_a_player_forks_before_the_action_shown_even_from_its_consequences(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """A note sits on a consequence of the disputed action; forking "here" was
    refused there (inside an action's consequences). The button names the action
    it replays and forks just before it."""
    table = new_game(server, seed="fork-inside", options=QUICK)
    gid, token = table["game_id"], table["seats"][0]["token"]
    play(web_ledger, gid)
    entries = web_ledger.entries(gid)
    action = next(
        e.position
        for e in entries[8:]
        if isinstance(e.event, ActionTaken)
        and not isinstance(entries[e.position].event, ActionTaken)  # it has consequences
    )
    page = open_replay(browser, f"{server.url}/replay/{gid}#seat=0&token={token}")
    for shown in (action, action + 1):
        page.locator("#slider").fill(str(shown))
        assert page.inner_text("#fork") == f"Fork before action #{action}"
    page.click("#fork")
    page.wait_for_selector("#fork-result a.fork-seat", timeout=TIMEOUT)
    assert f"What-if branch at position {action - 1}" in page.inner_text("#fork-result")
    branch = page.get_attribute("#fork-result a.fork-seat", "href").split("/play/")[1]
    with server.client() as c:
        summary = c.get(f"/tables/{branch.split('#')[0]}").json()
    assert summary["forked_from"] == {"game_id": gid, "at": action - 1}
    screenshot(page, "replay-fork-before-action")
    assert page.errors == []
    page.context.close()
