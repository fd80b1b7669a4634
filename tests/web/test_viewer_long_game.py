"""In Chromium: the replay viewer of a long game — a game of 10,000 events shows its
first part at once and says what is still loading, then any position; a position
in four digits keeps its distance from the words it numbers, and the board says
nobody is on turn before the first player is known."""

from __future__ import annotations

from typing import Any

from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.words.sentences import Words
from services.words.views import flatten, show
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import TIMEOUT, open_replay, open_seat, screenshot
from tools.bench_streams import grow

# The gap, in CSS pixels, a reader needs between "#1218" and the sentence after it.
GAP = 4

NUMBER_AND_WORDS = """row => {
  const n = row.querySelector('.n');
  const words = n.nextSibling;
  const range = document.createRange();
  range.selectNodeContents(words);
  return range.getClientRects()[0].left - n.getBoundingClientRect().right;
}"""


def long_finished_game(ledger: WizardLedger) -> tuple[str, int]:
    """A two-player game played to its end (some 1,900 events): its id and length."""
    gid = str(ledger.create_game("ultimate", ["Ann", "Bob"], seed="long-story").game_id)
    play(ledger, gid, seed=1)
    return gid, ledger.load(gid).version


def test_a_long_games_positions_never_run_into_its_story(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    gid, head = long_finished_game(web_ledger)
    assert head >= 1000  # the positions at the end have four digits
    page = open_replay(browser, f"{server.url}/replay/{gid}")
    page.locator("#slider").fill(str(head))
    row = page.locator(f"#story .ev[data-pos='{head}']")
    row.wait_for()
    assert row.locator(".n").inner_text() == f"#{head}"
    gap = row.evaluate(NUMBER_AND_WORDS)
    assert gap >= GAP, f"#{head} is {gap}px from its words"
    screenshot(page, "replay-long-game-story")
    assert page.errors == []
    page.context.close()


def test_the_dispute_panel_of_a_long_games_action_comes_from_the_desk(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """The export holds no panel of an action nobody noted (version 4): the replay
    page asks the dispute desk for the action shown, and draws its answer."""
    gid, _ = long_finished_game(web_ledger)
    at = max(e.position for e in web_ledger.entries(gid) if isinstance(e.event, ActionTaken))
    page = open_replay(browser, f"{server.url}/replay/{gid}")
    asked: list[str] = []
    held: list[Any] = []
    page.route("**/dispute?*", lambda route: (asked.append(route.request.url), held.append(route)))
    page.locator("#slider").fill(str(at))
    # Said while the desk is asked (its answer held back here), then the answer drawn.
    page.wait_for_function("() => document.querySelector('#dispute').innerText.includes('asking')")
    assert f"asking the dispute desk for action #{at}" in page.inner_text("#dispute")
    for _ in range(500):  # the route's handler runs while the page is waited on
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the dispute desk was not asked"
    for route in held:
        route.continue_()
    page.wait_for_selector("#dispute details.legal-choices", timeout=TIMEOUT)
    said = page.inner_text("#dispute")
    assert f"Action #{at}" in said and "gives the recorded consequences" in said
    assert f"action #{at} by" in page.inner_text("#dispute-of")
    assert asked == [f"{server.url}/tables/{gid}/dispute?at={at}"], asked
    screenshot(page, "replay-long-game-dispute")
    assert page.errors == []
    page.context.close()


def test_nobody_is_on_turn_before_the_first_player_is_known(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    # A seed whose first player is Bob: Ann must not be marked on turn before it.
    for n in range(40):
        created = web_ledger.create_game("ultimate", ["Ann", "Bob"], seed=f"first-{n}")
        gid = str(created.game_id)
        play(web_ledger, gid, actions=1, seed=1)
        first = next(e.event for e in web_ledger.entries(gid) if isinstance(e.event, ActionTaken))
        if first.seat == 1:
            break
    else:
        raise AssertionError("no seed of 40 lets Bob play first")
    page = open_replay(browser, f"{server.url}/replay/{gid}")
    page.locator("#slider").fill("1")
    page.wait_for_selector("#story .ev.current[data-pos='1']")
    # The board is drawn in the host's shadow root, which locators pierce.
    who = page.locator("#board .seat .who").all_inner_texts()
    assert [w.split(" ")[0] for w in who] == ["Ann", "Bob"]
    assert not any("on turn" in w for w in who), who
    assert page.locator("#board .seat.active").count() == 0
    opening = next(e.position for e in web_ledger.entries(gid) if isinstance(e.event, ActionTaken))
    page.locator("#slider").fill(str(opening))
    page.wait_for_selector(f"#story .ev.current[data-pos='{opening}']")
    assert page.locator("#board .seat.active .who").inner_text().startswith("Bob")
    assert page.errors == []
    page.context.close()


def test_a_game_of_ten_thousand_events_is_shown_from_its_first_part_then_whole(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("ultimate", ["Ann", "Bob", "Cat", "Dan"], seed="ten-k")
    gid = str(created.game_id)
    grow(web_ledger, gid, 10_000)
    head = web_ledger.load(gid).version
    assert head >= 10_000
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The whole export is held back until the first part has been looked at.
    held: list[Any] = []
    page.route(
        "**/export?*",
        lambda route: route.continue_() if "to=" in route.request.url else held.append(route),
    )
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    # The first board and the story's first screen, with the game's whole length.
    page.wait_for_selector("#board >> .felt[data-position='1']")
    assert page.locator("#story .ev[data-pos='1']").count() == 1
    assert int(page.get_attribute("#slider", "max")) == head
    assert "the rest loading" in page.inner_text("#of")
    far = head - 123
    page.locator("#slider").fill(str(far))
    assert f"#{far} is not loaded yet" in page.inner_text("#story")
    screenshot(page, "replay-ten-thousand-loading")
    assert held, "the whole export was not asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-loaded='all']", timeout=180_000)
    # The far position as the fold gives it: its board, its story row, its facts.
    page.wait_for_selector(f"#board >> .felt[data-position='{far}']")
    assert page.locator(f"#story .ev.current[data-pos='{far}']").count() == 1
    # A running game read without a seat's token: a spectator's view.
    loaded = web_ledger.load(gid, far)
    words = Words(loaded.game, ("Ann", "Bob", "Cat", "Dan"))
    view = loaded.game.view(loaded.fold.state, None)
    page.click("#show-facts")
    rows = dict(
        page.eval_on_selector_all(
            "#state tr", "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText])"
        )
    )
    assert rows == {k: show(v) for k, v in flatten(view, words).items()}
    assert "not loaded" not in page.inner_text("#of")
    screenshot(page, "replay-ten-thousand-far")
    assert errors == [], errors
    page.context.close()


def test_the_table_page_of_a_finished_long_game_shows_its_end_and_older_on_demand(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    gid, head = long_finished_game(web_ledger)
    assert head > 400  # more than the two pages read below
    page = open_seat(browser, f"{server.url}/play/{gid}")
    lines = page.locator("#story .line")
    # The end of the story first (newest on top), not the whole of it.
    page.wait_for_selector(f"#story .line[data-position='{head}']", timeout=TIMEOUT)
    shown = [int(p) for p in lines.evaluate_all("ls => ls.map(l => l.dataset.position)")]
    assert shown == list(range(head, head - len(shown), -1)) and len(shown) < head
    older = page.locator("#story-older")
    assert f"before #{shown[-1]}" in older.inner_text()
    older.click()
    page.wait_for_selector(f"#story .line[data-position='{shown[-1] - 1}']", timeout=TIMEOUT)
    more = [int(p) for p in lines.evaluate_all("ls => ls.map(l => l.dataset.position)")]
    assert more == list(range(head, head - len(more), -1)) and len(more) > len(shown)
    screenshot(page, "table-long-game-story")
    assert page.errors == []
    page.context.close()
