"""In Chromium: a table that renamed a card reads its name in the live story
(lines arriving over Server-Sent Events) and in the replay viewer."""

from __future__ import annotations

from typing import Any

from services.ledger import WizardLedger
from tests.services.conftest import LiveServer
from tests.services.test_table_names import built_in_names, play_twins
from tests.web.conftest import screenshot
from tests.web.test_replay_page import open_replay
from tests.web.test_table_pages import TIMEOUT, open_seat, seat_link


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
