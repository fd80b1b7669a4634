"""Acts decided on the event loop and committed by the group commit's own thread
(``WizardLedger.begin_act`` / ``finish_act``, ``Committer.submit``), on a real
SQLite file: what a player relies on is that an answer means durable, that a
refusal stores nothing, that two acts of one game never decide on the same
position, and that a race lost to another process is decided again."""

from __future__ import annotations

import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest

from domain.kernel import ActionTaken, IllegalCommand
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.commit import Committer
from services.store.shards import game_id_on
from services.store.values import Staged
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer
from tests.services.playing import QUICK


def first_legal(ledger: WizardLedger, gid: UUID) -> tuple[int, Any]:
    loaded = ledger.load(gid)
    seat = loaded.fold.state.pending[0].seat
    legal = loaded.game.legal_commands(loaded.fold.state, seat)
    return seat, msgspec.to_builtins(legal[0])


def new_game(ledger: WizardLedger, seed: str) -> UUID:
    return ledger.create_game("ultimate", 2, seed=seed, options=QUICK).game_id


def commit_staged(committer: Committer, staged: Staged) -> BaseException | None:
    """Submit and wait for the notification, as the loop would."""
    told = threading.Event()
    result: list[BaseException | None] = []

    def notify(error: BaseException | None) -> None:
        result.append(error)
        told.set()

    committer.submit(staged.rows, notify)
    assert told.wait(30), "the committer never told"
    return result[0]


def act_on_loop(ledger: WizardLedger, gid: UUID) -> Committer:
    """One act through begin_act, submit and finish_act; the committer it used."""
    ledger.load(gid)
    begun = ledger.begin_act(gid, *first_legal(ledger, gid))
    assert begun is not None
    staged, committer = begun
    assert commit_staged(committer, staged) is None
    assert ledger.finish_act(staged, None) is not None
    return committer


def db_path(url: str) -> str:
    return url.removeprefix("sqlite:///")


def test_a_begun_act_is_stored_only_once_committed_and_then_read_by_others(
    store_url: str,
) -> None:
    ledger = WizardLedger(store_url)
    gid = new_game(ledger, "loop-1")
    ledger.load(gid)  # known current from here on
    seat, command = first_legal(ledger, gid)
    begun = ledger.begin_act(gid, seat, command)
    assert begun is not None
    staged, committer = begun
    other = WizardLedger(store_url)
    assert other.load(gid).version == staged.loaded.version  # staged is not stored
    assert commit_staged(committer, staged) is None
    acted = ledger.finish_act(staged, None)
    assert acted is not None
    assert [e.hash for e in acted.entries] == [
        e.hash for e in other.entries(gid, gt=staged.loaded.version)
    ]
    assert other.load(gid).fold == acted.loaded.fold
    assert verify_game(other, gid).ok
    other.close()
    ledger.close()


