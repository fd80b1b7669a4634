"""Opening a game: shuffles and deal, or a position from a setup file.

A position holds everything the rules need to continue: every zone, the round and turn,
the wizards' standing (life, blood, tokens, points, dead-wizard cards, kept creatures and
their spells on the table), and the turn structure with its running programs and the
pending decision (``flow``). ``position`` writes a state as such a mapping; ``setup``
opens a game from it that continues exactly as the game it was taken from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.kernel.events import OPENING_CHANCE, laid_from_file
from domain.kernel.phrases import Seat, phrase
from domain.kernel.shape_faults import value_fault
from domain.spellwars import events as ev
from domain.spellwars.cards import SLOTS, all_cards, instances, kind_of, main_deck
from domain.spellwars.flow import advance, finish, start_round, start_turn
from domain.spellwars.run import Run
from domain.spellwars.state import HAND, MAX, Comp, Flow, State, Wizard, is_wild

MAIN_KINDS = ("source", "quality", "delivery", "wild")
PER_SEAT_INTS = {
    # key: (default, lowest, highest); a None bound is checked elsewhere
    "life": (20, None, MAX),
    "blood": (0, 0, MAX),
    "tokens": (0, 0, 2),
    "points": (0, 0, 99),
    "last_standing_round": (0, 0, 99),
    "creature_dice": (0, 0, 99),
    "deferred_treasures": (0, 0, 25),
}
PER_SEAT_BOOLS = {"alive": True, "placed": False, "revealed": False, "played": False}
PER_SEAT_CARDS = ("hands", "creatures", "treasures", "dead_cards")
PILES = ("deck", "discard", "treasure_deck", "treasure_discard", "dead_deck", "dead_discard")
DECKS = ("deck", "treasure_deck", "dead_deck")
# table mode: how many cards at the bottom of a deck lie in unknown order
UNKNOWN = tuple(f"{deck}_unknown" for deck in DECKS)
SCRIPT = ("dice", "orders")  # scripted chance: read by the service layer
KEYS = (
    "round",
    "turn",
    "dungeon",
    *PILES,
    *UNKNOWN,
    *PER_SEAT_CARDS,
    *PER_SEAT_INTS,
    *PER_SEAT_BOOLS,
    "spells",
    "flow",
    *SCRIPT,
)
PHASES = ("place", "cast")
STAGES = ("", "begin", "trim", "wild", "components")
STATUSES = ("hidden", "waiting", "resolving", "resolved")
# a spell's card fields that only a reading's placement gives (written when given)
ASKED = ("row", "declared")
PARTS = ("effect", "reaction", "gain", "cast", "dead", "dead-bonus", "dead-clear")
CHOICES = (
    "target",
    "pay",
    "option",
    "block",
    "give",
    "play",
    "discard",
    "component",
    "trim",
    "wild",
)


# ---------------------------------------------------------------- opening


# Each option the state holds, by its default (which says its type too).
_OPTION_DEFAULTS: dict[str, str | int | bool] = {
    "variant": "tokens",
    "tokens_to_win": 2,
    "neighbour": "living",
    "contest_ties": "all",
    "survivor_blood": "holder",
    "trim": "repeated",
    "fast_suicide": "nothing",
    "stolen_gain": "run",
    "ties": "reroll",
    "added_order": "choice",
    "trankilus": "first",
    "stolen_blood": "lost",
    "die_faces": "clockwise",
    "dead_bonus": "before_discard",
    "incorrect_initiative": "lowest",
    "resolving_reacts": False,
    "suicide_token": "own_kill",
    "fast_ties": "last_standing",
    "round_end": "dust",
    "deaths_checked": "line",
    "split_paid": "choice",
    "wild_type": "reveal",
    "creature_attack": "spell",
    "chance_script": "chance",
}


def _options(o: Mapping[str, Any]) -> dict[str, Any]:
    """The state's fields that hold the options (the rules read them there)."""
    return {k: type(d)(o.get(k, d)) for k, d in _OPTION_DEFAULTS.items()}


def switched(state: State, started: GameStarted) -> State:
    """The position of ``state`` under the options of ``started`` (``Game.switched``);
    the cards an option rewrites (``trankilus``) follow, as ``State.cards`` reads it."""
    return msgspec.structs.replace(state, **_options(started.options))


