"""``wizards serve --workers N --no-access-log``: several API processes on one store."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from services.ledger import WizardLedger
from services.review.verify import verify_game
from tests.services.api_tables import new_table
from tests.services.playing import pick
from tests.tools.serving import free_port, wait_answering


def test_two_workers_share_one_store_and_log_no_requests(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'served.db'}"
    port = free_port()
    wizards = str(Path(sys.executable).with_name("wizards"))
    cmd = [wizards, "--store", store, "serve", "--port", str(port), "--workers", "2"]
    proc = subprocess.Popen(
        [*cmd, "--no-access-log"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_answering(base, lambda: proc.poll() is None)
        with httpx.Client(base_url=base) as c:
            t = new_table(c, seed="workers")
        rng = random.Random(2)
        acted = 0
        for _ in range(20):
            # A new connection each time: the kernel spreads them over both
            # workers, so each acts on a game the other moved on.
            with httpx.Client(base_url=base) as c:
                state = c.get(f"/tables/{t.game_id}/state").json()
                if state["status"] == "finished":
                    break
                seat = state["pending"][0]["seat"]
                legal = c.get(f"/tables/{t.game_id}/legal", headers=t.auth(seat)).json()
                r = c.post(
                    f"/tables/{t.game_id}/act",
                    json={"seat": seat, "command": pick(legal, rng)},
                    headers=t.auth(seat),
                )
                assert r.status_code == 200, r.text
                acted += 1
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert acted > 5
    assert b"GET /tables" not in out and b"POST /tables" not in out  # no access log
    ledger = WizardLedger(store)
    assert verify_game(ledger, t.game_id).ok
    ledger.close()
