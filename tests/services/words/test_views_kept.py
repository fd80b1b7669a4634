"""The facts of a view told with records kept from earlier positions (as an export
tells every position) are the facts told afresh, for every game and seat."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games import all_games, get_game
from services.ledger import WizardLedger
from services.words.sentences import Words
from services.words.views import flatten, said_key
from tools.simulation import play_stored


@pytest.mark.parametrize("game_id", [g.spec.id for g in all_games()])
def test_facts_told_with_kept_records_are_the_facts_told_afresh(
    sqlite_url: str, game_id: str
) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    players = game.spec.max_players
    gid = play_stored(ledger, game, players, "kept", stop_after=40)
    started = ledger.entries(gid)[0].event
    words = Words.table(game, started)  # type: ignore[arg-type]  # the first entry is GameStarted
    kept: dict[Any, dict[str, Any]] = {}
    reused = 0
    for position in range(1, ledger.load(gid).version + 1, 3):
        state = ledger.load(gid, position).fold.state
        for seat in (None, *range(players)):
            view = game.view(state, seat)
            before = len(kept)
            # Entry by entry, as the export tells them.
            told = {
                k: flatten(v, words, said_key(k, words), kept)
                for k, v in view.items()
                if k not in ("game", "options", "pending", "seat")
            }
            fresh = {
                k: flatten(v, words, said_key(k, words))
                for k, v in view.items()
                if k not in ("game", "options", "pending", "seat")
            }
            assert told == fresh, (position, seat)
            reused += len(kept) == before
    if kept:
        assert reused, "no record's facts were ever taken from those kept"
