"""A PostgreSQL batch as one statement (services/store/pg_write.py), on the local PostgreSQL:
every row or none, the log in the order written, a lost race failing only its
write, the append function made for stores that lack it (at once by several
openers), and the writer's own connection replaced when it is lost."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, PersistenceError, StoredEvent

from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.commit import Committer, _Waiting
from services.store.pg_write import ensure_function, function_name
from services.store.shards import game_id_on
from services.store.values import ActNotStored
from tests.services.playing import QUICK, next_command, play
from tests.services.store.postgres import DSN

pytestmark = pytest.mark.postgres


def schema_of(url: str) -> str:
    return url.rsplit("schema=", 1)[1].split("&")[0]


def functions(schema: str) -> set[str]:
    with psycopg.connect(DSN, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
            "WHERE n.nspname = %s AND p.proname LIKE %s",
            (schema, "%\\_append"),
        ).fetchall()
    return {r[0] for r in rows}


def test_a_batch_of_many_rows_is_stored_whole_and_in_the_order_written(
    postgres_url: str,
) -> None:
    """Batches of a few rows and of many (past what the statement takes as plain
    values) in three tables: every row stored, the log numbering the events in
    the order the batch gave them."""
    ledger = WizardLedger(f"{postgres_url}&shards=1")
    (committer,) = ledger.shards.committers()
    events = ledger.shards.recorder(0)
    written: list[tuple[UUID, int]] = []
    games: list[UUID] = []
    for size in (1, 3, 8, 9, 40):  # games in the batch: 2 events, a head and a snapshot each
        rows: list[Any] = []
        for _ in range(size):
            gid = uuid4()
            games.append(gid)
            pair = [StoredEvent(gid, v, "t:E", bytes([v])) for v in (1, 2)]
            rows.append((events, pair))
            rows.append((ledger.sides.heads, [StoredEvent(gid, 2, "wizards:head", b"h")]))
            rows.append((ledger.sides.snapshots, [StoredEvent(gid, 2, "t:S", b"s")]))
            written += [(gid, 1), (gid, 2)]
        committer.commit(rows)
    log = [(n.originator_id, n.originator_version) for n in events.select_notifications(1, 1000)]
    assert log == written
    for gid in games:
        assert ledger.recorded_head(gid) == (2, "h")
        assert [r.state for r in ledger.sides.snapshots.select_events(gid)] == [b"s"]
    ledger.close()


def test_a_write_that_lost_its_position_fails_alone(postgres_url: str) -> None:
    """The shared statement fails whole on the taken position; each write is then
    tried alone, and only the loser gets the error."""
    ledger = WizardLedger(postgres_url)
    gid = ledger.create_game("ultimate", 2, seed="batch", options=QUICK).game_id
    committer = ledger.shards.committer(gid)
    assert committer is not None
    events = ledger.shards.of(gid)
    n = ledger.load(gid).version
    other = game_id_on(gid.int & 0xFF)  # a new stream on the same shard
    taken = _Waiting([(events, [StoredEvent(gid, n, "t:E", b"again")])])
    fresh = _Waiting(
        [
            (events, [StoredEvent(other, 1, "t:E", b"new")]),
            (ledger.sides.heads, [StoredEvent(other, 1, "wizards:head", b"new")]),
        ]
    )
    committer._commit_batch([taken, fresh])
    assert isinstance(taken.error, IntegrityError) and fresh.error is None
    assert ledger.recorded_head(other) == (1, "new")
    assert [e.state for e in events.select_events(other)] == [b"new"]
    assert verify_game(ledger, gid).ok  # the loser's row is not there
    ledger.close()


def test_a_store_without_the_append_function_gets_it_when_opened(postgres_url: str) -> None:
    """Tables made by code from before the function: opening the store makes it."""
    schema = schema_of(postgres_url)
    first = WizardLedger(f"{postgres_url}&shards=2")
    gid = first.create_game("ultimate", 2, seed="older", options=QUICK).game_id
    first.close()
    made = functions(schema)
    assert made == {function_name("wizardledger_events"), function_name("wizardledger_events_s1")}
    with psycopg.connect(DSN, autocommit=True) as conn:
        for name in made:
            conn.execute(f'DROP FUNCTION "{schema}"."{name}"')
    again = WizardLedger(f"{postgres_url}&shards=2")
    assert functions(schema) == made
    play(again, gid, actions=3)
    assert verify_game(again, gid).ok
    again.close()


def test_openers_at_once_make_the_function_once_and_none_fails(postgres_url: str) -> None:
    ledger = WizardLedger(f"{postgres_url}&shards=1")
    recorder = ledger.shards.recorder(0)
    schema = schema_of(postgres_url)
    with psycopg.connect(DSN, autocommit=True) as conn:
        conn.execute(f'DROP FUNCTION "{schema}"."{function_name(recorder.events_table_name)}"')
    openers = 6
    start = threading.Barrier(openers)
    errors: list[BaseException] = []

    def open_store() -> None:
        try:
            start.wait(10)
            ensure_function(recorder)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=open_store) for _ in range(openers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert functions(schema) == {function_name(recorder.events_table_name)}
    ledger.close()


def test_a_lost_writer_connection_is_replaced(postgres_url: str) -> None:
    """The server ends the writer's connection (a restart, an administrator): the
    act that meets the closed connection fails and stores nothing, and the next
    act opens another connection and is stored."""
    ledger = WizardLedger(f"{postgres_url}&shards=1")
    gid = ledger.create_game("ultimate", 2, seed="lost-connection", options=QUICK).game_id
    play(ledger, gid, actions=1)
    before = [e.hash for e in ledger.entries(gid)]
    schema = schema_of(postgres_url)
    with psycopg.connect(DSN, autocommit=True) as conn:
        ended = conn.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND query LIKE %s",
            (f'%"{schema}"."{function_name("wizardledger_events")}"%',),
        ).fetchall()
    assert ended == [(True,)]  # the writer's connection, and only it
    seat, command = next_command(ledger, gid)
    with pytest.raises(PersistenceError):
        ledger.act(gid, seat, command)
    assert [e.hash for e in WizardLedger(postgres_url).entries(gid)] == before
    assert ledger.act(gid, seat, command)
    assert len(WizardLedger(postgres_url).entries(gid)) > len(before)
    ledger.close()


def test_a_writer_takes_only_its_own_shards_events(postgres_url: str) -> None:
    ledger = WizardLedger(f"{postgres_url}&shards=2")
    zero, one = ledger.shards.recorder(0), ledger.shards.recorder(1)
    committer = Committer.for_recorder(zero)
    assert committer is not None
    gid = uuid4()
    with pytest.raises(ValueError, match="wizardledger_events_s1: not the events table"):
        committer.commit(
            [(zero, [StoredEvent(gid, 1, "t:E", b"a")]), (one, [StoredEvent(gid, 1, "t:E", b"b")])]
        )
    assert zero.select_events(gid) == [] and one.select_events(gid) == []
    committer.close()
    ledger.close()


def _writers_waiting(schema: str) -> list[tuple[int, str | None]]:
    """(pid, wait event type) of the server processes running a shard's write."""
    with psycopg.connect(DSN, autocommit=True) as conn:
        return conn.execute(
            "SELECT pid, wait_event_type FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND query LIKE %s",
            (f'%"{schema}"."{function_name("wizardledger_events")}"%',),
        ).fetchall()


