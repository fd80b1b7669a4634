"""A shuffle's line in the Markdown export says the shuffle once, then where its
order came from, as the story does (it once said the shuffle twice, in both
languages: « on mélange la pioche (16 cartes) — on mélange la pioche (16 cartes) »)."""

from __future__ import annotations

import re

from domain.games import get_game
from services.ledger import WizardLedger
from services.review.exports import export_text
from services.words.telling import speaking
from tools.simulation import play_stored


def test_a_shuffle_is_said_once_with_where_its_order_came_from(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = play_stored(
        ledger, get_game("ultimate"), 2, "md-shuffle", stop_after=5, names=["Ann", "Bob"]
    )
    english = export_text(ledger, gid, "md")
    with speaking("fr"):
        french = export_text(ledger, gid, "md")
    said = {
        "en": re.search(r"^- \*\*#3\*\* (.*)$", english, re.M),
        "fr": re.search(r"^- \*\*#3\*\* (.*)$", french, re.M),
    }
    assert said["en"] and said["fr"], (english, french)
    assert (
        said["en"]
        .group(1)
        .startswith("the draw pile shuffled (16 cards) (the seed, counter 0) — [")
    )
    assert (
        said["fr"]
        .group(1)
        .startswith("on mélange la pioche (16 cartes) (la graine, compteur 0) — [")
    )
