"""A version 6 export read back as its readers read it gives every field they use as
the store holds it: each position's event (its type, rule, fields, words, heading,
dice and time), and each view's facts and board there. The games are played at
their most seats, so that the forms version 6 writes (events told once, a list
fact's added items, a change written once for the views that had not seen it)
all occur."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from domain.games import all_games, get_game
from domain.kernel import Consequence
from services.ledger import WizardLedger
from services.review.export_read import events, facts
from services.review.exports import export_text
from services.words.sentences import Words
from services.words.views import flatten
from tests.services.review.exports_read_back import rebuilt, seat_view, validate
from tools.simulation import play_stored

GAMES = [g.spec.id for g in all_games()]


def as_json(value: Any) -> Any:
    return json.loads(msgspec.json.encode(value))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_position_reads_back_as_the_store_holds_it(sqlite_url: str, game_id: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    gid = play_stored(ledger, game, game.spec.max_players, "read-back", stop_after=120)
    doc = validate(export_text(ledger, gid, "json"))
    entries = ledger.entries(gid)
    said = events(doc)
    by_position = facts(doc)
    boards = rebuilt(doc)
    assert len(said) == len(by_position) == len(boards) == len(entries)
    words = Words.table(game, ledger.load(gid, 1).fold.started)
    at = ""
    for e, entry in zip(said, entries, strict=True):
        event = entry.event
        assert e["position"] == entry.position and e["type"] == type(event).__name__
        assert msgspec.convert(e["event"], type(event)) == event
        assert e.get("rule") == getattr(event, "rule", None)
        assert tuple(e.get("also", ())) == tuple(getattr(event, "also", ()))
        assert e.get("action", False) == (type(event).__name__ == "ActionTaken")
        assert e["text"] == words.event(event)
        heading = words.heading(event)
        assert e.get("heading") == (heading and {"level": heading[0], "title": heading[1]})
        if "dice" in e:
            assert isinstance(event, Consequence) and e["dice"]["counter"] == event.counter
        # Its time where it is not the event before's, as the store wrote it.
        assert e.get("at") == (entry.at if entry.at != at else None)
        at = entry.at
        loaded = ledger.load(gid, entry.position)
        for label, seat in doc["seats"].items():
            view = loaded.game.view(loaded.fold.state, seat)
            assert by_position[entry.position - 1][label] == as_json(flatten(view, words))
            assert boards[entry.position - 1][label] == seat_view(ledger, gid, entry.position, seat)
    # Told once however many positions hold the same event (a long game's turns).
    assert len(doc["told"]) < len(entries)


def test_a_list_fact_grown_at_its_end_is_written_as_its_new_items(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 4, "added", stop_after=120)
    doc = validate(export_text(ledger, gid, "json"))
    added = [f["add"] for f in doc["frames"] if "add" in f]
    assert added and all(items for add in added for fact in add.values() for items in fact.values())