def initial(started: GameStarted) -> State:
    n = len(started.players)
    data = dict(started.data) if started.data is not None else None
    state = State(
        players=n,
        **_options(started.options),
        data=data,
        data_hash=started.data_hash if data is not None else "",
        wizards=tuple(Wizard() for _ in range(n)),
    )
    # A table-mode game keeps its chance script in the setup: only other keys make a position,
    # unless the script itself is read as an empty one (chance_script=position, changelog).
    if not laid_from_file(started.setup):
        if started.mode == "table" and state.chance_script == "position":
            return msgspec.structs.replace(state, setup_position=SCRIPT_AS_POSITION)
        return state
    assert started.setup is not None
    position = validate_setup(
        {k: v for k, v in started.setup.items() if k not in OPENING_CHANCE or k in SCRIPT}, n
    )
    _check_with_options(state, position)
    return msgspec.structs.replace(state, setup_position=position)


def setup(state: State, dice: Dice) -> list[Event]:
    run = Run(state, dice)
    p = state.setup_position
    if p == SCRIPT_AS_POSITION:
        _script_as_position(run)
    elif p is None:
        for pile, cards in (
            ("main", main_deck()),
            ("treasure", instances(("treasure",))),
            ("dead", instances(("dead",))),
        ):
            run.emit(dice.shuffle(cards, pile=pile, rule="sw.setup.deal", follow=True))
        start_round(run)
    else:
        piles = _complete_piles(run, p)
        if p["turn"] == 0:
            run.emit(ev.RoundStarted(rule="sw.dungeon.start", round=p["round"]))
        run.emit(_entered(p, piles))
        if p["turn"] == 0:
            start_turn(run)
        else:
            run.flow = _flow(p["flow"])
    advance(run)
    finish(run)
    return run.events


# chance_script=position: a table's script read as an empty position (no position
# in normal form holds this key).
SCRIPT_AS_POSITION: dict[str, Any] = {"chance_script": "position"}


def _script_as_position(run: Run) -> None:
    """A table's chance script read as an empty position (rule sw.setup.position,
    reading chance_script=position): every deck in its printed order, no hand,
    every wizard at its starting standing, then the round's first turn."""
    n = run.s.players
    run.emit(ev.RoundStarted(rule="sw.dungeon.start", round=1))
    run.emit(
        ev.PositionLoaded(
            rule="sw.setup.position",
            deck=tuple(main_deck()),
            treasure_deck=tuple(instances(("treasure",))),
            dead_deck=tuple(instances(("dead",))),
            hands=((),) * n,
            life=(PER_SEAT_INTS["life"][0],) * n,
            blood=(0,) * n,
            tokens=(0,) * n,
            treasures=((),) * n,
            creatures=((),) * n,
            dungeon=-1,
        )
    )
    start_turn(run)


def _complete_piles(run: Run, p: Mapping[str, Any]) -> dict[str, Any]:
    """The three face-down piles, with the cards the file left out shuffled below what it
    lists (each shuffle recorded like any other: seeded, the table's order, or face down
    in unknown order), and each deck's count of cards in unknown order."""
    listed = _listed(p)
    out: dict[str, Any] = {key: tuple(p[key]) for key in PILES}
    for pile, deck_key, kinds in (
        ("main", "deck", MAIN_KINDS),
        ("treasure", "treasure_deck", ("treasure",)),
        ("dead", "dead_deck", ("dead",)),
    ):
        left = [c for c in instances(kinds) if c not in listed]
        unknown = p.get(f"{deck_key}_unknown", 0)
        face_down = False
        if len(left) > 1:
            shuffled = run.dice.shuffle(left, pile=pile, rule="sw.setup.left-out", follow=True)
            run.emit(shuffled)
            left = list(shuffled.order)
            face_down = shuffled.unknown
        # Cards below unknown ones are in unknown order too (their place is not known).
        if unknown or face_down:
            unknown += len(left)
        out[deck_key] = (*out[deck_key], *left)
        out[f"{deck_key}_unknown"] = unknown
    return out


