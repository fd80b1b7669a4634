"""Elfenwizards through the event store: play, verify, export, and a table-mode
game from a setup file with the rulebook's title example."""

from __future__ import annotations

from pathlib import Path

import msgspec

import domain.elfenwizards  # noqa: F401  (registers the game before domain/games.py lists it)
from domain.elfenwizards import GAME
from domain.elfenwizards.bots import greedy
from services.ledger import WizardLedger
from services.reads.views import state_json
from services.review.exports import export_text
from services.review.story import StoryLines, walk
from services.review.verify import verify_game
from tests.domain.elfenwizards.positions import dispute_toml


def _play_out(ledger: WizardLedger, gid: object) -> None:
    for _ in range(5000):
        loaded = ledger.load(gid)  # type: ignore[arg-type]
        state = loaded.fold.state
        if GAME.outcome(state) is not None:
            return
        seat = state.pending[0].seat
        command = greedy(state, seat, GAME.legal_commands(state, seat))
        ledger.act(gid, seat, msgspec.to_builtins(command))  # type: ignore[arg-type]
    raise AssertionError("the stored game never ended")


def test_a_stored_game_plays_out_verifies_and_exports(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    gid = ledger.create_game("elfenwizards", 4, seed="store").game_id
    _play_out(ledger, gid)
    assert state_json(ledger, gid)["status"] == "finished"
    report = verify_game(ledger, gid)
    assert report.ok, report.problems
    loaded = ledger.load(gid)
    outcome = GAME.outcome(loaded.fold.state)
    markdown = export_text(ledger, gid, "md")
    assert "elfenwizards.award." in markdown and "elfenwizards.score.round" in markdown
    story = walk(GAME, ledger.entries(gid), outcome, StoryLines())
    assert "rolled d6" in story and "won by" in story


def test_a_table_mode_game_from_a_setup_file(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    setup = {
        "placement": {"red": ["D2", "M1"], "green": ["M1", "M2"], "blue": ["D1", "M2"]},
        "dragon": 2,
        "dice": [5, 6, 1, 1, 1, 1, 1],
    }
    gid = ledger.create_game("elfenwizards", 3, setup=setup).game_id
    ledger.act(gid, 2, {"type": "RollSpells"})
    assert ledger.load(gid).fold.state.guild(2).hand == (1, 1, 1, 1, 1, 5, 6)
    # The table supplies red's roll with the command.
    ledger.act(gid, 2, {"type": "EndPlacement"})
    ledger.act(gid, 0, {"type": "RollSpells"}, dice=[6, 1, 1, 1, 1, 1, 1])
    assert ledger.load(gid).fold.state.guild(0).hand == (1, 1, 1, 1, 1, 1, 6)
    assert verify_game(ledger, gid).ok


def test_a_stored_position_mid_round_plays_on_and_verifies(tmp_path: Path) -> None:
    """The dispute of docs/elfenwizards.md, entered from its file into the store
    (a position in the middle of the competition), then a stored game's own
    position at a later point, entered again: both play on alike and verify."""
    import tomllib

    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    setup = tomllib.loads(dispute_toml())
    gid = ledger.create_game("elfenwizards", 3, setup=setup, seed="dispute").game_id
    assert ledger.load(gid).fold.state.phase == "compete"
    ledger.act(gid, 2, {"type": "CastSpell", "wizard": "blue-1", "die": 6})
    ledger.act(gid, 2, {"type": "CastSpell", "wizard": "blue-1"})
    state = ledger.load(gid).fold.state
    # No die was rolled since the opening, so the same seed gives the same chance.
    assert ledger.load(gid).fold.counter == 0
    copy = ledger.create_game("elfenwizards", 3, setup=GAME.position(state), seed="dispute").game_id
    assert ledger.load(copy).fold.state == state
    for game in (gid, copy):
        _play_out(ledger, game)
        assert verify_game(ledger, game).ok
    assert ledger.load(gid).fold.state == ledger.load(copy).fold.state
