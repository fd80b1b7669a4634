"""Record a few games with an earlier revision of Wizard Ledger, for the corpus.

Run with that revision's code first on the path (see README.md beside this file)::

    git worktree add --detach .scratch/rev-X X
    PYTHONPATH=.scratch/rev-X WIZARDS_REDIS=none .venv/bin/python \
        tests/corpus/record.py OUT.db [--chance-by=table|seats] [GAME ...]

Every game of the revision is played by a random legal player from a fixed
seed, to its end or to a number of commands, through that revision's own ledger
and store, so the store holds what that engine recorded. The loop is written
here, against what every revision's ledger offers (``create_game``, ``load``,
``act``), since the earliest had no stored simulation.

``--chance-by=table``: games in table mode, the table giving every die, deck
order and card drawn from a generator seeded by the game's seed, one value at
a time as the engine asks for it (a table rolling its dice and shuffling its
decks), in whatever words that revision asks (its refusal's ``needs``, or the
sentence of the earliest revisions). ``--chance-by=seats``: each seat names the
cards it draws when the engine asks it, a card tried again where the engine
says it cannot be there (the revision's own operator check first where it has
one, so that no seat spends its tries).
"""

from __future__ import annotations

import inspect
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_COMMANDS = {"seeded": 400, "table": 200, "seats": 100}
TRIES = 400  # values entered for one command before the table gives up

# The refusals of the earliest revisions, before they listed their needs as data:
# the first value missing, in the order the command uses them.
_VALUE = re.compile(
    r"a value 1\.\.(\d+) \(|an order of (\d+) cards|the card drawn from .*? \(one of \[([^\]]*)\]"
)

# A card named where the pile's order is known (later revisions name no card there).
_KNOWN = re.compile(r"'([^']+)' \(its order is known\), not '([^']+)'")

Send = Callable[[list[int], list[list[int]], list[str]], Any]


def _get_game(game_id: str) -> Any:
    try:  # the registry moved out of the kernel after 0.2.0
        from domain.games import get_game
    except ImportError:
        import domain.games  # noqa: F401  (importing it registered every game)
        from domain.kernel import get_game  # type: ignore[attr-defined,no-redef]
    return get_game(game_id)


def _order(rng: random.Random, size: int) -> list[int]:
    order = list(range(size))
    rng.shuffle(order)
    return order


def _offered(send: Send, dice: list[int], orders: list[list[int]], drew: list[str]) -> list[str]:
    """The cards the engine offers for the next draw (asked again without it)."""
    needs: tuple[Any, ...] = tuple(getattr(send(dice, orders, drew), "needs", None) or ())
    return list(needs[0].cards) if needs else []


def enter(rng: random.Random, send: Send, what: str) -> bool:
    """Give ``send`` the chance it asks for until it takes the command: a die rolled,
    a deck shuffled (its order), a card drawn (one of those that could be there,
    another where the engine refuses it), or the order of a pile shuffled face down
    where a card drawn from it is asked. False when the table cannot go on."""
    dice: list[int] = []
    orders: list[list[int]] = []
    drew: list[str] = []
    tried: dict[int, set[str]] = {}
    shuffled: int | None = None  # orders given before the piles shuffled face down
    for _ in range(TRIES):
        refused = send(dice, orders, drew)
        if refused is None:
            return True
        needs = getattr(refused, "needs", None)
        message = str(refused)
        if shuffled is not None and "more than this command shuffles" in message:
            # a pile shuffled face down before this command: its cards are named
            orders = orders[:shuffled]
            continue
        if needs:
            need = needs[0]
            face_down = getattr(refused, "face_down", ())
            if need.kind == "die":
                dice.append(rng.randint(1, need.sides))
            elif need.kind == "order":
                orders.append(_order(rng, need.size))
            elif face_down and shuffled is None and getattr(send, "orders_ok", True):
                shuffled = len(orders)
                orders += [_order(rng, size) for _, size in face_down]
            else:
                drew.append(rng.choice(need.cards))
            continue
        found = _VALUE.search(message) if needs is None else None
        if found and found.group(1):
            dice.append(rng.randint(1, int(found.group(1))))
            continue
        if found and found.group(2):
            orders.append(_order(rng, int(found.group(2))))
            continue
        if found and found.group(3):
            drew.append(rng.choice(re.findall(r"'([^']*)'", found.group(3))))
            continue
        known = _KNOWN.search(message)
        if drew and known:  # the pile's order is known: its top card is the one drawn
            top = re.search(r"\(([^()]+)\)$", known.group(1))  # "Name (id)": the id
            card = top.group(1) if top else known.group(1)
            drew[drew.index(known.group(2)) if known.group(2) in drew else -1] = card
            continue
        if drew and ("cannot have come from" in message or "is called" in message):
            k = len(drew) - 1
            tried.setdefault(k, set()).add(drew[k])
            offered = [c for c in _offered(send, dice, orders, drew[:k]) if c not in tried[k]]
            if offered:
                drew[k] = rng.choice(offered)
                continue
        print(f"  {what}: the table cannot go on: {message}", flush=True)
        return False
    print(f"  {what}: the table never got it right: {message}", flush=True)
    return False


