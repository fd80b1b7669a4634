"""The HTTP API against a real SQLite store: tokens (and who may fork), errors,
idempotency, redaction, exports."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.games import all_games
from services.ledger import WizardLedger
from services.review.export_read import events
from services.words.rule_words import spec_json
from tests.services.api_tables import Table, finished_table, new_table
from tests.services.playing import pending_seat, pick, play

UNKNOWN = "7f9c1a6e-0000-4000-8000-000000000000"


def error_shape(body: dict[str, Any]) -> bool:
    """An RFC 9457 problem keeping the service's code, rule and message."""
    problem = {"type", "title", "status", "detail", "code", "rule", "message"}
    return (
        problem <= set(body) <= problem | {"instance"}
        and isinstance(body["status"], int)
        and all(isinstance(body[k], str) for k in problem - {"status"})
        and body["detail"] == body["message"]
        and body["type"].endswith(":" + body["code"])
    )


def log_length(client: TestClient, t: Table) -> int:
    return len(client.get(f"/tables/{t.game_id}/log").json())


def act(client: TestClient, t: Table, seat: int, command: dict[str, Any], **headers: str) -> Any:
    return client.post(
        f"/tables/{t.game_id}/act",
        json={"seat": seat, "command": command},
        headers={**t.auth(seat), **headers},
    )


def legal(client: TestClient, t: Table, seat: int) -> list[dict[str, Any]]:
    r = client.get(f"/tables/{t.game_id}/legal", params={"seat": seat}, headers=t.auth(seat))
    assert r.status_code == 200, r.text
    return r.json()


def test_games_are_listed_as_by_the_cli(client: TestClient) -> None:
    # As `wizards games --json` prints them.
    expected = json.loads(json.dumps([spec_json(g.spec, g.catalogue) for g in all_games()]))
    assert client.get("/games").json() == expected
    rules = client.get("/games/ultimate/rules").json()
    assert rules and all("id" in r and "passage" in r for r in rules)
    assert client.get("/games/chess/rules").status_code == 404


def test_a_table_is_created_with_one_token_per_seat(client: TestClient) -> None:
    r = client.post("/tables", json={"game": "ultimate", "players": ["Ann", "Bob", "Cy"]})
    assert r.status_code == 201
    body = r.json()
    assert r.headers["location"] == f"/tables/{body['game_id']}"
    assert [s["seat"] for s in body["seats"]] == [0, 1, 2]
    assert len({s["token"] for s in body["seats"]}) == 3
    listed = client.get("/tables").json()
    assert [t["game_id"] for t in listed] == [body["game_id"]]
    assert {k: listed[0][k] for k in ("game_id", "game", "players", "status")} == {
        "game_id": body["game_id"],
        "game": "ultimate",
        "players": 3,
        "status": "running",
    }
    assert listed[0]["names"] == ["Ann", "Bob", "Cy"] and listed[0]["winners"] == []
    state = client.get(f"/tables/{body['game_id']}/state").json()
    assert state["players"] == ["Ann", "Bob", "Cy"]
    assert state["seat"] is None and "hand" not in state["view"]


def test_unknown_games_and_tables_are_404_and_bad_setups_422(client: TestClient) -> None:
    r = client.post("/tables", json={"game": "chess", "players": 2})
    assert r.status_code == 404 and r.json()["code"] == "unknown_game" and error_shape(r.json())
    assert r.json()["detail"].endswith("the games are elfenwizards, orctower, spellwars, ultimate")
    for path in ("/games/chess/rules", "/games/chess/data", "/games/chess/face"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["code"] == "unknown_game", path
    for path in ("/tables/7f9c1a6e-0000-4000-8000-000000000000/state", "/tables/nope/log"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["code"] == "game_not_found"
    r = client.post("/tables", json={"game": "ultimate", "players": 9})
    assert r.status_code == 422 and r.json()["code"] == "bad_setup" and error_shape(r.json())
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "options": {"x": 1}})
    assert r.status_code == 422 and r.json()["code"] == "bad_setup"
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "table": True, "seed": "x"})
    assert r.status_code == 422 and r.json()["code"] == "bad_setup"
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "setup": {"nonsense": 1}})
    assert r.status_code == 422 and r.json()["code"] == "bad_setup"
    r = client.post("/tables", json={"game": "ultimate", "players": 2, "table": True})
    assert r.status_code == 422 and r.json()["rule"] == "kernel.table-mode"  # no deck order
    r = client.post("/tables", json={"players": 2})
    assert r.status_code == 422 and r.json()["code"] == "malformed_request"
    assert error_shape(r.json())
    r = client.get("/no/such/route")
    assert r.status_code == 404 and error_shape(r.json())


