"""A table whose opening waits for its players' cards is in the lobby's list.

Until every seat has named the cards dealt to it, nothing is in the game's
stream: the list used to leave such a table out, so the players who had not
yet named their cards could not find it there. It is listed as dealing,
naming whom it waits for, with its links."""

from __future__ import annotations

from typing import Any

from services.ledger import WizardLedger
from tests.services.live_server import LiveServer
from tests.web.pages import TIMEOUT, screenshot


def test_a_table_being_dealt_is_listed_with_whom_it_waits_for(
    browser: Any, server: LiveServer, web_ledger: WizardLedger
) -> None:
    web_ledger.create_game("ultimate", ["Dee", "Eve"], seed="an earlier table")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    lobby = context.new_page()
    errors: list[str] = []
    lobby.on("pageerror", lambda e: errors.append(str(e)))
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    lobby.select_option("#game", "ultimate")
    lobby.select_option("#seats", "3")
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        lobby.locator("#names input").nth(i).fill(name)
    lobby.check("input[name=mode][value=table]")
    lobby.check("#by-seats")
    lobby.click("#create")
    lobby.wait_for_selector("#opening-chance select[data-kind=die]", timeout=TIMEOUT)
    lobby.locator("#opening-chance select[data-kind=die]").select_option("1")
    lobby.click("#create")
    lobby.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
    link = lobby.locator("#created a.play-link").first.get_attribute("href")
    gid = link.split("/play/")[1].split("#")[0]
    web_ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"])  # Ann names hers

    row = lobby.locator(f"#tables tbody tr[data-game='{gid}']")
    row.locator("text=waiting for Bob's and Cy's cards").wait_for(timeout=TIMEOUT)
    # Newest first: above the table dealt before it.
    assert lobby.locator("#tables tbody tr").first.get_attribute("data-game") == gid
    said = row.inner_text()
    assert "dealing — waiting for Bob's and Cy's cards" in said and "no events yet" in said
    assert "Ann, Bob, Cy" in said
    links = row.locator("a").all_inner_texts()
    assert links == ["watch", "replay", "play as Ann", "play as Bob", "play as Cy"]
    shot = screenshot(lobby, "lobby-dealing")
    assert shot.exists()

    # Bob's link from the list opens his page, which asks for the cards dealt to him.
    row.locator("a", has_text="play as Bob").click()
    lobby.wait_for_selector("#table-chance select[data-kind=card]", timeout=TIMEOUT)
    assert "Your cards — the opening deal" in lobby.inner_text("#turn")
    lobby.go_back()
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    # The spectator's page says whom the deal waits for.
    row = lobby.locator(f"#tables tbody tr[data-game='{gid}']")
    row.locator("a", has_text="watch").click()
    lobby.wait_for_function(
        "document.getElementById('turn').textContent.includes('waiting for Bob and Cy')",
        timeout=TIMEOUT,
    )
    lobby.go_back()
    lobby.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)

    # Once everyone has named their cards, the table is running, with its events.
    web_ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"])
    web_ledger.act(gid, 2, None, drew=["Éclair", "Malédiction"])
    row = lobby.locator(f"#tables tbody tr[data-game='{gid}']")
    row.locator(".pill.running").wait_for(timeout=TIMEOUT)
    assert "waiting for" not in row.inner_text()
    assert errors == []
    context.close()
