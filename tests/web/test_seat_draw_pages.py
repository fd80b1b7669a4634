"""A table whose players each enter their own draws, on their own pages.

Cleo ends a Spell Wars turn and everyone refills their hand: Ann's and Bob's
pages each ask for the cards drawn into their own hand (nobody else's), Cleo's
says whom the move waits for, and once the last of them has named their cards
the move is stored and every page goes on."""

from __future__ import annotations

from typing import Any

from domain.games import get_game
from domain.kernel.chance_needs import card_kind
from services.ledger import WizardLedger
from services.words.naming import card_words
from tests.services.live_server import LiveServer
from tests.services.seat_draws import at_first_refill, cards_of, opening_deck, owners, seen_by
from tests.told import told
from tests.web.pages import TIMEOUT, open_at_the_table, open_seat, screenshot, wait_position


def test_each_player_names_the_cards_drawn_into_their_hand_on_their_own_page(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    gid, line, tokens = at_first_refill(web_ledger)
    actor = line["seat"]
    others = sorted(set(owners(line)) - {actor})
    say = card_words(web_ledger.load(gid).fold.started)
    names = ["Ann", "Bob", "Cleo"]

    # Pages open before the move, as at a real table: they learn of it live.
    pages = {
        s: open_seat(browser, f"{server.url}/play/{gid}#seat={s}&token={tokens[s]}")
        for s in range(3)
    }
    before = web_ledger.load(gid).version
    seen = seen_by(web_ledger.load(gid).fold.state, others[0])
    assert (
        web_ledger.act(gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor))
        == []
    )

    first = pages[others[0]]
    first.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
    asked = first.inner_text("#table-chance")
    assert "Name the cards you drew" in asked
    mine = cards_of(line, others[0])
    fields = first.locator("#table-chance select[data-kind=card]")
    assert fields.count() == len(mine)
    # Offered: no kind whose every copy this seat sees (its hand, the discard).
    offered = set(fields.first.locator("option").evaluate_all("os => os.map(o => o.value)"))
    every = opening_deck(web_ledger, gid)
    shown = {
        k for k in {card_kind(c) for c in every} if {c for c in every if card_kind(c) == k} <= seen
    }
    assert shown and not offered & shown
    assert first.get_attribute("#turn", "data-yours") == "1"
    assert names[actor] in first.inner_text("#turn")
    waiting = pages[actor]
    waiting.wait_for_function(
        "document.getElementById('turn').textContent.includes('waiting for')", timeout=TIMEOUT
    )
    assert all(names[s] in waiting.inner_text("#turn") for s in others)
    assert waiting.locator("#table-chance select").count() == 0  # the actor is asked nothing
    assert waiting.locator("#actions button").count() == 0
    for i, card in enumerate(mine):
        fields.nth(i).select_option(label=say(card_kind(card)))
    screenshot(first, "seat-draws-asked")
    screenshot(waiting, "seat-draws-waiting")
    first.click("#table-chance button.primary")

    for seat in others[1:]:
        page = pages[seat]
        page.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
        cards = cards_of(line, seat)
        fields = page.locator("#table-chance select[data-kind=card]")
        for i, card in enumerate(cards):
            fields.nth(i).select_option(label=say(card_kind(card)))
        page.click("#table-chance button.primary")
    for page in pages.values():
        wait_position(page, before + 1)
    assert web_ledger.holds.hold_of(gid) is None
    assert web_ledger.load(gid).version > before
    hand = first.locator("#hand .card .name").all_inner_texts()
    assert all(say(card_kind(c)) in hand for c in mine)
    assert first.locator("#table-chance .chance-field").count() == 0
    for page in pages.values():
        assert page.errors == []
        page.context.close()


