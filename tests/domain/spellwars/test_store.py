"""Spell Wars through the store: a seeded game and a table-mode setup file, verified and
exported like every game."""

from __future__ import annotations

import random
from pathlib import Path

import domain.spellwars  # noqa: F401  (registers the game before domain/games.py lists it)
from domain.spellwars.cards import main_deck
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.review.exports import export_text
from services.review.story import StoryLines, walk
from services.review.verify import verify_game


def _play(ledger: WizardLedger, gid: object, seed: int) -> None:
    rng = random.Random(seed)
    while state_json(ledger, gid)["status"] != "finished":  # type: ignore[arg-type]
        seat = state_json(ledger, gid)["pending"][0]["seat"]  # type: ignore[arg-type]
        ledger.act(gid, seat, rng.choice(legal_json(ledger, gid, seat)))  # type: ignore[arg-type]


def test_a_seeded_game_is_stored_verified_and_exported(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = ledger.create_game("spellwars", 3, seed="store-test").game_id
    _play(ledger, gid, 1)
    assert verify_game(ledger, gid).ok
    loaded = ledger.load(gid)
    entries = ledger.entries(gid)
    outcome = loaded.game.outcome(loaded.fold.state)
    story = walk(loaded.game, entries, outcome, StoryLines())
    assert "[sw.power.roll" in story or "[sw.spell.reveal" in story
    assert "won by" in export_text(ledger, gid, "md")


def test_a_setup_file_with_scripted_dice_replays_the_resolution_example(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    setup = {
        "hands": [
            ["multitax#1", "oulacecho#1", "tentaculax#1"],
            ["hydraponix#1", "peutidardus#1"],
            ["flaminus#1", "spiralex#1", "golemacifas#1"],
            ["flaminus#2", "spiralex#2", "coco-cocoricus#1"],
        ],
        "dice": [2, 4, 3, 3, 4, *([1, 2, 3, 4, 5, 6] * 10)],
        # the table's order for the cards the file leaves out: the main deck (less the 11
        # cards in hand), the treasure and the dead-wizard decks, kept as they lie
        "orders": [list(range(n)) for n in (len(main_deck()) - 11, 25, 25)],
    }
    gid = ledger.create_game("spellwars", 4, setup=setup).game_id
    spells = {
        3: {"source": "flaminus#2", "quality": "spiralex#2", "delivery": "coco-cocoricus#1"},
        2: {"source": "flaminus#1", "quality": "spiralex#1", "delivery": "golemacifas#1"},
        1: {"source": "hydraponix#1", "quality": "peutidardus#1"},
        0: {"source": "multitax#1", "quality": "oulacecho#1", "delivery": "tentaculax#1"},
    }
    for seat, slots in spells.items():
        ledger.act(gid, seat, {"type": "PlaceCards", "cards": list(slots.values())})
    ledger.act(gid, 0, {"type": "PickTarget", "seat": 3})
    ledger.act(gid, 0, {"type": "PickTarget", "seat": 3})
    state = ledger.load(gid).fold.state
    assert state.wizards[0].creatures == ("tentaculax#1",)
    assert verify_game(ledger, gid).ok
