"""Many live streams of one game share one store read per wake-up, and each still
gets every entry, in order, redacted for its own seat."""

from __future__ import annotations

import asyncio
import threading
import uuid

import pytest

from services.http.app import create_app
from services.ledger import WizardLedger
from services.live import sse
from services.live.fanout import LocalHub
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer
from tests.services.playing import play
from tools.bench_sse import Watcher


def test_the_generation_counts_notifications_of_watched_games_only() -> None:
    hub = LocalHub()
    game = uuid.uuid4()

    async def watch() -> None:
        assert hub.notify(game) == 0 and hub.generation(game) == 0  # nobody watching
        with hub.subscribe(game):
            hub.notify(game)
            hub.notify(game)
            assert hub.generation(game) == 2
        assert hub.generation(game) == 0

    asyncio.run(watch())


def test_forty_watchers_of_one_game_each_get_every_entry(ledger: WizardLedger) -> None:
    # Polling slowed down: only the wake-ups (and their shared reads) can deliver.
    app = create_app(ledger, redis="off", poll_interval=30, safety_interval=30)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        port = int(server.url.rsplit(":", 1)[1])
        crowd = [Watcher(port, t.game_id) for _ in range(40)]
        start = len(ledger.entries(t.game_id))

        async def watch() -> None:
            tasks = [asyncio.create_task(w.run()) for w in crowd]
            await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in crowd)), 30)
            # Acts from another thread, as the API's worker threads append.
            writer = threading.Thread(target=play, args=(ledger, t.game_id), kwargs={"actions": 8})
            writer.start()
            await asyncio.to_thread(writer.join)
            end = len(ledger.entries(t.game_id))
            wanted = set(range(start + 1, end + 1))
            for _ in range(300):  # a bounded wait for delivery, not a timing assertion
                if all(wanted <= set(w.arrived) for w in crowd):
                    break
                await asyncio.sleep(0.1)
            for w in crowd:
                w.close()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for w in crowd:
                assert set(w.arrived) == wanted
                order = sorted(w.arrived, key=lambda p: w.arrived[p])
                assert order == sorted(wanted)

        asyncio.run(watch())


def test_an_idle_stream_gets_a_keepalive_comment(
    ledger: WizardLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sse, "PING_INTERVAL", 0.2)
    app = create_app(ledger, redis="off", poll_interval=30, safety_interval=30)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        with c.stream("GET", f"/tables/{t.game_id}/events") as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            assert response.headers["cache-control"] == "no-cache"
            lines = response.iter_lines()
            assert next(lines).startswith("event: ready")
            assert next(line for line in lines if line.startswith(":")) == ": ping"
