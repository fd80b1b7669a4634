"""A live log resumed where a browser left it: ``Last-Event-ID`` wins over ``?after=``,
a position past the head (or not a position) is refused before the stream opens, and
a reconnect over real HTTP sends only what is new; against a real SQLite store."""

from __future__ import annotations

from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.api_tables import finished_table, new_table
from tests.services.live_server import LiveServer, next_entry, sse, stream_kinds
from tests.services.playing import play


def test_last_event_id_wins_over_after_so_a_reconnect_does_not_replay(
    client: TestClient, ledger: WizardLedger
) -> None:
    t, head = finished_table(client, ledger)
    # What a browser sends on reconnecting: the URL it was opened with (?after=0)
    # and the id of the last entry it received.
    events = stream_kinds(client, t, params={"after": 0}, headers={"Last-Event-ID": str(head)})
    assert [kind for kind, _ in events] == ["ready", "end"]
    assert events[0][1]["after"] == head

    events = stream_kinds(client, t, params={"after": 0}, headers={"Last-Event-ID": "3"})
    positions = [data["position"] for kind, data in events if kind == "entry"]
    assert positions == list(range(4, head + 1))

    # Without the header, ?after= still serves the first connection.
    events = stream_kinds(client, t, params={"after": head - 2})
    assert [data["position"] for kind, data in events if kind == "entry"] == [head - 1, head]


def test_a_resume_position_past_the_head_is_refused_before_the_stream(
    client: TestClient, ledger: WizardLedger
) -> None:
    t = new_table(client)
    play(ledger, t.game_id, actions=2)
    head = ledger.load(t.game_id).version
    url = f"/tables/{t.game_id}/events"
    for kwargs in (
        {"params": {"after": head + 1}},
        {"params": {"after": 999999}},
        {"headers": {"Last-Event-ID": str(head + 1)}},
        {"params": {"after": 0}, "headers": {"Last-Event-ID": "999999"}},
    ):
        r = client.get(url, **kwargs)  # type: ignore[arg-type]
        assert r.status_code == 422, kwargs
        body = r.json()
        assert body["code"] == "bad_position" and f"ends at {head}" in body["message"]
    for garbage in ("abc", "-1", "1.5", "²".encode()):
        r = client.get(url, headers={"Last-Event-ID": garbage})
        assert r.status_code == 422 and r.json()["code"] == "bad_position", garbage
    # The head itself is a valid place to resume from (nothing missed).
    t2, head2 = finished_table(client, ledger, seed=1)
    assert [k for k, _ in stream_kinds(client, t2, params={"after": head2})] == ["ready", "end"]


def test_a_browser_style_reconnect_over_real_http_sends_only_what_is_new(
    ledger: WizardLedger,
) -> None:
    app = create_app(ledger, redis="off", poll_interval=0.1)
    with LiveServer(app) as server, server.client() as c:
        t = new_table(c)
        url = f"/tables/{t.game_id}/events"
        with c.stream("GET", url, params={"after": 0}) as first:
            events = sse(first)
            seen = next_entry(events)["position"]  # the connection drops after this
        play(ledger, t.game_id, actions=1)
        with c.stream(
            "GET", url, params={"after": 0}, headers={"Last-Event-ID": str(seen)}
        ) as again:
            events = sse(again)
            assert next(events)[1]["after"] == seen
            assert next_entry(events)["position"] == seen + 1


# ------------------------------------------- 2. tokens out of URLs and logs


# --------------------------------------------------------------- 3. fork


# -------------------------------------------------------- 4. annotations


# --------------------------------------------- 6. rate-limited projection refresh
