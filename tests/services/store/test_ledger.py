"""The event store: atomic appends, folds, idempotency, seeds, snapshots — SQLite and PostgreSQL."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel import ActionTaken, GameStarted, IllegalCommand, SeedRevealed, commitment
from services.ledger import WizardLedger
from services.reads.views import legal_json, log_json, state_json
from services.store.values import IdempotencyConflict, NotAuthorized
from tests.services.playing import play_until


def test_a_stored_game_folds_to_the_live_state(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 3, seed="fold").game_id
    play_until(ledger, gid, actions=40)
    live = ledger.load(gid)
    fresh = WizardLedger(store_url).load(gid)  # no cache: folds the stored events
    assert msgspec.to_builtins(fresh.fold) == msgspec.to_builtins(live.fold)
    assert fresh.head == live.head


def test_an_action_is_stored_before_its_consequences_each_citing_a_rule(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="cite").game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    entries = ledger.act(gid, seat, legal_json(ledger, gid, seat)[0])
    assert isinstance(entries[0].event, ActionTaken)
    assert entries[0].event.seat == seat
    assert len(entries) >= 2
    game = ledger.load(gid).game
    for e in entries[1:]:
        rule = e.event.rule  # type: ignore[attr-defined]
        assert rule in game.catalogue or rule.startswith("kernel.")
    assert [e.position for e in entries] == list(
        range(entries[0].position, entries[0].position + len(entries))
    )


def test_an_illegal_command_is_refused_and_appends_nothing(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="illegal").game_id
    before = ledger.load(gid).version
    waiting = state_json(ledger, gid)["pending"][0]["seat"]
    other = 1 - waiting
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, other, legal_json(ledger, gid, waiting)[0])
    assert e.value.code == "not_your_turn"
    assert e.value.rule == "kernel.turn"
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, waiting, {"type": "NoSuchMove"})
    assert e.value.code == "malformed_command"
    assert WizardLedger(store_url).load(gid).version == before


def test_a_retried_command_with_the_same_key_appends_once(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="idem").game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    command = legal_json(ledger, gid, seat)[0]
    first = ledger.act(gid, seat, command, key="k-1")
    version = ledger.load(gid).version
    again = WizardLedger(store_url).act(gid, seat, command, key="k-1")
    assert [e.hash for e in again] == [e.hash for e in first]
    assert WizardLedger(store_url).load(gid).version == version
    nxt = state_json(ledger, gid)["pending"][0]["seat"]
    other = legal_json(ledger, gid, nxt)[0]
    if (nxt, other) != (seat, command):
        with pytest.raises(IdempotencyConflict):
            ledger.act(gid, nxt, other, key="k-1")


def test_the_seed_is_secret_until_the_end_then_revealed_and_committed(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="my-secret-seed").game_id
    play_until(ledger, gid, actions=5)
    texts = str(log_json(ledger, gid, full=True))
    assert "my-secret-seed" not in texts
    started = ledger.entries(gid, lte=1)[0].event
    assert isinstance(started, GameStarted)
    assert started.seed_commitment == commitment("my-secret-seed")
    play_until(ledger, gid)
    last = ledger.entries(gid)[-1].event
    assert isinstance(last, SeedRevealed)
    assert last.seed == "my-secret-seed"
    assert state_json(ledger, gid)["status"] == "finished"


def test_the_same_seed_gives_the_same_history(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    a = ledger.create_game("ultimate", 3, seed="twin").game_id
    b = ledger.create_game("ultimate", 3, seed="twin").game_id
    play_until(ledger, a, seed=7)
    play_until(ledger, b, seed=7)
    bodies_a = [msgspec.to_builtins(e.event) for e in ledger.entries(a)]
    bodies_b = [msgspec.to_builtins(e.event) for e in ledger.entries(b)]
    assert bodies_a == bodies_b
    assert len(bodies_a) > 10


def test_state_at_a_past_position_is_the_fold_up_to_it_with_or_without_snapshots(
    store_url: str,
) -> None:
    snapshotting = WizardLedger(store_url, snapshot_every=7)
    gid = snapshotting.create_game("ultimate", 2, seed="travel").game_id
    play_until(snapshotting, gid, actions=30)
    assert snapshotting.sides.snapshots.select_events(gid)  # snapshots were taken
    plain = WizardLedger(store_url, snapshot_every=0, use_snapshots=False)
    for at in (1, 2, 8, 15, 22, snapshotting.load(gid).version):
        with_snap = msgspec.to_builtins(snapshotting.load(gid, at).fold)
        # A ledger that never snapshots folds from GameStarted.
        from_zero = msgspec.to_builtins(plain.load(gid, at).fold)
        assert with_snap == from_zero
        assert snapshotting.load(gid, at).version == at


def test_a_seat_log_redacts_exactly_the_events_it_may_not_see(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="privacy").game_id
    play_until(ledger, gid, actions=6)
    entries = ledger.entries(gid)
    for seat in (0, 1, None):
        log = log_json(ledger, gid, seat=seat)
        for line, entry in zip(log, entries, strict=True):
            may_see = entry.event.visibility().allows(seat)
            assert ("redacted" not in line) == may_see
            assert ("event" in line) == may_see
        assert any("redacted" in line for line in log)  # the other hand, the deck order
    assert not any("redacted" in line for line in log_json(ledger, gid, full=True))


def test_seat_tokens_are_checked(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    created = ledger.create_game("ultimate", 2, seed="tokens")
    gid = created.game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    command = legal_json(ledger, gid, seat)[0]
    with pytest.raises(NotAuthorized):
        ledger.act(gid, seat, command, token=created.seats[1 - seat][1])
    with pytest.raises(NotAuthorized):
        ledger.act(gid, seat, command, require_token=True)
    ledger.act(gid, seat, command, token=created.seats[seat][1])
    assert ledger.seat_of_token(gid, created.seats[1][1]) == 1


def test_games_are_listed_in_creation_order(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    ids = [ledger.create_game("ultimate", 2).game_id for _ in range(3)]
    assert ledger.game_ids()[-3:] == ids


def test_every_record_is_salted_and_no_log_shows_a_salt(sqlite_url: str) -> None:
    """A public hash over a small hidden body could be inverted by trying every
    possible body; a secret random salt per record prevents it."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, seed="salt").game_id
    play_until(ledger, gid, actions=4)
    salts = [record.salt for _, _, record in ledger.raw_rows(gid)]
    assert all(len(s) == 16 for s in salts)
    assert len(set(salts)) == len(salts)
    for seat in (None, 0, 1):
        assert "salt" not in str(log_json(ledger, gid, seat=seat))


def test_a_retried_set_command_in_another_order_is_the_same_command(sqlite_url: str) -> None:
    """Spell Wars places a set of cards: a retry that lists them in another order,
    with the same key, is the first command again, not a conflict."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("spellwars", 2, seed="set-retry").game_id
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    two = next(c for c in legal_json(ledger, gid, seat) if len(c.get("cards", [])) == 2)
    first = ledger.act(gid, seat, two, key="place")
    swapped = {**two, "cards": list(reversed(two["cards"]))}
    again = WizardLedger(sqlite_url).act(gid, seat, swapped, key="place")
    assert [e.hash for e in again] == [e.hash for e in first]


def test_a_ledger_no_longer_used_is_freed_at_once_with_its_connections(store_url: str) -> None:
    """A process that opens ledgers one after another (a test suite, a script)
    must not keep the connections of those it dropped until the cycle collector
    runs: on PostgreSQL they count against the server's connection limit. No
    collaborator of the ledger refers back to it."""
    import gc
    import weakref

    ledger = WizardLedger(store_url)
    ledger.create_game("ultimate", ["Ann", "Bob"], seed="freed")
    dropped = weakref.ref(ledger)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del ledger
        assert dropped() is None
    finally:
        if enabled:
            gc.enable()