def test_acting_needs_the_seats_own_token(client: TestClient, ledger: WizardLedger) -> None:
    t = new_table(client)
    seat = pending_seat(ledger, t.game_id)
    assert seat is not None
    other = 1 - seat
    command = legal(client, t, seat)[0]
    before = log_length(client, t)
    body = {"seat": seat, "command": command}

    r = client.post(f"/tables/{t.game_id}/act", json=body)
    assert r.status_code == 401 and r.json()["code"] == "token_required"
    assert r.headers["www-authenticate"] == "Bearer"
    r = client.post(f"/tables/{t.game_id}/act", json=body, headers=t.auth(other))
    assert r.status_code == 403 and r.json()["code"] == "not_authorized"
    r = client.post(
        f"/tables/{t.game_id}/act", json=body, headers={"Authorization": "Bearer forged"}
    )
    assert r.status_code == 403
    assert log_length(client, t) == before

    r = act(client, t, seat, command)
    assert r.status_code == 200, r.text
    result = r.json()
    assert result["seat"] == seat and result["status"] == "running"
    assert result["entries"][0]["type"] == "ActionTaken"
    assert result["position"] == result["entries"][-1]["position"] == log_length(client, t)


def test_an_illegal_command_is_409_and_appends_nothing(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    seat = pending_seat(ledger, t.game_id)
    assert seat is not None
    before = client.get(f"/tables/{t.game_id}/log").json()
    allowed = {c["type"] for c in legal(client, t, seat)}
    refused = next(
        c for c in ({"type": "EndTurn"}, {"type": "Decline"}) if c["type"] not in allowed
    )
    r = act(client, t, seat, refused)
    assert r.status_code == 409, r.text
    assert error_shape(r.json()) and r.json()["rule"] and r.json()["code"]
    r = act(client, t, 1 - seat, {"type": "Draw"})  # not this seat's turn
    assert r.status_code == 409 and error_shape(r.json())
    assert client.get(f"/tables/{t.game_id}/log").json() == before


def test_a_malformed_command_is_422_with_the_same_shape(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    seat = pending_seat(ledger, t.game_id)
    assert seat is not None
    before = log_length(client, t)
    r = act(client, t, seat, {"type": "Teleport"})
    assert r.status_code == 422
    assert r.json()["code"] == "malformed_command" and r.json()["rule"] == "kernel.malformed"
    r = client.post(
        f"/tables/{t.game_id}/act", json={"seat": seat, "command": "Draw"}, headers=t.auth(seat)
    )
    assert r.status_code == 422 and error_shape(r.json())
    assert r.json()["rule"] == "kernel.malformed"
    r = client.post(
        f"/tables/{t.game_id}/act",
        content=b"{not json",
        headers={**t.auth(seat), "Content-Type": "application/json"},
    )
    assert r.status_code == 400 and error_shape(r.json())
    assert r.json()["code"] == "unparseable_body"
    assert r.headers["content-type"] == "application/problem+json"
    assert log_length(client, t) == before


def test_a_retry_with_the_same_idempotency_key_returns_the_first_result(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    seat = pending_seat(ledger, t.game_id)
    assert seat is not None
    command = legal(client, t, seat)[0]
    first = act(client, t, seat, command, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 200
    length = log_length(client, t)
    again = act(client, t, seat, command, **{"Idempotency-Key": "k-1"})
    assert again.status_code == 200
    assert again.json() == first.json()
    assert log_length(client, t) == length

    # Still the first result after the game has moved on.
    play(ledger, t.game_id, actions=3, seed=1)
    later = act(client, t, seat, command, **{"Idempotency-Key": "k-1"})
    assert later.json() == first.json()

    # The same key for another command: refused, nothing appended.
    now = pending_seat(ledger, t.game_id)
    assert now is not None
    other = next(c for c in legal(client, t, now) if (now, c) != (seat, command))
    length = log_length(client, t)
    r = act(client, t, now, other, **{"Idempotency-Key": "k-1"})
    assert r.status_code == 422 and r.json()["code"] == "idempotency_conflict"
    assert log_length(client, t) == length


def test_a_seats_private_view_needs_that_seats_token(client: TestClient) -> None:
    t = new_table(client)
    base = f"/tables/{t.game_id}"
    spectator = client.get(f"{base}/state").json()
    assert "hand" not in spectator["view"]

    # ?seat without a token: the spectator view, said so in a header.
    r = client.get(f"{base}/state", params={"seat": 1})
    assert r.status_code == 200 and r.json()["seat"] is None
    assert r.headers["x-wizards-seat"] == "spectator"
    assert r.json()["view"] == spectator["view"]
    # Another seat's token: refused.
    assert client.get(f"{base}/state", params={"seat": 1}, headers=t.auth(0)).status_code == 403
    assert client.get(f"{base}/log", params={"seat": 1}, headers=t.auth(0)).status_code == 403
    # The seat's own token: its hand.
    own = client.get(f"{base}/state", params={"seat": 1}, headers=t.auth(1)).json()
    assert own["seat"] == 1 and isinstance(own["view"]["hand"], list) and own["view"]["hand"]
    # The token alone says which seat.
    assert client.get(f"{base}/state", headers=t.auth(1)).json()["seat"] == 1

    # The log: cards dealt to seat 1 are redacted for spectators and seat 0.
    mine = client.get(f"{base}/log", params={"seat": 1}, headers=t.auth(1)).json()
    theirs = client.get(f"{base}/log", params={"seat": 0}, headers=t.auth(0)).json()
    public = client.get(f"{base}/log").json()
    positions = {
        e["position"]
        for e in mine
        if e["type"] == "CardsDealt" and e.get("event", {}).get("seat") == 1
    }
    assert positions
    for log in (theirs, public):
        hidden = [e for e in log if e["position"] in positions]
        assert hidden and all("event" not in e and e["redacted"] == "seats" for e in hidden)
    assert all(e.get("redacted") == "hidden" for e in public if e["type"] == "CardsShuffled")

    # Legal commands name the seat's cards: token required.
    assert client.get(f"{base}/legal", params={"seat": 1}).status_code == 401
    assert client.get(f"{base}/legal", params={"seat": 1}, headers=t.auth(0)).status_code == 403


def test_state_at_any_position(client: TestClient, ledger: WizardLedger) -> None:
    t = new_table(client)
    play(ledger, t.game_id, actions=4)
    now = client.get(f"/tables/{t.game_id}/state").json()
    first = client.get(f"/tables/{t.game_id}/state", params={"at": 1}).json()
    assert first["position"] == 1 and now["position"] > 1
    r = client.get(f"/tables/{t.game_id}/state", params={"at": now["position"] + 5})
    assert r.status_code == 422 and r.json()["code"] == "bad_position"
    assert client.get(f"/tables/{t.game_id}/state", params={"at": 0}).status_code == 422


def test_exports_replay_and_verify(client: TestClient, ledger: WizardLedger) -> None:
    t = new_table(client)
    play(ledger, t.game_id, actions=3)
    base = f"/tables/{t.game_id}"

    running = client.get(f"{base}/export", params={"format": "json"})
    assert running.headers["content-type"].startswith("application/json")
    types = {e["type"] for e in events(running.json())}
    assert "CardsShuffled" not in types and "CardsDealt" not in types  # hidden while running
    as_seat = client.get(f"{base}/export", headers=t.auth(0)).json()
    assert any(e["type"] == "CardsDealt" for e in events(as_seat))
    assert "CardsShuffled" not in {e["type"] for e in events(as_seat)}

    play(ledger, t.game_id)
    done = client.get(f"{base}/export").json()
    assert {"CardsShuffled", "CardsDealt", "SeedRevealed"} <= {e["type"] for e in events(done)}
    assert done["outcome"]["winners"]
    md = client.get(f"{base}/export", params={"format": "md"})
    assert md.headers["content-type"].startswith("text/markdown") and md.text.startswith("# ")
    html = client.get(f"{base}/export", params={"format": "html"})
    assert html.headers["content-type"].startswith("text/html") and "ledger-data" in html.text
    r = client.get(f"{base}/export", params={"format": "pdf"})
    assert r.status_code == 422 and error_shape(r.json())

    story = client.get(f"{base}/replay", params={"to": 3})
    assert story.status_code == 200 and story.text.startswith("#1")

    report = client.get(f"{base}/verify").json()
    assert report["game_id"] == t.game_id and report["finished"] is True
    assert report["ok"], report["problems"]
    assert set(report) >= {"ok", "events", "checks", "first_bad_event", "problems"}
    assert client.get("/tables/nope/verify").status_code == 404


def test_a_whole_game_over_http(client: TestClient) -> None:
    t = new_table(client, players=3)
    rng = random.Random(3)
    for _ in range(3000):
        state = client.get(f"/tables/{t.game_id}/state").json()
        if state["status"] == "finished":
            break
        seat = state["pending"][0]["seat"]
        assert act(client, t, seat, pick(legal(client, t, seat), rng)).status_code == 200
    assert state["status"] == "finished" and state["outcome"]["winners"]
    assert legal(client, t, 0) == []
    r = act(client, t, 0, {"type": "Draw"})
    assert r.status_code == 409 and r.json()["code"] == "game_over"


def test_scoreboard_docs_page_and_readiness(client: TestClient, ledger: WizardLedger) -> None:
    for seed in range(2):
        gid = ledger.create_game("ultimate", ["Ann", "Bob"], options={"rounds_to_win": 1}).game_id
        play(ledger, gid, seed=seed)
    board = client.get("/scoreboard").json()
    assert len(board["games"]) == 2
    assert {p["name"] for p in board["players"]} == {"Ann", "Bob"}
    assert sum(p["wins"] for p in board["players"]) == 2
    # Two players always facing each other: openskill moves their means symmetrically.
    assert sum(p["mu"] for p in board["players"]) == pytest.approx(50.0, abs=0.01)
    assert client.get("/scoreboard", params={"game": "spellwars"}).json()["games"] == []

    spec = client.get("/openapi.json").json()
    for path in ("/tables", "/tables/{game_id}/act", "/tables/{game_id}/events", "/scoreboard"):
        assert path in spec["paths"]
    assert client.get("/docs").status_code == 200
    page = client.get("/")
    assert page.headers["content-type"].startswith("text/html")
    assert "Wizard Ledger" in page.text and "/static/lobby.js" in page.text
    ready = client.get("/readyz").json()
    assert ready["ready"] and ready["checks"]["redis"]["state"] == "off"
    # One family of health routes: /healthz and /readyz, no /health.
    assert client.get("/health").status_code == 404 and "/health" not in spec["paths"]


def test_the_tables_come_a_page_at_a_time_oldest_or_newest_first(client: TestClient) -> None:
    made = [
        client.post("/tables", json={"game": "ultimate", "players": 2}).json()["game_id"]
        for _ in range(3)
    ]
    oldest = client.get("/tables")
    assert [t["game_id"] for t in oldest.json()] == made
    assert oldest.headers["X-Total-Count"] == "3"
    newest = client.get("/tables", params={"order": "newest", "limit": 2})
    assert [t["game_id"] for t in newest.json()] == [made[2], made[1]]
    assert newest.headers["X-Total-Count"] == "3"  # a page of 2: there are more
    rest = client.get("/tables", params={"order": "newest", "offset": 2})
    assert [t["game_id"] for t in rest.json()] == [made[0]]
    wrong = client.get("/tables", params={"order": "latest"})
    assert wrong.status_code == 422 and "newest" in wrong.json()["detail"]


def test_only_a_player_of_the_game_may_fork_it(client: TestClient, ledger: WizardLedger) -> None:
    t, _ = finished_table(client, ledger)
    stranger, _ = finished_table(client, ledger, seed=1)
    url = f"/tables/{t.game_id}/fork"
    before = len(client.get("/tables").json())

    r = client.post(url, params={"at": 7})
    assert r.status_code == 401 and r.json()["code"] == "token_required"
    assert r.headers["www-authenticate"] == "Bearer"
    for headers in (stranger.auth(0), {"Authorization": "Bearer forged"}):
        r = client.post(url, params={"at": 7}, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "not_authorized"
    assert len(client.get("/tables").json()) == before  # nothing was created

    r = client.post(url, params={"at": 7}, headers=t.auth(1))  # any seat of the game
    assert r.status_code == 201, r.text
    branch = r.json()
    assert client.get(f"/tables/{branch['game_id']}/state").json()["status"] == "running"
    assert client.post(f"/tables/{UNKNOWN}/fork", params={"at": 7}).status_code == 404

    running = new_table(client)
    r = client.post(f"/tables/{running.game_id}/fork", params={"at": 2}, headers=running.auth(0))
    assert r.status_code == 409 and r.json()["code"] == "game_running"


def test_annotations_of_an_unknown_game_are_404(client: TestClient, ledger: WizardLedger) -> None:
    for game_id in (UNKNOWN, "nope"):
        r = client.get(f"/tables/{game_id}/annotations")
        assert r.status_code == 404 and r.json()["code"] == "game_not_found"
    t = new_table(client)
    assert client.get(f"/tables/{t.game_id}/annotations").json() == []
    ledger.annotate(t.game_id, 1, "opening")
    assert [n["text"] for n in client.get(f"/tables/{t.game_id}/annotations").json()] == ["opening"]


def test_the_log_is_read_a_page_at_a_time_from_its_end(
    client: TestClient, ledger: WizardLedger
) -> None:
    t, _ = finished_table(client, ledger)
    url = f"/tables/{t.game_id}/log"
    whole = client.get(url).json()
    end = client.get(url, params={"last": 10}).json()
    assert end == whole[-10:]
    older = client.get(url, params={"last": 10, "before": end[0]["position"]}).json()
    assert older == whole[-20:-10]
    assert client.get(url, params={"before": 4}).json() == whole[:3]
    assert client.get(url, params={"last": 10, "before": 1}).json() == []
    assert client.get(url, params={"last": 0}).status_code == 422
