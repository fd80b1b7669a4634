"""In Chromium: the replay viewer's "Facts" panel, opened by a browser that asks
for French (``Accept-Language: fr``), labels each fact in French for every game
(the view's keys by the games' and the kernel's words, in the rulebooks' terms),
exactly as the server tells the view to a French reader."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import get_game
from services.ledger import WizardLedger
from services.words.sentences import Words
from services.words.views import flatten
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import PLAYERS, TIMEOUT, screenshot

# For each game, a label its Facts panel says in French, and the English it replaces.
LABEL = {
    "ultimate": ("manche", "round"),
    "spellwars": ("manche", "round"),
    "orctower": ("numéro du round", "round number"),
    "elfenwizards": ("à jouer", "to act"),
}


@pytest.mark.parametrize("game_id", list(LABEL))
def test_the_facts_panel_speaks_french_to_a_french_browser(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, game_id: str
) -> None:
    players = PLAYERS[game_id]
    created = web_ledger.create_game(game_id, players, seed=f"facts-fr-{game_id}")
    gid = str(created.game_id)
    play(web_ledger, gid, actions=6, seed=3)
    context = browser.new_context(
        viewport={"width": 1400, "height": 1000},
        locale="fr-FR",
        extra_http_headers={"Accept-Language": "fr"},
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server.url}/replay/{gid}")
        page.wait_for_selector("body[data-loaded='all']", timeout=TIMEOUT)
        if page.is_visible("#show-facts"):
            page.click("#show-facts")
        page.wait_for_selector("#state tr[data-fact]", timeout=TIMEOUT)
        rows = dict(
            page.eval_on_selector_all(
                "#state tr", "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText])"
            )
        )
        at = int(page.input_value("#pos"))
        game = get_game(game_id)
        loaded = web_ledger.load(gid, at)
        french = Words.table(game, loaded.fold.started, "fr")
        # The labels the server tells a French reader, each of them, in its order.
        assert list(rows) == list(flatten(game.view(loaded.fold.state, None), french))
        said_fr, said_en = LABEL[game_id]
        assert said_fr in rows and said_en not in rows, list(rows)
        screenshot(page, f"viewer-facts-fr-{game_id}")
        assert errors == []
    finally:
        context.close()
