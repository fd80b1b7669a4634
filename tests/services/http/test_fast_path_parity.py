"""The play fast path (services.http.fast) answers exactly as the FastAPI routes do, for
every registered game: status, the headers that matter and the body of every act
(legal, refused, retried with its key, with a wrong token or none, held at a table
whose seats enter their own draws), legal, state (a seat's, a spectator's, at a
position), the live stream, and malformed requests; over real HTTP (uvicorn).

Twin tables (the same game, seed and commands) are played side by side: one
through the fast path, the other through the routes, reached with a query
parameter no route reads (``via=route``), which the fast path hands over."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from domain.games import all_games
from domain.kernel import Game
from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.live_server import LiveServer, sse

GAMES = all_games()
VIA = ("", "via=route")  # the fast path, then the route
# The headers an answer is read by (the request id and the date differ by nature).
HEADERS = ("content-type", "x-wizards-seat", "www-authenticate", "retry-after", "cache-control")


@pytest.fixture
def http(ledger: WizardLedger) -> Iterator[httpx.Client]:
    app = create_app(ledger, redis="off", poll_interval=0.1)
    with LiveServer(app) as server, server.client() as client:
        yield client


def _url(path: str, via: str, query: str = "") -> str:
    both = "&".join(q for q in (query, via) if q)
    return f"{path}?{both}" if both else path


def _plain(value: Any, ids: tuple[str, ...]) -> Any:
    """``value`` without what differs between twins: their ids, times and hashes."""
    if isinstance(value, dict):
        return {k: _plain(v, ids) for k, v in value.items() if k not in ("at", "when", "hash")}
    if isinstance(value, list):
        return [_plain(v, ids) for v in value]
    if isinstance(value, str):
        for gid in ids:
            value = value.replace(gid, "<game>")
    return value


class Twins:
    """Two tables of one game, each request sent to one through each path."""

    def __init__(self, http: httpx.Client, body: dict[str, Any]) -> None:
        self.http = http
        self.tables = [self._open(body) for _ in VIA]
        self.ids = tuple(t["game_id"] for t in self.tables)

    def _open(self, body: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post("/tables", json=body)
        if r.status_code == 422 and r.json().get("needs"):  # a table: what the opening needs
            r = self.http.post("/tables", json={**body, **table_chance(r.json()["needs"])})
        assert r.status_code == 201, r.text
        return dict(r.json(), tokens={s["seat"]: s["token"] for s in r.json()["seats"]})

    def auth(self, table: dict[str, Any], seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {table['tokens'][seat]}"}

    def send(
        self,
        method: str,
        op: str,
        *,
        seat: int | None = None,
        query: str = "",
        headers: list[tuple[str, str]] | None = None,
        **kwargs: Any,
    ) -> list[Any]:
        """The request on both tables (``seat``: with that seat's token), the answers
        compared; the fast path's answer."""
        answers = []
        for table, via in zip(self.tables, VIA, strict=True):
            sent = [*self.auth(table, seat).items(), *(headers or [])]
            url = _url(f"/tables/{table['game_id']}/{op}", via, query)
            answers.append(self.http.request(method, url, headers=sent, **kwargs))
        seen = [self.seen(a) for a in answers]
        assert seen[0] == seen[1], (method, op, query, seen)
        assert answers[0].status_code < 500, answers[0].text
        if answers[0].status_code >= 400:
            assert answers[0].headers["content-type"] == "application/problem+json"
        return list(seen[0])

    def seen(self, answer: httpx.Response) -> Any:
        headers = {h: answer.headers.get(h) for h in HEADERS}
        return [answer.status_code, headers, _plain(answer.json(), self.ids)]

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.send("GET", "state")[2]
        return state


def table_chance(
    needs: list[dict[str, Any]], named: dict[str, set[str]] | None = None
) -> dict[str, Any]:
    """What a table answers when asked ``needs``: a 1 for each die, for each card one of
    those it may be that was not named from its pile before (``named``, by pile, grows)."""
    named = {} if named is None else named
    dice, drew = [], []
    for need in needs:
        if need["kind"] == "die":
            dice.append(1)
        else:
            taken = named.setdefault(need["what"], set())
            card = next((c for c in need["cards"] if c not in taken), need["cards"][0])
            taken.add(card)
            drew.append(card)
    return {"dice": dice, "drew": drew}


def _moving_seat(state: dict[str, Any]) -> int:
    return int(state["pending"][0]["seat"])


def _compare_reads(twins: Twins, seat: int, position: int) -> list[dict[str, Any]]:
    """Every read of play, as the seat and as a spectator; the seat's legal commands."""
    own = twins.send("GET", "state", seat=seat, query=f"seat={seat}")
    assert own[0] == 200 and own[1]["x-wizards-seat"] == str(seat)
    assert twins.send("GET", "state")[1]["x-wizards-seat"] == "spectator"
    twins.send("GET", "state", seat=seat)  # the token's own seat
    for at in sorted({1, position}):
        assert twins.send("GET", "state", seat=seat, query=f"at={at}&seat={seat}")[0] == 200
    twins.send("GET", "state", query=f"at={position + 1}")  # past the end: 422
    legal = twins.send("GET", "legal", seat=seat, query=f"seat={seat}")
    assert legal[0] == 200
    assert twins.send("GET", "legal", query=f"seat={seat}")[0] == 401  # no token
    twins.send("GET", "legal", seat=seat)
    commands: list[dict[str, Any]] = legal[2]
    return commands


def _compare_refusals(twins: Twins, seat: int, command: dict[str, Any], players: int) -> None:
    """An act refused every way an act can be, on both paths, nothing stored."""
    act = {"seat": seat, "command": command}
    assert twins.send("POST", "act", json=act)[0] == 401
    wrong = [("Authorization", "Bearer not-a-token")]
    refused = twins.send("POST", "act", json=act, headers=wrong)
    assert refused[0] == 403 and refused[2]["code"] == "not_authorized"
    other = (seat + 1) % players
    twins.send("POST", "act", seat=other, json={"seat": other, "command": command})
    bogus = twins.send("POST", "act", seat=seat, json={"seat": seat, "command": {"type": "Nope"}})
    assert bogus[0] == 422 and bogus[2]["rule"] == "kernel.malformed"
    for body in (
        b'{"seat": %d, "command": {"type": "Dr\xffaw"}}' % seat,
        b'{"seat": %d, "command": ' % seat + b"[" * 1000 + b"]" * 1000 + b"}",
        b'{"seat": %d, "command": {"x": ' % seat + b"[" * 40 + b"]" * 40 + b"}}",
        b'{"seat": %d, "comand": {}}' % seat,
        b'{"seat": 99999}',
        b"[]",
        b"",
    ):
        json_type = [("Content-Type", "application/json")]
        assert twins.send("POST", "act", seat=seat, content=body, headers=json_type)[0] in (
            400,
            422,
        )
    twice = [("Authorization", "Bearer junk")]
    for op, query in (("act", ""), ("legal", f"seat={seat}"), ("state", ""), ("events", "")):
        kwargs: dict[str, Any] = {"json": act} if op == "act" else {}
        method = "POST" if op == "act" else "GET"
        assert twins.send(method, op, seat=seat, query=query, headers=twice, **kwargs)[0] == 400
    for query in (f"seat={seat}&seat={seat}", "seat=-1", "seat=1001", "seat=x", "at=0"):
        assert twins.send("GET", "state", seat=seat, query=query)[0] in (400, 422)
    key = [("Idempotency-Key", "k" * 201)]
    assert twins.send("POST", "act", seat=seat, json=act, headers=key)[0] == 422


def _compare_streams(twins: Twins, seat: int) -> None:
    """The live log from the start, as the seat and as a spectator: every message up to
    the first ``turn`` (or ``end``), the same on both paths; a stream's bad requests."""
    for who in (seat, None):
        logs = []
        for table, via in zip(twins.tables, VIA, strict=True):
            url = _url(f"/tables/{table['game_id']}/events", via, "after=0")
            with twins.http.stream("GET", url, headers=twins.auth(table, who)) as response:
                assert response.headers["content-type"] == "text/event-stream; charset=utf-8"
                messages = []
                for kind, data in sse(response):
                    messages.append((kind, _plain(data, twins.ids)))
                    if kind in ("turn", "end"):
                        break
            logs.append(messages)
        assert logs[0] == logs[1] and logs[0][0][0] == "ready"
        assert any(kind == "entry" for kind, _ in logs[0])
    assert twins.send("GET", "events", query="token=not-a-token")[0] == 403
    assert twins.send("GET", "events", query="after=99999")[0] == 422
    assert twins.send("GET", "events", headers=[("Last-Event-ID", "x")])[0] == 422
    mixed = twins.send("GET", "events", seat=seat, query="token=other")
    assert mixed[2]["code"] == "conflicting_tokens"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.spec.id)
