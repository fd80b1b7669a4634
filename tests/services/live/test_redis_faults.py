"""Redis is reported honestly, recovered from quickly, and never slows an act down.

Real Redis behind a proxy the test can freeze or cut (``redis_proxy``): the
shared server itself is never stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from services.http.app import create_app
from services.ledger import WizardLedger
from services.live.fanout import RedisPublisher, publish_appends
from tests.services.api_tables import new_table
from tests.services.live.redis_proxy import RedisProxy
from tests.services.live_server import LiveServer
from tests.services.playing import act_first_legal

pytestmark = pytest.mark.redis


def wait_for(predicate: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Wait for a state to be reached (never asserting how long it took)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"never reached: {what}"
        time.sleep(0.02)


@pytest.fixture
def proxy(redis_url: str) -> Iterator[RedisProxy]:
    p = RedisProxy()
    yield p
    p.close()


def test_a_frozen_redis_never_holds_up_an_act(ledger: WizardLedger, proxy: RedisProxy) -> None:
    gid = ledger.create_game("ultimate", 2, seed="frozen").game_id
    # A socket timeout of a minute: were publishing on the act's path, the act
    # below would wait that long; it returns while the publication is stuck.
    publisher = RedisPublisher(proxy.url, timeout=60)
    ledger.listeners.append(publisher)
    try:
        proxy.freeze()
        seat = ledger.load(gid).fold.state.pending[0].seat
        entries = ledger.act(gid, seat, {"type": "Draw"})
        assert entries and publisher.published == 0
        assert publisher.pending == 1  # still waiting on the frozen Redis, off the act's path
        assert ledger.load(gid).version == entries[-1].position  # the act is stored
        proxy.restore()
        wait_for(lambda: publisher.published == 1, "the stuck publication went through")
    finally:
        ledger.listeners.remove(publisher)
        publisher.close()


def test_a_failed_publication_reports_redis_down(ledger: WizardLedger, proxy: RedisProxy) -> None:
    gid = ledger.create_game("ultimate", 2, seed="down").game_id
    publisher = publish_appends(ledger, proxy.url)
    assert publisher is not None
    proxy.cut()
    act_first_legal(ledger, str(gid))
    wait_for(lambda: publisher.state == "down", "the publisher says down")
    assert publisher.failures >= 1
    proxy.restore()
    act_first_legal(ledger, str(gid))
    wait_for(lambda: publisher.state == "up", "the publisher says up again")


@pytest.mark.parametrize("failure", ["cut", "freeze"])
def test_readiness_follows_redis_down_and_back_up(
    ledger: WizardLedger, proxy: RedisProxy, failure: str
) -> None:
    app = create_app(ledger, redis=proxy.url, poll_interval=0.2, safety_interval=30)
    live = app.state.live
    with LiveServer(app) as server, server.client() as c:

        def redis_state() -> str:
            state: str = c.get("/readyz").json()["checks"]["redis"]["state"]
            return state

        wait_for(lambda: redis_state() == "up", "redis up at start")
        # Trusted: streams sleep on the slow safety timer (waited for, not asserted
        # at once: a starved event loop may miss a ping and reconnect meanwhile).
        wait_for(lambda: live.interval() == 30, "the slow timer while redis is up")
        getattr(proxy, failure)()
        # A frozen Redis answers no PING, a cut one closes the socket: both are seen.
        wait_for(lambda: redis_state() == "down", f"redis reported down after a {failure}")
        assert live.interval() == 0.2  # streams poll fast while Redis is not trusted
        ready = c.get("/readyz")
        assert ready.status_code == 200  # Redis is optional: the service stays ready
        assert ready.json()["checks"]["redis"]["state"] == "down"
        t = new_table(c)  # and keeps working
        assert c.get(f"/tables/{t.game_id}").status_code == 200
        proxy.restore()
        wait_for(lambda: redis_state() == "up", "redis up again after restore")
        wait_for(lambda: live.interval() == 30, "the slow timer again")
