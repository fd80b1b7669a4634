"""The requests of play: an act's answer carries what follows, a seat's stream its turn,
and a large act is read whole. That the fast path (services.http.fast) answers
exactly as the FastAPI routes do, for every game: test_fast_path_parity.py."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer, sse
from tests.services.playing import pick


def test_an_acts_answer_carries_the_pending_decisions_and_the_callers_legal_commands(
    client: TestClient,
) -> None:
    t = new_table(client, seed="follow")
    rng = random.Random(1)
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    legal = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
    requests = commands = 0
    while True:
        answer = client.post(
            f"/tables/{t.game_id}/act",
            json={"seat": seat, "command": pick(legal, rng)},
            headers=t.auth(seat),
        ).json()
        requests += 1
        commands += 1
        state = client.get(f"/tables/{t.game_id}/state").json()
        assert answer["pending"] == state["pending"]
        assert answer["status"] == state["status"]
        assert (
            answer["legal"] == client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
        )
        if answer["status"] == "finished":
            assert answer["pending"] == [] and answer["legal"] == []
            break
        nxt = answer["pending"][0]["seat"]
        if nxt == seat:
            legal = answer["legal"]  # no other request needed
        else:
            seat = nxt
            legal = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
            requests += 1
    assert commands > 5 and requests < 2 * commands


def test_a_seats_stream_tells_it_its_turn_and_its_commands(ledger: WizardLedger) -> None:
    # Polling slowed down: the turn comes with the wake-up of the act.
    app = create_app(ledger, redis="off", poll_interval=30, safety_interval=30)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c, seed="turns")
        rng = random.Random(2)
        url = f"/tables/{t.game_id}/events"
        with (
            c.stream("GET", url, params={"token": t.tokens[0]}) as own0,
            c.stream("GET", url, params={"token": t.tokens[1]}) as own1,
            c.stream("GET", url) as spectator,
        ):
            streams = {0: sse(own0), 1: sse(own1), None: sse(spectator)}
            for events in streams.values():
                assert next(events)[0] == "ready"
            for _ in range(6):
                seat = c.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
                legal = c.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
                answer = c.post(
                    f"/tables/{t.game_id}/act",
                    json={"seat": seat, "command": pick(legal, rng)},
                    headers=t.auth(seat),
                ).json()
                if answer["status"] == "finished":
                    break
                for viewer, events in streams.items():
                    turn = next(data for kind, data in events if kind == "turn")
                    while turn["position"] < answer["position"]:
                        turn = next(data for kind, data in events if kind == "turn")
                    assert turn["position"] == answer["position"]
                    assert turn["pending"] == answer["pending"]
                    if viewer is None:
                        assert turn["legal"] == []
                    else:
                        expected = c.get(
                            f"/tables/{t.game_id}/legal", headers=t.auth(viewer)
                        ).json()
                        waiting = any(p["seat"] == viewer for p in answer["pending"])
                        assert turn["legal"] == (expected if waiting else [])


def test_a_large_act_body_is_read_whole(client: TestClient) -> None:
    t = new_table(client, seed="large")
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    command = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()[0]
    # Far larger than an act (whitespace is valid JSON), within the body limit:
    # read whole, in parts, and acted on.
    body = json.dumps({"seat": seat, "command": command}) + " " * 200_000
    r = client.post(
        f"/tables/{t.game_id}/act",
        content=body,
        headers={**t.auth(seat), "Content-Type": "application/json"},
    )
    assert r.status_code == 200, r.text
    # An unknown key is refused by name, not dropped (a misspelt "drew" would be lost).
    typo = {"seat": seat, "command": command, "drwe": ["x"]}
    refused = client.post(f"/tables/{t.game_id}/act", json=typo, headers=t.auth(seat))
    assert refused.status_code == 422 and "drwe" in refused.json()["detail"]
    assert r.json()["entries"][0]["type"] == "ActionTaken"