def test_a_refusal_on_the_loop_stores_nothing_and_gives_the_turn_back(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = new_game(ledger, "loop-2")
    ledger.load(gid)
    seat, command = first_legal(ledger, gid)
    before = ledger.entries(gid)
    with pytest.raises(IllegalCommand) as refused:
        ledger.begin_act(gid, 1 - seat, command)  # not this seat's turn
    assert refused.value.rule
    assert ledger.entries(gid) == before
    begun = ledger.begin_act(gid, seat, command)  # the game's turn was given back
    assert begun is not None
    staged, committer = begun
    assert commit_staged(committer, staged) is None
    assert ledger.finish_act(staged, None) is not None
    ledger.close()


def test_a_game_whose_turn_is_taken_is_left_to_a_thread(sqlite_url: str) -> None:
    """While another act of the game is under way (here a ``perform`` waiting for
    SQLite's write lock), the loop does not wait for it: ``begin_act`` says so."""
    ledger = WizardLedger(sqlite_url)
    gid = new_game(ledger, "loop-3")
    ledger.load(gid)
    seat, command = first_legal(ledger, gid)
    blocker = sqlite3.connect(db_path(sqlite_url), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # holds the write lock
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(ledger.act, gid, seat, command)
        turn = ledger.turns.of(gid)
        deadline = time.monotonic() + 30
        while not turn.locked():  # the thread takes the game's turn, then waits
            assert time.monotonic() < deadline, "the act never started"
            time.sleep(0.01)
        assert ledger.begin_act(gid, seat, command) is None
        assert not waiting.done()
        blocker.execute("COMMIT")
        entries = waiting.result(30)
    blocker.close()
    assert entries and isinstance(entries[0].event, ActionTaken)
    ledger.close()


def test_writes_submitted_meanwhile_share_one_commit(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    games = [new_game(ledger, f"loop-share-{i}") for i in range(3)]
    staged: list[Staged] = []
    committer = None
    for gid in games:
        ledger.load(gid)
        seat, command = first_legal(ledger, gid)
        begun = ledger.begin_act(gid, seat, command)
        assert begun is not None
        staged.append(begun[0])
        committer = begun[1]
    assert committer is not None
    batches = committer.batches
    blocker = sqlite3.connect(db_path(sqlite_url), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    told: list[BaseException | None] = []
    all_told = threading.Event()

    def notify(error: BaseException | None) -> None:
        told.append(error)
        if len(told) == len(staged):
            all_told.set()

    for s in staged:
        committer.submit(s.rows, notify)
    time.sleep(0.2)  # let the first batch reach the lock (the test holds it)
    assert told == []  # nobody is told before the commit
    blocker.execute("COMMIT")
    blocker.close()
    assert all_told.wait(30)
    assert told == [None, None, None]
    # At most the first write waited at the lock alone; the rest shared a commit.
    assert committer.batches - batches in (1, 2)
    for s in staged:
        assert ledger.finish_act(s, None) is not None
    ledger.close()


def test_a_race_lost_to_another_process_stores_nothing_and_is_decided_again(
    store_url: str,
) -> None:
    ledger = WizardLedger(store_url)
    gid = new_game(ledger, "loop-race")
    ledger.load(gid)
    seat, command = first_legal(ledger, gid)
    begun = ledger.begin_act(gid, seat, command)
    assert begun is not None
    staged, committer = begun
    elsewhere = WizardLedger(store_url)  # another process, first to the position
    won = elsewhere.act(gid, seat, command)
    error = commit_staged(committer, staged)
    assert error is not None
    assert ledger.finish_act(staged, error) is None  # decide again, on a thread
    stored = {e.hash for e in elsewhere.entries(gid)}
    assert not stored & {e.hash for e in staged.entries}
    # The turn is free and the stale fold forgotten: the act is decided on the
    # position the other process left.
    seat, command = first_legal(elsewhere, gid)
    entries = ledger.act(gid, seat, command)
    assert entries[0].position == won[-1].position + 1
    assert ledger.load(gid).fold == elsewhere.load(gid).fold
    assert verify_game(elsewhere, gid).ok
    elsewhere.close()
    ledger.close()


def test_a_refusal_on_a_fold_not_known_current_is_left_to_the_store(
    postgres_url: str,
) -> None:
    """On PostgreSQL nothing says that the cached fold is current without a query:
    a refusal there is left to ``perform``, which reads the store before refusing,
    so a command made legal by another process's write is played, not refused."""
    ledger = WizardLedger(postgres_url)
    gid = new_game(ledger, "loop-pg-refusal")
    stale_seat, _ = first_legal(ledger, gid)  # cached here
    elsewhere = WizardLedger(postgres_url)
    seat = stale_seat
    while seat == stale_seat:  # the turn passes to the other seat, unseen here
        elsewhere.act(gid, *first_legal(elsewhere, gid))
        seat, command = first_legal(elsewhere, gid)
    stored = elsewhere.load(gid).version
    assert ledger.begin_act(gid, seat, command) is None  # refused here: not decided
    entries = ledger.act(gid, seat, command)  # decided on the store's position
    assert entries[0].position == stored + 1
    assert ledger.load(gid).fold == elsewhere.load(gid).fold
    elsewhere.close()
    ledger.close()


def test_a_failed_commit_is_raised_and_gives_the_turn_back(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = new_game(ledger, "loop-fail")
    loaded = ledger.load(gid)
    seat, command = first_legal(ledger, gid)
    begun = ledger.begin_act(gid, seat, command)
    assert begun is not None
    staged, _ = begun
    with pytest.raises(OSError, match="disk"):
        ledger.finish_act(staged, OSError("disk gone"))
    assert ledger.load(gid).fold == loaded.fold  # the cache did not move
    again = ledger.begin_act(gid, seat, command)
    assert again is not None
    assert commit_staged(again[1], again[0]) is None
    assert ledger.finish_act(again[0], None) is not None
    ledger.close()


def test_acts_over_http_take_no_thread_and_every_answer_is_stored(sqlite_url: str) -> None:
    """A real server on SQLite: concurrent acts on several games, and two acts of
    one game sent at once, answered from the loop (no play thread starts), each
    answer's entries stored as answered, and every game verified."""
    ledger = WizardLedger(sqlite_url)
    app = create_app(ledger, redis="off")
    with LiveServer(app) as server, server.client() as http:
        tables: list[Any] = []
        while len(tables) < 6:  # games of different turns (they are striped by id)
            t = new_table(http)
            if all(
                ledger.turns.of(UUID(t.game_id)) is not ledger.turns.of(UUID(o.game_id))
                for o in tables
            ):
                tables.append(t)

        def one_act(t: Any) -> dict[str, Any]:
            state = http.get(f"/tables/{t.game_id}/state").json()
            seat = state["pending"][0]["seat"]
            legal = http.get(
                f"/tables/{t.game_id}/legal", params={"seat": seat}, headers=t.auth(seat)
            ).json()
            r = http.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": legal[0]},
                headers=t.auth(seat),
            )
            assert r.status_code == 200, r.text
            return dict(r.json())

        with ThreadPoolExecutor(6) as pool:
            answers = [a for _ in range(4) for a in pool.map(one_act, tables)]
        names = {th.name for th in threading.enumerate()}
        assert not any(n.startswith("play-") for n in names)
        # Two acts of one game at once: both decided in turn, never on one position.
        t = tables[0]
        state = http.get(f"/tables/{t.game_id}/state").json()
        seat = state["pending"][0]["seat"]
        legal = http.get(
            f"/tables/{t.game_id}/legal", params={"seat": seat}, headers=t.auth(seat)
        ).json()
        with ThreadPoolExecutor(2) as pool:
            pair = list(
                pool.map(
                    lambda c: http.post(
                        f"/tables/{t.game_id}/act",
                        json={"seat": seat, "command": c},
                        headers=t.auth(seat),
                    ),
                    [legal[0], legal[-1]],
                )
            )
        assert {r.status_code for r in pair} <= {200, 409, 422}
        answers += [r.json() for r in pair if r.status_code == 200]
        assert any(r.status_code == 200 for r in pair)
    reader = WizardLedger(sqlite_url)
    for answer in answers:
        stored = {e.position: e.hash for e in reader.entries(answer["game_id"])}
        assert all(stored[e["position"]] == e["hash"] for e in answer["entries"])
    for t in tables:
        positions = [e.position for e in reader.entries(t.game_id)]
        assert positions == list(range(1, len(positions) + 1))
        assert verify_game(reader, UUID(t.game_id)).ok
    reader.close()
    ledger.close()


def test_games_of_one_shard_do_not_share_a_turn(sqlite_url: str) -> None:
    """A sharded store's ids end with their shard's number: the turns are striped
    by the whole id, or the games of a shard would wait for each other's acts."""
    ledger = WizardLedger(sqlite_url)
    turns = {id(ledger.turns.of(game_id_on(3))) for _ in range(200)}
    # 200 ids over 4,096 turns share about five; by their last 12 bits (the
    # shard and four random bits) they would share 16 turns in all.
    assert len(turns) >= 150
    ledger.close()


def test_closing_the_ledger_ends_its_committing_thread(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    committer = act_on_loop(ledger, new_game(ledger, "loop-close"))
    leader = committer._leader
    assert leader is not None and leader.is_alive()
    ledger.close()
    assert not leader.is_alive()


def test_a_write_submitted_after_close_is_committed_by_a_new_thread(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    games = [new_game(ledger, f"loop-reopen-{i}") for i in range(2)]
    for gid in games:
        committer = act_on_loop(ledger, gid)
        committer.close()  # ends the thread; the next write starts another
    assert committer.writes >= 2
    reader = WizardLedger(sqlite_url)
    assert all(reader.load(gid).version == ledger.load(gid).version for gid in games)
    reader.close()
    ledger.close()


def test_acts_of_one_commit_raise_their_counters_together_and_are_read_from_memory(
    tmp_path: Path,
) -> None:
    """The acts a group commit made durable together have their games' commit
    counters raised at once (``count_acts``) before each is finished: each counter
    moves by one, once, and every game's next read is its new position, from memory."""
    ledger = WizardLedger(f"sqlite:///{tmp_path / 'together.db'}")
    other = WizardLedger(f"sqlite:///{tmp_path / 'together.db'}")  # another process's view
    try:
        games = [new_game(ledger, f"together-{n}") for n in range(3)]
        begun = []
        for gid in games:
            ledger.load(gid)
            other.load(gid)
            one = ledger.begin_act(gid, *first_legal(ledger, gid))
            assert one is not None
            begun.append(one)
        before = [ledger.freshness.stamp(gid) for gid in games]
        for staged, committer in begun:
            assert commit_staged(committer, staged) is None
        ledger.count_acts([staged for staged, _ in begun])
        acted = [ledger.finish_act(staged, None) for staged, _ in begun]
        after = [ledger.freshness.stamp(gid) for gid in games]
        assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1]  # type: ignore[operator]  # stamps of a SQLite file: numbers
        for gid, act in zip(games, acted, strict=True):
            assert act is not None
            assert ledger.cache.fresh(gid) is act.loaded  # current: answered from memory
            assert other.load(gid).version == act.loaded.version  # the other sees it
    finally:
        ledger.close()
        other.close()
