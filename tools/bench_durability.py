"""Durability under load: two API processes on PostgreSQL, one killed with SIGKILL mid-run.

Clients play games over HTTP against both processes. Every act carries an
idempotency key; when a request fails (connection refused or reset by the
kill, a 5xx) the client sends the same command with the same key to the other
process, so an act that was stored before its answer was lost is answered
from the store instead of being stored twice. Afterwards the store is read
directly and the run reports:

- acknowledged: acts answered 200 (each counted once, retries included);
- stored: ActionTaken events in the store, by idempotency key;
- lost: acknowledged acts whose events (position and hash) are not stored — must be 0;
- doubled: keys stored more than once — must be 0;
- verify: games that verify clean, out of all games.

Bounded: a fixed number of acts (``--quick``: fewer) and a time limit.
Run alone: ``python -m tools.bench_durability [--quick]``; ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from services.ledger import WizardLedger
from services.review.verify import verify_game

PG = "host=127.0.0.1 port=5432 user=postgres dbname=test"
PG_URL = "postgresql://postgres@127.0.0.1:5432/test"
TIME_LIMIT = 120.0  # seconds: the run stops acting after this, whatever the count


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class Server:
    """One API process (uvicorn), started and killed by this bench only."""

    def __init__(self, store: str, port: int) -> None:
        self.store = store
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {
            **os.environ,
            "WIZARDS_STORE": self.store,
            "WIZARDS_REDIS": "off",
            # The bench measures durability, not the limits: off for its one client.
            "WIZARDS_RATE_CREATE": "off",
            "WIZARDS_RATE_ACT": "off",
        }
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "tools.served:create_served_app",
                "--factory",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
                "--no-access-log",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the API process on port {self.port} did not become ready")

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.proc = None


@dataclass
class Tally:
    acks: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # key -> entries
    latencies: list[float] = field(default_factory=list)
    retries: int = 0
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def _play(
    servers: list[Server], gid: str, tokens: dict[int, str], budget: list[int], tally: Tally
) -> None:
    """Act on one game until it ends or the shared budget is spent; fail over on errors."""
    rng = random.Random(gid)
    which = rng.randrange(len(servers))
    n = 0
    stop_at = time.monotonic() + TIME_LIMIT
    with httpx.Client(timeout=10) as client:
        while time.monotonic() < stop_at:
            with tally.lock:
                if budget[0] <= 0:
                    return
                budget[0] -= 1
            key = f"{gid}:{n}"
            command: dict[str, Any] | None = None
            seat = -1
            for _ in range(40):
                base = servers[which].url
                try:
                    if command is None:
                        state = client.get(f"{base}/tables/{gid}/state").json()
                        if state["status"] != "running":
                            return
                        seat = state["pending"][0]["seat"]
                        auth = {"Authorization": f"Bearer {tokens[seat]}"}
                        legal = client.get(
                            f"{base}/tables/{gid}/legal", params={"seat": seat}, headers=auth
                        ).json()
                        command = rng.choice(legal)
                    auth = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": key}
                    started = time.perf_counter()
                    r = client.post(
                        f"{base}/tables/{gid}/act",
                        json={"seat": seat, "command": command},
                        headers=auth,
                    )
                except (httpx.HTTPError, ValueError, KeyError):
                    r = None
                if r is not None and r.status_code == 200:
                    elapsed = time.perf_counter() - started
                    entries = [(e["position"], e["hash"]) for e in r.json()["entries"]]
                    with tally.lock:
                        tally.acks[key] = entries
                        tally.latencies.append(elapsed)
                    break
                if r is not None and 400 <= r.status_code < 500:
                    with tally.lock:
                        tally.refused += 1  # refused by the rules: nothing stored, move on
                    break
                with tally.lock:
                    tally.retries += 1
                which = (which + 1) % len(servers)  # the other process
                time.sleep(0.05)
            n += 1


def _check(store: str, games: list[str], tally: Tally) -> dict[str, Any]:
    ledger = WizardLedger(store)
    try:
        stored_keys: Counter[str] = Counter()
        stored_entries: dict[tuple[str, int], str] = {}
        verified = 0
        for gid in games:
            for e in ledger.entries(gid):
                stored_entries[(gid, e.position)] = e.hash
                key = getattr(e.event, "key", None)
                if type(e.event).__name__ == "ActionTaken" and key is not None:
                    stored_keys[key] += 1
            verified += verify_game(ledger, gid).ok
    finally:
        ledger.close()
    lost = [
        key
        for key, entries in tally.acks.items()
        if any(stored_entries.get((key.rsplit(":", 1)[0], p)) != h for p, h in entries)
    ]
    return {
        "stored": sum(stored_keys.values()),
        "lost": len(lost),
        "doubled": sum(1 for c in stored_keys.values() if c > 1),
        "unacknowledged": len(set(stored_keys) - set(tally.acks)),
        "verified": verified,
    }


def run(quick: bool = False, out: Any = print) -> dict[str, Any] | None:
    """Run the bench; print its lines with ``out``; None when PostgreSQL is absent."""
    if not _reachable(5432):
        out("  durability: skipped (PostgreSQL is not reachable on 127.0.0.1:5432)")
        return None
    import psycopg

    schema = f"bench_dur_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    store = f"{PG_URL}?schema={schema}"
    WizardLedger(store).close()  # create the tables once, before two processes race to
    servers = [Server(store, _free_port()), Server(store, _free_port())]
    n_games, budget = (6, 120) if quick else (16, 600)
    try:
        for s in servers:
            s.start()
        games: list[str] = []
        tokens: dict[str, dict[int, str]] = {}
        with httpx.Client(timeout=30) as client:
            for i in range(n_games):
                body = {"game": "ultimate", "players": 2, "options": {"rounds_to_win": 1}}
                r = client.post(f"{servers[i % 2].url}/tables", json=body)
                r.raise_for_status()
                data = r.json()
                games.append(data["game_id"])
                tokens[data["game_id"]] = {s["seat"]: s["token"] for s in data["seats"]}
        tally = Tally()
        left = [budget]
        threads = [
            threading.Thread(target=_play, args=(servers, g, tokens[g], left, tally)) for g in games
        ]
        started = time.perf_counter()
        for t in threads:
            t.start()
        # Kill the second process when about a third of the budget is spent,
        # then bring it back: clients fail over to the first meanwhile.
        while left[0] > budget * 2 // 3 and any(t.is_alive() for t in threads):
            time.sleep(0.02)
        servers[1].kill()
        time.sleep(0.5)
        servers[1].start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
    finally:
        for s in servers:
            s.stop()
    result = _check(store, games, tally)
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    acked = len(tally.acks)
    lat = sorted(tally.latencies) or [0.0]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    out(
        f"  durability (2 API processes on PostgreSQL, one killed with SIGKILL and restarted, "
        f"{len(games)} games):"
    )
    out(
        f"    acknowledged {acked}, stored {result['stored']} "
        f"(+{result['unacknowledged']} stored whose answer was lost), "
        f"lost {result['lost']}, doubled {result['doubled']}, "
        f"verify clean {result['verified']}/{len(games)}"
    )
    out(
        f"    {acked / elapsed:.0f} acknowledged acts/s; act p50 "
        f"{statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms; "
        f"{tally.retries} retries on the other process, {tally.refused} refused by the rules"
    )
    return {"acknowledged": acked, **result, "games": len(games)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and acts")
    args = parser.parse_args()
    result = run(args.quick)
    if result is not None and (result["lost"] or result["doubled"]):
        sys.exit(1)


if __name__ == "__main__":
    main()
