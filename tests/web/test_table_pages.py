"""The web table in a real browser: every game's opening played through the page only.

For each game, one browser context per seat opens its seat's link; the seats
play their opening by clicking the controls the page builds from the legal
commands, and each move must arrive live (SSE) on the other seats' pages.
No page may hold another seat's hidden cards anywhere in its DOM.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from domain.games import get_game
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.services.playing import QUICK, play
from tests.web.pages import (
    PLAYERS,
    TIMEOUT,
    check_no_hidden_cards,
    one_of_each_kind,
    open_seat,
    position,
    screenshot,
    seat_link,
    wait_position,
)

OPENING = 4  # at least this many actions, and until two seats have played
MAX_ACTIONS = 40


def my_turn(page: Any) -> bool:
    return page.get_attribute("#turn", "data-yours") == "1"


def play_one(page: Any) -> None:
    """Send one command by clicking what the page offers, first choice each time."""
    before = position(page)
    for _ in range(30):
        if page.locator("#send:enabled").count():
            page.click("#send")
            break
        done = page.locator("#compose-done")
        if done.count():
            if done.is_enabled():
                done.click()
            else:
                page.locator("#hand .card.pickable:not(.picked)").first.click()
            continue
        choice = page.locator("#actions .step .choices button[data-field]")
        if choice.count():
            choice.first.click()
            continue
        page.locator("#actions .action-types button[data-type]").first.click()
        if position(page) > before:
            break
        page.wait_for_timeout(50)
    wait_position(page, before + 1)


@pytest.mark.parametrize("look", ["own", "generic"])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_seats_play_the_opening_through_their_pages(
    game: str, look: str, browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    names = PLAYERS[game]
    with server.client() as c:
        r = c.post("/tables", json={"game": game, "players": names, "seed": f"web-{game}"})
        assert r.status_code == 201, r.text
        table = r.json()
    gid = table["game_id"]
    pages = [
        open_seat(browser, seat_link(server, gid, s["seat"], s["token"]), generic=look == "generic")
        for s in table["seats"]
    ]
    for seat, page in enumerate(pages):
        assert page.inner_text("#me") == f"you are {names[seat]}"
    # A spectator's page (no fragment): no hand, no controls, the same live story.
    spectator = open_seat(browser, f"{server.url}/play/{gid}", generic=look == "generic")
    assert spectator.inner_text("#me") == "watching as a spectator"
    assert spectator.locator("#hand .card").count() == 0
    assert spectator.is_hidden("#actions-panel")
    shot = game if look == "own" else f"{game}-generic"
    screenshot(pages[0], f"{shot}-opening")

    played: set[int] = set()
    actions = 0
    while actions < OPENING or len(played) < 2:
        assert actions < MAX_ACTIONS, f"{game}: no second seat got to play"
        movers = [p for p in pages if my_turn(p)]
        assert movers, "nobody's turn on any page"
        mover = movers[0]
        play_one(mover)
        played.add(pages.index(mover))
        actions += 1
        head = web_ledger.load(gid).version
        # The move arrives live on every other page: its story and its state.
        for other in [*pages, spectator]:
            if other is not mover:
                wait_position(other, head)
                other.wait_for_selector(f"#story .line[data-position='{head}']", timeout=TIMEOUT)
        for seat, page in enumerate(pages):
            check_no_hidden_cards(page, web_ledger, gid, seat)
        check_no_hidden_cards(spectator, web_ledger, gid, None)

    stored = [e for e in web_ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"]
    assert len(stored) == actions
    assert len({e.event.seat for e in stored}) >= 2, "two seats played"
    screenshot(spectator, f"{shot}-spectator")
    assert spectator.errors == []
    spectator.context.close()
    for seat, page in enumerate(pages):
        screenshot(page, f"{shot}-seat{seat}")
        assert page.errors == []
        page.context.close()


def test_a_spell_is_composed_by_picking_cards_and_checked_as_you_go(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    with server.client() as c:
        table = c.post(
            "/tables", json={"game": "spellwars", "players": ["Ann", "Bob"], "seed": "compose"}
        ).json()
    gid, token = table["game_id"], table["seats"][0]["token"]
    page = open_seat(browser, seat_link(server, gid, 0, token))
    # 255 legal placements, yet one button to start composing.
    assert page.locator("#actions button[data-type]").count() == 1
    page.click("#actions button[data-type='PlaceCards']")
    picked = one_of_each_kind(page, "#hand .card")
    for card_id in picked:
        page.click(f"#hand .card[data-card='{card_id}']")
    slots = page.inner_text("#slots")
    for card_id in picked:  # each card in its slot, by its printed name
        assert page.inner_text(f"#hand .card[data-card='{card_id}'] .name") in slots
    # Bob places his spell meanwhile: it arrives live, and Ann's picks stay.
    bob = {"Authorization": f"Bearer {table['seats'][1]['token']}"}
    with server.client() as c:
        bob_legal = c.get(f"/tables/{gid}/legal", headers=bob).json()
        head = position(page)
        r = c.post(f"/tables/{gid}/act", json={"seat": 1, "command": bob_legal[0]}, headers=bob)
        assert r.status_code == 200, r.text
    wait_position(page, head + 1)
    assert page.locator("#hand .card.picked").count() == len(picked)
    checks = page.inner_text("#checks")
    assert "a legal choice" in checks
    if len(picked) == 3:
        assert "a full spell" in checks
    # A fourth card: legal (the rulebook takes one back), and the page says so.
    extra = page.locator("#hand .card.pickable:not(.picked)").first.get_attribute("data-card")
    page.click(f"#hand .card[data-card='{extra}']")
    assert "take cards back" in page.inner_text("#checks")
    page.click(f"#hand .card[data-card='{extra}']")  # and out again
    screenshot(page, "spellwars-composing")
    head = position(page)
    page.click("#send")  # the picks finish the command: one tap sends it
    wait_position(page, head + 1)
    placed = [e.event for e in web_ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"]
    assert sorted(placed[-1].command["cards"]) == sorted(picked)
    assert page.errors == []
    page.context.close()


# The page's own send (table.js), as a click on "Send" calls it.
SEND = 'async cmd => (await import("wl/table.js")).send(cmd)'


def test_the_page_keeps_one_idempotency_key_per_intended_action(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """An answer lost after the server acted: sending again reuses the key, so the
    action is stored once; the next action gets a new key."""
    with server.client() as c:
        table = c.post(
            "/tables", json={"game": "ultimate", "players": ["Ann", "Bob"], "seed": "keys"}
        ).json()
    gid = table["game_id"]
    seat = web_ledger.load(gid).fold.state.pending[0].seat
    page = open_seat(browser, seat_link(server, gid, seat, table["seats"][seat]["token"]))
    keys: list[str] = []
    lose = {"answers": 1}

    def on_act(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if lose["answers"]:
            lose["answers"] -= 1
            route.fetch()  # the server acts and answers ...
            route.abort("failed")  # ... and the answer is lost on the way
        else:
            route.continue_()

    page.route("**/act", on_act)
    page.click("#actions button[data-type='Draw']")
    page.wait_for_selector("#act-error .error", timeout=TIMEOUT)
    assert "never applied twice" in page.inner_text("#act-error")
    page.wait_for_function(
        "document.querySelector('#actions button[data-type=Draw]') === null "
        "|| !document.querySelector('#actions button[data-type=Draw]').disabled"
    )
    before = web_ledger.load(gid).version
    # The draw was stored; the page still offers the seat's next decision. A retry
    # of the same command is the same intended action: same key, nothing new stored.
    page.evaluate(SEND, {"type": "Draw"})
    assert keys[0] == keys[1] and keys[0]
    assert web_ledger.load(gid).version == before
    draws = [e for e in web_ledger.entries(gid) if type(e.event).__name__ == "ActionTaken"]
    assert len(draws) == 1
    # A new action: a new key.
    legal = httpx.get(
        f"{server.url}/tables/{gid}/legal",
        headers={"Authorization": f"Bearer {table['seats'][seat]['token']}"},
    ).json()
    if legal:
        page.evaluate(SEND, legal[0])
        assert len(keys) == 3 and keys[2] != keys[0]
    # Another command while a retry is pending is another action: a new key.
    lose["answers"] = 1
    n = len(keys)
    page.evaluate(SEND, {"type": "NotACommand"})
    page.evaluate(SEND, {"type": "OtherCommand"})
    assert keys[n + 1] != keys[n]
    # An answer that came back (here a 422) ends the action: sending again is new.
    page.evaluate(SEND, {"type": "OtherCommand"})
    assert keys[n + 2] != keys[n + 1]
    assert page.errors == []
    page.context.close()


def test_a_finished_game_shows_the_winner_and_the_scores(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:

    with server.client() as c:
        table = c.post(
            "/tables",
            json={"game": "ultimate", "players": ["Ann", "Bob"], "seed": "end", "options": QUICK},
        ).json()
    gid = table["game_id"]
    page = open_seat(browser, seat_link(server, gid, 0, table["seats"][0]["token"]))
    play(web_ledger, gid)  # to the end, straight through the store
    page.wait_for_selector("#winner", timeout=TIMEOUT)
    outcome = get_game("ultimate").outcome(web_ledger.load(gid).fold.state)
    assert outcome is not None
    winner = ["Ann", "Bob"][outcome.winners[0]]
    assert f"{winner} wins" in page.inner_text("#winner")
    assert page.inner_text("#turn") == "The game is over."
    screenshot(page, "ultimate-finished")
    # The scoreboard page lists both players and the game.
    scores = page.context.new_page()
    scores.goto(f"{server.url}/scores")
    scores.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    scores.wait_for_function(
        "document.querySelector('#players tbody').innerText.includes('Ann')", timeout=TIMEOUT
    )
    assert winner in scores.inner_text("#games")
    screenshot(scores, "scores")
    assert page.errors == []
    page.context.close()


def test_docs_and_redoc_work_offline(browser: Any, server: LiveServer) -> None:
    context = browser.new_context()
    outside: list[str] = []  # resource types of requests that left the machine

    def only_loopback(route: Any) -> None:
        url = route.request.url
        if url.startswith(server.url):
            route.continue_()
        else:
            outside.append(route.request.resource_type)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    page.goto(f"{server.url}/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=TIMEOUT)
    assert "Wizard Ledger" in page.inner_text(".swagger-ui .info .title")
    page.goto(f"{server.url}/redoc")
    page.wait_for_selector("h1", timeout=TIMEOUT)
    assert "Wizard Ledger" in page.inner_text("h1")
    # Everything the pages show comes from the app, Redoc's maker's logo too:
    # nothing is asked of a machine outside, which fails offline.
    assert outside == []
    context.close()


SETUP = """\
# ultimate, 2 players: Ann holds Boule de feu and Explosion, Bob Bouclier and Miroir
hands = [["fireball", "explosion"], ["shield", "mirror"]]
draw_pile = ["lightning", "curse", "shadow_hand", "poison_cloud", "deflection",
             "arcane_barrier", "thorns", "healing_light", "mana_focus",
             "shadow_veil", "absorption", "mind_control"]
