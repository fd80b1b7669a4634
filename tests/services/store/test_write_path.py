"""The write path of an act: one transaction, group commit, the cache, against the real stores."""

from __future__ import annotations

import itertools
import random
import threading
import uuid
from typing import Any

import msgspec
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.commit import Committer, _Waiting
from tests.services.playing import QUICK, next_command, pending_seat, play


def test_the_events_and_the_recorded_head_are_one_transaction(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="one-tx").game_id
    play(ledger, gid, actions=2)
    before = ledger.entries(gid)
    # A head already recorded at every position the next action may reach: its
    # head cannot be written, so its events must not be written either.
    for position in range(len(before) + 1, len(before) + 40):
        ledger.sides.heads.insert_events([StoredEvent(gid, position, "wizards:head", b"planted")])
    seat, command = next_command(ledger, gid)
    with pytest.raises(RuntimeError, match="recorded head"):
        ledger.act(gid, seat, command)
    assert [e.hash for e in WizardLedger(store_url).entries(gid)] == [e.hash for e in before]
    ledger.close()


def test_a_new_games_secrets_are_written_with_its_events(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    created = ledger.create_game("ultimate", 2)
    other = WizardLedger(store_url)  # no cache: reads what was stored
    seat, command = next_command(other, created.game_id)
    token = dict(created.seats)[seat]
    assert other.act(created.game_id, seat, command, token=token)
    assert verify_game(other, created.game_id).ok
    ledger.close()
    other.close()


def test_concurrent_acts_on_many_games_are_all_stored_and_verify(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    games = [ledger.create_game("ultimate", 2, options=QUICK).game_id for _ in range(6)]
    answered: dict[Any, list[tuple[int, str]]] = {gid: [] for gid in games}
    acts: list[int] = []
    errors: list[BaseException] = []

    def player(gid: Any, seed: int) -> None:
        try:
            for i in range(15):
                if pending_seat(ledger, gid) is None:
                    return
                seat, command = next_command(ledger, gid, seed * 100 + i)
                entries = ledger.act(gid, seat, command)
                acts.append(1)
                answered[gid] += [(e.position, e.hash) for e in entries]
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=player, args=(g, i)) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    committers = ledger.shards.committers()
    assert committers
    # Every creation and every act went through a (group) committer: its shard's.
    writes = sum(c.writes for c in committers)
    assert writes == len(games) + len(acts)
    assert sum(c.batches for c in committers) <= writes
    fresh = WizardLedger(store_url)
    for gid in games:
        stored = {e.position: e.hash for e in fresh.entries(gid)}
        assert answered[gid] and all(stored[p] == h for p, h in answered[gid])
        report = verify_game(fresh, gid)
        assert report.ok, report.as_json()
    ledger.close()
    fresh.close()


def test_a_batch_with_a_losing_write_commits_the_others(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="batch").game_id
    committer = Committer.for_recorder(ledger.recorder)
    assert committer is not None
    n = ledger.load(gid).version
    taken = (ledger.sides.heads, [StoredEvent(gid, n, "wizards:head", b"again")])
    fresh = (ledger.sides.heads, [StoredEvent(gid, n + 1000, "wizards:head", b"new")])
    loser, winner = _Waiting([taken]), _Waiting([fresh])
    committer._commit_batch([loser, winner])
    assert isinstance(loser.error, IntegrityError) and winner.error is None
    assert loser.done and winner.done
    assert ledger.recorded_head(gid) == (n + 1000, "new")
    ledger.close()


def test_a_process_with_a_stale_cache_acts_on_the_stored_game(store_url: str) -> None:
    """Two ledgers are two API processes: each decides on its cached fold without
    reading first, and must still act on the game as stored."""
    first, second = WizardLedger(store_url), WizardLedger(store_url)
    gid = first.create_game("ultimate", 2, seed="stale", options=QUICK).game_id
    second.load(gid)  # cached at the opening
    rng = random.Random(3)
    for turn in range(12):
        writer = (first, second)[turn % 2]
        # The command is chosen on the stored game, as a client reading the other process would.
        seat, command = next_command(WizardLedger(store_url), gid, rng.randrange(1000))
        entries = writer.act(gid, seat, command, key=f"k{turn}")
        assert isinstance(entries[0].event, ActionTaken)
        if pending_seat(first, gid) is None:
            break
    # A retry through the other process: the first answer, nothing appended.
    length = len(first.entries(gid))
    stale_retry = (second, first)[turn % 2]
    again = stale_retry.act(gid, seat, command, key=f"k{turn}")
    assert [e.hash for e in again] == [e.hash for e in entries]
    assert len(first.entries(gid)) == length
    assert verify_game(first, gid).ok
    first.close()
    second.close()


def test_concurrent_commits_share_a_transaction_and_each_returns_after_its_own(
    sqlite_url: str,
) -> None:
    """Writers queued behind a commit in progress are committed together, in the
    next transaction, and none returns before the transaction holding its rows."""
    ledger = WizardLedger(sqlite_url)
    (committer,) = ledger.shards.committers()  # one SQLite file: one committer
    writers = 12
    hold, entered = threading.Event(), threading.Event()
    returned: list[int] = []
    seen_while_held: list[int] = []
    errors: list[BaseException] = []
    gid = ledger.create_game("ultimate", 2, seed="group").game_id
    taken = ledger.load(gid).version  # the head recorded at this position already
    write = committer.write

    def held_write(c: Any, rows: Any) -> None:
        entered.set()
        write(c, rows)
        if not hold.is_set():  # the first transaction waits for every other writer
            while len(committer._queue) < writers - 1:
                threading.Event().wait(0.001)
            seen_while_held.extend(returned)
            hold.set()

    committer.write = held_write  # type: ignore[method-assign]
    batches = committer.batches

    def writer(i: int) -> None:
        # Writer 5 loses: its head's position is taken; the others' are free.
        position = taken if i == 5 else 1000 + i
        row = StoredEvent(gid if i == 5 else uuid.uuid4(), position, "wizards:head", b"h")
        try:
            committer.commit([(ledger.sides.heads, [row])])
        except BaseException as e:
            errors.append(e)
            return
        # Read back through another ledger: its own connections to the file.
        fresh = WizardLedger(sqlite_url)
        if fresh.recorded_head(row.originator_id) == (position, "h"):
            returned.append(i)
        fresh.close()

    first = threading.Thread(target=writer, args=(0,))
    first.start()
    assert entered.wait(60)  # the first transaction is open: the others queue behind it
    others = [threading.Thread(target=writer, args=(i,)) for i in range(1, writers)]
    for t in others:
        t.start()
    for t in [first, *others]:
        t.join(60)
    assert seen_while_held == []  # nobody returned while the first commit was held
    assert sorted(returned) == [i for i in range(writers) if i != 5]
    assert len(errors) == 1 and isinstance(errors[0], IntegrityError)
    # The first writer's transaction, then one shared by all the others (whose
    # loser is then retried alone and each other write committed alone).
    assert committer.batches - batches == 2
    ledger.close()


def test_sqlite_commits_are_synced_write_ahead_log_and_full_sync(sqlite_url: str) -> None:
    """The answer to an act waits for its commit; the commit is durable only if the
    connection syncs the log at every commit (synchronous FULL in WAL mode, never
    NORMAL, which syncs only at checkpoints)."""
    ledger = WizardLedger(sqlite_url)
    (committer,) = ledger.shards.committers()
    ledger.create_game("ultimate", 2, seed="sync")
    with committer.datastore.transaction(commit=False) as c:
        c.execute("PRAGMA journal_mode")
        assert c.fetchone()[0].lower() == "wal"
        c.execute("PRAGMA synchronous")
        assert c.fetchone()[0] >= 2  # FULL (2) or EXTRA (3)
    ledger.close()


def test_snapshots_are_written_in_the_transaction_of_the_act_that_crossed_the_mark(
    store_url: str,
) -> None:
    """A snapshot costs no commit of its own (on SQLite, a write of its own waited
    for the write lock behind the acts, holding its act's answer): it is a row of
    the act's transaction, taken after that act's last event, and reads use it."""
    ledger = WizardLedger(store_url, snapshot_every=10)
    gid = ledger.create_game("ultimate", 2, seed="snapshots", options=QUICK).game_id
    (committer,) = [c for c in ledger.shards.committers() if c.writes]
    writes = committer.writes
    play(ledger, gid, actions=12)
    taken = [position for position, _ in ledger.snapshot_rows(gid)]
    assert len(taken) >= 2
    entries = ledger.entries(gid)
    acts = len([e for e in entries if isinstance(e.event, ActionTaken)])
    assert committer.writes - writes == acts
    # Each snapshot was taken at the end of an action (the next entry opens one).
    last_of_action = {e.position - 1 for e in entries if isinstance(e.event, ActionTaken)} | {
        entries[-1].position
    }
    assert set(taken) <= last_of_action
    assert all(a // 10 != b // 10 for a, b in itertools.pairwise(taken))
    fresh = WizardLedger(store_url, snapshot_every=10)
    assert fresh.load(gid).fold == ledger.load(gid).fold
    assert verify_game(ledger, gid).ok
    fresh.close()
    ledger.close()


def test_a_failing_listener_does_not_fail_a_durable_act(sqlite_url: str) -> None:
    """The act is stored before listeners hear of it: one that raises is logged,
    the act is answered, and the listeners after it still hear of it."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="listeners", options=QUICK).game_id
    heard: list[int] = []

    def broken(game_id: Any, entries: Any) -> None:
        raise RuntimeError("relay down")

    ledger.listeners[:0] = [broken]
    ledger.listeners.append(lambda game_id, entries: heard.extend(e.position for e in entries))
    seat = pending_seat(ledger, gid)
    assert seat is not None
    loaded = ledger.load(gid)
    command = msgspec.to_builtins(loaded.game.legal_commands(loaded.fold.state, seat)[0])
    entries = ledger.act(gid, seat, command)
    assert heard == [e.position for e in entries]
    assert [e.hash for e in WizardLedger(sqlite_url).entries(gid)][-len(entries) :] == [
        e.hash for e in entries
    ]
    ledger.close()
