"""``verify`` finds an edited, removed or reordered event and names the first bad one."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from uuid import UUID

import msgspec
import pytest

from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.codec import decode_record, encode_record
from tests.services.playing import play_until


@pytest.fixture
def finished(tmp_path: Path) -> tuple[WizardLedger, UUID, Path]:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}")
    gid = ledger.create_game("ultimate", 3, seed="audit", options={"rounds_to_win": 1}).game_id
    play_until(ledger, gid, seed=3)
    return ledger, gid, path


def _rows(path: Path, gid: UUID) -> list[tuple[int, bytes]]:
    with sqlite3.connect(path) as db:
        return db.execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id=? "
            "ORDER BY originator_version",
            (gid.hex,),
        ).fetchall()


def _set_state(path: Path, gid: UUID, version: int, state: bytes) -> None:
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
            (state, gid.hex, version),
        )


def test_an_untouched_game_verifies(finished: tuple[WizardLedger, UUID, Path]) -> None:
    ledger, gid, _ = finished
    report = verify_game(ledger, gid)
    assert report.ok, report.problems
    assert report.finished
    assert "re-adjudication" in report.checks


def test_an_edited_event_is_found_at_its_position(
    finished: tuple[WizardLedger, UUID, Path],
) -> None:
    _, gid, path = finished
    version, state = _rows(path, gid)[9]
    record = decode_record(state)
    body = msgspec.msgpack.decode(record.body)
    body["rule"] = body.get("rule", "x") + "-forged"
    forged = msgspec.structs.replace(record, body=msgspec.msgpack.encode(body))
    _set_state(path, gid, version, encode_record(forged))
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().position == version  # type: ignore[union-attr]
    assert report.first().check == "chain"  # type: ignore[union-attr]


def test_an_edit_that_also_rewrites_its_own_hash_breaks_the_next_link(
    finished: tuple[WizardLedger, UUID, Path],
) -> None:
    from services.store.codec import link_hash

    _, gid, path = finished
    rows = _rows(path, gid)
    version, state = rows[9]
    record = decode_record(state)
    with sqlite3.connect(path) as db:
        topic = db.execute(
            "SELECT topic FROM stored_events WHERE originator_id=? AND originator_version=?",
            (gid.hex, version),
        ).fetchone()[0]
    body = msgspec.msgpack.decode(record.body)
    body["rule"] = "forged"
    new_body = msgspec.msgpack.encode(body)
    new_hash = link_hash(
        record.prev, gid, version, topic, record.schema, record.at, new_body, record.salt
    )
    _set_state(
        path,
        gid,
        version,
        encode_record(msgspec.structs.replace(record, body=new_body, hash=new_hash)),
    )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert report.first().position == version + 1  # type: ignore[union-attr]


def test_a_removed_event_is_found(finished: tuple[WizardLedger, UUID, Path]) -> None:
    _, gid, path = finished
    with sqlite3.connect(path) as db:
        db.execute(
            "DELETE FROM stored_events WHERE originator_id=? AND originator_version=12",
            (gid.hex,),
        )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().position == 12  # type: ignore[union-attr]
    assert "removed" in str(report.first())


def test_reordered_events_are_found(finished: tuple[WizardLedger, UUID, Path]) -> None:
    _, gid, path = finished
    rows = dict(_rows(path, gid))
    _set_state(path, gid, 6, rows[7])
    _set_state(path, gid, 7, rows[6])
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().position == 6  # type: ignore[union-attr]


def test_a_forged_die_that_keeps_a_valid_chain_is_caught_by_the_seed(tmp_path: Path) -> None:
    """An operator who rewrites a roll and the whole chain after it is still caught."""
    from services.store.codec import link_hash

    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}")
    gid = ledger.create_game("ultimate", 2, seed="forge", options={"rounds_to_win": 1}).game_id
    play_until(ledger, gid, seed=5)
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT originator_version, topic, state FROM stored_events WHERE originator_id=? "
            "ORDER BY originator_version",
            (gid.hex,),
        ).fetchall()
        target = next(v for v, t, _ in rows if t.endswith(":CardsShuffled"))
        prev = None
        for version, topic, state in rows:
            record = decode_record(state)
            body = record.body
            if version == target:
                data = msgspec.msgpack.decode(body)
                data["order"] = list(reversed(data["order"]))
                data["permutation"] = list(reversed(data["permutation"]))
                body = msgspec.msgpack.encode(data)
            prev = record.prev if prev is None else prev
            h = link_hash(prev, gid, version, topic, record.schema, record.at, body, record.salt)
            db.execute(
                "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
                (
                    encode_record(msgspec.structs.replace(record, prev=prev, hash=h, body=body)),
                    gid.hex,
                    version,
                ),
            )
            prev = h
    # The rewritten chain no longer ends at the head the store recorded...
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert (report.first().check, report.first().position) == ("chain", rows[-1][0])  # type: ignore[union-attr]
    # ...and a forger who rewrites that head too is caught by the seed.
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE stored_heads SET state=? WHERE originator_id=? AND originator_version=?",
            (prev.encode(), gid.hex, rows[-1][0]),
        )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().position == target  # type: ignore[union-attr]


def test_a_stream_cut_short_is_found(finished: tuple[WizardLedger, UUID, Path]) -> None:
    """Deleting the last events (the final action and the revealed seed) reopens
    a finished game; the head the store recorded apart from the stream says so."""
    _, gid, path = finished
    last = _rows(path, gid)[-1][0]
    with sqlite3.connect(path) as db:
        db.execute(
            "DELETE FROM stored_events WHERE originator_id=? AND originator_version>=?",
            (gid.hex, last - 3),
        )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert report.first().check == "truncated"  # type: ignore[union-attr]
    assert report.first().position == last - 3  # type: ignore[union-attr]


def _snapshot_game(tmp_path: Path) -> tuple[Path, UUID, int, bytes]:
    """A game with snapshots; its first snapshot's position and bytes."""
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}", snapshot_every=10)
    gid = ledger.create_game("ultimate", 2, seed="snap").game_id
    play_until(ledger, gid, actions=12)
    with sqlite3.connect(path) as db:
        version, state = db.execute(
            "SELECT originator_version, state FROM stored_snapshots WHERE originator_id=? "
            "ORDER BY originator_version LIMIT 1",
            (gid.hex,),
        ).fetchone()
    return path, gid, version, state


