"""Tables created through the HTTP API, with their seat tokens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from fastapi.testclient import TestClient

from services.ledger import WizardLedger
from tests.services.playing import QUICK, play


@dataclass
class Table:
    """A table created through the API, with its seat tokens."""

    game_id: str
    tokens: dict[int, str]

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


def new_table(client: TestClient | httpx.Client, players: int = 2, **body: Any) -> Table:
    """A short game of Sorcier ultime (``QUICK``) unless ``body`` says otherwise."""
    r = client.post(
        "/tables", json={"game": "ultimate", "players": players, "options": QUICK, **body}
    )
    assert r.status_code == 201, r.text
    data = r.json()
    return Table(data["game_id"], {s["seat"]: s["token"] for s in data["seats"]})


def finished_table(client: TestClient, ledger: WizardLedger, seed: int = 0) -> tuple[Table, int]:
    t = new_table(client)
    play(ledger, t.game_id, seed=seed)
    return t, ledger.load(t.game_id).version
