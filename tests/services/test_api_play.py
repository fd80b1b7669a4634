"""The requests of play: an act's answer carries what follows, and the fast path
(services.api_fast) answers exactly as the FastAPI routes do."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from services.ledger import WizardLedger
from tests.services.conftest import new_table, pick


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
