"""Long game streams for the benchmarks, grown through the ledger as players would."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.games import get_game
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json

CALM = ("Draw", "Discard", "NoAction", "Pass", "EndTurn", "Decline", "KeepCards")


def stalling_choice(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Prefer commands that do not hurt anyone, so a stream can grow as long as we like."""
    calm = [c for c in legal if c["type"] in CALM]
    return rng.choice(calm or legal)


def grow(
    ledger: WizardLedger, gid: Any, n_events: int, seed: int = 0, cpu: list[float] | None = None
) -> list[float]:
    """Act until the stream holds ``n_events`` (or the game ends); return the seconds
    of each act (and append the CPU seconds of each to ``cpu``)."""
    rng = random.Random(seed)
    times = []
    while ledger.load(gid).version < n_events:
        state = state_json(ledger, gid)
        if state["status"] == "finished":
            break
        seat = state["pending"][0]["seat"]
        command = stalling_choice(legal_json(ledger, gid, seat), rng)
        c0, t0 = time.thread_time(), time.perf_counter()
        ledger.act(gid, seat, command)
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(time.thread_time() - c0)
    return times


def long_store(tmp: Path, game: str) -> Path:
    """The SQLite file under ``tmp`` holding the benchmarks' long stream of ``game``."""
    return tmp / ("long.db" if game == "ultimate" else f"long-{game}.db")


def long_stream(tmp: Path, game: str, n_events: int) -> UUID:
    """The benchmarks' long stream of ``game`` at its most seats, in ``long_store``;
    grown to ``n_events`` there unless it is already stored. Ultimate's runs as long
    as asked; the other games end sooner, each stream one game played out calmly."""
    ledger = WizardLedger(f"sqlite:///{long_store(tmp, game)}", snapshot_every=100)
    try:
        stored = ledger.game_ids()
        if stored:
            return stored[0]
        seed = "bench-long" if game == "ultimate" else "bench"
        gid = ledger.create_game(game, get_game(game).spec.max_players, seed=seed).game_id
        grow(ledger, gid, n_events)
        return gid
    finally:
        ledger.close()
