"""The probes of one reading of every request, over a real server (uvicorn, its own
header parsing), as they were first made: with ``WIZARDS_RATE_ACT=20/60``, forty
acts each carrying a junk ``Authorization`` before the seat's own act on nobody's
behalf (400 ``duplicate_header``), so the limit and the act can never read two
tokens; an act body that is not UTF-8 is a 400 problem, and a command nested
1,000 deep the route's bounded refusal, on the play fast path."""

from __future__ import annotations

import pytest

from services.http.app import create_app
from services.ledger import WizardLedger
from services.limits import MAX_DEPTH
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer


@pytest.fixture
def served(ledger: WizardLedger, monkeypatch: pytest.MonkeyPatch) -> LiveServer:
    monkeypatch.setenv("WIZARDS_RATE_ACT", "20/60")
    return LiveServer(create_app(ledger, redis="off"))


def test_forty_acts_behind_a_junk_token_act_for_nobody(
    served: LiveServer, ledger: WizardLedger
) -> None:
    with served, served.client() as client:
        t = new_table(client)
        before = len(ledger.entries(t.game_id))
        answers = []
        for _ in range(40):
            state = client.get(f"/tables/{t.game_id}/state").json()
            seat = state["pending"][0]["seat"]
            legal = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
            r = client.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": legal[0]},
                headers=[("authorization", "Bearer junk"), *t.auth(seat).items()],
            )
            answers.append((r.status_code, r.json()["code"]))
        assert answers == [(400, "duplicate_header")] * 40
        assert len(ledger.entries(t.game_id)) == before
        # The seat's own bucket is untouched by them: twenty acts of its own go through.
        acted = 0
        for _ in range(20):
            state = client.get(f"/tables/{t.game_id}/state").json()
            if state["status"] != "running":
                break
            seat = state["pending"][0]["seat"]
            legal = client.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
            r = client.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": legal[0]},
                headers=t.auth(seat),
            )
            assert r.status_code == 200, r.text
            acted += 1
        assert acted > 0


def test_an_unreadable_act_body_is_a_bounded_problem_over_a_real_server(
    served: LiveServer, ledger: WizardLedger
) -> None:
    with served, served.client() as client:
        t = new_table(client)
        seat = client.get(f"/tables/{t.game_id}/state").json()["pending"][0]["seat"]
        before = len(ledger.entries(t.game_id))
        headers = {**t.auth(seat), "content-type": "application/json"}
        url = f"/tables/{t.game_id}/act"
        r = client.post(
            url, content=b'{"seat":%d,"command":{"type":"Dr\xffaw"}}' % seat, headers=headers
        )
        assert (r.status_code, r.json()["code"]) == (400, "unparseable_body")
        assert r.headers["content-type"] == "application/problem+json"
        deep = b'{"seat":%d,"command":' % seat + b'{"x":' * 1000 + b"1" + b"}" * 1001
        r = client.post(url, content=deep, headers=headers)
        assert (r.status_code, r.json()["code"]) == (422, "malformed_request")
        assert f"nested more than {MAX_DEPTH} levels deep" in r.json()["detail"]
        assert len(ledger.entries(t.game_id)) == before