def test_the_lobby_opens_a_table_whose_players_are_dealt_on_their_own_pages(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    lobby = browser.new_page(viewport={"width": 1400, "height": 1000})
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert not lobby.is_visible("#by-seats")  # a seeded game has no table to enter
    open_at_the_table(lobby, server, "ultimate", by_seats=True)
    # The lobby asks only what has no seat: the die for the first player. The
    # cards dealt are each player's to name, on their page.
    lobby.wait_for_selector("#opening-chance .chance-field", timeout=TIMEOUT)
    asked = lobby.inner_text("#opening-chance")
    assert "Die for the first player, 1 to 2" in asked and "Card drawn" not in asked
    lobby.locator("#opening-chance select[data-kind=die]").select_option("1")
    screenshot(lobby, "seat-draws-lobby")
    lobby.click("#create")
    lobby.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
    links = [a.get_attribute("href") for a in lobby.locator("#created a.play-link").all()]
    gid = links[0].split("/play/")[1].split("#")[0]
    assert web_ledger.raw_rows(gid) == []  # nothing stored before the deal is named
    # Its replay says why there is nothing to replay yet, not an HTTP status.
    replay = browser.new_page()
    replay.goto(f"{server.url}/replay/{gid}")
    replay.wait_for_function(
        "document.body.innerText.includes('its opening waits for Ann and Bob')", timeout=TIMEOUT
    )
    replay.close()

    pages = [open_seat(browser, link) for link in links]
    dealt = (["Boule de feu", "Explosion"], ["Bouclier", "Miroir"])
    for page, cards in zip(pages, dealt, strict=True):
        page.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
        assert "Your cards — the opening deal — waiting for " in page.inner_text("#turn")
        # Dealing: the table says so, and nobody is on turn before the deal.
        assert page.inner_text("#status .pill") == "dealing"
        assert "on turn" not in page.inner_text("#public")
        fields = page.locator("#table-chance select[data-kind=card]")
        assert fields.count() == 2
        for i, card in enumerate(cards):
            fields.nth(i).select_option(label=card)
        if page is pages[0]:
            screenshot(page, "seat-draws-opening")
        page.click("#table-chance button.primary")
        if page is pages[0]:
            # Ann's cards are in: she may name them again (one may be wrong).
            page.wait_for_selector("#change-cards", timeout=TIMEOUT)
            # The panel is drawn again when the live stream tells of the entry: its
            # words are waited for, not read at the instant the button appears.
            page.wait_for_selector(
                "#table-chance:has-text('Your cards are in (you named Boule de feu, Explosion).')",
                timeout=TIMEOUT,
            )
            assert "waiting for Bob" in page.inner_text("#table-chance")
            page.click("#change-cards")
            page.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
            again = page.locator("#table-chance select[data-kind=card]")
            for i, card in enumerate(cards):
                again.nth(i).select_option(label=card)
            screenshot(page, "seat-draws-again")
            page.click("#table-chance button.primary")
            page.wait_for_selector("#change-cards", timeout=TIMEOUT)
    for page in pages:
        page.wait_for_function(
            "document.querySelectorAll('#hand .card .name').length === 2", timeout=TIMEOUT
        )
    assert pages[0].locator("#hand .card .name").all_inner_texts() == ["Boule de feu", "Explosion"]
    started = web_ledger.load(gid).fold.started
    assert started.setup is not None and started.setup["chance_by"] == "seats"
    assert started.setup["drew"] == ["fireball", "explosion", "shield", "mirror"]
    assert "each seat entering the cards it draws" in told(get_game("ultimate"), started)
    for page in pages:
        assert page.errors == []
        page.context.close()
    lobby.close()


def test_a_move_held_before_the_pages_live_stream_began_is_shown(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """A held move is no entry the stream replays: a page whose stream connects
    after it (a slow network, a phone waking up) reads it when the stream is ready."""
    gid, line, tokens = at_first_refill(web_ledger)
    actor = line["seat"]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    held_done = []

    def late_stream(route: Any) -> None:
        # The move is made, and held, before this page's stream reaches the server.
        if not held_done:
            web_ledger.act(
                gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor)
            )
            held_done.append(True)
        route.continue_()

    context.route("**/events?*", late_stream)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/play/{gid}#seat={actor}&token={tokens[actor]}")
        page.wait_for_function(
            "document.getElementById('turn').textContent.includes('waiting for')", timeout=TIMEOUT
        )
        assert held_done and page.locator("#actions button").count() == 0
    finally:
        context.close()
