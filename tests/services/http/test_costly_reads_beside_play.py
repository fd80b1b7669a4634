"""Costly reads never stall play (issue 23, item 1).

Exports, replays, logs, disputes, diffs and verifications read a whole game;
they are made by the read pool off the serving process, kept by the game's head
so that the same read costs once per act, queued within bounds (503
``reads_busy`` with ``Retry-After`` beyond) and limited per client address
(``WIZARDS_RATE_READ``, 429). How fast play stays beside them is measured by
``make bench`` (``tools/bench_costly_reads.py``), never asserted here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from domain.kernel import ActionTaken
from services.http.app import create_app
from services.http.errors import APIError
from services.ledger import WizardLedger
from tests.services.api_tables import Table, new_table
from tests.services.live_server import LiveServer
from tests.services.playing import pick, play

READERS = 4
READS_EACH = 8


def _act_once(client: TestClient | httpx.Client, t: Table, rng: random.Random) -> dict[str, Any]:
    """One legal command of the seat whose turn it is, as a player sends it; answered 200."""
    state = client.get(f"/tables/{t.game_id}/state").json()
    seat = state["pending"][0]["seat"]
    legal = client.get(f"/tables/{t.game_id}/legal?seat={seat}", headers=t.auth(seat)).json()
    r = client.post(
        f"/tables/{t.game_id}/act",
        json={"seat": seat, "command": pick(legal, rng)},
        headers=t.auth(seat),
    )
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def _first_action(ledger: WizardLedger, gid: Any) -> int:
    return next(e.position for e in ledger.entries(gid) if isinstance(e.event, ActionTaken))


def _costly_paths(gid: str, running: str, action: int) -> list[str]:
    return [
        f"/tables/{gid}/export?format=json",
        f"/tables/{gid}/export?format=html",
        f"/tables/{running}/export?format=json",
        f"/tables/{gid}/dispute?at={action}",
        f"/tables/{gid}/diff?a=2&b={action + 5}",
        f"/tables/{running}/log",
        f"/tables/{gid}/replay",
        f"/tables/{gid}/verify",
    ]


def test_play_is_answered_while_anonymous_readers_loop_on_the_costliest_reads(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    finished = ledger.create_game("ultimate", 4, seed="long").game_id
    play(ledger, finished)
    app = create_app(ledger, redis="off", rate_limits_given={"read": "12/60"}, read_workers=1)
    answers: list[httpx.Response] = []
    acts: list[int] = []
    failures: list[BaseException] = []
    playing = threading.Event()
    playing.set()
    with LiveServer(app) as server:
        with server.client() as c:
            tables = [new_table(c) for _ in range(3)]
        paths = _costly_paths(str(finished), tables[0].game_id, _first_action(ledger, finished))

        def player(t: Table, seed: int) -> None:
            rng = random.Random(seed)
            try:
                with server.client() as c:
                    for _ in range(40):
                        if c.get(f"/tables/{t.game_id}").json()["status"] == "finished":
                            return
                        acts.append(_act_once(c, t, rng)["position"])
            except BaseException as e:  # told by the test itself, after the join
                failures.append(e)

        def reader(k: int) -> None:
            # Anonymous: no token. Each keeps reading while play goes on, and
            # makes at least READS_EACH reads.
            with server.client() as c:
                n = 0
                while playing.is_set() or n < READS_EACH:
                    answers.append(c.get(paths[(k + n) % len(paths)]))
                    n += 1

        readers = [threading.Thread(target=reader, args=(k,)) for k in range(READERS)]
        players = [threading.Thread(target=player, args=(t, s)) for s, t in enumerate(tables)]
        for thread in readers + players:
            thread.start()
        for thread in players:
            thread.join()
        playing.clear()
        for thread in readers:
            thread.join()
    ledger.close()
    assert not failures, failures[0]  # every act was answered, 200
    assert len(acts) >= 3 * 10
    statuses = {r.status_code for r in answers}
    assert statuses <= {200, 429, 503}, [r.text for r in answers if r.status_code >= 400][:3]
    assert 200 in statuses and 429 in statuses  # read, then limited per client address
    for r in answers:
        if r.status_code == 200:
            if r.headers["content-type"] == "application/json":
                assert r.json() is not None
            else:
                assert r.text
        else:
            assert r.headers["content-type"] == "application/problem+json"
            assert r.json()["code"] in ("rate_limited", "reads_busy")
            # Held up to the wait (services.http.holding): what is left of it.
            assert int(r.headers["retry-after"]) >= 0
            assert f"retry in {r.headers['retry-after']} s" in r.json()["detail"]


@pytest.mark.parametrize(
    "read",
    [
        "export?format=json",
        "export?format=md",
        "export?format=html",
        "log",
        "replay",
        "dispute?at=ACTION",
        "dispute?at=ACTION&format=text",
        "diff?a=2&b=5",
    ],
)
def test_the_same_read_at_the_same_head_is_made_once_and_again_after_an_act(
    ledger: WizardLedger, read: str
) -> None:
    app = create_app(ledger, redis="off", read_workers=1)
    rng = random.Random(3)
    with TestClient(app) as c:
        t = new_table(c)
        for _ in range(6):
            _act_once(c, t, rng)
        pool = app.state.reads
        read = read.replace("ACTION", str(_first_action(ledger, t.game_id)))
        first = c.get(f"/tables/{t.game_id}/{read}", headers=t.auth(0))
        assert first.status_code == 200, first.text
        made = pool.computed
        again = [c.get(f"/tables/{t.game_id}/{read}", headers=t.auth(0)) for _ in range(3)]
        assert [r.content for r in again] == [first.content] * 3
        assert pool.computed == made  # answered from what was kept
        # Another viewer's read is another answer (a seat sees its own hand).
        spectator = c.get(f"/tables/{t.game_id}/{read}")
        assert spectator.status_code == 200 and pool.computed == made + 1
        _act_once(c, t, rng)
        after = c.get(f"/tables/{t.game_id}/{read}", headers=t.auth(0))
        assert after.status_code == 200 and pool.computed == made + 2
        if not read.startswith(("dispute", "diff")):  # these read fixed positions
            assert after.content != first.content


def test_every_viewer_of_a_finished_game_reads_one_answer(ledger: WizardLedger) -> None:
    app = create_app(ledger, redis="off", read_workers=1)
    with TestClient(app) as c:
        t = new_table(c)
        play(ledger, t.game_id)
        pool = app.state.reads
        spectator = c.get(f"/tables/{t.game_id}/export?format=json")
        made = pool.computed
        seats = [
            c.get(f"/tables/{t.game_id}/export?format=json", headers=t.auth(s)) for s in (0, 1)
        ]
    assert spectator.json()["viewer"] == "everything"
    assert [r.content for r in seats] == [spectator.content] * 2
    assert pool.computed == made


def test_a_note_makes_the_read_again(ledger: WizardLedger) -> None:
    app = create_app(ledger, redis="off", read_workers=1)
    with TestClient(app) as c:
        t = new_table(c)
        _act_once(c, t, random.Random(1))
        first = c.get(f"/tables/{t.game_id}/export?format=json").json()
        ledger.annotate(t.game_id, 2, "the referee looked here")
        after = c.get(f"/tables/{t.game_id}/export?format=json").json()
    assert first["annotations"] == []
    assert [n["text"] for n in after["annotations"]] == ["the referee looked here"]


def test_verify_reads_the_store_each_time(ledger: WizardLedger) -> None:
    app = create_app(ledger, redis="off", read_workers=1)
    with TestClient(app) as c:
        t = new_table(c)
        pool = app.state.reads
        for k in range(2):
            r = c.get(f"/tables/{t.game_id}/verify")
            assert r.status_code == 200 and r.json()["ok"]
            assert pool.computed == k + 1  # never kept: a record may change under one head


def _hold(ledger: WizardLedger, release: threading.Event) -> bytes:
    release.wait()
    return b"{}"


def test_a_full_queue_of_costly_reads_is_refused_with_retry_after(ledger: WizardLedger) -> None:
    # One thread of this process makes the reads (WIZARDS_READ_WORKERS=0), so the
    # test can hold it with reads of its own until the queue is full.
    app = create_app(ledger, redis="off", read_workers=0)
    pool = app.state.reads
    release = threading.Event()
    held: list[Any] = []

    async def fill() -> None:
        held.extend(
            await asyncio.gather(
                *(pool.read(None, _hold, release) for _ in range(pool.limit)),
                return_exceptions=True,
            )
        )

    filler = threading.Thread(target=asyncio.run, args=(fill(),))
    with TestClient(app) as c:
        t = new_table(c)
        filler.start()
        try:
            while pool.pending < pool.limit:
                threading.Event().wait(0.01)
            r = c.get(f"/tables/{t.game_id}/export?format=json")
            assert r.status_code == 503, r.text
            assert r.headers["content-type"] == "application/problem+json"
            assert r.json()["code"] == "reads_busy"
            # Held up to the wait (services.http.holding): what is left of it.
            assert int(r.headers["retry-after"]) >= 0
            assert f"retry in {r.headers['retry-after']} s" in r.json()["detail"]
            # Play is not a costly read: it goes on.
            assert c.get(f"/tables/{t.game_id}/state").status_code == 200
        finally:
            release.set()
            filler.join()
        assert held == [b"{}"] * pool.limit
        r = c.get(f"/tables/{t.game_id}/export?format=json")
        assert r.status_code == 200 and json.loads(r.content)["game_id"] == t.game_id


def test_costly_reads_are_limited_per_client_address(ledger: WizardLedger) -> None:
    now = [0.0]
    app = create_app(ledger, redis="off", rate_limits_given={"read": "2/60"}, clock=lambda: now[0])
    with TestClient(app) as c:
        t = new_table(c)
        assert c.get(f"/tables/{t.game_id}/log").status_code == 200
        assert c.get(f"/tables/{t.game_id}/export?format=md").status_code == 200
        r = c.get(f"/tables/{t.game_id}/dispute?at=2")
        assert r.status_code == 429 and "WIZARDS_RATE_READ" in r.json()["detail"]
        assert int(r.headers["retry-after"]) == 30
        # The reads of play are not costly reads: not limited.
        assert c.get(f"/tables/{t.game_id}/state").status_code == 200
        assert c.get(f"/tables/{t.game_id}").status_code == 200
        now[0] += 30
        assert c.get(f"/tables/{t.game_id}/verify").status_code == 200


def test_a_read_not_made_in_time_is_answered_503_and_kept_for_the_retry(
    ledger: WizardLedger,
) -> None:
    app = create_app(ledger, redis="off", read_workers=0)
    pool = app.state.reads
    pool.wait = 0.05  # seconds a caller waits (30 when served)
    release = threading.Event()

    async def hold() -> None:
        with contextlib.suppress(APIError):  # this caller, too, stops waiting: 503
            await pool.read(None, _hold, release)

    holding = threading.Thread(target=asyncio.run, args=(hold(),))
    with TestClient(app) as c:
        t = new_table(c)
        holding.start()  # the one read thread is busy until released
        try:
            while pool.pending < 1:
                threading.Event().wait(0.01)
            r = c.get(f"/tables/{t.game_id}/export?format=json")
            assert r.status_code == 503 and r.json()["code"] == "reads_busy"
            assert "still being made" in r.json()["detail"]
            # Held up to the wait (services.http.holding): what is left of it.
            assert int(r.headers["retry-after"]) >= 0
            assert f"retry in {r.headers['retry-after']} s" in r.json()["detail"]
        finally:
            release.set()
            holding.join()
        while pool.pending:  # the export, made after all
            threading.Event().wait(0.01)
        made = pool.computed
        r = c.get(f"/tables/{t.game_id}/export?format=json")
        assert r.status_code == 200 and r.json()["game_id"] == t.game_id
        assert pool.computed == made  # the retry was answered with what was made


def test_readyz_tells_when_the_read_workers_have_started(ledger: WizardLedger) -> None:
    # A benchmark waits for them (tools/bench_http.py), so that a worker's start
    # is not counted as the CPU of serving play; a balancer need not.
    app = create_app(ledger, redis="off", read_workers=1)
    with TestClient(app) as c:
        reads = c.get("/readyz").json()["checks"]["reads"]
        assert reads["workers"] == 1 and reads["started"] in (0, 1)
        app.state.reads._warming[0].result(timeout=60)
        assert c.get("/readyz").json()["checks"]["reads"] == {"workers": 1, "started": 1}
    threaded = create_app(ledger, redis="off", read_workers=0)
    with TestClient(threaded) as c:
        assert c.get("/readyz").json()["checks"]["reads"] == {"workers": 0, "started": 0}
