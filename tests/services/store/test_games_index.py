"""The games of a store are found through a partial index, not by reading the log:
on SQLite and PostgreSQL, for a new store and one made before the index."""

from __future__ import annotations

import sqlite3
from typing import Any

import psycopg
import pytest

from services.ledger import WizardLedger
from services.store.codec import topic_of
from services.store.games_index import INDEXED
from tests.services.playing import QUICK, play
from tests.services.store.postgres import DSN

STARTED = next(t for t, suffix in INDEXED.items() if suffix == "started")


def _games(ledger: WizardLedger, n: int) -> list[Any]:
    made = [
        ledger.create_game("ultimate", 2, seed=f"g{i}", options=QUICK).game_id for i in range(n)
    ]
    for gid in made:
        play(ledger, gid, actions=3)  # the log grows; the games do not
    return made


def _plan_sqlite(path: str) -> str:
    with sqlite3.connect(path) as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN SELECT rowid, originator_id, state FROM stored_events "
            f"INDEXED BY stored_events_started WHERE topic = '{STARTED}'"
        ).fetchall()
    return " ".join(str(row[-1]) for row in plan)


def test_sqlite_lists_games_and_branches_through_the_index(tmp_path: Any) -> None:
    path = str(tmp_path / "w.db")
    ledger = WizardLedger(f"sqlite:///{path}")
    made = _games(ledger, 4)
    from domain.kernel import ActionTaken

    action = next(e.position for e in ledger.entries(made[1]) if isinstance(e.event, ActionTaken))
    fork = ledger.fork(made[1], at=action - 1).game_id
    assert ledger.game_ids() == [*made, fork]  # created order: the branch is the newest
    from services.reads.lobby import forked_games

    assert forked_games(ledger) == {fork}
    assert "USING INDEX stored_events_started" in _plan_sqlite(path)
    ledger.close()


def test_a_sqlite_store_from_before_the_index_gets_it_when_opened(tmp_path: Any) -> None:
    path = str(tmp_path / "old.db")
    ledger = WizardLedger(f"sqlite:///{path}")
    made = _games(ledger, 3)
    ledger.close()
    with sqlite3.connect(path) as conn:  # as older code left it
        for suffix in INDEXED.values():
            conn.execute(f"DROP INDEX stored_events_{suffix}")
    again = WizardLedger(f"sqlite:///{path}")
    assert again.game_ids() == made
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {f"stored_events_{s}" for s in INDEXED.values()} <= names
    again.close()


@pytest.mark.postgres
def test_postgresql_lists_games_of_every_shard_through_the_index(postgres_url: str) -> None:
    ledger = WizardLedger(f"{postgres_url}&shards=3")
    made = _games(ledger, 6)
    assert ledger.game_ids() == made  # by the time each was made, across shards
    schema = postgres_url.rsplit("schema=", 1)[1]
    with psycopg.connect(DSN, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{schema}"')
        conn.execute("SET enable_seqscan = off")  # a table this small: ask what it can use
        plan = conn.execute(
            "EXPLAIN SELECT notification_id, originator_id, state FROM wizardledger_events "
            f"WHERE topic = '{STARTED}' ORDER BY notification_id"
        ).fetchall()
        indexes = {
            r[0]
            for r in conn.execute(
                "SELECT indexname FROM pg_indexes WHERE schemaname = %s", (schema,)
            ).fetchall()
        }
    assert "wizardledger_events_started" in " ".join(r[0] for r in plan)
    for shard in ("", "_s1", "_s2"):
        assert {f"wizardledger_events{shard}_{s}" for s in INDEXED.values()} <= indexes
    # Another process opening the store finds them made: the same list.
    assert WizardLedger(postgres_url).game_ids() == made
    ledger.close()


def test_the_indexed_topics_are_the_events_that_open_or_branch_a_stream() -> None:
    from domain.kernel import GameForked, GameStarted

    assert set(INDEXED) == {topic_of(GameStarted), topic_of(GameForked)}
