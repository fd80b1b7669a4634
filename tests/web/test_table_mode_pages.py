"""A real table plays in table mode through the pages alone.

The lobby opens the table and asks for its deal (the cards each player was
dealt, by their printed names, and the roll for the first player); a seat's
page then asks for the card drawn when a move draws one. Before, the lobby
could not open a table-mode game without a setup file, and a page took only
internal card ids typed by hand."""

from __future__ import annotations

from typing import Any

from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import TIMEOUT, open_at_the_table, open_seat, screenshot


def _pick(page: Any, fields: Any, labels: list[str]) -> None:
    for i, label in enumerate(labels):
        fields.nth(i).select_option(label=label)


def test_a_table_opens_and_draws_by_printed_names(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    lobby = context.new_page()
    open_at_the_table(lobby, server, "ultimate")

    # The opening asks for the deal: four cards drawn from the deck, then the
    # die for the first player, each a field; nothing is stored yet.
    lobby.wait_for_selector("#opening-chance .chance-field", timeout=TIMEOUT)
    assert web_ledger.game_ids() == []
    asked = lobby.inner_text("#opening-chance")
    assert "Card drawn from the draw pile for Ann (1 of 2)" in asked
    assert "Card drawn from the draw pile for Bob (2 of 2)" in asked
    assert "Die for the first player, 1 to 2" in asked
    # Each face says whom it picks, as the story will say it.
    die = lobby.locator("#opening-chance select[data-kind=die]")
    assert die.locator("option").all_inner_texts() == ["—", "1 — Ann", "2 — Bob"]
    cards = lobby.locator("#opening-chance select[data-kind=card]")
    offered = cards.nth(0).locator("option").all_inner_texts()
    assert "Boule de feu" in offered and "Éclair" in offered
    assert not any("_" in o for o in offered)  # printed names, no ids
    assert "dice_required" not in lobby.inner_text("#create-error")
    # A field left empty is named, and nothing is sent.
    lobby.click("#create")
    assert "Card drawn from the draw pile for Ann (1 of 2): not entered yet" in lobby.inner_text(
        "#create-error"
    )
    _pick(lobby, cards, ["Boule de feu", "Explosion", "Bouclier", "Miroir"])
    assert lobby.inner_text("#create-error") == ""  # answered: the complaint goes
    lobby.locator("#opening-chance select[data-kind=die]").select_option("1")
    screenshot(lobby, "table-mode-opening")
    lobby.click("#create")
    lobby.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
    links = [a.get_attribute("href") for a in lobby.locator("#created a.play-link").all()]
    gid = links[0].split("/play/")[1].split("#")[0]
    started = web_ledger.load(gid).fold.started
    assert started.mode == "table"
    assert started.setup is not None
    assert started.setup["drew"] == ["fireball", "explosion", "shield", "mirror"]
    assert lobby.locator("#opening-chance .chance-field").count() == 0

    # Ann draws: her page asks which card came, by name, and sends it with the move.
    ann = open_seat(browser, links[0])
    hand = ann.locator("#hand .card .name").all_inner_texts()
    assert hand == ["Boule de feu", "Explosion"]
    ann.click("#actions button[data-type='Draw']")
    ann.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
    asked = ann.inner_text("#table-chance")
    assert "Card drawn from the draw pile" in asked
    # One way to send the move now: with its chance (the move's own Send is gone).
    assert not ann.is_visible("#actions") and ann.is_visible("#table-chance button.primary")
    options = ann.locator("#table-chance select[data-kind=card] option").all_inner_texts()
    # Every card of the deck as it was shuffled face down but the two Ann holds:
    # the list must not tell Ann, by elimination, which cards Bob was dealt.
    assert len(options) == 1 + 14 and "Bouclier" in options and "Éclair" in options
    assert "Boule de feu" not in options and "Explosion" not in options
    assert ann.inner_text("#act-error") == ""
    # A card that is not there (Bob holds it) is refused, naming none of the pile.
    ann.locator("#table-chance select[data-kind=card]").select_option(label="Bouclier")
    ann.click("#table-chance button.primary")
    ann.wait_for_selector("#act-error .error", timeout=TIMEOUT)
    refusal = ann.inner_text("#act-error")
    assert (
        "card 1 of those named as drawn, 'Bouclier', cannot have come from the draw pile" in refusal
    )
    assert "Miroir" not in refusal and "mirror" not in refusal
    ann.locator("#table-chance select[data-kind=card]").select_option(label="Éclair")
    screenshot(ann, "table-mode-draw")
    ann.click("#table-chance button.primary")
    ann.wait_for_function(
        "[...document.querySelectorAll('#hand .card .name')].some(e => e.textContent === 'Éclair')",
        timeout=TIMEOUT,
    )
    assert ann.locator("#table-chance .chance-field").count() == 0
    drawn = [e.event for e in web_ledger.entries(gid) if isinstance(e.event, ActionTaken)]
    assert [a.drew for a in drawn] == [("lightning",)]
    # The hand comes with the state; the story's line with the live stream, after it.
    ann.wait_for_function(
        "document.querySelector('#story').innerText.includes('Ann draws Éclair')",
        timeout=TIMEOUT,
    )
    assert ann.errors == []
    ann.context.close()
    context.close()


def test_the_orc_towers_opening_asks_for_each_players_deck_and_each_quarters_stack(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    lobby = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_at_the_table(lobby, server, "orctower")
    lobby.wait_for_selector("#opening-chance .chance-field", timeout=TIMEOUT)
    asked = lobby.locator("#opening-chance .chance-field > span").all_inner_texts()
    assert "Card drawn from Ann's personal deck (1 of 4)" in asked
    assert "Card drawn from Bob's personal deck (4 of 4)" in asked
    quarters = [a for a in asked if a.startswith("Card drawn from the marker stack of quarter ")]
    assert len(quarters) == 12 and quarters[0].endswith("quarter 1")
    # Every draw from the stacks is offered every kind of creature, by name.
    for select in lobby.locator("#opening-chance select[data-kind=card]").all()[-13:-1]:
        offered = select.locator("option").all_inner_texts()
        assert "Gobelin" in offered and "Chef" in offered
    # A destiny card is offered by what it shows, which is how a table knows it.
    destiny = lobby.locator("#opening-chance select[data-kind=card]").last
    offered = destiny.locator("option").all_inner_texts()
    assert (
        "carte Destin 2: the weak creatures move; rule change: +1 point de vie aux Créatures"
        in (offered)
    )
    screenshot(lobby, "table-mode-orctower-opening")
    lobby.close()
