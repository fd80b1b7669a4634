"""Record a few games with an earlier revision of Wizard Ledger, for the corpus.

Run with that revision's code first on the path (see README.md beside this file)::

    git worktree add --detach /tmp/rev-X X
    PYTHONPATH=/tmp/rev-X WIZARDS_REDIS=none .venv/bin/python \
        tests/corpus/record.py OUT.db [GAME ...]

Every game of the revision is played by a random legal player from a fixed
seed, to its end or to 400 commands, through that revision's own ledger and
store, so the store holds what that engine recorded. The loop is written here,
against what every revision's ledger offers (``create_game``, ``load``,
``act``), since the earliest had no stored simulation.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

MAX_COMMANDS = 400


def _get_game(game_id: str) -> Any:
    try:  # the registry moved out of the kernel after 0.2.0
        from domain.games import get_game
    except ImportError:
        import domain.games  # noqa: F401  (importing it registered every game)
        from domain.kernel import get_game  # type: ignore[attr-defined,no-redef]
    return get_game(game_id)


def play(ledger: Any, game: Any, players: int, seed: str) -> str:
    import msgspec

    rng = random.Random(f"corpus-bots:{seed}")
    created = ledger.create_game(game.spec.id, [f"bot {i + 1}" for i in range(players)], seed=seed)
    gid = created.game_id
    for _ in range(MAX_COMMANDS):
        loaded = ledger.load(gid)
        state = (loaded.fold if hasattr(loaded, "fold") else loaded.table).state
        if game.outcome(state) is not None or not state.pending:
            break
        seat = state.pending[0].seat
        command = rng.choice(game.legal_commands(state, seat))
        ledger.act(gid, seat, msgspec.to_builtins(command))
    return str(gid)


def main(out: str, games: list[str]) -> None:
    import domain.kernel
    from services.ledger import WizardLedger

    here = Path(domain.kernel.__file__).resolve().parents[2]
    assert here != Path(__file__).resolve().parents[2], "run with an earlier revision's code"
    ledger = WizardLedger(f"sqlite:///{out}")
    version = domain.kernel.ENGINE_VERSION
    for game_id in games or ("ultimate", "spellwars", "elfenwizards", "orctower"):
        try:
            game = _get_game(game_id)
        except Exception as e:  # a game this revision did not have yet
            print(f"{version}: no {game_id} ({e})", flush=True)
            continue
        lo, hi = game.spec.min_players, game.spec.max_players
        for i, players in enumerate((lo, min(hi, lo + 1))):
            seed = f"corpus:{version}:{game_id}:{i}"
            gid = play(ledger, game, players, seed)
            print(f"{version} {game_id} {players} players {seed}: {gid}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
