"""The HTTP export is streamed: its first chunk leaves while the rest is being made,
and the whole is the CLI's export, byte for byte."""

from __future__ import annotations

import pytest

from domain.games import get_game
from services.http.app import create_app
from services.http.read_pool import AHEAD
from services.ledger import WizardLedger
from services.review.exports import CHUNK, export_text
from tests.services.live_server import LiveServer
from tools.simulation import play_stored


@pytest.mark.parametrize("workers", [0, 1], ids=["a thread", "a worker process"])
@pytest.mark.parametrize("fmt", ["json", "html"])
def test_the_first_chunk_is_read_before_the_last_is_made(
    ledger: WizardLedger, workers: int, fmt: str
) -> None:
    gid = play_stored(ledger, get_game("ultimate"), 2, "streamed", options={"rounds_to_win": 1})
    whole = export_text(ledger, gid, fmt)
    # Long enough that the worker, never more than AHEAD chunks ahead of its
    # reader, cannot have made it all when the first chunk is read.
    assert len(whole) > (AHEAD + 3) * CHUNK, len(whole)
    app = create_app(ledger, redis="off", read_workers=workers)
    with LiveServer(app) as server, server.client() as c:
        pool = app.state.reads
        with c.stream("GET", f"/tables/{gid}/export", params={"format": fmt}) as response:
            assert response.status_code == 200
            chunks = response.iter_raw()
            first = next(chunks)
            # The read is still under way: its worker waits for this reader.
            assert pool.pending == 1
            body = first + b"".join(chunks)
        assert pool.pending == 0
        assert body.decode("utf-8") == whole  # the CLI's bytes
        # Once read whole, it is kept: the same read again is not made again.
        made = pool.computed
        again = c.get(f"/tables/{gid}/export", params={"format": fmt})
        assert again.content == body and pool.computed == made


def test_a_problem_before_the_first_chunk_is_answered_as_a_problem(ledger: WizardLedger) -> None:
    gid = play_stored(ledger, get_game("ultimate"), 2, "refused", options={"rounds_to_win": 1})
    app = create_app(ledger, redis="off", read_workers=0)
    with LiveServer(app) as server, server.client() as c:
        unknown = c.get("/tables/00000000-0000-4000-8000-000000000000/export")
        assert unknown.status_code == 404
        assert unknown.headers["content-type"].startswith("application/problem+json")
        wrong = c.get(f"/tables/{gid}/export", params={"format": "pdf"})
        assert wrong.status_code == 422
