"""The opening: the state before setup, the setup events, setup positions.

A setup mapping may give any part of a position; what it leaves out is shuffled
and dealt as in the rulebook's setup. ``position`` writes every part, so a game
opened from it needs no setup event at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.kernel.phrases import listed, plural
from domain.orctower import events as ev
from domain.orctower.catalogue import cite
from domain.orctower.data import COLOURS, START_SPACES, Data, load
from domain.orctower.evolve import decided
from domain.orctower.facedown import deal
from domain.orctower.flow import Run, draw, refill_palette, start_round, top_marker
from domain.orctower.memo import by_identity
from domain.orctower.options import Options
from domain.orctower.pending import pending_of
from domain.orctower.positions import from_position, validate_setup
from domain.orctower.state import State, creature_type

rep = msgspec.structs.replace


def types_in_play(data: Data, options: Options) -> tuple[str, ...]:
    """The type on each hunting-board slot, reinforcements replacing base types."""
    swaps: dict[str, str] = {
        options.crocodile: "croc",
        options.toad: "toad",
        options.bombardier: "bombardier",
    }
    return tuple(swaps.get(c.id, c.id) for c in data.creatures)


def markers(data: Data, types: tuple[str, ...], players: int) -> list[str]:
    out = []
    for t in types:
        k = data.creature(t)
        usable = sum(k.markers[: players - 1])
        out += [f"{t}-{i + 1:02d}" for i in range(usable)]
    return out


def starting_cards(data: Data, seat: int) -> list[str]:
    out = []
    for s in data.spells:
        if s.pile == "start":
            out += [f"{s.id}.{seat * s.copies + k + 1:02d}" for k in range(s.copies)]
    return out


@by_identity
def _lists(data: Data) -> dict[tuple[Any, ...], tuple[str, ...]]:
    """The ids a set-up lists from ``data`` (markers, cards), by the list's maker and
    arguments: a game's states share one data object, so each list is written once,
    not at every opening."""
    return {}


def _once(make: Callable[..., list[str]], data: Data, *args: Any) -> tuple[str, ...]:
    """``make(data, *args)``, made once per data (``_lists``)."""
    lists = _lists(data)
    key = (make, *args)
    known = lists.get(key)
    if known is None:
        known = lists[key] = tuple(make(data, *args))
    return known


def pile_cards(data: Data, pile: str) -> list[str]:
    out = []
    for s in data.spells:
        if s.pile == pile:
            out += [f"{s.id}.{k + 1:02d}" for k in range(s.copies)]
    return out


@by_identity
def initial(started: GameStarted) -> State:
    """The state before setup. The kernel asks it of one ``GameStarted`` twice in a
    row, to set the game up and to fold the setup's events; the same state both
    times lets the fold take the setup's own working state (``decided``) instead of
    stepping through its hundred-odd events again."""
    players = len(started.players)
    options = Options.from_mapping(started.options)
    data = load(started.data, options.numbers)
    types = types_in_play(data, options)
    given = validate_setup(started.setup, players, data) if started.setup else {}
    state = State(
        players=players,
        options=options,
        data=data,
        types=types,
        seats=(),
        poison=tuple(f"poison.{k + 1:02d}" for k in range(data.poison_cards)),
    )
    from domain.orctower.state import Player

    seats = tuple(Player(colour=COLOURS[s], space=START_SPACES[COLOURS[s]]) for s in range(players))
    state = rep(state, seats=seats)
    state = from_position(state, given)
    return rep(state, pending=pending_of(state))


# The options that choose the material laid out at set-up (the modules, the
# reinforcements): no position of a game played without them holds what they
# lay out.
MATERIAL = ("missions", "new_destiny", "terrain", "crocodile", "toad", "bombardier")


def switched(state: State, started: GameStarted) -> State:
    """The position of ``state`` under the options of ``started`` (``Game.switched``).
    An option that chooses the material of the set-up cannot be switched at a
    position: ``SetupError`` says so. The assumed numbers follow the options."""
    options = Options.from_mapping(started.options)
    moved = [k for k in MATERIAL if getattr(options, k) != getattr(state.options, k)]
    if moved:
        raise SetupError(
            plural(
                "option {options} chose what was laid out at set-up: "
                "no position of this game holds it",
                "options {options} chose what was laid out at set-up: "
                "no position of this game holds it",
                len(moved),
                options=listed(moved),
            )
        )
    return rep(state, options=options, data=load(started.data, options.numbers))


def markers_left(state: State) -> list[str]:
    """The face-down markers of a position that gives no stacks: every marker in
    play but those whose creature is on the board, was defeated (each seat's
    ``defeated``) or reached the tower (each counter's moves back)."""
    on_board = {c.id for c in state.creatures}
    in_play = _once(markers, state.data, state.types, state.players)
    left = [m for m in in_play if m not in on_board]
    for slot, kind in enumerate(state.types):
        gone = sum(p.defeated[slot] for p in state.seats) + state.counters[slot]
        if not gone:  # none gone yet (every opening): the type's markers are not searched
            continue
        mine = [m for m in left if creature_type(m) == kind]
        for m in mine[len(mine) - min(gone, len(mine)) :]:
            left.remove(m)
    return left


def even_split(total: int) -> tuple[int, ...]:
    """How the shuffled markers fall into the six stacks (``evolve``'s split)."""
    return tuple(total // 6 + (1 if q < total % 6 else 0) for q in range(6))


def stack_sizes(state: State, total: int) -> tuple[int, ...]:
    """Each quarter keeps its markers per quarter less the creatures already out on
    it (they came from its stacks); a shortfall comes off the fullest stacks, and
    what is over stays out of the game (« retirez ... les marqueurs dévoilés »)."""
    per = state.data.markers_per_quarter[state.players - 2]
    sizes = [max(0, per - sum(1 for c in state.creatures if c.quarter == q)) for q in range(1, 7)]
    while sum(sizes) > total:
        sizes[sizes.index(max(sizes))] -= 1
    return tuple(sizes)


def _in_use(state: State) -> set[str]:
    used = set(state.palette) | set(state.box)
    for p in state.seats:
        used |= set(p.hand) | set(p.deck) | set(p.discard)
    if state.casting:
        used |= {state.casting.card, *state.casting.upgrades}
    return used


def _board_from(state: State) -> tuple[str, ...]:
    """What an opening laid out of nothing rests on: the rulebook's set-up and our
    numbers for what it does not print (colours, markers, the destiny cards)."""
    also = [
        "setup.poison",
        "setup.counters",
        "setup.gauges",
        "setup.mages",
        "setup.first-player",
        "assume.colours",
        "assume.markers",
        "assume.new-destiny" if state.options.new_destiny else "assume.destiny",
    ]
    if state.players < 4:
        also.append("setup.marker-numbers")
    return tuple(cite(a) for a in also)


def setup(state: State, dice: Dice) -> list[Event]:
    run = Run(state, dice)
    _set_up(run)
    decided(state, run.events, run.state)
    return run.events


def _set_up(run: Run) -> None:
    state, dice = run.state, run.dice
    given = set(state.given)
    data = state.data
    if "destiny_deck" not in given:
        deck = data.new_destiny if state.options.new_destiny else data.destiny
        cards = [d.id for d in deck if d.id != state.destiny and d.id not in state.destiny_discard]
        rule = "newdestiny.deck" if state.options.new_destiny else "setup.destiny"
        run.emit(dice.shuffle(cards, pile="destiny", rule=cite(rule), follow=True))
    if "piles" not in given:
        used = _in_use(state)
        for pile in ("attack", "knowledge"):
            cards = [c for c in _once(pile_cards, data, pile) if c not in used]
            run.emit(dice.shuffle(cards, pile=pile, rule=cite("setup.palette"), follow=True))
    if "palette" not in given:
        refill_palette(run)
    if "markers" not in given:
        cards = markers_left(state)
        run.emit(dice.shuffle(cards, pile="markers", rule=cite("setup.markers"), follow=True))
        sizes = stack_sizes(state, len(cards))
        if sizes != even_split(len(cards)):
            run.emit(ev.MarkersDealt(rule=cite("assume.marker-deal"), sizes=sizes))
    for seat in range(state.players):
        keys = given_seat_keys(state, seat)
        if "deck" not in keys:
            taken = _in_use(run.state)
            cards = [c for c in _once(starting_cards, data, seat) if c not in taken]
            run.emit(dice.shuffle(cards, pile=f"deck.{seat}", rule=cite("setup.deck"), follow=True))
        if "hand" not in keys:
            draw(run, seat, 4, cite("setup.deck"), for_later_turns=True)
    if state.options.terrain and "terrain" not in given:
        tiles = [f"{t}.{i + 1:02d}" for i, t in enumerate(data.terrain)]
        order = dice.shuffle(tiles, pile="terrain", rule=cite("terrain.setup"))
        run.emit(order)
        sections = state.terrain_sections or data.terrain_sections
        for q in range(6):
            run.emit(
                ev.TerrainPlaced(
                    rule=cite(
                        "terrain.setup"
                        if "terrain_sections" in given
                        else "assume.terrain-sections"
                    ),
                    kind=order.order[q].rsplit(".", 1)[0],
                    quarter=q + 1,
                    section=sections[q],
                )
            )
    if "toad" in state.types and "toad_supply" not in given:
        tiles = [f"{t}.{i + 1:02d}" for i, t in enumerate(data.toads)]
        run.emit(dice.shuffle(tiles, pile="toads", rule=cite("reinforce.toad"), follow=True))
    if "creatures" not in given:
        for _ in range(2):
            for q in range(1, 7):
                stack = run.state.stacks[q - 1]
                if stack:
                    run.emit(
                        ev.MarkerRevealed(
                            rule=cite("setup.first-creatures"),
                            quarter=q,
                            marker=top_marker(run, q),
                        )
                    )
    if given:
        run.emit(ev.SetupCompleted(rule=cite("setup.position")))
    else:
        run.emit(ev.SetupCompleted(rule=cite("setup.board"), also=_board_from(state)))
    if "stage" in given:
        return
    if state.options.missions and not any(p.mission or p.offer for p in run.state.seats):
        names = [f"mission.{m}" for m in data.missions]
        run.emit(dice.shuffle(names, pile="missions", rule=cite("mission.setup"), follow=True))
        for seat in range(state.players):
            left = run.state.missions_left
            two, _, _ = deal(dice, left, run.state.unknown.get("missions", 0), "missions", 2, seat)
            run.emit(ev.MissionsDealt(rule=cite("mission.setup"), seat=seat, missions=tuple(two)))
        run.stage("missions", cite("mission.setup"))
        return
    start_round(run)


def given_seat_keys(state: State, seat: int) -> set[str]:
    prefix = f"seats.{seat}."
    return {k.removeprefix(prefix) for k in state.given if k.startswith(prefix)}
