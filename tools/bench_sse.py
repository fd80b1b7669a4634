"""Live fan-out for ``make bench``: many SSE watchers on one ``wizards serve`` process.

``watchers`` spectator streams (``GET /tables/{id}/events``) are spread over
``games`` games; then acts are sent one at a time, round the games, and each
watcher notes when each new entry reaches it. The figure is the delay from
sending the act to each watcher receiving its first entry, over all watchers
and acts (the act's own time included, as a player waiting for the others
would see it).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from typing import Any

import msgspec

from tools.bench_http import HTTPConnection, Servers


class Watcher:
    """One SSE connection; records when each position arrives."""

    def __init__(self, port: int, gid: str) -> None:
        self.port, self.gid = port, gid
        self.arrived: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write(
            f"GET /tables/{self.gid}/events HTTP/1.1\r\nhost: x\r\n"
            "accept: text/event-stream\r\n\r\n".encode()
        )
        while (await reader.readline()) not in (b"\r\n", b""):
            pass  # status line and headers (chunked transfer)
        buffer = b""
        while True:
            size_line = await reader.readline()
            if not size_line:
                return
            size = int(size_line.strip() or b"0", 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                return
            buffer += chunk[:-2]
            while b"\n\n" in buffer or b"\r\n\r\n" in buffer:
                sep = b"\r\n\r\n" if b"\r\n\r\n" in buffer else b"\n\n"
                message, _, buffer = buffer.partition(sep)
                self._message(message.decode())

    def _message(self, message: str) -> None:
        kind, data = "message", ""
        for line in message.splitlines():
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data += line[5:].strip()
        if kind == "ready":
            self.ready.set()
        elif kind == "entry":
            self.arrived.setdefault(msgspec.json.decode(data)["position"], time.perf_counter())

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def _fan_out(port: int, games: int, watchers: int, acts: int) -> tuple[list[float], int]:
    conn = HTTPConnection("127.0.0.1", port)
    tables = []
    for _ in range(games):
        _, created = await conn.request("POST", "/tables", {"game": "ultimate", "players": 2})
        tables.append((created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}))
    crowd = [Watcher(port, tables[i % games][0]) for i in range(watchers)]
    tasks = [asyncio.create_task(w.run()) for w in crowd]
    await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in crowd)), 120)
    rng = random.Random(7)
    sent: list[tuple[str, int, float]] = []  # game, first new position, time sent
    for i in range(acts):
        gid, tokens = tables[i % games]
        _, state = await conn.request("GET", f"/tables/{gid}/state")
        if state["status"] == "finished":
            continue
        seat = state["pending"][0]["seat"]
        auth = {"authorization": f"Bearer {tokens[seat]}"}
        _, legal = await conn.request("GET", f"/tables/{gid}/legal?seat={seat}", headers=auth)
        t0 = time.perf_counter()
        status, answer = await conn.request(
            "POST", f"/tables/{gid}/act", {"seat": seat, "command": rng.choice(legal)}, auth
        )
        if status == 200:
            sent.append((gid, answer["entries"][0]["position"], t0))
        await asyncio.sleep(0.05)  # one act at a time: the fan-out, not a queue, is measured
    await asyncio.sleep(2.0)  # let the last entries arrive
    delays, missing = [], 0
    for gid, position, t0 in sent:
        for w in crowd:
            if w.gid != gid:
                continue
            if position in w.arrived:
                delays.append(w.arrived[position] - t0)
            else:
                missing += 1
    for w in crowd:
        w.close()
    for t in tasks:
        t.cancel()
    with contextlib.suppress(BaseException):
        await asyncio.gather(*tasks, return_exceptions=True)
    await conn.close()
    return delays, missing


def bench_sse(tmp: Path, line: Any, *, quick: bool = False) -> None:
    watchers = 200 if quick else 1000
    games, acts = 10, 20 if quick else 60
    print(f"live: {watchers} SSE watchers over {games} games on one process (SQLite)")
    with Servers(f"sqlite:///{tmp / 'sse.db'}", 1, tmp / "sse.log") as servers:
        delays, missing = asyncio.run(_fan_out(servers.ports[0], games, watchers, acts))
    delays.sort()
    if not delays:
        line("act sent -> entry received by each watcher", "nothing received")
        return
    p50 = delays[len(delays) // 2]
    p99 = delays[min(len(delays) - 1, int(0.99 * len(delays)))]
    line(
        "act sent -> entry received by each watcher, p50 / p99",
        f"{p50 * 1e3:.1f} ms / {p99 * 1e3:.1f} ms ({len(delays)} deliveries, {missing} missing)",
    )