def _set_snapshot(path: Path, gid: UUID, version: int, state: bytes) -> None:
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE stored_snapshots SET state=? WHERE originator_id=? AND originator_version=?",
            (state, gid.hex, version),
        )


def test_a_snapshot_that_differs_from_the_fold_is_found(tmp_path: Path) -> None:
    path, gid, version, state = _snapshot_game(tmp_path)
    snap = msgspec.msgpack.decode(state)
    snap["table"]["actions"] += 5  # any edit of the cached fold
    _set_snapshot(path, gid, version, msgspec.msgpack.encode(snap))
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert not report.ok
    assert (report.first().check, report.first().position) == ("snapshot", version)  # type: ignore[union-attr]


def test_a_snapshot_holding_the_fold_in_other_bytes_verifies(tmp_path: Path) -> None:
    """Verify compares a snapshot with the fold by value: the same table written with
    its fields in another order is still the fold."""
    from services.store.values import Snapshot

    path, gid, version, state = _snapshot_game(tmp_path)
    snap = msgspec.msgpack.decode(state, type=Snapshot)
    table = msgspec.msgpack.decode(snap.table)
    reordered = msgspec.msgpack.encode(dict(reversed(table.items())))
    assert reordered != bytes(snap.table)
    _set_snapshot(
        path,
        gid,
        version,
        msgspec.msgpack.encode(msgspec.structs.replace(snap, table=msgspec.Raw(reordered))),
    )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    assert report.ok, report.problems
    assert "snapshots" in report.checks


