"""Opening a game: shuffles and deal, or a recorded table position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.spellwars import events as ev
from domain.spellwars.cards import all_cards, instances, main_deck
from domain.spellwars.flow import advance, finish, start_round, start_turn
from domain.spellwars.run import Run
from domain.spellwars.state import MAX, State, Wizard

KEYS = (
    "deck",
    "treasure_deck",
    "dead_deck",
    "hands",
    "life",
    "blood",
    "tokens",
    "treasures",
    "creatures",
    "dungeon",
    "dice",
    "orders",
)


def initial(started: GameStarted) -> State:
    n = len(started.players)
    o = started.options
    # A table-mode game keeps its chance script in the setup: only other keys make a position.
    given = {k for k in started.setup or {} if k not in ("dice", "orders", "drew")}
    position = validate_setup(started.setup or {}, n) if given else None
    return State(
        players=n,
        variant=str(o.get("variant", "tokens")),
        tokens_to_win=int(o.get("tokens_to_win", 2)),
        neighbour=str(o.get("neighbour", "living")),
        contest_ties=str(o.get("contest_ties", "all")),
        survivor_blood=str(o.get("survivor_blood", "holder")),
        trim=str(o.get("trim", "repeated")),
        fast_suicide=str(o.get("fast_suicide", "nothing")),
        stolen_gain=str(o.get("stolen_gain", "run")),
        setup_position=position,
        wizards=tuple(Wizard() for _ in range(n)),
    )


def setup(state: State, dice: Dice) -> list[Event]:
    run = Run(state, dice)
    p = state.setup_position
    if p is None:
        run.emit(dice.shuffle(main_deck(), pile="main", rule="sw.setup.deal"))
        run.emit(dice.shuffle(instances(("treasure",)), pile="treasure", rule="sw.setup.deal"))
        run.emit(dice.shuffle(instances(("dead",)), pile="dead", rule="sw.setup.deal"))
        start_round(run)
    else:
        run.emit(ev.RoundStarted(rule="sw.dungeon.start", round=1))
        run.emit(
            ev.PositionLoaded(
                rule="sw.setup.position",
                deck=tuple(p["deck"]),
                treasure_deck=tuple(p["treasure_deck"]),
                dead_deck=tuple(p["dead_deck"]),
                hands=tuple(tuple(h) for h in p["hands"]),
                life=tuple(p["life"]),
                blood=tuple(p["blood"]),
                tokens=tuple(p["tokens"]),
                treasures=tuple(tuple(t) for t in p["treasures"]),
                creatures=tuple(tuple(c) for c in p["creatures"]),
                dungeon=int(p["dungeon"]),
            )
        )
        start_turn(run)
    advance(run)
    finish(run)
    return run.events


def _per_seat(setup: Mapping[str, Any], key: str, players: int, default: Any) -> list[Any]:
    value = setup.get(key)
    if value is None:
        return [default() if callable(default) else default for _ in range(players)]
    if not isinstance(value, list | tuple) or len(value) != players:
        raise SetupError(f"setup {key!r}: expected a list of {players} entries (one per seat)")
    return list(value)


def _ids(value: Any, key: str, kinds: tuple[str, ...], seen: set[str]) -> list[str]:
    if not isinstance(value, list | tuple):
        raise SetupError(f"setup {key!r}: expected a list of card ids")
    out = []
    for c in value:
        slug = str(c).split("#", 1)[0]
        if slug not in all_cards() or "#" not in str(c):
            raise SetupError(f"setup {key!r}: unknown card id {c!r} (ids look like 'multitax#1')")
        k = all_cards()[slug]
        copy = str(c).split("#", 1)[1]
        if not copy.isdigit() or not 1 <= int(copy) <= k.copies:
            raise SetupError(f"setup {key!r}: {c!r}: {k.name} has copies 1..{k.copies}")
        if k.kind not in kinds:
            raise SetupError(f"setup {key!r}: {c!r} is a {k.kind} card, expected {kinds}")
        if c in seen:
            raise SetupError(f"setup {key!r}: card {c!r} appears twice in the position")
        seen.add(str(c))
        out.append(str(c))
    return out


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Normalise a position: every pile listed in full (unlisted cards go to the bottom
    of their deck in manifest order)."""
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise SetupError(f"setup: unknown key(s) {unknown}; known: {list(KEYS)}")
    main_kinds = ("source", "quality", "delivery", "wild")
    seen: set[str] = set()
    hands = [_ids(h, "hands", main_kinds, seen) for h in _per_seat(setup, "hands", players, list)]
    if any(len(h) > 8 for h in hands):
        raise SetupError("setup 'hands': a hand holds at most 8 cards")
    creatures = [
        _ids(c, "creatures", ("delivery",), seen)
        for c in _per_seat(setup, "creatures", players, list)
    ]
    deck = _ids(setup.get("deck", []), "deck", main_kinds, seen)
    deck += [c for c in main_deck() if c not in seen]
    tseen: set[str] = set()
    treasures = [
        _ids(t, "treasures", ("treasure",), tseen)
        for t in _per_seat(setup, "treasures", players, list)
    ]
    tdeck = _ids(setup.get("treasure_deck", []), "treasure_deck", ("treasure",), tseen)
    tdeck += [c for c in instances(("treasure",)) if c not in tseen]
    dseen: set[str] = set()
    ddeck = _ids(setup.get("dead_deck", []), "dead_deck", ("dead",), dseen)
    ddeck += [c for c in instances(("dead",)) if c not in dseen]
    numbers = {}
    for key, default, lo, hi in (("life", 20, 1, MAX), ("blood", 0, 0, MAX), ("tokens", 0, 0, 2)):
        values = _per_seat(setup, key, players, default)
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise SetupError(f"setup {key!r}: {v!r} is not an integer in {lo}..{hi}")
        numbers[key] = values
    dungeon = setup.get("dungeon", -1)
    if not isinstance(dungeon, int) or not -1 <= dungeon < players:
        raise SetupError(f"setup 'dungeon': a seat 0..{players - 1}, or -1 for nobody")
    return {
        "deck": deck,
        "treasure_deck": tdeck,
        "dead_deck": ddeck,
        "hands": hands,
        "creatures": creatures,
        "treasures": treasures,
        "dungeon": dungeon,
        **numbers,
    }
