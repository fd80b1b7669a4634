"""Games sharded over several PostgreSQL event tables: placement, independent writers,
every shard followed by listing and projections, and stores from before shards."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from domain.kernel import ActionTaken
from projections.runner import Projector
from services.ledger import WizardLedger
from services.reads.lobby import forked_games
from services.store.shards import (
    MAX_SHARDS,
    ShardSettingError,
    game_id_on,
    shard_count,
    shard_of,
)
from services.store.values import GameNotFound
from tests.projections.projectors import run_together, snapshot
from tests.services.playing import QUICK, next_command, pending_seat, play
from tests.services.store.postgres import DSN, SAFETY, waiting_on_lock


def sharded(url: str, shards: int) -> str:
    return f"{url}&shards={shards}"


def games_on_shards(
    ledger: WizardLedger, wanted: int, made: list[UUID] | None = None
) -> dict[int, UUID]:
    """Create games until ``wanted`` different shards hold one; the first game of each
    (``made``: every game created, appended to)."""
    found: dict[int, UUID] = {}
    for i in range(200):
        gid = ledger.create_game("ultimate", ["Ann", "Bob"], seed=f"g{i}", options=QUICK).game_id
        found.setdefault(shard_of(gid), gid)
        if made is not None:
            made.append(gid)
        if len(found) == wanted:
            return found
    raise AssertionError(f"200 games landed on only {sorted(found)}")


@pytest.fixture
def pg(postgres_url: str) -> Iterator[tuple[str, str]]:
    """The store URL and its schema."""
    yield postgres_url, postgres_url.rsplit("schema=", 1)[1]


# ----------------------------------------------------------------- settings


def test_the_shard_is_part_of_the_game_id() -> None:
    for shard in (0, 1, 7, MAX_SHARDS - 1):
        gid = game_id_on(shard)
        assert shard_of(gid) == shard and gid.version == 8
        assert shard_of(UUID(str(gid))) == shard  # survives the trip through text
    assert shard_of(uuid4()) == 0  # ids from before shards: the old table


def test_the_shard_setting() -> None:
    assert shard_count("sqlite:///x.db?shards=8") == 1  # one SQLite file, one writer
    assert shard_count("memory://") == 1
    assert shard_count("postgresql://u@h/db?schema=s") == 8
    assert shard_count("postgresql://u@h/db?schema=s&shards=3") == 3
    for bad in ("0", "257", "many"):
        with pytest.raises(ShardSettingError):
            shard_count(f"postgresql://u@h/db?shards={bad}")


# -------------------------------------------------------------- PostgreSQL


def _tables(schema: str) -> set[str]:
    with psycopg.connect(DSN, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)
        ).fetchall()
    return {r[0] for r in rows}


@pytest.mark.postgres
def test_games_land_on_their_shards_tables(pg: tuple[str, str]) -> None:
    url, schema = pg
    ledger = WizardLedger(sharded(url, 3))
    games = games_on_shards(ledger, 3)
    assert {"wizardledger_events", "wizardledger_events_s1", "wizardledger_events_s2"} <= _tables(
        schema
    )
    with psycopg.connect(DSN, autocommit=True) as conn:
        for shard, gid in games.items():
            table = "wizardledger_events" + (f"_s{shard}" if shard else "")
            stored = conn.execute(
                f'SELECT count(*) FROM "{schema}"."{table}" WHERE originator_id = %s', (gid,)
            ).fetchone()
            assert stored == (ledger.load(gid).version,)
    # An id naming a shard the store does not have names no game, and makes no table.
    with pytest.raises(GameNotFound):
        ledger.load(game_id_on(200))
    assert "wizardledger_events_s200" not in _tables(schema)
    ledger.close()


@pytest.mark.postgres
def test_a_writer_of_one_shard_never_waits_for_another_shard(pg: tuple[str, str]) -> None:
    url, schema = pg
    ledger = WizardLedger(sharded(url, 2))
    games = games_on_shards(ledger, 2)
    held, free = games[0], games[1]
    done: dict[str, list[Any]] = {}

    def act(name: str, gid: UUID) -> None:
        seat, command = next_command(ledger, gid, 0)
        done[name] = ledger.act(gid, seat, command)

    holder = psycopg.connect(DSN)
    try:
        # Another writer holds shard 0's table lock (as a long batch would).
        holder.execute(f'LOCK TABLE "{schema}"."wizardledger_events" IN EXCLUSIVE MODE')
        blocked = threading.Thread(target=act, args=("held", held))
        blocked.start()
        for _ in range(600):  # the act reaches the lock and queues behind it
            if waiting_on_lock("wizardledger_events"):
                break
            blocked.join(0.05)
        assert waiting_on_lock("wizardledger_events")
        # Meanwhile an act on shard 1's game commits.
        other = threading.Thread(target=act, args=("free", free))
        other.start()
        other.join(SAFETY)
        assert "free" in done and "held" not in done
        assert [e.position for e in ledger.entries(free)][-1] == done["free"][-1].position
        assert blocked.is_alive()
    finally:
        holder.rollback()  # the lock goes: the waiting act commits
        holder.close()
    blocked.join(SAFETY)
    assert "held" in done
    assert ledger.entries(held)[-1].hash == done["held"][-1].hash
    ledger.close()


def sharded_games(url: str, shards: int) -> tuple[WizardLedger, list[UUID]]:
    """A ledger on ``shards`` tables, with games on each of them (not played yet)."""
    ledger = WizardLedger(sharded(url, shards))
    gids: list[UUID] = []
    games_on_shards(ledger, shards, gids)
    return ledger, gids


@pytest.mark.postgres
def test_listing_and_projections_follow_every_shard(
    pg: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger, gids = sharded_games(pg[0], 3)
    names = [["Ann", "Bob"], ["Bob", "Cy"], ["Cy", "Ann"], ["Ann", "Cy"]]
    more = [
        ledger.create_game("ultimate", n, seed=f"m{i}", options=QUICK).game_id
        for i, n in enumerate(names)
    ]
    gids += more
    for i, gid in enumerate(gids):
        play(ledger, gid, seed=i)
    actions = [e.position for e in ledger.entries(gids[0]) if isinstance(e.event, ActionTaken)]
    branch = ledger.fork(gids[0], actions[1] - 1).game_id
    gids.append(branch)
    assert sorted(ledger.game_ids()) == sorted(gids)  # each game once
    assert len(set(ledger.game_ids())) == len(gids)
    assert forked_games(ledger) == {branch}
    total = sum(ledger.load(g).version for g in gids)
    assert ledger.notifications() == total
    finished = [g for g in gids if pending_seat(ledger, g) is None and g != branch]
    assert len({shard_of(g) for g in finished}) > 1

    # Catch up reading the shards in reverse order, so that games finish
    # "out of order" for the ratings; then rebuild in the usual order.
    numbers = ledger.shards.numbers
    monkeypatch.setattr(ledger.shards, "numbers", lambda: list(reversed(numbers())))
    with Projector(ledger) as projector:
        assert projector.run() == total
        assert projector.run() == 0
        assert projector.positions() == {"scoreboard": total, "audit": total, "statistics": total}
        assert projector.lag() == 0
        caught_up = snapshot(projector, gids)
    monkeypatch.undo()
    board = caught_up["scoreboard"]
    assert sorted(g["game_id"] for g in board["games"]) == sorted(str(g) for g in finished)
    for gid in gids:
        positions = [r["position"] for r in caught_up["audit"][str(gid)]]
        assert positions == list(range(1, ledger.load(gid).version + 1))
    with Projector(ledger) as projector:
        assert projector.rebuild() == total
        assert snapshot(projector, gids) == caught_up
    ledger.close()


@pytest.mark.postgres
def test_a_store_from_before_shards_reads_and_goes_on(pg: tuple[str, str]) -> None:
    url, schema = pg
    old = WizardLedger(sharded(url, 1))  # one table, version-4 ids: as before shards
    gid = old.create_game("ultimate", ["Ann", "Bob"], seed="old", options=QUICK).game_id
    play(old, gid, seed=1)
    assert gid.version == 4 and _tables(schema) >= {"wizardledger_events"}
    before = old.notifications()
    with Projector(old) as projector:
        assert projector.run() == before
        audit = projector.audit_json(gid)
    old.close()

    ledger = WizardLedger(sharded(url, 4))
    assert ledger.load(gid).version == before
    assert ledger.game_ids() == [gid]
    new = games_on_shards(ledger, 2)
    added = [g for g in ledger.game_ids() if g != gid]
    assert set(new.values()) <= set(added)
    for i, g in enumerate(added):
        play(ledger, g, seed=i)
    with Projector(ledger) as projector:
        # Shard 0's position is the old tracking row: nothing applied twice.
        assert projector.run() == ledger.notifications() - before
        assert projector.audit_json(gid) == audit
        for g in added:
            assert len(projector.audit_json(g)) == ledger.load(g).version
    ledger.close()


@pytest.mark.postgres
def test_a_process_with_fewer_shards_reads_games_of_more(pg: tuple[str, str]) -> None:
    url, _ = pg
    wide = WizardLedger(sharded(url, 4))
    games = games_on_shards(wide, 4)
    narrow = WizardLedger(sharded(url, 2))
    for gid in games.values():
        seat = pending_seat(narrow, gid)
        assert seat is not None
        _, command = next_command(narrow, gid, 0)
        narrow.act(gid, seat, command)
        assert wide.load(gid).version == narrow.load(gid).version
    assert sorted(narrow.game_ids()) == sorted(wide.game_ids())
    wide.close()
    narrow.close()


@pytest.mark.postgres
def test_concurrent_runners_on_shards_apply_each_event_once(
    pg: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger, gids = sharded_games(pg[0], 3)
    for i, gid in enumerate(gids):
        play(ledger, gid, seed=i)
    monkeypatch.setattr("projections.runner.BATCH", 7)  # small batches: runners interleave
    runners = [Projector(WizardLedger(ledger.url)) for _ in range(3)]
    assert not run_together(runners, SAFETY)
    together = snapshot(runners[0], gids)
    total = ledger.notifications()
    assert runners[0].positions()["scoreboard"] == total
    for p in runners:
        p.close()
    with Projector(ledger) as projector:
        assert projector.rebuild() == total
        assert snapshot(projector, gids) == together
    ledger.close()