def test_a_snapshot_of_the_fold_that_names_another_head_is_found(tmp_path: Path) -> None:
    from services.store.values import Snapshot

    path, gid, version, state = _snapshot_game(tmp_path)
    snap = msgspec.msgpack.decode(state, type=Snapshot)
    _set_snapshot(
        path, gid, version, msgspec.msgpack.encode(msgspec.structs.replace(snap, head="0" * 64))
    )
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    first = report.first()
    assert first is not None
    assert (first.check, first.position) == ("snapshot", version)
    assert "does not link to this event" in str(first)


def test_an_engine_that_cites_another_rule_is_named_with_both_citations_and_engines(
    finished: tuple[WizardLedger, UUID, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game stored by an older engine whose rules now cite another passage (as
    0.2.0's rulings did for 0.1.0 games): verify says which event and field moved,
    both values, and both engine versions."""
    from domain import games as registry
    from domain.games import get_game
    from domain.kernel import ActionTaken, Consequence

    ledger, gid, path = finished
    entries = ledger.entries(gid)
    first_action = next(e.position for e in entries if isinstance(e.event, ActionTaken))
    target = next(e for e in entries[first_action:] if isinstance(e.event, Consequence))
    rule = target.event.rule  # type: ignore[attr-defined]
    real = get_game("ultimate")
    other = next(r.id for r in real.catalogue if r.id != rule)

    class Recited:
        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def decide(self, state: object, seat: int, command: object, dice: object) -> list[object]:
            events = real.decide(state, seat, command, dice)
            return [
                msgspec.structs.replace(e, rule=other) if getattr(e, "rule", None) == rule else e
                for e in events
            ]

    monkeypatch.setitem(registry._GAMES, "ultimate", Recited())
    monkeypatch.setattr("services.review.verify.ENGINE_VERSION", "9.9.9")
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    problem = report.first()
    assert problem is not None and problem.check == "adjudication"
    assert problem.position == target.position
    assert f"; first difference at #{target.position}:" in str(problem)
    assert f"  rule: {rule} as recorded; {other} by this engine" in str(problem)
    assert "decided again by 9.9.9" in str(problem)


def test_a_difference_is_said_in_words_players_by_name_cards_by_printed_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that now deals one more damage: verify's message says the two
    events as the story does (no raw fields), while the JSON keeps both as data."""
    from domain import games as registry
    from domain.games import get_game
    from domain.ultimate.events import DamageDealt

    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}")
    gid = ledger.create_game("ultimate", ["Ann", "Bob", "Cleo"], seed="audit").game_id
    play_until(ledger, gid, actions=1, seed=3)  # Bob plays Éclair, and takes 1 damage
    hurt = next(e for e in ledger.entries(gid) if isinstance(e.event, DamageDealt))
    real = get_game("ultimate")

    class Harder:
        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def decide(self, state: object, seat: int, command: object, dice: object) -> list[object]:
            return [
                msgspec.structs.replace(e, amount=e.amount + 1, requested=e.requested + 1)
                if isinstance(e, DamageDealt)
                else e
                for e in real.decide(state, seat, command, dice)
            ]

    monkeypatch.setitem(registry._GAMES, "ultimate", Harder())
    report = verify_game(WizardLedger(f"sqlite:///{path}"), gid)
    problem = report.first()
    assert problem is not None and problem.position == hurt.position
    seat, amount = hurt.event.seat, hurt.event.amount  # type: ignore[attr-defined]
    name = ("Ann", "Bob", "Cleo")[seat]
    assert f"as recorded: {name} takes {amount} damage from Éclair" in str(problem)
    assert f"by this engine: {name} takes {amount + 1} damage from Éclair" in str(problem)
    assert f"amount: {amount} as recorded; {amount + 1} by this engine" in str(problem)
    assert "DamageDealt" not in str(problem) and "'" not in str(problem)
    data = report.as_json()["problems"][0]["difference"]
    assert (data["recorded"]["amount"], data["reading"]["amount"]) == (amount, amount + 1)
    assert data["recorded"]["type"] == "DamageDealt"
