"""In Chromium: a seat's page opened by a browser that asks for French
(``Accept-Language: fr``) tells its story and names its buttons in French, in
the rulebooks' terms; the language switch changes it to English, and the page
remembers the choice. A screenshot of each game's table in French is kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from services.ledger import WizardLedger
from services.review.exports import export_text
from services.words.faces import table_face
from services.words.telling import speaking
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import PLAYERS, TIMEOUT, open_seat, open_viewer, screenshot, seat_link

# For each game, a phrase its board says in French, and in English.
BOARD = {
    "ultimate": ("Les sorciers", "The wizards"),
    "spellwars": ("Le Donjon du Poulpe Sanguinaire", "The Dungeon of the Bloodthirsty Octopus"),
    "orctower": ("Tableaux de chasse", "Hunting boards"),
    "elfenwizards": ("La pyramide des titres", "The pyramid of titles"),
}
# Words a French board must not say: English left over from the drawing.
ENGLISH = ["Discard", "Draw pile", "Quarter", "Guilds", "(you)", "seat "]
# For each game, a phrase its story says in French after a few actions, and in English.
STORY = {
    "ultimate": ("pioche", "draws"),
    "spellwars": ("la manche 1 commence", "round 1 begins"),
    "orctower": ("maintenant :", "now:"),
    "elfenwizards": ("ordre de jeu :", "to act in turn"),
}


def _open_in_french(browser: Any, url: str) -> Any:
    page = open_seat(browser, url, locale="fr-FR")
    page.wait_for_selector("#story .line", timeout=TIMEOUT)
    return page


@pytest.mark.parametrize("game", list(STORY))
def test_a_french_browser_reads_the_table_in_french_and_the_switch_changes_it(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, game: str
) -> None:
    created = web_ledger.create_game(game, PLAYERS[game], seed=f"fr-{game}")
    gid = str(created.game_id)
    play(web_ledger, gid, actions=6, seed=3)
    seat = web_ledger.load(gid).fold.state.pending[0].seat
    page = _open_in_french(browser, seat_link(server, gid, seat, dict(created.seats)[seat]))
    french, english = STORY[game]
    story = page.inner_text("#story")
    assert french in story and english not in story, story[:400]
    assert page.input_value("#lang-switch") == "fr"
    board_fr, board_en = BOARD[game]
    board = page.inner_text("#public")
    assert board_fr in board and board_en not in board, board[:400]
    assert not [w for w in ENGLISH if w in board], board
    # The page's own words around the board: the top bar, the headings, the banner.
    assert "Classement" in page.inner_text("nav") and page.inner_text("#turn").startswith("À vous")
    assert page.inner_text("#actions-panel h2") == "Votre coup"
    assert page.evaluate("document.documentElement.lang") == "fr"
    if game == "ultimate":  # the cards in hand gloss their rule in French
        french_glosses = {c["gloss"] for c in table_face("ultimate", "fr")["cards"]}
        shown = page.locator(".gloss").all_inner_texts()
        assert shown and set(shown) <= french_glosses, shown
    if game == "elfenwizards":  # each guild by its colour, the dragon's holder said so
        board = page.inner_text("#public")
        assert "guilde rouge" in board and "détient le dragon" in board and "(dragon)" not in board
    screenshot(page, f"table-fr-{game}")
    # The switch: English, remembered for the next page this browser opens.
    page.select_option("#lang-switch", "en")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.wait_for_function(
        f"document.querySelector('#story').innerText.includes({english!r})", timeout=TIMEOUT
    )
    assert french not in page.inner_text("#story")
    assert board_en in page.inner_text("#public") and "Scoreboard" in page.inner_text("nav")
    assert page.inner_text("#actions-panel h2") == "Your move"
    if game == "ultimate":
        screenshot(page, f"table-en-{game}")
    again = page.context.new_page()
    again.goto(page.url)
    again.wait_for_selector("#story .line", timeout=TIMEOUT)
    assert english in again.inner_text("#story")
    assert page.errors == []
    page.context.close()


def test_the_lobby_and_the_scoreboard_speak_french_to_a_french_browser(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    web_ledger.create_game("ultimate", PLAYERS["ultimate"], seed="fr-lobby")
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#tables tbody tr", timeout=TIMEOUT)
    screenshot(page, "lobby-fr")
    lobby = page.inner_text("main")
    for said in ("Ouvrir une table", "Jeu", "Joueurs", "Ouvrir la table", "Ann, Bob", "revoir"):
        assert said in lobby, said
    for english in ("Open a table", "Open the table", "replay", "Status", "Opened"):
        assert english not in lobby, english
    assert page.locator("#seats option").first.inner_text().endswith(" joueurs")
    # The options say what they decide in French, and the dice where they come from.
    page.select_option("#game", "ultimate")
    options = page.inner_text("#options")
    assert "Les manches gagnées qu'il faut pour remporter la partie." in options, options
    assert "Round wins needed" not in options
    # Each option by its French label, each value by the reading it selects: no key.
    assert "Manches pour gagner" in options and "Durée de Voile électrique" in options
    assert "rounds to win" not in options and "rounds_to_win" not in options
    assert "next turn" not in options and "next_turn" not in options
    assert "tirés d'une graine secrète" in lobby and "seeded" not in lobby
    screenshot(page, "lobby-fr-options")
    page.goto(server.url + "/scores")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    scores = page.inner_text("main")
    assert "Parties terminées" in scores and "Finished games" not in scores
    assert "Taux de victoire" in scores and "aucune partie terminée" in scores
    assert errors == []
    context.close()


def test_the_html_export_made_in_french_reads_in_french_offline(
    browser: Any, web_ledger: WizardLedger, tmp_path: Path
) -> None:
    """The file carries its words: opened offline, in a browser that asks for
    nothing in particular, the viewer around the French story speaks French."""
    created = web_ledger.create_game("ultimate", PLAYERS["ultimate"], seed="fr-export")
    gid = str(created.game_id)
    play(web_ledger, gid, actions=6, seed=3)
    path = tmp_path / "partie.html"
    with speaking("fr"):
        path.write_text(export_text(web_ledger, gid, "html"), encoding="utf-8")
    context, page, problems = open_viewer(browser, path)
    try:
        for said in ("Récit", "Événement", "Contestation", "vu par", "Joueurs : Ann, Bob"):
            assert said in page.inner_text("body"), said
        assert "Sorcier ultime pour Ann et Bob" in page.inner_text("#story")
        assert page.inner_text("#show-board") == "Plateau"
        for english in ("Story", "seen by", "Players:", "seat 0", "seeded"):
            assert english not in page.inner_text("body"), english
        assert "dés tirés d'une graine (révélée à la fin)" in page.inner_text("#meta")
        screenshot(page, "viewer-fr-ultimate")
        assert problems == []
    finally:
        context.close()


def test_the_replay_page_speaks_french_to_a_french_browser(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    created = web_ledger.create_game("spellwars", PLAYERS["spellwars"], seed="fr-replay")
    gid = str(created.game_id)
    play(web_ledger, gid, actions=6, seed=3)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    body = page.inner_text("body")
    for said in ("Récit", "Enregistrer en HTML", "← retour à la table", "la manche 1 commence"):
        assert said in body, said
    for english in ("Save as HTML", "Story", "round 1 begins"):
        assert english not in body, english
    screenshot(page, "replay-fr-spellwars")
    context.close()
