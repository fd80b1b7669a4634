"""Concurrent writers from several processes lose nothing and double nothing."""

from __future__ import annotations

import multiprocessing as mp
import random
from collections import Counter

import pytest

from domain.kernel import ActionTaken, IllegalCommand
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.review.verify import verify_game

WORKERS = 4
ATTEMPTS = 12


def _worker(url: str, gid: str, wid: int, out: mp.Queue) -> None:  # type: ignore[type-arg]
    ledger = WizardLedger(url)
    rng = random.Random(wid)
    accepted, refused = [], 0
    for i in range(ATTEMPTS):
        state = state_json(ledger, gid)
        if state["status"] == "finished":
            break
        seat = state["pending"][0]["seat"]
        legal = legal_json(ledger, gid, seat)
        if not legal:
            refused += 1  # the state moved on between the two reads
            continue
        command = rng.choice(legal)
        key = f"w{wid}-{i}"
        try:
            entries = ledger.act(gid, seat, command, key=key)
        except IllegalCommand:
            refused += 1  # another writer moved first: the command no longer fits
            continue
        accepted.append((key, entries[0].position))
    out.put((accepted, refused))


def _same_key_worker(url: str, gid: str, seat: int, command: dict, out: mp.Queue) -> None:  # type: ignore[type-arg]
    entries = WizardLedger(url).act(gid, seat, command, key="shared-key")
    out.put([e.hash for e in entries])


def _run(target, args_list):  # type: ignore[no-untyped-def]
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=target, args=(*args, queue)) for args in args_list]
    for p in procs:
        p.start()
    results = [queue.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    return results


@pytest.mark.parametrize(
    "url_fixture", ["sqlite_url", pytest.param("postgres_url", marks=pytest.mark.postgres)]
)
def test_racing_writers_lose_nothing_and_double_nothing(
    url_fixture: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue(url_fixture)
    ledger = WizardLedger(url)
    gid = str(ledger.create_game("ultimate", 3, seed="race").game_id)
    results = _run(_worker, [(url, gid, w) for w in range(WORKERS)])
    accepted = [a for acc, _ in results for a in acc]
    stored = [
        (e.event.key, e.position)
        for e in WizardLedger(url).entries(gid)
        if isinstance(e.event, ActionTaken)
    ]
    assert sorted(stored) == sorted(accepted)  # every accepted action stored, nothing extra
    assert all(n == 1 for n in Counter(k for k, _ in stored).values())
    assert len(accepted) >= ATTEMPTS  # the writers really interleaved and progressed
    assert verify_game(WizardLedger(url), gid).ok


@pytest.mark.parametrize(
    "url_fixture", ["sqlite_url", pytest.param("postgres_url", marks=pytest.mark.postgres)]
)
def test_the_same_key_from_several_processes_appends_once(
    url_fixture: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue(url_fixture)
    ledger = WizardLedger(url)
    gid = str(ledger.create_game("ultimate", 2, seed="same-key").game_id)
    seat = state_json(ledger, gid)["pending"][0]["seat"]
    command = legal_json(ledger, gid, seat)[0]
    before = ledger.load(gid).version
    results = _run(_same_key_worker, [(url, gid, seat, command) for _ in range(WORKERS)])
    assert all(r == results[0] for r in results)  # every caller got the first result
    after = WizardLedger(url).entries(gid)
    keyed = [e for e in after if isinstance(e.event, ActionTaken) and e.event.key == "shared-key"]
    assert len(keyed) == 1
    assert after[-1].position == before + len(results[0])