health = [3, 9]
first = 0
dice = [4]
"""


def test_the_lobby_opens_a_table_with_options_and_a_setup_file(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, tmp_path: Any
) -> None:
    setup = tmp_path / "dispute.toml"
    setup.write_text(SETUP, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    lobby = context.new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    lobby.select_option("#game", "ultimate")
    # Every option is shown with its documentation from the registry.
    spec = next(o for o in get_game("ultimate").spec.options if o.name == "rounds_to_win")
    assert spec.doc in lobby.inner_text("#options")
    lobby.select_option("#seats", "2")
    names = lobby.locator("#names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    lobby.select_option("#opt-rounds_to_win", "1")
    lobby.uncheck("#opt-eclair_hits_caster")
    lobby.set_input_files("#setup-file", str(setup))
    screenshot(lobby, "lobby-form")
    lobby.click("#create")
    lobby.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
    links = [a.get_attribute("href") for a in lobby.locator("#created a.play-link").all()]
    assert len(links) == 2 and all("#seat=" in x and "&token=" in x for x in links)

    gid = links[0].split("/play/")[1].split("#")[0]
    started = web_ledger.load(gid).fold.started
    assert started.players == ("Ann", "Bob")
    assert started.options["rounds_to_win"] == 1
    assert started.options["eclair_hits_caster"] is False
    assert started.mode == "table"  # the setup file scripts the dice
    assert started.setup is not None and started.setup["hands"][0] == ["fireball", "explosion"]
    # The list of tables shows it (refreshed live), with names and mode.
    lobby.wait_for_selector(f"#tables tr[data-game='{gid}']", timeout=TIMEOUT)
    row = lobby.inner_text(f"#tables tr[data-game='{gid}']")
    assert "Ann, Bob" in row and "table mode" in row and "running" in row
    screenshot(lobby, "lobby")

    # Ann's link: her two cards by their printed names; she picks a card, then
    # the action, and Bob's page hears the attack live.
    ann = open_seat(browser, links[0])
    bob = open_seat(browser, links[1])
    assert [
        ann.inner_text(f"#hand .card[data-card='{c}'] .name") for c in ("fireball", "explosion")
    ] == [
        "Boule de feu",
        "Explosion",
    ]
    assert "Your turn" in ann.inner_text("#turn") and "Waiting for Ann" in bob.inner_text("#turn")
    ann.click("#hand .card[data-card='fireball']")
    ann.click("#actions button[data-type='PlayCard']")
    assert "Boule de feu" in ann.inner_text("#summary") and "Bob" in ann.inner_text("#summary")
    ann.click("#send")
    bob.wait_for_function("document.getElementById('turn').dataset.yours === '1'", timeout=TIMEOUT)
    assert bob.locator("#actions button[data-type='Defend']").count() == 1
    screenshot(bob, "ultimate-defend")
    # A rule citation in the story opens its passage and gloss.
    bob.locator("#story .rule-ref").first.click()
    dialog = bob.inner_text("dialog#rule")
    assert "close" in dialog
    rule_id = bob.locator("#story .rule-ref").first.inner_text()
    rule = get_game("ultimate").catalogue[rule_id]
    assert rule.passage in dialog
    for page in (ann, bob):
        assert page.errors == []
        page.context.close()
    context.close()


def test_the_lobby_opens_a_table_with_a_tables_own_data_file(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, tmp_path: Any
) -> None:
    # Our box's second edition: every card renamed.
    from domain.ultimate.cards import CARDS

    data = tmp_path / "our-box.toml"
    data.write_text(
        "".join(f'[cards.{c}]\nname = "{card.name} (2e édition)"\n' for c, card in CARDS.items()),
        encoding="utf-8",
    )
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    lobby = context.new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    lobby.select_option("#game", "ultimate")
    assert lobby.is_enabled("#data-file")
    lobby.select_option("#seats", "2")
    lobby.set_input_files("#data-file", str(data))
    lobby.click("#create")
    lobby.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
    link = lobby.locator("#created a.play-link").first.get_attribute("href")
    assert link is not None
    gid = link.split("/play/")[1].split("#")[0]
    started = web_ledger.load(gid).fold.started
    # The table's file is stored whole with the game and bound by its hash.
    assert started.data is not None
    assert started.data["cards"]["fireball"]["name"] == "Boule de feu (2e édition)"
    assert started.data_hash
    # The seat's hand reads the table's own names, not the built-in ones.
    seat = context.new_page()
    seat.goto(link)
    seat.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    names = [n.inner_text() for n in seat.locator("#hand .card .name").all()]
    assert names and all(n.endswith("(2e édition)") for n in names), names
    screenshot(seat, "ultimate-own-data")
    context.close()
