"""A setup file (or a table's options) holding a number beyond any position is
refused naming it, before the game is opened: a round of 2⁶⁴ used to pass the
game's checks and fail as the store encoded it (a 500 over HTTP)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from services.ledger import WizardLedger
from services.reads.positions import position_json


def test_a_setup_number_beyond_any_position_is_refused(
    client: TestClient, ledger: WizardLedger
) -> None:
    cases = (("ultimate", 2, ("round",)), ("orctower", 2, ("creatures", 0, "damage")))
    for game, players, path in cases:
        gid = ledger.create_game(game, players, seed="numbers").game_id
        setup = position_json(ledger, gid, whole=True)["setup"]
        node = setup
        for part in path[:-1]:
            node = node[part]
        for value in (2**64, -(2**40)):
            node[path[-1]] = value
            r = client.post("/tables", json={"game": game, "players": players, "setup": setup})
            assert r.status_code == 422, r.text
            problem = r.json()
            shown = ".".join(str(p) for p in path).replace(".0.", "[0].")
            assert problem["code"] == "bad_setup"
            assert problem["detail"].startswith(f"the setup: {shown} is a number beyond"), problem
