"""The typed read responses: the OpenAPI names their schemas, and real answers fit them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, TypeAdapter

from domain.games import get_game
from services.http.schemas import (
    LogEntryOut,
    ScoreboardOut,
    StateOut,
    StatisticsOut,
    TableFace,
    TableSummaryOut,
)
from services.ledger import WizardLedger
from tests.services.api_tables import new_table
from tests.services.playing import QUICK, play

SCHEMAS = {
    "/tables/{game_id}/state": "StateOut",
    "/tables/{game_id}/log": "LogEntryOut",
    "/tables/{game_id}/holds": "HoldsOut",
    "/tables/{game_id}": "TableSummaryOut",
    "/tables": "TableSummaryOut",
    "/scoreboard": "ScoreboardOut",
    "/statistics": "StatisticsOut",
    "/games/{game}/face": "TableFace",
}


def _strict(model: type[BaseModel], data: Any) -> None:
    """Every declared field has the declared type (extra keys are allowed by design)."""
    TypeAdapter(model).validate_python(data, strict=False)


def test_the_openapi_names_a_schema_for_every_read(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path, name in SCHEMAS.items():
        ok = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
        assert name in str(ok["schema"]), (path, ok)
        assert name in spec["components"]["schemas"]
    state = spec["components"]["schemas"]["StateOut"]["properties"]
    assert {"position", "status", "seat", "players", "pending", "view", "outcome"} <= set(state)


def test_real_answers_fit_their_schemas(client: TestClient, ledger: WizardLedger) -> None:
    t = new_table(client, players=["Ann", "Bob"])
    play(ledger, t.game_id, actions=4)
    for seat in (None, 0):
        headers = t.auth(seat) if seat is not None else {}
        q = {} if seat is None else {"seat": seat}
        _strict(
            StateOut, client.get(f"/tables/{t.game_id}/state", params=q, headers=headers).json()
        )
        for entry in client.get(f"/tables/{t.game_id}/log", params=q, headers=headers).json():
            _strict(LogEntryOut, entry)
    play(ledger, t.game_id)
    summary = client.get(f"/tables/{t.game_id}").json()
    _strict(TableSummaryOut, summary)
    assert summary["names"] == ["Ann", "Bob"] and summary["winner_names"]
    assert summary["forked_from"] is None and summary["started_at"]
    fork = client.post(f"/tables/{t.game_id}/fork", params={"at": 7}, headers=t.auth(0)).json()
    rows = {r["game_id"]: r for r in client.get("/tables").json()}
    for row in rows.values():
        _strict(TableSummaryOut, row)
    assert rows[fork["game_id"]]["forked_from"] == {"game_id": t.game_id, "at": 7}
    _strict(ScoreboardOut, client.get("/scoreboard").json())
    _strict(StatisticsOut, client.get("/statistics").json())


@pytest.mark.parametrize("game", ["ultimate", "spellwars", "elfenwizards", "orctower"])
def test_every_game_has_a_table_face(client: TestClient, game: str) -> None:
    face = client.get(f"/games/{game}/face").json()
    _strict(TableFace, face)
    assert face["labels"]["Pass"]
    if game != "elfenwizards":  # a game of dice and wizards: no cards to draw
        assert face["cards"] and all(c["name"] and c["text"] for c in face["cards"])
    assert client.get("/games/nope/face").status_code == 404


def test_a_toml_file_is_read_for_the_browser(client: TestClient) -> None:
    r = client.post(
        "/toml",
        content='hands = [["fireball"]]\nfirst = 0\n',
        headers={"Content-Type": "text/plain"},
    )
    assert r.status_code == 200 and r.json() == {"hands": [["fireball"]], "first": 0}
    r = client.post("/toml", content="first = ", headers={"Content-Type": "text/plain"})
    assert r.status_code == 422 and r.json()["code"] == "bad_toml"
    assert "TOML" in r.json()["message"]


def test_quick_options_are_typed(client: TestClient) -> None:
    t = new_table(client, options=QUICK)
    assert client.get(f"/tables/{t.game_id}/state").json()["view"]["options"]["rounds_to_win"] == 1


def _renamed(game: str) -> tuple[dict[str, Any], str, str]:
    """The game's own data file with one card renamed: (data, card id, new name)."""
    data = get_game(game).data_template()
    if game == "ultimate":
        data["cards"]["fireball"]["name"] = "Boule de feu (2e édition)"
        return data, "fireball", "Boule de feu (2e édition)"
    if game == "spellwars":
        card = data["source"][0]
        card["name"], card["text"] = "Foulremix révisé", "Un texte de notre table."
        return data, card["slug"], "Foulremix révisé"
    creature = data["creatures"][0]
    creature["name"] = "Gobelin des marais"
    return data, creature["id"], "Gobelin des marais"


@pytest.mark.parametrize("game", ["ultimate", "spellwars", "orctower"])
def test_a_table_with_its_own_data_shows_its_own_card_names(
    client: TestClient, ledger: WizardLedger, game: str
) -> None:
    data, card, name = _renamed(game)
    own = ledger.create_game(game, 2, data=data).game_id
    plain = ledger.create_game(game, 2).game_id
    face = client.get(f"/tables/{own}/face").json()
    _strict(TableFace, face)
    by_id = {c["id"]: c for c in face["cards"]}
    assert by_id[card]["name"] == name
    if game == "spellwars":
        assert by_id[card]["text"] == "Un texte de notre table."
    # A table without a data file shows the built-in faces.
    assert client.get(f"/tables/{plain}/face").json() == client.get(f"/games/{game}/face").json()
    assert client.get(f"/games/{game}/face").json() != face
    assert client.get("/tables/00000000-0000-0000-0000-000000000000/face").status_code == 404
