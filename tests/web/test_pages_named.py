"""In Chromium: every page of the four games, walked in French and in English,
names its players and cards as the table does. A game made with names (Ann, Bob,
and Cid where the game needs a third) is opened at its start, part-way through
and at a decision a player must take (Spell Wars' sacrifice, asked of Bob), on
the table page of the seat to play, in the replay viewer, the lobby and the
scoreboard: no text a person reads says a seat by its number ("seat 1",
"siège 1"), an id (``red-1``, ``orc-04``, ``volcanino#2``, ``grey_cost``) or a
class name (``CardsDrawn``). Rule ids, which a page shows as references to
open, and the JSON a referee unfolds are left out of the reading, as is the id
the orc tower's lines say after a card's name for a player to type
("Orque (orc-04)", ``GameWords.lines_say_ids``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.games import get_game
from domain.spellwars import GAME as SPELLWARS
from services.ledger import WizardLedger
from tests.domain.spellwars.scenario import cast
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tests.web.pages import TIMEOUT, seat_link

NAMES = {
    "ultimate": ["Ann", "Bob"],
    "spellwars": ["Ann", "Bob"],
    "elfenwizards": ["Ann", "Bob", "Cid"],
    "orctower": ["Ann", "Bob"],
}
# How far into each game the walk looks again (actions played through the store).
PART_WAY = {"ultimate": 9, "spellwars": 8, "elfenwizards": 14, "orctower": 10}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}

SEAT = re.compile(r"\b(?:seat|siège|player|joueur) \d+\b", re.IGNORECASE)
RAW = re.compile(
    r"\b[a-z]+(?:_[a-z]+)+\b"  # a snake_case key or id: grey_cost, owner_only
    r"|\b[a-z]+-\d+\b"  # a pawn's or a copy's id: red-1, orc-04
    r"|\b\w+#\d+\b"  # a copy's id: volcanino#2
    r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b"  # a class or command name: CardsDrawn, PlayCard
    r"|\b(?:null|undefined|None|NaN|true|false)\b|\[object Object\]"
)

# What a person reads of a page: its visible text, without the rule references
# (ids to open, on purpose) and the JSON a referee unfolds.
READ = """() => {
  const copy = document.body.cloneNode(true);
  const unread = 'code, pre, .rule-ref, script, style, template, [hidden]';
  copy.querySelectorAll(unread).forEach((e) => e.remove());
  document.body.appendChild(copy);
  copy.style.position = 'absolute';
  const text = copy.innerText;
  copy.remove();
  return text;
}"""


def read(page: Any) -> str:
    return str(page.evaluate(READ))


# A game's id names the game (the viewer's header).
GAME_ID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
# A copy's id after its card's name, "Orque (orc-04)": the orc tower's lines say
# the id a player types (``GameWords.lines_say_ids``), always after the name.
TYPED_ID = re.compile(r" \([a-z]+(?:_[a-z]+)*[.#-]\d+\)")


def unsaid(text: str, game: str = "") -> list[str]:
    """What a page says that a player should never read."""
    text = GAME_ID.sub("", text)
    if game and get_game(game).words.lines_say_ids:
        text = TYPED_ID.sub("", text)
    return sorted({m.group(0) for pattern in (SEAT, RAW) for m in pattern.finditer(text)})


def open_page(browser: Any, url: str, lang: str, ready: str) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=LOCALES[lang])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.wait_for_selector(ready, timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == lang
    return page


def walked(browser: Any, url: str, lang: str, ready: str, game: str = "") -> str:
    page = open_page(browser, url, lang, ready)
    try:
        text = read(page)
        assert page.errors == [], page.errors
    finally:
        page.context.close()
    assert not unsaid(text, game), f"{url} in {lang}: {unsaid(text, game)}\n{text[:3000]}"
    return text


def tables(server: LiveServer, ledger: WizardLedger, gid: str, seats: dict[int, str]) -> str:
    """The table page of the seat the game waits for."""
    seat = ledger.load(gid).fold.state.pending[0].seat
    return seat_link(server, gid, seat, seats[seat])


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("game", list(NAMES))
def test_every_page_of_a_game_names_players_and_cards_as_the_table_does(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, game: str, lang: str
) -> None:
    created = web_ledger.create_game(game, NAMES[game], seed=f"named-{game}")
    gid, seats = str(created.game_id), dict(created.seats)
    story = "#story .line"
    walked(browser, tables(server, web_ledger, gid, seats), lang, story, game)
    play(web_ledger, gid, actions=PART_WAY[game], seed=3)
    text = walked(browser, tables(server, web_ledger, gid, seats), lang, story, game)
    assert all(name in text for name in NAMES[game])
    if lang == "fr":  # what a seat may not see is said in French too, by its kind
        assert not re.search(r"\b(?:hidden|cards? drawn|cards dealt|shuffle)\b", text), text
    viewer = walked(browser, f"{server.url}/replay/{gid}", lang, "body[data-loaded='all']", game)
    assert NAMES[game][0] in viewer
    lobby = walked(browser, server.url + "/", lang, "#tables tbody tr")
    assert ", ".join(NAMES[game]) in lobby
    walked(browser, server.url + "/scores", lang, "main")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_decision_asked_mid_spell_names_who_is_asked_and_who_hits(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, lang: str
) -> None:
    """Bob holds a creature and is hit for 3 by Taléboulas: the page asks him
    whether to sacrifice it, naming him and the card, in his language."""
    g, _ = cast({"source": "taleboulas#1"}, setup={"creatures": [[], ["gracula#1"], []]})
    created = web_ledger.create_game(
        "spellwars", ["Ann", "Bob", "Cid"], seed="named-block", setup=SPELLWARS.position(g.state)
    )
    gid = str(created.game_id)
    url = seat_link(server, gid, 1, dict(created.seats)[1])
    board = walked(browser, url, lang, "#public")
    asked = {
        "en": "Bob decides: Taléboulas: 3 damage to Bob: sacrifice a creature?",
        "fr": "Bob décide : Taléboulas : 3 dégâts à Bob : sacrifier une créature ?",
    }[lang]
    assert asked in board, board[:2000]