def test_every_games_play_is_answered_alike_by_the_fast_path_and_the_routes(
    http: httpx.Client, game: Game[Any]
) -> None:
    players = game.spec.min_players
    twins = Twins(http, {"game": game.spec.id, "players": players, "seed": "twin"})
    rng = random.Random(5)
    for step in range(12):
        state = twins.state()
        if state["status"] != "running":
            break
        seat = _moving_seat(state)
        legal = _compare_reads(twins, seat, state["position"])
        command = rng.choice(legal)
        if step == 0:
            _compare_refusals(twins, seat, command, players)
        key = [("Idempotency-Key", f"k{state['position']}")]
        act = {"seat": seat, "command": command}
        first = twins.send("POST", "act", seat=seat, json=act, headers=key)
        assert first[0] == 200, first
        assert twins.send("POST", "act", seat=seat, json=act, headers=key) == first  # a retry
    assert step > 0
    _compare_streams(twins, _moving_seat(twins.state()))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.spec.id)
def test_every_games_table_of_seats_entering_their_draws_is_answered_alike(
    http: httpx.Client, game: Game[Any]
) -> None:
    players = game.spec.min_players
    body = {"game": game.spec.id, "players": players, "table": True, "chance_by": "seats"}
    twins = Twins(http, body)
    named: dict[str, set[str]] = {}
    for _ in range(12):
        state = twins.state()
        held = state.get("held") or {}
        if held.get("waiting"):
            # A held command (the opening deal included): a seat it waits for enters
            # nothing, then what it is asked for, then the same again with its key.
            seat = held["waiting"][0]
            asked = twins.send("POST", "act", seat=seat, json={"seat": seat})
            assert asked[0] == 409 and asked[2]["needs"]
            entry = {"seat": seat, **table_chance(asked[2]["needs"], named)}
            key = [("Idempotency-Key", f"entry-{state['position']}-{seat}")]
            entered = twins.send("POST", "act", seat=seat, json=entry, headers=key)
            assert twins.send("POST", "act", seat=seat, json=entry, headers=key) == entered
            continue
        if state["status"] != "running":
            break
        seat = _moving_seat(state)
        legal = twins.send("GET", "legal", seat=seat)[2]
        act: dict[str, Any] = {"seat": seat, "command": legal[0]}
        answer = twins.send("POST", "act", seat=seat, json=act)
        if answer[0] == 409 and answer[2].get("needs"):  # the table's chance for it
            act |= table_chance(answer[2]["needs"], named)
            answer = twins.send("POST", "act", seat=seat, json=act)
        assert answer[0] in (200, 409), answer
    # Every hold was entered in full, through both paths alike.
    assert twins.send("GET", "state", seat=0, query="seat=0")[2]["status"] != "dealing"
    twins.send("GET", "holds", seat=0)
