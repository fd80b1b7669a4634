"""In Chromium: a table that renamed a card reads its name in the live story
(lines arriving over Server-Sent Events), the replay viewer, the turn banner
and the rules the page opens."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.games import get_game
from services.ledger import WizardLedger
from services.review.exports import export_text
from services.words.faces import built_in_entries
from tests.services.live_server import LiveServer
from tests.services.words.own_names import (
    built_in_forms,
    built_in_names,
    built_in_names_said,
    play_twins,
    renaming_file,
)
from tests.web.pages import TIMEOUT, open_replay, open_seat, open_viewer, screenshot, seat_link


def test_the_web_story_and_the_viewer_say_the_tables_card_names(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    t = play_twins(web_ledger, "ultimate", own_too=False)
    gone = built_in_names("ultimate", t.ident)  # Éclair, Lightning
    # The seat that may see the line naming the card (a draw is private).
    entries = web_ledger.entries(t.plain)
    seat = next(
        s
        for s in range(2)
        if entries[t.at - 1].event.visibility().allows(s)  # type: ignore[arg-type]
    )
    page = open_seat(browser, seat_link(server, t.own, seat, t.tokens[seat]))
    page.wait_for_selector("#live.on", timeout=TIMEOUT)
    t.play_own()  # every line from now on arrives live
    line = page.locator(f"#story .line[data-position='{t.at}'] .txt")
    line.wait_for(timeout=TIMEOUT)
    assert t.name in line.inner_text()
    story = page.inner_text("#story")
    assert t.name in story and not any(n in story for n in gone), story
    screenshot(page, "table-own-card-names")
    assert page.errors == []
    page.context.close()

    viewer = open_replay(browser, f"{server.url}/replay/{t.own}#seat={seat}&token={t.tokens[seat]}")
    viewer.locator("#slider").fill(str(t.at))
    story = viewer.inner_text("#story")
    assert t.name in story and not any(n in story for n in gone), story
    assert t.name in viewer.inner_text("#event-detail") + story
    screenshot(viewer, "replay-own-card-names")
    assert viewer.errors == []
    viewer.context.close()


def test_a_renamed_tables_page_asks_and_glosses_in_its_names(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    """Every card of the file renamed: the page's banner (the pending prompt, an
    attack's card) and a rule opened from the story (our gloss) say the file's
    names; the rulebook's passage in the dialog stays as printed."""
    data, names = renaming_file("ultimate")
    forms = built_in_forms("ultimate")
    created = web_ledger.create_game(
        "ultimate", ["Ann", "Bob"], seed="page", options={"rounds_to_win": 1}, data=data
    )
    gid = str(created.game_id)
    rng = random.Random(5)
    while True:  # until a seat must answer an attack named in its prompt
        state = web_ledger.load(gid).fold.state
        waiting = state.pending[0]
        if "attacks you with" in waiting.prompt:
            break
        legal = get_game("ultimate").legal_commands(state, waiting.seat)
        attacks = [c for c in legal if type(c).__name__ == "PlayCard"]
        web_ledger.act(gid, waiting.seat, msgspec.to_builtins(rng.choice(attacks or legal)))
    seat = waiting.seat
    page = open_seat(browser, seat_link(server, gid, seat, dict(created.seats)[seat]))
    banner = page.inner_text("#turn")
    assert "attacks you with Qz" in banner and not built_in_names_said(banner, forms), banner
    # A rule whose gloss names a card, opened from the story line citing it.
    catalogue = get_game("ultimate").catalogue
    built_in = [e["name"] for e in built_in_entries("ultimate").values()]
    cited = [
        r
        for r in page.eval_on_selector_all("#story .rule-ref", "bs => bs.map(b => b.textContent)")
        if any(n in catalogue[r].summary for n in built_in)
    ]
    assert cited, "no story line cites a rule whose gloss names a card"
    page.locator("#story .rule-ref", has_text=cited[0]).first.click()
    dialog = page.locator("#rule")
    dialog.wait_for(timeout=TIMEOUT)
    said = dialog.inner_text()
    passage = page.inner_text("#rule blockquote")
    assert passage == catalogue[cited[0]].passage
    assert any(n in said for n in names.values()), said
    assert not built_in_names_said(said.replace(passage, ""), forms), said
    assert "null" not in said  # only the parts the rule has
    screenshot(page, "table-renamed-rule-and-prompt")
    assert page.errors == []
    page.context.close()


def test_a_renamed_elfenwizards_table_draws_its_own_titles(
    browser: Any, server: LiveServer, web_ledger: WizardLedger, tmp_path: Any
) -> None:
    """The titles are named by the table's data: the pyramid on the table page and
    the board of the HTML export draw them by those names, not the built-in ones."""
    data, names = renaming_file("elfenwizards")
    forms = built_in_forms("elfenwizards")
    created = web_ledger.create_game("elfenwizards", ["Ann", "Bob", "Cy"], seed="titles", data=data)
    gid = str(created.game_id)
    page = open_seat(browser, seat_link(server, gid, 0, dict(created.seats)[0]))
    pyramid = page.inner_text("#pyramid")
    assert names["grand_druide"] in pyramid and names["magicien"] in pyramid, pyramid
    assert not built_in_names_said(pyramid, forms), pyramid
    assert page.errors == []
    page.context.close()
    path = tmp_path / "renamed.html"
    path.write_text(export_text(web_ledger, gid, "html"), encoding="utf-8")
    context, viewer, problems = open_viewer(browser, path)
    try:
        board = viewer.locator("#board .felt").inner_text()
        assert names["grand_druide"] in board and not built_in_names_said(board, forms), board
        screenshot(viewer, "viewer-renamed-titles")
        assert problems == []
    finally:
        context.close()
