"""A dispute from a real table: a mid-round position entered from a setup file, played on
under both readings of the ruling in dispute, stored, verified and exported."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from domain.kernel.phrases import plain
from domain.spellwars import GAME
from services.ledger import WizardLedger
from services.review.exports import export_text
from services.review.verify import verify_game

# Round 2, turn 3. Seat 1 died this round (Bilan Sanguin in front of it); seat 2 won round 1
# and keeps a Gracula from an earlier turn; seat 0 holds the Dungeon, the Menottes d'Avarice
# and 25 blood. Both living seats have placed their spells. The dispute: seat 0's Menottes
# steal 1 blood from seat 2, but seat 0 cannot hold more than 25. Does seat 2 lose it?
POSITION = """
round = 2
turn = 3
dungeon = 0
alive = [true, false, true]
life = [14, 0, 9]
blood = [25, 2, 4]
tokens = [0, 0, 1]
last_standing_round = [0, 0, 1]
hands = [["cubengelus#1", "gromago#1"], [], ["tentaculax#1"]]
creatures = [[], [], ["gracula#1"]]
treasures = [["menottes-d-avarice#1"], [], []]
dead_cards = [[], ["bilan-sanguin#1"], []]
discard = ["multitax#1", "oulacecho#1", "gracula#2"]
placed = [true, false, true]
spells = [
  [{card = "taleboulas#1"}],
  [],
  [{card = "flaminus#1"}, {card = "spiralex#1"}],
]

[flow]
phase = "cast"
"""


def play(tmp_path: Path, options: dict[str, Any] | None = None) -> tuple[WizardLedger, Any]:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'dispute.db'}")
    position = tomllib.loads(POSITION)
    gid = ledger.create_game(
        "spellwars", 3, seed="dispute", setup=position, options=options
    ).game_id
    state = ledger.load(gid).fold.state
    # seat 0 resolves first (1 card): the Menottes have stolen, Taléboulas asks for its cost
    assert state.flow.caster == 0 and state.pending[0].accepts == ("Pay",)
    ledger.act(gid, 0, {"type": "Pay", "amount": 0})
    ledger.act(gid, 2, {"type": "Block", "creature": None})
    return ledger, gid


def test_the_disputed_position_plays_on_under_the_default_reading(tmp_path: Path) -> None:
    ledger, gid = play(tmp_path)
    state = ledger.load(gid).fold.state
    assert [w.blood for w in state.wizards] == [25, 2, 3]  # the victim lost it anyway
    # seat 2: Taléboulas 3 (not blocked), then its own Spiralex heals it 2; seat 0: 1 from
    # seat 2's Flaminus and 1 from its Spiralex
    assert [w.life for w in state.wizards] == [12, 0, 8]
    # seat 2's kept Gracula attacks again with its spell, and asks for its cost
    assert state.pending[0].seat == 2 and "gracula#" in plain(state.pending[0].prompt)
    assert state.wizards[1].dead_cards == ("bilan-sanguin#1",)
    assert verify_game(ledger, gid).ok
    story = export_text(ledger, gid, "md")
    assert "sw.blood.steal" in story and "sw.setup.position" in story


def test_the_other_reading_leaves_the_victim_its_blood(tmp_path: Path) -> None:
    ledger, gid = play(tmp_path, {"stolen_blood": "left"})
    state = ledger.load(gid).fold.state
    assert [w.blood for w in state.wizards] == [25, 2, 4]
    assert verify_game(ledger, gid).ok


def test_the_position_file_is_what_position_writes_back(tmp_path: Path) -> None:
    """Read in and written out, the file's position is kept: the game's opening position
    holds what the file gave (the Menottes have already stolen, so blood moved)."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'back.db'}")
    position = tomllib.loads(POSITION)
    gid = ledger.create_game("spellwars", 3, seed="dispute", setup=position).game_id
    written = GAME.position(ledger.load(gid).fold.state)
    for key in ("round", "turn", "tokens", "dead_cards", "discard", "creatures", "treasures"):
        assert written[key] == position[key], key
