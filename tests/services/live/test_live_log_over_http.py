"""The live log (SSE) over real HTTP: same process, another ledger, another OS process,
and with Redis configured but unreachable (the polling fallback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer, next_entry, sse
from tests.services.playing import pending_seat, play

ROOT = Path(__file__).resolve().parents[3]


def first_legal(ledger: WizardLedger, gid: str, seat: int) -> dict[str, object]:
    loaded = ledger.load(gid)
    return msgspec.to_builtins(loaded.game.legal_commands(loaded.fold.state, seat)[0])


def test_a_stream_delivers_a_new_event_redacted_for_its_seat(ledger: WizardLedger) -> None:
    # Polling is slowed to an hour: within the client's 60 s read timeout only the
    # in-process wake-up can deliver, however loaded the machine is.
    app = create_app(ledger, redis="off", poll_interval=3600, safety_interval=3600)
    with LiveServer(app) as server, server.client(timeout=60) as c:
        t = new_table(c)
        seat = pending_seat(ledger, t.game_id)
        assert seat is not None
        url = f"/tables/{t.game_id}/events"
        with (
            c.stream("GET", url, params={"token": t.tokens[seat]}) as own,
            c.stream("GET", url) as spectator,
        ):
            assert own.headers["content-type"].startswith("text/event-stream")
            own_events, spectator_events = sse(own), sse(spectator)
            ready = next(own_events)
            assert ready[0] == "ready" and ready[1]["seat"] == seat
            assert next(spectator_events)[1]["seat"] is None
            head = ready[1]["after"]

            r = c.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": {"type": "Draw"}},
                headers=t.auth(seat),
            )
            assert r.status_code == 200, r.text
            appended = r.json()["entries"]

            for events in (own_events, spectator_events):
                first = next_entry(events)
                assert first["position"] == head + 1 and first["type"] == "ActionTaken"
            drawn = [e for e in appended if e["type"] == "CardDrawn"]
            assert drawn, "a draw appends a CardDrawn"
            seen_own = [next_entry(own_events) for _ in appended[1:]]
            seen_spectator = [next_entry(spectator_events) for _ in appended[1:]]
            assert [e["position"] for e in seen_own] == [e["position"] for e in appended[1:]]
            own_draw = next(e for e in seen_own if e["type"] == "CardDrawn")
            spectator_draw = next(e for e in seen_spectator if e["type"] == "CardDrawn")
            assert own_draw["event"]["card"]
            assert "event" not in spectator_draw and spectator_draw["redacted"] == "seats"


def test_a_stream_resumes_after_the_last_event_id_and_ends_with_the_game(
    ledger: WizardLedger,
) -> None:
    app = create_app(ledger, redis="off", poll_interval=0.2)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        play(ledger, t.game_id, actions=2)
        with c.stream(
            "GET", f"/tables/{t.game_id}/events", headers={"Last-Event-ID": "1"}
        ) as response:
            events = sse(response)
            assert next(events)[1]["after"] == 1
            assert next_entry(events)["position"] == 2  # the backlog after position 1
            play(ledger, t.game_id)
            kinds = [kind for kind, _ in events]  # the stream closes after "end"
            assert kinds[-1] == "end" and kinds.count("end") == 1
        outcome = ledger.load(t.game_id).game.outcome(ledger.load(t.game_id).fold.state)
        assert outcome is not None


def test_stream_errors_come_before_the_stream(client: TestClient) -> None:
    t = new_table(client)
    r = client.get(f"/tables/{t.game_id}/events", params={"token": "forged"})
    assert r.status_code == 403 and r.json()["code"] == "not_authorized"
    r = client.get("/tables/7f9c1a6e-0000-4000-8000-000000000000/events")
    assert r.status_code == 404 and r.json()["code"] == "game_not_found"


def test_a_stream_sees_appends_made_by_another_ledger_by_polling(
    ledger: WizardLedger, sqlite_url: str
) -> None:
    # Another API process is another ledger on the same store, with its own listeners.
    other = WizardLedger(sqlite_url)
    app = create_app(ledger, redis="off", poll_interval=0.1)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        with c.stream("GET", f"/tables/{t.game_id}/events") as response:
            events = sse(response)
            head = next(events)[1]["after"]
            seat = pending_seat(other, t.game_id)
            assert seat is not None
            other.act(t.game_id, seat, first_legal(other, t.game_id, seat))
            assert next_entry(events)["position"] == head + 1
    other.close()


def test_a_stream_sees_appends_made_by_another_os_process(
    ledger: WizardLedger, sqlite_url: str
) -> None:
    app = create_app(ledger, redis="off", poll_interval=0.1)
    with LiveServer(app) as server, server.client(timeout=15) as c:
        t = new_table(c)
        seat = pending_seat(ledger, t.game_id)
        assert seat is not None
        command = msgspec.json.encode(first_legal(ledger, t.game_id, seat)).decode()
        with c.stream("GET", f"/tables/{t.game_id}/events") as response:
            events = sse(response)
            head = next(events)[1]["after"]
            script = (
                "import json, sys\n"
                "from services.ledger import WizardLedger\n"
                "url, gid, seat, command = sys.argv[1:]\n"
                "WizardLedger(url).act(gid, int(seat), json.loads(command))\n"
            )
            subprocess.run(
                [sys.executable, "-c", script, sqlite_url, t.game_id, str(seat), command],
                cwd=ROOT,
                check=True,
                timeout=60,
            )
            assert next_entry(events)["position"] == head + 1


def test_unreachable_redis_falls_back_to_polling(ledger: WizardLedger, sqlite_url: str) -> None:
    # Port 1: nothing listens. Appends must not fail or stall, streams must still work.
    app = create_app(ledger, redis="redis://127.0.0.1:1/0", poll_interval=0.1)
    other = WizardLedger(sqlite_url)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        seat = pending_seat(ledger, t.game_id)
        assert seat is not None
        with c.stream("GET", f"/tables/{t.game_id}/events") as response:
            events = sse(response)
            head = next(events)[1]["after"]
            r = c.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": first_legal(ledger, t.game_id, seat)},
                headers=t.auth(seat),
            )
            # Publishing is off the act's path (no clock needed to show it: the
            # act is answered and stored although Redis never answered).
            assert r.status_code == 200
            assert app.state.live.publisher.published == 0
            assert next_entry(events)["position"] == head + 1
            seat = pending_seat(other, t.game_id)
            assert seat is not None
            position = other.act(t.game_id, seat, first_legal(other, t.game_id, seat))[0].position
            while (entry := next_entry(events))["position"] < position:
                pass
            assert entry["position"] == position
        assert c.get("/readyz").json()["checks"]["redis"]["state"] in ("connecting", "down")
    other.close()
