"""Acts decided on the event loop by two servers on one store (as two ``wizards
serve`` processes): each act is read on one server and sent to either (one
whose fold is behind the last act, or not), some twice at once with the same
idempotency key (to one server or both), and retried on the other. Every
answer must be stored as answered, each key once, every read must see every
act answered before it, and no refusal may come from a fold behind the store."""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import httpx

from domain.kernel import ActionTaken
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.api_tables import Table, new_table
from tests.services.live_server import LiveServer

GAMES = 4
ACTS = 12


def _act(http: httpx.Client, table: Table, seat: int, command: Any, key: str) -> httpx.Response:
    return http.post(
        f"/tables/{table.game_id}/act",
        json={"seat": seat, "command": command},
        headers={**table.auth(seat), "Idempotency-Key": key},
    )


def _play(
    clients: list[httpx.Client], table: Table, seed: int, answers: list[dict[str, Any]]
) -> None:
    rng = random.Random(seed)
    position = 0
    for i in range(ACTS):
        # Read on one server, act on one of them (on the other, its fold is
        # behind the last act unless it made it), retry on the other.
        reads = rng.choice(clients)
        here = rng.choice(clients)
        there = clients[1 - clients.index(here)]
        state = reads.get(f"/tables/{table.game_id}/state").json()
        # A read sees every act answered before it, whichever server answered.
        assert state["position"] >= position, (state["position"], position)
        if not state["pending"]:
            return
        seat = state["pending"][0]["seat"]
        legal = reads.get(
            f"/tables/{table.game_id}/legal", params={"seat": seat}, headers=table.auth(seat)
        ).json()
        command = rng.choice(legal)
        key = f"{table.game_id}-{i}"
        if rng.random() < 0.5:  # the same new key twice at once, to one server or both
            targets = [here, rng.choice(clients)]
            with ThreadPoolExecutor(2) as pool:
                sent = [pool.submit(_act, c, table, seat, command, key) for c in targets]
                pair = [f.result() for f in sent]
        else:
            pair = [_act(here, table, seat, command, key)]
        for r in pair:
            assert r.status_code == 200, r.text
        first = pair[0].json()
        assert all(r.json()["entries"] == first["entries"] for r in pair)
        retried = _act(there, table, seat, command, key)  # a retry: the first answer
        assert retried.status_code == 200, retried.text
        assert retried.json()["entries"] == first["entries"]
        answers.append(first)
        position = first["position"]


def test_two_servers_on_one_store_answer_each_act_once_and_as_stored(store_url: str) -> None:
    ledgers = [WizardLedger(store_url), WizardLedger(store_url)]
    servers = [LiveServer(create_app(ledger, redis="off")) for ledger in ledgers]
    answers: list[dict[str, Any]] = []
    with servers[0], servers[1]:
        clients = [s.client() for s in servers]
        tables = [new_table(clients[i % 2]) for i in range(GAMES)]
        with ThreadPoolExecutor(GAMES) as pool:  # a player per game; the first error raised
            played = [pool.submit(_play, clients, t, i, answers) for i, t in enumerate(tables)]
            for game in played:
                game.result(300)
        for c in clients:
            c.close()
    reader = WizardLedger(store_url)
    assert len(answers) >= GAMES * 3
    for answer in answers:
        stored = {e.position: e.hash for e in reader.entries(answer["game_id"])}
        assert all(stored[e["position"]] == e["hash"] for e in answer["entries"])
    for t in tables:
        entries = reader.entries(t.game_id)
        assert [e.position for e in entries] == list(range(1, len(entries) + 1))
        keys = Counter(e.event.key for e in entries if isinstance(e.event, ActionTaken))
        assert keys and max(keys.values()) == 1, keys
        assert verify_game(reader, UUID(t.game_id)).ok
    # Both servers took the loop's path, and some acts lost a race to the other.
    assert sum(ledger.counters.conflicts for ledger in ledgers) > 0
    reader.close()
    for ledger in ledgers:
        ledger.close()
