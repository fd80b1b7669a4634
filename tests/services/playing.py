"""Games played through the store, a command at a time.

``play`` picks among the legal commands those that move the game on; ``play_until``
reads the state and the legal commands as a client does (the JSON views) and picks
any of them. Both are seeded: a test relies on the game each seed gives.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json

# Short games: one round of five life points.
QUICK = {"rounds_to_win": 1, "round_health": 5}
ATTACKS = ("PlayCard", "PlayCombo", "Decline", "EndTurn")


def pick(commands: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal command, preferring those that move the game on."""
    eager = [c for c in commands if c["type"] in ATTACKS]
    return rng.choice(eager or commands)


def pending_seat(ledger: WizardLedger, gid: Any) -> int | None:
    """The seat waited for, or None once the game is over."""
    loaded = ledger.load(gid)
    if loaded.game.outcome(loaded.fold.state) is not None:
        return None
    return int(loaded.fold.state.pending[0].seat)


def play(ledger: WizardLedger, gid: Any, *, actions: int | None = None, seed: int = 0) -> int:
    """Play legal commands straight through the store, to the end or for ``actions``."""
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        loaded = ledger.load(gid)
        if loaded.game.outcome(loaded.fold.state) is not None:
            break
        seat = loaded.fold.state.pending[0].seat
        legal = loaded.game.legal_commands(loaded.fold.state, seat)
        ledger.act(gid, seat, pick([msgspec.to_builtins(c) for c in legal], rng))
        done += 1
        assert done < 5000, "the game does not end"
    return done


def play_until(ledger: WizardLedger, gid: Any, *, actions: int | None = None, seed: int = 0) -> int:
    """Play random legal commands through the store; stop at the end or after ``actions``."""
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        state = state_json(ledger, gid)
        if state["status"] == "finished":
            break
        seat = state["pending"][0]["seat"]
        command = rng.choice(legal_json(ledger, gid, seat))
        ledger.act(gid, seat, command)
        done += 1
    return done


def next_command(ledger: WizardLedger, gid: Any, seed: int = 0) -> tuple[int, dict[str, Any]]:
    """The seat waited for and a command ``play`` would send it (not sent)."""
    loaded = ledger.load(gid)
    seat = int(loaded.fold.state.pending[0].seat)
    legal = [msgspec.to_builtins(c) for c in loaded.game.legal_commands(loaded.fold.state, seat)]
    return seat, pick(legal, random.Random(seed))


def read_both(ledger: WizardLedger, gid: Any) -> tuple[int, list[dict[str, Any]]]:
    """The position and the legal commands of the seat waited for, as a client reads them."""
    state = state_json(ledger, gid)
    seat = state["pending"][0]["seat"] if state["pending"] else 0
    return state["position"], legal_json(ledger, gid, seat)


def act_first_legal(ledger: WizardLedger, gid: str) -> int:
    """Send the first legal command of the seat waited for; the position it landed at."""
    seat = pending_seat(ledger, gid)
    assert seat is not None
    loaded = ledger.load(gid)
    command = msgspec.to_builtins(loaded.game.legal_commands(loaded.fold.state, seat)[0])
    return ledger.act(gid, seat, command)[0].position
