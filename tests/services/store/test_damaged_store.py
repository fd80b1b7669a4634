"""A store damaged under the ledger, each case against a real SQLite file: a snapshot
that does not decode or lies about its fold, a head deleted or left behind its
stream, a stream cut below its latest snapshot, the last action deleted with its
head. Reads never break nor serve a damaged copy; verify names what was damaged."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.playing import play_until

# ---------------------------------------------------------------- snapshots


def _snapshot_game(tmp_path: Path) -> tuple[Path, UUID, int]:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}", snapshot_every=10)
    gid = ledger.create_game("ultimate", 2, seed="snap").game_id
    play_until(ledger, gid, actions=14)
    version = ledger.load(gid).version
    ledger.close()
    return path, gid, version


def _damage_snapshots(path: Path, gid: UUID) -> int:
    with sqlite3.connect(path) as db:
        (version,) = db.execute(
            "SELECT min(originator_version) FROM stored_snapshots WHERE originator_id=?",
            (gid.hex,),
        ).fetchone()
        db.execute(
            "UPDATE stored_snapshots SET state=? WHERE originator_id=?", (b"\xc1garbage", gid.hex)
        )
    return int(version)


def test_a_damaged_snapshot_never_breaks_a_read(tmp_path: Path) -> None:
    path, gid, version = _snapshot_game(tmp_path)
    bad = _damage_snapshots(path, gid)
    other = WizardLedger(f"sqlite:///{path}").create_game("ultimate", 2).game_id
    ledger = WizardLedger(f"sqlite:///{path}")
    with TestClient(create_app(ledger, redis="off")) as client:
        listed = client.get("/tables")
        assert listed.status_code == 200
        assert {row["game_id"] for row in listed.json()} == {str(gid), str(other)}
        state = client.get(f"/tables/{gid}/state")
        assert state.status_code == 200
        assert state.json()["position"] == version
        assert client.get(f"/tables/{gid}/state", params={"at": bad + 1}).status_code == 200
    # The fold from the events, not a cached copy, is what was served.
    folded = WizardLedger(f"sqlite:///{path}", use_snapshots=False)
    assert ledger.load(gid).fold == folded.load(gid).fold
    report = verify_game(ledger, gid)
    assert not report.ok
    first = report.first()
    assert first is not None and first.check == "snapshot"
    assert first.position == bad
    assert "does not decode" in str(first)


def test_the_no_snapshots_flag_exists_and_folds_from_the_events(tmp_path: Path) -> None:
    import msgspec
    from typer.testing import CliRunner

    from services.reads.views import state_json
    from tools.cli import app

    path, gid, version = _snapshot_game(tmp_path)
    # A snapshot that decodes but lies about the fold at its position.
    with sqlite3.connect(path) as db:
        at, raw = db.execute(
            "SELECT originator_version, state FROM stored_snapshots WHERE originator_id=? "
            "ORDER BY originator_version DESC LIMIT 1",
            (gid.hex,),
        ).fetchone()
        snap = msgspec.msgpack.decode(raw)
        snap["table"]["actions"] += 5
        db.execute(
            "UPDATE stored_snapshots SET state=? WHERE originator_id=? AND originator_version=?",
            (msgspec.msgpack.encode(snap), gid.hex, at),
        )
    runner = CliRunner()
    store = f"sqlite:///{path}"
    plain = runner.invoke(app, ["--store", store, "--no-snapshots", "state", str(gid)])
    assert plain.exit_code == 0, plain.output
    folded = WizardLedger(store, use_snapshots=False)
    assert json.loads(plain.stdout) == json.loads(json.dumps(state_json(folded, gid)))
    assert json.loads(plain.stdout)["position"] == version
    # verify names the lying snapshot, with or without the flag.
    checked = runner.invoke(app, ["--store", store, "--no-snapshots", "verify", str(gid)])
    assert checked.exit_code == 1, checked.output
    assert f"event #{at}: snapshot" in checked.stdout


# --------------------------------------------------------- heads and the end


@pytest.fixture
def finished(tmp_path: Path) -> tuple[Path, UUID]:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}", snapshot_every=10)
    gid = ledger.create_game("ultimate", 2, seed="heads", options={"rounds_to_win": 1}).game_id
    play_until(ledger, gid, seed=5)
    assert ledger.load(gid).game.outcome(ledger.load(gid).fold.state) is not None
    ledger.close()
    return path, gid


def _exec(path: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql, args)


def _last(path: Path, gid: UUID, table: str) -> int:
    with sqlite3.connect(path) as db:
        (v,) = db.execute(
            f"SELECT max(originator_version) FROM {table} WHERE originator_id=?", (gid.hex,)
        ).fetchone()
    return int(v)


def test_verify_reports_a_missing_head(finished: tuple[Path, UUID]) -> None:
    path, gid = finished
    _exec(path, "DELETE FROM stored_heads WHERE originator_id=?", gid.hex)
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().check == "head"  # type: ignore[union-attr]
    assert "no head" in str(report.first())


def test_verify_reports_a_head_behind_the_stream(finished: tuple[Path, UUID]) -> None:
    path, gid = finished
    head = _last(path, gid, "stored_heads")
    _exec(
        path,
        "DELETE FROM stored_heads WHERE originator_id=? AND originator_version=?",
        gid.hex,
        head,
    )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    first = report.first()
    assert first is not None and first.check == "head"
    assert "behind" in str(first)


def test_a_stream_cut_below_its_latest_snapshot_is_not_served_from_the_snapshot(
    finished: tuple[Path, UUID],
) -> None:
    path, gid = finished
    snap = _last(path, gid, "stored_snapshots")
    # Cut at the end of an earlier action, heads and all: a stream consistent with
    # its head, but shorter than its latest snapshot.
    with sqlite3.connect(path) as db:
        (cut,) = db.execute(
            "SELECT max(originator_version) FROM stored_heads "
            "WHERE originator_id=? AND originator_version<?",
            (gid.hex, snap),
        ).fetchone()
    for table in ("stored_events", "stored_heads"):
        _exec(
            path,
            f"DELETE FROM {table} WHERE originator_id=? AND originator_version>?",
            gid.hex,
            cut,
        )
    ledger = WizardLedger(f"sqlite:///{path}")
    # Reads serve the events that exist, not the orphan snapshot beyond them.
    assert ledger.load(gid).version == cut
    report = verify_game(ledger, gid)
    assert not report.ok
    first = report.first()
    assert first is not None and (first.check, first.position) == ("snapshot", snap)
    assert "past the end" in str(first)


def test_the_last_action_deleted_with_its_head_is_caught_by_a_kept_hash(
    finished: tuple[Path, UUID],
) -> None:
    """Someone who deletes the final action and its head rows leaves a store that is
    consistent with itself: a finished game becomes a running one. Only a hash kept
    outside the store (every log line carries one) can tell, and verify checks it."""
    path, gid = finished
    ledger = WizardLedger(f"sqlite:///{path}")
    entries = ledger.entries(gid)
    kept = f"{entries[-1].position}:{entries[-1].hash}"
    last_action = max(e.position for e in entries if type(e.event).__name__ == "ActionTaken")
    _exec(
        path,
        "DELETE FROM stored_events WHERE originator_id=? AND originator_version>=?",
        gid.hex,
        last_action,
    )
    _exec(
        path,
        "DELETE FROM stored_heads WHERE originator_id=? AND originator_version>=?",
        gid.hex,
        last_action,
    )
    _exec(
        path,
        "DELETE FROM stored_snapshots WHERE originator_id=? AND originator_version>=?",
        gid.hex,
        last_action,
    )
    fresh = WizardLedger(f"sqlite:///{path}")
    assert verify_game(fresh, gid).ok  # consistent with itself...
    report = verify_game(fresh, gid, expect=kept)  # ...but not with what a player kept
    assert not report.ok
    first = report.first()
    assert first is not None and first.check == "kept hash"
    assert first.position == entries[-1].position
