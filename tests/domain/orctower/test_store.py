"""The orc tower through the event store: a greedy game plays out, verifies and
exports; a setup file with table-mode chance gives the rulebook's example; a
seat's stored log hides the others' hands."""

from __future__ import annotations

from pathlib import Path

import msgspec

import domain.orctower  # noqa: F401  (registers the game before domain/games.py lists it)
from domain.orctower import GAME
from domain.orctower.bots import greedy
from services.ledger import WizardLedger
from services.reads.views import state_json
from services.review.exports import export_text
from services.review.verify import verify_game
from tests.domain.orctower.scenario import base


def _play_out(ledger: WizardLedger, gid: object) -> None:
    for _ in range(3000):
        state = ledger.load(gid).fold.state  # type: ignore[arg-type]
        if GAME.outcome(state) is not None:
            return
        seat = state.pending[0].seat
        command = greedy(state, seat, GAME.legal_commands(state, seat))
        ledger.act(gid, seat, msgspec.to_builtins(command))  # type: ignore[arg-type]
    raise AssertionError("the stored game never ended")


def test_a_stored_game_plays_out_verifies_and_exports(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    options = {"missions": True, "bonus_actions": True, "terrain": True}
    gid = ledger.create_game("orctower", 3, seed="store", options=options).game_id
    _play_out(ledger, gid)
    assert state_json(ledger, gid)["status"] == "finished"
    report = verify_game(ledger, gid)
    assert report.ok, report.problems
    markdown = export_text(ledger, gid, "md")
    assert "orctower.round.destiny" in markdown and "orctower.end.creatures" in markdown


def test_a_table_mode_game_from_a_setup_file(tmp_path: Path) -> None:
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'w.db'}")
    setup = base(
        2,
        active=1,
        creatures=[{"id": "goblin-20", "quarter": 2, "section": 1}],
        seats=[{}, {"hand": ["zap.11", "cold_snap.11", "smash.11", "fire_spark.11"]}],
    )
    gid = ledger.create_game("orctower", 2, setup=setup).game_id
    ledger.act(gid, 1, {"type": "Cast", "card": "zap.11"})
    ledger.act(gid, 1, {"type": "Attack", "level": 1, "creature": "goblin-20"})
    ledger.act(gid, 1, {"type": "Cast", "card": "cold_snap.11"})
    ledger.act(gid, 1, {"type": "Attack", "level": 1, "creature": "goblin-20"})
    assert ledger.load(gid).fold.state.seats[1].defeated[0] == 1
    assert verify_game(ledger, gid).ok
