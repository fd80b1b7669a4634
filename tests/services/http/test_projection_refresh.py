"""How often an anonymous read catches the projections up: at most once per interval, on
the app's own clock (moved by hand), the limit shared by every read model; against a
real SQLite store."""

from __future__ import annotations

from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.playing import play
from tools.served import ProjectedReadModels


def test_anonymous_reads_catch_the_projections_up_at_most_once_per_interval(
    ledger: WizardLedger,
) -> None:
    def finish_one(seed: int) -> None:
        gid = ledger.create_game("ultimate", ["Ann", "Bob"], options={"rounds_to_win": 1}).game_id
        play(ledger, gid, seed=seed)

    finish_one(0)
    # The app's own clock, moved by hand: the test does not depend on how long
    # playing a game takes on a loaded machine.
    now = [100.0]
    app = create_app(
        ledger,
        read_models=ProjectedReadModels,
        redis="off",
        refresh_interval=0.5,
        clock=lambda: now[0],
    )
    with TestClient(app) as client:
        assert client.get("/scoreboard", params={"refresh": False}).json()["games"] == []
        assert len(client.get("/scoreboard").json()["games"]) == 1
        positions = app.state.read_models.get().projector.positions()

        finish_one(1)
        # Within the interval: what is projected, and nothing written.
        assert len(client.get("/scoreboard").json()["games"]) == 1
        stats = client.get("/statistics").json()
        assert app.state.read_models.get().projector.positions() == positions

        now[0] += 0.6
        assert len(client.get("/scoreboard").json()["games"]) == 2
        assert app.state.read_models.get().projector.positions() != positions
        assert client.get("/statistics").json() != stats  # the limit is shared; data is fresh