def _entered(p: Mapping[str, Any], piles: Mapping[str, Any]) -> ev.PositionEntered:
    """``piles``: every pile's cards and each deck's count of cards in unknown order."""
    wizards = []
    for i in range(len(p["life"])):
        spell = tuple(
            Comp(
                card=c["card"],
                slot=c.get("row") or all_cards()[c["card"].split("#")[0]].kind,
                status=c["status"],
                added=c["added"],
                carried=c["carried"],
                keep=c["keep"],
                declared=c.get("declared", False),
            )
            for c in p["spells"][i]
        )
        wizards.append(
            Wizard(
                hand=tuple(p["hands"][i]),
                spell=spell,
                creatures=tuple(p["creatures"][i]),
                treasures=tuple(p["treasures"][i]),
                dead_cards=tuple(p["dead_cards"][i]),
                **{k: p[k][i] for k in (*PER_SEAT_INTS, *PER_SEAT_BOOLS)},
            )
        )
    return ev.PositionEntered(
        rule="sw.setup.position",
        round=p["round"],
        turn=p["turn"],
        dungeon=p["dungeon"],
        wizards=tuple(wizards),
        **piles,
    )


def _flow(raw: Mapping[str, Any]) -> Flow:
    return msgspec.convert(raw, Flow)


# ---------------------------------------------------------------- position


def position(state: State) -> dict[str, Any]:
    """The state as a setup mapping in normal form (TOML-ready: no None)."""
    ws = state.wizards
    out: dict[str, Any] = {
        "round": state.round,
        "turn": state.turn,
        "dungeon": state.dungeon,
        **{key: list(getattr(state, key)) for key in PILES},
        # only a table-mode game has cards in unknown order: seeded positions stay as they were
        **{key: getattr(state, key) for key in UNKNOWN if getattr(state, key)},
        "hands": [list(w.hand) for w in ws],
        "creatures": [list(w.creatures) for w in ws],
        "treasures": [list(w.treasures) for w in ws],
        "dead_cards": [list(w.dead_cards) for w in ws],
        **{key: [getattr(w, key) for w in ws] for key in (*PER_SEAT_INTS, *PER_SEAT_BOOLS)},
        "spells": [
            [
                {
                    "card": c.card,
                    "status": c.status,
                    "added": c.added,
                    "carried": c.carried,
                    "keep": c.keep,
                    **_asked(c),
                }
                for c in w.spell
            ]
            for w in ws
        ],
        "flow": _plain(msgspec.to_builtins(state.flow)),
    }
    return out


def _asked(c: Comp) -> dict[str, Any]:
    """What only a reading's placement gives a card (written only when given): a wild
    magic card's place in the row (wild_type=row), the delivery declared kept
    (incorrect_initiative=declared)."""
    out: dict[str, Any] = {}
    if c.slot in SLOTS and is_wild(c.card):
        out["row"] = c.slot
    if c.declared:
        out["declared"] = True
    return out