def _drop_a_write_waiting_for_the_lock(
    postgres_url: str, send: Callable[[WizardLedger, UUID, int, Any, str], Any]
) -> tuple[list[Any], list[Any], Any]:
    """A game's next act sent with ``send`` while the shard's lock is held elsewhere;
    once its statement waits for the lock, the writer's connection drops (the
    client sees it closed; the server process goes on waiting, its statement
    intact); then the lock is freed. (stored hashes before, after, what ``send``
    gave or raised); a retry of the act is stored once."""
    ledger = WizardLedger(f"{postgres_url}&shards=1")
    created = ledger.create_game("ultimate", 2, seed="dropped", options=QUICK)
    gid, tokens = created.game_id, dict(created.seats)
    play(ledger, gid, actions=1)
    before = [e.hash for e in ledger.entries(gid)]
    schema = schema_of(postgres_url)
    committer = ledger.shards.committer(gid)
    assert committer is not None
    append: Any = committer.transaction.__self__  # type: ignore[attr-defined]
    seat, command = next_command(ledger, gid)
    answers: list[Any] = []

    def act() -> None:
        try:
            answers.append(send(ledger, gid, seat, command, tokens[seat]))
        except BaseException as e:
            answers.append(e)

    with psycopg.connect(DSN) as blocker:
        blocker.execute(f'LOCK TABLE "{schema}".wizardledger_events IN EXCLUSIVE MODE')
        acting = threading.Thread(target=act)
        acting.start()
        for _ in range(500):
            if [w for _, w in _writers_waiting(schema)] == ["Lock"]:
                break
            time.sleep(0.01)
        else:
            raise AssertionError("the write never waited for the lock")
        cut = socket.socket(fileno=os.dup(append._conn.pgconn.socket))
        cut.shutdown(socket.SHUT_RDWR)
        cut.close()
        acting.join(30)
        assert not acting.is_alive()
        blocker.commit()  # the lock is free: a statement still there would commit now
    for _ in range(500):
        if not _writers_waiting(schema):
            break
        time.sleep(0.01)
    after = [e.hash for e in WizardLedger(postgres_url).entries(gid)]
    again = ledger.act(gid, seat, command)  # sent again: stored once, right after
    assert [e.hash for e in WizardLedger(postgres_url).entries(gid)] == after + [
        e.hash for e in again
    ]
    ledger.close()
    return before, after, answers[0]


def test_a_write_dropped_while_the_server_still_runs_it_never_lands_after_the_answer(
    postgres_url: str,
) -> None:
    """Without ending that server process first, the read-back found nothing, the
    act was answered with an error, and the statement committed a moment later (a
    client's retry would then play it twice). Now the error means "not stored"."""
    before, after, answer = _drop_a_write_waiting_for_the_lock(
        postgres_url, lambda ledger, gid, seat, command, _: ledger.act(gid, seat, command)
    )
    assert isinstance(answer, ActNotStored) and "the act was not stored" in str(answer)
    assert after == before


def test_over_http_a_dropped_write_is_a_503_that_says_it_was_not_stored(
    postgres_url: str,
) -> None:
    from fastapi.testclient import TestClient

    from services.http.app import create_app

    def send(ledger: WizardLedger, gid: UUID, seat: int, command: Any, token: str) -> Any:
        with TestClient(create_app(ledger, redis="off")) as client:
            return client.post(
                f"/tables/{gid}/act",
                json={"seat": seat, "command": command},
                headers={"Authorization": f"Bearer {token}"},
            )

    before, after, answer = _drop_a_write_waiting_for_the_lock(postgres_url, send)
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == "act_not_stored"
    assert after == before