def _sender(ledger: Any, gid: str, seat: int, command: Any, by_seats: bool) -> Send:
    """``send`` for ``enter``: the seat's command (None: its entry of its cards) with the
    values given; the refusal for chance missing or wrong, or None once taken."""
    from domain.kernel import IllegalCommand

    trial = getattr(getattr(ledger, "holds", None), "trial", None)
    taken = inspect.signature(ledger.act).parameters

    def send(dice: list[int], orders: list[list[int]], drew: list[str]) -> Any:
        try:
            if by_seats and trial is not None:  # the operator's check: no seat's try spent
                trial(gid, seat, command, dice=dice, orders=orders, drew=drew)
            kw: dict[str, Any] = {"dice": dice}
            if orders and "orders" not in taken:
                return RuntimeError("the first table mode takes no deck order on a command")
            if "orders" in taken:
                kw["orders"] = orders
            if drew:
                kw["drew"] = drew
            ledger.act(gid, seat, command, **kw)
        except IllegalCommand as e:  # chance missing or wrong (DiceRequired), or refused
            return e
        return None

    # Seats name their own draws: no one knows the order a face-down pile lies in.
    send.orders_ok = not by_seats  # type: ignore[attr-defined]
    return send


def _opened(ledger: Any, game: Any, players: int, seed: str, chance_by: str) -> str | None:
    from domain.kernel import DiceRequired

    names = [f"bot {i + 1}" for i in range(players)]
    created: list[Any] = []
    rng = random.Random(f"corpus-table:{seed}:opening")

    def send(dice: list[int], orders: list[list[int]], drew: list[str]) -> Any:
        kw: dict[str, Any] = {"table": True, "dice": dice}
        if "orders" in inspect.signature(ledger.create_game).parameters:
            kw["orders"] = orders
        elif orders:  # the earliest revisions took the opening's orders from a setup script
            kw["setup"] = {"orders": orders}
        if drew:
            kw["drew"] = drew
        if chance_by == "seats":
            kw["chance_by"] = "seats"
        try:
            created.append(ledger.create_game(game.spec.id, names, **kw))
        except DiceRequired as e:
            return e
        return None

    # Whoever opens a seats table gives what no seat holds, never a pile's order.
    send.orders_ok = chance_by != "seats"  # type: ignore[attr-defined]
    if not enter(rng, send, f"{game.spec.id}: the opening"):
        return None
    return str(created[0].game_id)


def play(ledger: Any, game: Any, players: int, seed: str, chance_by: str = "seeded") -> str:
    import msgspec

    rng = random.Random(f"corpus-bots:{seed}")
    table_rng = random.Random(f"corpus-table:{seed}")
    if chance_by == "seeded":
        created = ledger.create_game(
            game.spec.id, [f"bot {i + 1}" for i in range(players)], seed=seed
        )
        gid: str | None = str(created.game_id)
    else:
        gid = _opened(ledger, game, players, seed, chance_by)
    if gid is None:
        return "(not opened)"
    by_seats = chance_by == "seats"
    for _ in range(MAX_COMMANDS[chance_by]):
        holds: Any = getattr(ledger, "holds", None)
        while by_seats and (hold := holds.hold_of(gid)) is not None:
            seat = hold.waiting[0]
            if not enter(table_rng, _sender(ledger, gid, seat, None, True), f"seat {seat}"):
                return gid
        loaded = ledger.load(gid)
        state = (loaded.fold if hasattr(loaded, "fold") else loaded.table).state
        if game.outcome(state) is not None or not state.pending:
            break
        seat = state.pending[0].seat
        command = msgspec.to_builtins(rng.choice(game.legal_commands(state, seat)))
        if chance_by == "seeded":
            ledger.act(gid, seat, command)
        elif not enter(table_rng, _sender(ledger, gid, seat, command, by_seats), str(command)):
            break
    return gid


def main(out: str, args: list[str]) -> None:
    import domain.kernel
    from services.ledger import WizardLedger

    chance_by = "seeded"
    games = []
    for arg in args:
        if arg.startswith("--chance-by="):
            chance_by = arg.partition("=")[2]
        else:
            games.append(arg)
    here = Path(domain.kernel.__file__).resolve().parents[2]
    assert here != Path(__file__).resolve().parents[2], "run with an earlier revision's code"
    ledger = WizardLedger(f"sqlite:///{out}")
    version = domain.kernel.ENGINE_VERSION
    mode = "" if chance_by == "seeded" else f"{chance_by}:"
    for game_id in games or ("ultimate", "spellwars", "elfenwizards", "orctower"):
        try:
            game = _get_game(game_id)
        except Exception as e:  # a game this revision did not have yet
            print(f"{version}: no {game_id} ({e})", flush=True)
            continue
        lo, hi = game.spec.min_players, game.spec.max_players
        counts = (lo, min(hi, lo + 1)) if chance_by == "seeded" else (lo,)
        for i, players in enumerate(counts):
            seed = f"corpus:{version}:{mode}{game_id}:{i}"
            gid = play(ledger, game, players, seed, chance_by)
            print(f"{version} {game_id} {players} players {seed}: {gid}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