def _plain(value: Any) -> Any:
    """Drop the None values (TOML has no null): they are the defaults."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# ---------------------------------------------------------------- validation


def _per_seat(setup: Mapping[str, Any], key: str, players: int, default: Any) -> list[Any]:
    value = setup.get(key)
    if value is None:
        return [default() if callable(default) else default for _ in range(players)]
    if not isinstance(value, list | tuple) or len(value) != players:
        raise SetupError(
            phrase(
                "setup {key}: expected a list of {players} entries (one per seat)",
                key=repr(key),
                players=players,
            )
        )
    return list(value)


def _int(value: Any, key: str, lo: int | None, hi: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(
            phrase("setup {key}: {value} is not an integer", key=repr(key), value=repr(value))
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is None:
            raise SetupError(
                phrase(
                    "setup {key}: {value} is not at most {hi}",
                    key=repr(key),
                    value=repr(value),
                    hi=str(hi),
                )
            )
        raise SetupError(
            phrase(
                "setup {key}: {value} is not in {lo}..{hi}",
                key=repr(key),
                value=repr(value),
                lo=lo,
                hi=str(hi),
            )
        )
    return value


class _Cards:
    """Card ids seen so far in one family of zones: each card at most once."""

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self.kinds = kinds
        self.seen: dict[str, str] = {}

    def ids(self, value: Any, key: str, kinds: tuple[str, ...] | None = None) -> list[str]:
        kinds = kinds or self.kinds
        if not isinstance(value, list | tuple):
            raise SetupError(phrase("setup {key}: expected a list of card ids", key=repr(key)))
        return [self.one(c, key, kinds) for c in value]

    def one(self, c: Any, key: str, kinds: tuple[str, ...], count: bool = True) -> str:
        text = str(c)
        slug, _, copy = text.partition("#")
        if not isinstance(c, str) or slug not in all_cards() or not copy:
            raise SetupError(
                phrase(
                    "setup {key}: unknown card id {card} (ids look like 'multitax#1')",
                    key=repr(key),
                    card=repr(c),
                )
            )
        k = all_cards()[slug]
        if not copy.isdigit() or not 1 <= int(copy) <= k.copies:
            raise SetupError(
                phrase(
                    "setup {key}: {card}: {name} has copies 1..{copies}",
                    key=repr(key),
                    card=repr(c),
                    name=k.name,
                    copies=k.copies,
                )
            )
        if k.kind not in kinds:
            raise SetupError(
                phrase(
                    "setup {key}: {card} is a {kind} card, expected {kinds}",
                    key=repr(key),
                    card=repr(c),
                    kind=k.kind,
                    kinds=str(list(kinds)),
                )
            )
        if count:
            if text in self.seen:
                raise SetupError(
                    phrase(
                        "setup {key}: card {card} is already in {other} (every card is in exactly "
                        "one place)",
                        key=repr(key),
                        card=repr(text),
                        other=repr(self.seen[text]),
                    )
                )
            self.seen[text] = key
        return text


def _listed(p: Mapping[str, Any]) -> set[str]:
    cards = {c for key in PILES for c in p[key]}
    cards |= {c for key in PER_SEAT_CARDS for seat in p[key] for c in seat}
    cards |= {c["card"] for spell in p["spells"] for c in spell}
    return cards


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    """A position in normal form: every key present, in the form ``position`` writes.

    Cards a position leaves out are not listed here: the game shuffles them below
    their deck when it opens (``setup``). Errors name the key at fault.
    """
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise SetupError(
            phrase(
                "setup: unknown key(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(KEYS)),
            )
        )
    rnd = _int(setup.get("round", 1), "round", 1, 99)
    turn = _int(setup.get("turn", 0), "turn", 0, 999)
    dungeon = setup.get("dungeon", -1)
    if not isinstance(dungeon, int) or isinstance(dungeon, bool) or not -1 <= dungeon < players:
        raise SetupError(
            phrase("setup 'dungeon': a seat 0..{last}, or -1 for nobody", last=players - 1)
        )
    if turn == 0:
        # an opening: the round's first turn starts from it (hands refilled to 8); a wizard
        # standing, placing or casting belongs to a position inside a turn
        opening = {**{k: [v] * players for k, v in PER_SEAT_BOOLS.items()}, "flow": position_flow()}
        opening["spells"] = [[] for _ in range(players)]
        later = sorted(k for k, v in opening.items() if k in setup and setup[k] != v)
        if later:
            raise SetupError(
                phrase(
                    "setup {keys}: only a position inside a turn ('turn' 1 or more) has them",
                    keys=str(later),
                )
            )
    main, treasure, dead = _Cards(MAIN_KINDS), _Cards(("treasure",)), _Cards(("dead",))
    out: dict[str, Any] = {"round": rnd, "turn": turn, "dungeon": dungeon}
    bools: dict[str, list[bool]] = {}
    for key, default_bool in PER_SEAT_BOOLS.items():
        values = _per_seat(setup, key, players, default_bool)
        if not all(isinstance(v, bool) for v in values):
            raise SetupError(
                phrase("setup {key}: expected true or false for each seat", key=repr(key))
            )
        bools[key] = values
    alive = bools["alive"]
    hands = [main.ids(h, "hands") for h in _per_seat(setup, "hands", players, list)]
    if turn == 0 and any(len(h) > HAND for h in hands):
        raise SetupError(
            phrase("setup 'hands': a hand holds at most {most} cards at a turn's start", most=HAND)
        )
    creatures = [
        main.ids(c, "creatures", ("delivery",))
        for c in _per_seat(setup, "creatures", players, list)
    ]
    spells = [
        _spell(main, s, creatures[i], i)
        for i, s in enumerate(_per_seat(setup, "spells", players, list))
    ]
    treasures = [treasure.ids(t, "treasures") for t in _per_seat(setup, "treasures", players, list)]
    dead_cards = [dead.ids(d, "dead_cards") for d in _per_seat(setup, "dead_cards", players, list)]
    for key, family in (("deck", main), ("discard", main), ("treasure_deck", treasure)):
        out[key] = family.ids(setup.get(key, []), key)
    for key, family in (("treasure_discard", treasure), ("dead_deck", dead)):
        out[key] = family.ids(setup.get(key, []), key)
    out["dead_discard"] = dead.ids(setup.get("dead_discard", []), "dead_discard")
    for deck in DECKS:
        key = f"{deck}_unknown"
        count = _int(setup.get(key, 0), key, 0, len(out[deck]))
        if count:  # normal form: like ``position``, only a deck with cards in unknown order
            out[key] = count
    numbers: dict[str, list[int]] = {}
    for key, (default, lo, hi) in PER_SEAT_INTS.items():
        numbers[key] = [_int(v, key, lo, hi) for v in _per_seat(setup, key, players, default)]
    flow = setup.get("flow")
    running = isinstance(flow, Mapping) and bool(flow.get("frames"))
    # A setup file is refused before any table's names are known: its seats are
    # said by number (« place 0 »), never as a player's name.
    for seat in range(players):
        life = numbers["life"][seat]
        if not alive[seat]:
            if life != 0 or hands[seat] or spells[seat] or creatures[seat] or treasures[seat]:
                raise SetupError(
                    phrase(
                        "setup 'alive': {seat} is dead, so its life is 0 and it has no hand, "
                        "spell, creatures or treasures",
                        seat=Seat(seat),
                    )
                )
        elif life < 1 and not running:
            # between a blow and the death check (a block is being asked) life may be 0 or less
            raise SetupError(
                phrase(
                    "setup 'life': {seat} is alive with {life} life",
                    seat=Seat(seat),
                    life=life,
                )
            )
        if numbers["last_standing_round"][seat] > rnd:
            raise SetupError(
                phrase(
                    "setup 'last_standing_round': {seat} after round {round}",
                    seat=Seat(seat),
                    round=rnd,
                )
            )
    out.update(
        hands=hands,
        creatures=creatures,
        treasures=treasures,
        dead_cards=dead_cards,
        spells=spells,
        **numbers,
        **bools,
    )
    out["flow"] = _valid_flow(setup.get("flow"), players, turn) if turn else position_flow()
    for key in SCRIPT:
        if key in setup:
            out[key] = setup[key]
    return out


def position_flow() -> dict[str, Any]:
    return _plain(msgspec.to_builtins(Flow(phase="place")))


def _spell(main: _Cards, raw: Any, creatures: list[str], seat: int) -> list[dict[str, Any]]:
    key = f"spells[{seat}]"
    if not isinstance(raw, list | tuple):
        raise SetupError(
            phrase("setup {key}: expected a list of cards on the table", key=repr(key))
        )
    out = []
    for i, comp in enumerate(raw):
        where = f"{key}[{i}]"
        if isinstance(comp, str):
            comp = {"card": comp}
        if not isinstance(comp, Mapping) or "card" not in comp:
            raise SetupError(
                phrase("setup {where}: a card id, or a table with 'card'", where=repr(where))
            )
        extra = sorted(set(comp) - {"card", "status", "added", "carried", "keep", *ASKED})
        if extra:
            raise SetupError(
                phrase(
                    "setup {where}: unknown field(s) {extra}", where=repr(where), extra=str(extra)
                )
            )
        carried = comp.get("carried", False)
        kinds = ("delivery",) if carried or comp.get("added", False) else MAIN_KINDS
        if carried:
            c = main.one(comp["card"], where, kinds, count=False)
            if c not in creatures:
                raise SetupError(
                    phrase(
                        "setup {where}: {card} is carried but not a kept creature",
                        where=repr(where),
                        card=repr(c),
                    )
                )
        else:
            c = main.one(comp["card"], where, kinds)
        status = comp.get("status", "hidden")
        if status not in STATUSES:
            raise SetupError(
                phrase(
                    "setup {where}: status {status} is not one of {known}",
                    where=repr(where),
                    status=repr(status),
                    known=str(list(STATUSES)),
                )
            )
        flags = {k: comp.get(k, False) for k in ("added", "carried", "keep")}
        if not all(isinstance(v, bool) for v in flags.values()):
            raise SetupError(
                phrase(
                    "setup {where}: added, carried and keep are true or false", where=repr(where)
                )
            )
        out.append({"card": c, "status": status, **flags, **_valid_asked(comp, c, where)})
    return out


def _valid_asked(comp: Mapping[str, Any], card: str, where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "row" in comp:
        if not is_wild(card) or comp["row"] not in SLOTS:
            raise SetupError(
                phrase(
                    "setup {where}: 'row' is a wild magic card's place in the row, one of {slots}",
                    where=repr(where),
                    slots=str(list(SLOTS)),
                )
            )
        out["row"] = comp["row"]
    if comp.get("declared", False) is not False:
        if comp["declared"] is not True or kind_of(card) != "delivery":
            raise SetupError(
                phrase(
                    "setup {where}: 'declared' is true on a delivery card only", where=repr(where)
                )
            )
        out["declared"] = True
    return out


def _valid_flow(raw: Any, players: int, turn: int) -> dict[str, Any]:
    raw = {"phase": "place"} if raw is None else raw
    if not isinstance(raw, Mapping):
        raise SetupError(phrase("setup 'flow': expected a table"))
    try:
        flow = msgspec.convert(raw, Flow, strict=False)
    except msgspec.ValidationError as e:
        fault = value_fault(Flow, raw) or str(e)
        raise SetupError(phrase("setup 'flow': {problem}", problem=fault)) from None
    seats = range(-1, players)
    if flow.phase not in PHASES:
        raise SetupError(
            phrase(
                "setup 'flow.phase': {value} is not one of {known}",
                value=repr(flow.phase),
                known=str(list(PHASES)),
            )
        )
    if flow.stage not in STAGES:
        raise SetupError(
            phrase(
                "setup 'flow.stage': {value} is not one of {known}",
                value=repr(flow.stage),
                known=str(list(STAGES)),
            )
        )
    for key in ("caster", "killer_of_last", "caster_killer"):
        if getattr(flow, key) not in seats:
            raise SetupError(
                phrase("setup 'flow.{key}': a seat 0..{last}, or -1", key=key, last=players - 1)
            )
    if any(s not in range(players) for s in flow.order):
        raise SetupError(phrase("setup 'flow.order': seats 0..{last}", last=players - 1))
    for i, f in enumerate(flow.frames):
        where = f"flow.frames[{i}]"
        if f.seat not in range(players):
            raise SetupError(
                phrase(
                    "setup {where}: a seat 0..{last}", where=repr(where + ".seat"), last=players - 1
                )
            )
        if f.part not in PARTS:
            raise SetupError(
                phrase(
                    "setup {where}: {value} is not one of {known}",
                    where=repr(where + ".part"),
                    value=repr(f.part),
                    known=str(list(PARTS)),
                )
            )
        _Cards(_ALL_KINDS).one(f.card, where + ".card", _ALL_KINDS, False)
        if f.pc < 0:
            raise SetupError(
                phrase("setup {where}: an instruction number, 0 or more", where=repr(where + ".pc"))
            )
    c = flow.choice
    if c is not None:
        if c.seat not in range(players):
            raise SetupError(phrase("setup 'flow.choice.seat': a seat 0..{last}", last=players - 1))
        if c.kind not in CHOICES:
            raise SetupError(
                phrase(
                    "setup 'flow.choice.kind': {value} is not one of {known}",
                    value=repr(c.kind),
                    known=str(list(CHOICES)),
                )
            )
    return _plain(msgspec.to_builtins(flow))


_ALL_KINDS = (*MAIN_KINDS, "treasure", "dead")


def _check_with_options(state: State, p: Mapping[str, Any]) -> None:
    """What only the game's options and data can tell: tokens short of a win, the fast
    variant's rounds, and that every running program stands inside its card's lines."""
    if state.variant == "tokens" and any(t >= state.tokens_to_win for t in p["tokens"]):
        raise SetupError(
            phrase(
                "setup 'tokens': {win} tokens win the match, so a position has fewer",
                win=state.tokens_to_win,
            )
        )
    if state.variant == "fast" and p["round"] > state.fast_rounds:
        raise SetupError(
            phrase(
                "setup 'round': the fast variant plays {rounds} rounds", rounds=state.fast_rounds
            )
        )
    from domain.spellwars.machine import program

    for i, f in enumerate(_flow(p["flow"]).frames):
        lines = len(program(state.cards, f))
        if f.pc > lines:
            raise SetupError(
                phrase(
                    "setup 'flow.frames[{i}].pc': {card} {part} has {lines} lines, not {pc}",
                    i=i,
                    card=f.card,
                    part=f.part,
                    lines=lines,
                    pc=f.pc,
                )
            )
