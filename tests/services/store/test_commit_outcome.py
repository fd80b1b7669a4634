"""A commit whose answer is lost (the connection dropped at COMMIT) may have
stored the act all the same. Deciding the command again would then play it
twice; the ledger recognises its own rows by their hash (``WizardLedger.landed``)
and answers the act once. Faults are injected at the transaction's end, on a
real SQLite file and PostgreSQL (where the transaction's end sends its one
statement): the rows really are committed, then the error is raised; or the
error is raised instead, and nothing is sent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import msgspec
import pytest
from eventsourcing.persistence import OperationalError

from domain.kernel import ActionTaken
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.verify import verify_game
from services.store.commit import Committer, _Waiting
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer
from tests.services.playing import QUICK


def lose_the_answer(committer: Committer, *, stored: bool, times: int = 1) -> list[int]:
    """The next ``times`` transactions raise at their end: after committing
    (``stored``) or instead of it (nothing written). Returns a counter of faults."""
    real = committer.transaction
    faults = [0]

    @contextmanager
    def transaction(datastore: Any) -> Iterator[Any]:
        if faults[0] >= times:
            with real(datastore) as c:
                yield c
            return
        faults[0] += 1
        if stored:
            with real(datastore) as c:
                yield c
        else:
            with real(datastore) as c:
                yield c
                raise OperationalError("the connection dropped before COMMIT")
        raise OperationalError("the connection dropped at COMMIT")

    committer.transaction = transaction  # type: ignore[method-assign]
    return faults


def next_act(ledger: WizardLedger, gid: UUID) -> tuple[int, Any]:
    loaded = ledger.load(gid)
    seat = loaded.fold.state.pending[0].seat
    legal = loaded.game.legal_commands(loaded.fold.state, seat)
    draw = [c for c in legal if type(c).__name__ == "Draw"]
    return seat, msgspec.to_builtins((draw or legal)[0])


def actions(ledger: WizardLedger, gid: UUID) -> int:
    return sum(isinstance(e.event, ActionTaken) for e in ledger.entries(gid))


def test_an_act_stored_though_its_commit_failed_is_answered_once(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="lost-answer", options=QUICK).game_id
    committer = ledger.shards.committer(gid)
    assert committer is not None
    before = actions(ledger, gid)
    faults = lose_the_answer(committer, stored=True)
    entries = ledger.act(gid, *next_act(ledger, gid))
    assert faults[0] == 1
    reader = WizardLedger(store_url)
    assert actions(reader, gid) == before + 1  # played once, not decided again
    assert [e.hash for e in reader.entries(gid)][-len(entries) :] == [e.hash for e in entries]
    assert ledger.load(gid).fold == reader.load(gid).fold
    assert verify_game(reader, gid).ok
    reader.close()
    ledger.close()


def test_an_act_not_stored_when_its_commit_failed_is_an_error(store_url: str) -> None:
    ledger = WizardLedger(store_url)
    gid = ledger.create_game("ultimate", 2, seed="lost-write", options=QUICK).game_id
    committer = ledger.shards.committer(gid)
    assert committer is not None
    before = ledger.entries(gid)
    lose_the_answer(committer, stored=False)
    seat, command = next_act(ledger, gid)
    with pytest.raises(OperationalError):
        ledger.act(gid, seat, command)
    assert WizardLedger(store_url).entries(gid) == before
    assert len(ledger.act(gid, seat, command)) >= 1  # the store works again
    ledger.close()


def test_writes_of_a_shared_transaction_that_failed_after_committing_find_their_rows(
    sqlite_url: str,
) -> None:
    """The group's transaction commits, then reports a failure: each write is
    tried alone and conflicts with its own rows; each act is then known stored."""
    ledger = WizardLedger(sqlite_url)
    games = [
        ledger.create_game("ultimate", 2, seed=f"shared-{i}", options=QUICK).game_id
        for i in range(2)
    ]
    staged = []
    for gid in games:
        begun = ledger.begin_act(gid, *next_act(ledger, gid))
        assert begun is not None
        staged.append(begun[0])
        committer = begun[1]
    lose_the_answer(committer, stored=True)
    batch = [_Waiting(s.rows) for s in staged]
    committer._commit_batch(batch)
    assert all(w.error is not None for w in batch)  # each alone: its position is taken
    for s, w in zip(staged, batch, strict=True):
        assert ledger.finish_act(s, w.error) is None  # a lost race, as far as it knows
        acted = ledger.landed(s)
        assert acted is not None and [e.hash for e in acted.entries] == [e.hash for e in s.entries]
    reader = WizardLedger(sqlite_url)
    for gid in games:
        assert actions(reader, gid) == 1
        assert verify_game(reader, gid).ok
    reader.close()
    ledger.close()


def test_over_http_an_act_stored_though_its_commit_failed_is_answered(sqlite_url: str) -> None:
    """The act decided on the event loop: its commit's error is checked against
    the store before it is given, and the answer is the stored act."""
    ledger = WizardLedger(sqlite_url)
    with LiveServer(create_app(ledger, redis="off")) as server, server.client() as http:
        t = new_table(http)
        gid = UUID(t.game_id)
        before = actions(ledger, gid)
        (committer,) = ledger.shards.committers()
        faults = lose_the_answer(committer, stored=True)
        seat, command = next_act(ledger, gid)
        r = http.post(
            f"/tables/{t.game_id}/act",
            json={"seat": seat, "command": command},
            headers=t.auth(seat),
        )
        assert r.status_code == 200, r.text
        assert faults[0] == 1
    reader = WizardLedger(sqlite_url)
    assert actions(reader, gid) == before + 1
    stored = {e.position: e.hash for e in reader.entries(gid)}
    assert all(stored[e["position"]] == e["hash"] for e in r.json()["entries"])
    assert ledger.counters.acts_on_loop == 1
    reader.close()
    ledger.close()
