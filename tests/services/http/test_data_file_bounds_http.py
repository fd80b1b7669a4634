"""A table created over HTTP with a data file holding a number its rules cannot use
is refused (422 ``bad_setup``, naming the field and the bound), never a 500 from a
number too large to store."""

from __future__ import annotations

import copy
from typing import Any

from fastapi.testclient import TestClient

from domain.games import get_game


def _data(game: str) -> dict[str, Any]:
    import msgspec

    template = get_game(game).data_template()
    data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(template))
    return copy.deepcopy(data)


def _create(client: TestClient, game: str, players: int, data: dict[str, Any]) -> Any:
    return client.post("/tables", json={"game": game, "players": players, "data": data})


def test_numbers_beyond_the_rules_are_refused_naming_the_field(client: TestClient) -> None:
    orc = _data("orctower")
    cases: list[tuple[str, int, dict[str, Any], str]] = []
    for field, value in (("hp", 2**64), ("hp", 10**9), ("track", list(range(20_000)))):
        data = copy.deepcopy(orc)
        data["creatures"][0][field] = value
        cases.append(("orctower", 2, {"creatures": data["creatures"]}, f"creatures[0].{field}"))
    elfen = _data("elfenwizards")
    for points in (2**64, -5):
        layout = copy.deepcopy(elfen["layout"])
        layout["level"][1]["points"] = points
        cases.append(("elfenwizards", 3, {"layout": layout}, "layout.level[1].points"))
    for game, players, data, field in cases:
        r = _create(client, game, players, data)
        assert r.status_code == 422, r.text
        problem = r.json()
        assert problem["code"] == "bad_setup"
        assert problem["detail"].startswith(f"{field} "), problem["detail"]
        assert "the rules use" in problem["detail"] and "assume.data-bounds" in problem["detail"]
    assert _create(client, "orctower", 2, {"creatures": orc["creatures"]}).status_code == 201
