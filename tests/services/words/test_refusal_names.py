"""A table-mode refusal names the players whose cards it asks for ("the card
drawn from the draw pile for Bob"), in the HTTP problem as in the library's
message; the needs keep the seats by number, as data."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_an_opening_refused_for_its_deal_names_the_players(client: TestClient) -> None:
    r = client.post("/tables", json={"game": "ultimate", "players": ["Ann", "Bob"], "table": True})
    assert r.status_code == 422 and r.json()["code"] == "dice_required"
    message = r.json()["message"]
    assert "drawn from the draw pile for Ann (any of: " in message
    assert "drawn from the draw pile for Bob" in message
    assert "for seat" not in message
    assert {n.get("seat") for n in r.json()["needs"] if n["kind"] == "card"} == {0, 1}
