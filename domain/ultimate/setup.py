"""Opening a game: the initial state, the setup events, and setup positions.

A setup position (parsed from a TOML file) fixes hands, piles, life, round
wins and the first player, so a disputed table can be reproduced exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.kernel.events import OPENING_CHANCE
from domain.kernel.phrases import Seat, listed, phrase, plural
from domain.kernel.piles import shuffle_left_out
from domain.ultimate.cards import CARD_ALIASES, CARD_IDS, CARDS, LEFT_OUT
from domain.ultimate.data import names_of
from domain.ultimate.flow import Flow
from domain.ultimate.options import Options, first_round_health, round_health
from domain.ultimate.position import FULL_KEYS, integer, per_seat, state_of, validate_full
from domain.ultimate.state import UltimateState, Wizard

OPENING_KEYS = ("hands", "draw_pile", "discard", "health", "first", "round_wins")
POSITION_KEYS = (*OPENING_KEYS, *FULL_KEYS)
REQUIRED_KEYS = ("hands", "health", "first")
# Consumed by the service layer for table mode; carried through untouched.
TABLE_KEYS = OPENING_CHANCE
MAX_HEALTH = 9  # the largest round_health option; setup() checks the chosen one
MAX_ROUND_WINS = 4  # one below the largest rounds_to_win option


def initial(started: GameStarted) -> UltimateState:
    state = _initial(started)
    if started.data is None:
        return state
    return replace(state, names=tuple(name for _, name in names_of(started.data)))


def switched(state: UltimateState, started: GameStarted) -> UltimateState:
    """The position of ``state`` under the options of ``started`` (``Game.switched``)."""
    return replace(state, options=Options.from_mapping(started.options))


def _initial(started: GameStarted) -> UltimateState:
    players = len(started.players)
    options = Options.from_mapping(started.options)
    setup = started.setup or {}
    if not any(key in setup for key in POSITION_KEYS):
        return UltimateState(
            players=players,
            options=options,
            wizards=tuple(Wizard(life=first_round_health(options)) for _ in range(players)),
            draw_pile=CARD_IDS,
        )
    position = validate_setup(setup, players)
    if "stage" in position:
        return state_of(position, players, options)
    wizards = tuple(
        Wizard(life=life, hand=tuple(cards), eliminated=life == 0, round_wins=wins)
        for cards, life, wins in zip(
            position["hands"], position["health"], position["round_wins"], strict=True
        )
    )
    return UltimateState(
        players=players,
        options=options,
        round=1 + sum(position["round_wins"]),
        active=position["first"],
        wizards=wizards,
        draw_pile=tuple(position["draw_pile"]),
        discard=tuple(position["discard"]),
    )


def setup(state: UltimateState, dice: Dice) -> list[Event]:
    flow = Flow(state, dice)
    if state.round == 0:
        flow.start_round()
        return flow.events
    # A setup position: play starts where it says. validate_setup knows no
    # options; the checks that depend on them live here.
    # A setup file is refused before any table's names are known: its seats are
    # said by number (« place 0 »), never as a player's name.
    cap = round_health(state.options, state.round)
    above = [s for s, w in enumerate(state.wizards) if w.life > cap]
    if above:
        lives = ", ".join(str(state.wizards[s].life) for s in above)
        raise SetupError(
            phrase(
                "ultimate setup: health of {seats} ({lives}) is above round_health {cap}, the "
                "most life a wizard may have",
                seats=listed(Seat(s) for s in above),
                lives=lives,
                cap=cap,
            )
        )
    target = state.options.rounds_to_win
    done = [s for s, w in enumerate(state.wizards) if w.round_wins >= target]
    if done:
        raise SetupError(
            plural(
                "{seats} already has {target} round wins: the match would be over",
                "{seats} already have {target} round wins: the match would be over",
                len(done),
                seats=listed(Seat(s) for s in done),
                target=target,
            )
        )
    # Cards the file left out lie under the draw pile, shuffled with the game's
    # chance (a table gives their order, or they stay face down: table mode).
    placed = [
        *(c for w in state.wizards for c in w.hand),
        *state.draw_pile,
        *state.discard,
        *state.in_play,
    ]
    shuffled = shuffle_left_out(
        dice, CARD_IDS, placed, pile=LEFT_OUT, rule="ultimate.setup.left-out"
    )
    if shuffled is not None:
        flow.emit(shuffled)
    if state.stage == "setup":  # an opening position: the first player's turn starts
        flow.start_turn(state.active, "ultimate.setup.position")
    return flow.events


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Check a setup position and return its normal form (plain lists and ints).

    Every card at most once; cards placed nowhere are shuffled under the draw
    pile when the game opens. With ``stage``, a full position (see
    ``domain.ultimate.position``)."""
    if not isinstance(setup, Mapping):
        raise SetupError(phrase("ultimate setup: expected a table of keys"))
    unknown = sorted(set(setup) - set(POSITION_KEYS) - set(TABLE_KEYS))
    if unknown:
        raise SetupError(
            phrase(
                "ultimate setup: unknown key(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(POSITION_KEYS)),
            )
        )
    passthrough = {k: setup[k] for k in TABLE_KEYS if k in setup}
    if not any(key in setup for key in POSITION_KEYS):
        return passthrough
    full = "stage" in setup
    if not full:
        stray = [k for k in FULL_KEYS if k in setup]
        if stray:
            raise SetupError(
                phrase(
                    "ultimate setup: key(s) {keys} belong to a full position: give stage (with "
                    "round, turn and active)",
                    keys=str(stray),
                )
            )
        missing = [k for k in REQUIRED_KEYS if k not in setup]
        if missing:
            raise SetupError(
                phrase("ultimate setup: missing key(s) {missing}", missing=str(missing))
            )

    hands = per_seat(setup.get("hands"), players, "hands")
    hands = [_cards(h, f"hands[{seat}]") for seat, h in enumerate(hands)]
    draw_pile = _cards(setup.get("draw_pile", []), "draw_pile")
    discard = _cards(setup.get("discard", []), "discard")
    in_play = _cards(setup.get("in_play", []), "in_play")
    health = [
        integer(v, f"health[{s}]")
        for s, v in enumerate(per_seat(setup.get("health"), players, "health"))
    ]
    wins_given = setup.get("round_wins", [0] * players)
    round_wins = [
        integer(v, f"round_wins[{s}]")
        for s, v in enumerate(per_seat(wins_given, players, "round_wins"))
    ]

    counts = Counter(card for pile in (*hands, draw_pile, discard, in_play) for card in pile)
    doubled = sorted(card for card, n in counts.items() if n > 1)
    if doubled:
        raise SetupError(
            phrase("ultimate setup: card(s) placed more than once: {doubled}", doubled=str(doubled))
        )
    # Hands above the limit are accepted: a recorded table may be mid-mistake,
    # and the holder simply has to discard down at the end of their turn.
    for seat, life in enumerate(health):
        if not 0 <= life <= MAX_HEALTH:
            raise SetupError(
                phrase(
                    "ultimate setup: health[{i}] must be 0..{most}, not {life}",
                    i=seat,
                    most=MAX_HEALTH,
                    life=life,
                )
            )
        # (A full position mid-action may hold a wizard at 0 not yet eliminated.)
        if life == 0 and hands[seat] and not full:
            raise SetupError(
                phrase(
                    "ultimate setup: {seat} is eliminated (health 0) but holds cards",
                    seat=Seat(seat),
                )
            )
    for seat, wins in enumerate(round_wins):
        if not 0 <= wins <= MAX_ROUND_WINS:
            raise SetupError(
                phrase(
                    "ultimate setup: round_wins[{i}] must be 0..{most}, not {wins}",
                    i=seat,
                    most=MAX_ROUND_WINS,
                    wins=wins,
                )
            )
    common = {
        "hands": hands,
        "draw_pile": draw_pile,
        "discard": discard,
        "health": health,
        "round_wins": round_wins,
    }
    if full:
        common["in_play"] = in_play
        return {**common, **validate_full(setup, players, common), **passthrough}
    first = integer(setup["first"], "first")
    if not 0 <= first < players:
        raise SetupError(
            phrase(
                "ultimate setup: first must be a seat 0..{last}, not {first}",
                last=players - 1,
                first=first,
            )
        )
    if health[first] == 0:
        raise SetupError(
            phrase(
                "ultimate setup: first {seat} is eliminated (health 0)",
                seat=Seat(first),
            )
        )
    if sum(1 for life in health if life > 0) < 2:
        raise SetupError(phrase("ultimate setup: at least two wizards must have health above 0"))
    return {**common, "first": first, **passthrough}


def _cards(value: Any, key: str) -> list[str]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise SetupError(phrase("ultimate setup: {key} must be a list of card ids", key=key))
    cards = []
    for card in value:
        card = CARD_ALIASES.get(card, card) if isinstance(card, str) else card
        if not isinstance(card, str) or card not in CARDS:
            raise SetupError(
                phrase(
                    "ultimate setup: {key}: unknown card {card}; cards are {known}",
                    key=key,
                    card=repr(card),
                    known=str(list(CARD_IDS)),
                )
            )
        cards.append(card)
    return cards
