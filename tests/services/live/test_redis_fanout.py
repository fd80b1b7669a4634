"""Live fan-out through the real Redis on 127.0.0.1:6379.

Skipped when Redis is unreachable, failed then under CI=true (``tests/conftest.py``).
"""

from __future__ import annotations

import json
import time

import pytest
import redis

from services.http.app import create_app
from services.ledger import WizardLedger
from services.live.fanout import RedisPublisher, channel, publish_appends
from tests.services.api_tables import new_table
from tests.services.live_server import LiveServer, next_entry, sse
from tests.services.playing import act_first_legal, pending_seat

pytestmark = pytest.mark.redis


def wait_for(predicate: object, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_each_append_is_published_as_positions_and_types_only(
    ledger: WizardLedger, redis_url: str
) -> None:
    gid = ledger.create_game("ultimate", 2, seed="pub").game_id
    publisher = publish_appends(ledger, redis_url)
    assert isinstance(publisher, RedisPublisher)
    assert publish_appends(ledger, redis_url) is publisher  # attached once
    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(channel(gid))
    try:
        # A seat draws: the CardDrawn is private, yet Redis only hears its type.
        seat = pending_seat(ledger, gid)
        assert seat is not None
        entries = ledger.act(gid, seat, {"type": "Draw"})
        message = None
        deadline = time.monotonic() + 60
        while message is None and time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.5)
        assert message is not None, "nothing published"
        data = json.loads(message["data"])
        assert data == [{"position": e.position, "type": type(e.event).__name__} for e in entries]
        assert all(set(item) == {"position", "type"} for item in data)
    finally:
        pubsub.close()
        client.close()


def test_a_stream_sees_another_process_appends_through_redis(
    ledger: WizardLedger, sqlite_url: str, redis_url: str
) -> None:
    # Polling is slowed to an hour: within the 60 s read timeout only Redis (or the
    # re-read the relay triggers on every reconnect) can deliver.
    app = create_app(ledger, redis=redis_url, poll_interval=3600, safety_interval=3600)
    other = WizardLedger(sqlite_url)  # another API process: its own ledger and listeners
    publish_appends(other, redis_url)
    with LiveServer(app) as server, server.client(timeout=60) as c:
        wait_for(lambda: c.get("/readyz").json()["checks"]["redis"]["state"] == "up")
        t = new_table(c)
        with c.stream("GET", f"/tables/{t.game_id}/events") as response:
            events = sse(response)
            kind, ready = next(events)
            assert kind == "ready" and ready["live"] == "up"
            position = act_first_legal(other, t.game_id)
            assert next_entry(events)["position"] == position
        assert app.state.live.relay.relayed >= 1
    other.close()


def test_the_api_publishes_its_own_appends(ledger: WizardLedger, redis_url: str) -> None:
    app = create_app(ledger, redis=redis_url)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        client = redis.Redis.from_url(redis_url)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(channel(t.game_id))
        try:
            seat = pending_seat(ledger, t.game_id)
            assert seat is not None
            r = c.post(
                f"/tables/{t.game_id}/act",
                json={"seat": seat, "command": {"type": "Draw"}},
                headers=t.auth(seat),
            )
            assert r.status_code == 200
            acted = [e["position"] for e in r.json()["entries"]]
            # Publishing runs beside the requests, so the table's opening batch
            # may reach Redis after the subscription: skip batches before the act.
            published: list[list[int]] = []
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                message = pubsub.get_message(timeout=0.5)
                if message is None:
                    continue
                positions = [item["position"] for item in json.loads(message["data"])]
                published.append(positions)
                if positions[-1] >= acted[0]:
                    break
            assert published, "nothing was published"
            assert published[-1] == acted
            assert all(batch[-1] < acted[0] for batch in published[:-1])
        finally:
            pubsub.close()
            client.close()


def test_a_command_held_for_seats_draws_wakes_other_processes_through_redis(
    ledger: WizardLedger, redis_url: str
) -> None:
    """At a table whose seats enter their own draws, a held command appends
    nothing to the game: it is published all the same (no entries), so that the
    pages served by other processes ask the seats it waits for at once."""
    position = {"hands": [["fireball", "lightning"], ["shield", "mirror"]], "health": [9, 1]}
    gid = ledger.create_game(
        "ultimate", 2, table=True, chance_by="seats", setup={**position, "first": 0}
    ).game_id
    ledger.act(gid, 0, {"type": "PlayCard", "card": "fireball", "target": 1})
    publish_appends(ledger, redis_url)
    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(channel(gid))
    try:
        held = ledger.act(gid, 1, {"type": "Decline"}, drew=["shield", "mirror"], dice=[1])
        assert held == [] and ledger.holds.hold_of(gid) is not None
        message = None
        deadline = time.monotonic() + 60
        while message is None and time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.5)
        assert message is not None, "nothing published"
        assert json.loads(message["data"]) == []
    finally:
        pubsub.close()
        client.close()
