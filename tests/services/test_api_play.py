"""The requests of play: an act's answer carries what follows, and the fast path
(services.http.fast) answers exactly as the FastAPI routes do."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.conftest import LiveServer, new_table, pick, sse


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


def _strip(answer: dict[str, Any]) -> dict[str, Any]:
    """An act's answer without what differs between two games with the same seed."""
    out = dict(answer, game_id="")
    out["entries"] = [
        {k: v for k, v in e.items() if k not in ("at", "hash")} for e in answer["entries"]
    ]
    return out


def test_the_fast_path_answers_as_the_routes(client: TestClient, ledger: WizardLedger) -> None:
    # Two games with the same seed: one played through the fast path, the other
    # through the routes (an extra query parameter makes the fast path hand over).
    fast, routed = new_table(client, seed="twin"), new_table(client, seed="twin")
    rng = random.Random(5)
    for _ in range(12):
        state = client.get(f"/tables/{fast.game_id}/state").json()
        if state["status"] == "finished":
            break
        seat = state["pending"][0]["seat"]
        views = []
        for t, extra in ((fast, ""), (routed, "&via=route")):
            s = client.get(f"/tables/{t.game_id}/state?seat={seat}{extra}", headers=t.auth(seat))
            assert s.headers["X-Wizards-Seat"] == str(seat)
            legal = client.get(
                f"/tables/{t.game_id}/legal?seat={seat}{extra}", headers=t.auth(seat)
            )
            views.append((dict(s.json(), game_id=""), legal.json()))
        assert views[0] == views[1]
        command = pick(views[0][1], rng)
        answers = [
            client.post(
                f"/tables/{t.game_id}/act{extra}",
                json={"seat": seat, "command": command},
                headers={**t.auth(seat), "Idempotency-Key": f"k{state['position']}"},
            )
            for t, extra in ((fast, ""), (routed, "?via=route"))
        ]
        assert [a.status_code for a in answers] == [200, 200]
        assert _strip(answers[0].json()) == _strip(answers[1].json())
    # Errors are the routes' own, whichever path the request took first.
    for t, extra in ((fast, ""), (routed, "?via=route")):
        wrong = client.post(
            f"/tables/{t.game_id}/act{extra}",
            json={"seat": 0, "command": {"type": "Draw"}},
            headers={"Authorization": "Bearer not-a-token"},
        )
        assert wrong.status_code == 403 and wrong.json()["code"] == "not_authorized"
        missing = client.get(f"/tables/{t.game_id}/legal?seat=0{extra.replace('?', '&')}")
        assert missing.status_code == 401


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


def test_a_large_act_body_is_handed_to_the_route_whole(client: TestClient) -> None:
    t = new_table(client, seed="large")
    seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
    command = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()[0]
    # Past the fast path's limit (whitespace is valid JSON): the route gets the
    # part already read and the rest, and acts.
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
