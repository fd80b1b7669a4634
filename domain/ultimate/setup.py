"""Opening a game: the initial state, the setup events, and setup positions.

A setup position (parsed from a TOML file) fixes hands, piles, life, round
wins and the first player, so a disputed table can be reproduced exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.ultimate.cards import CARD_ALIASES, CARD_IDS, CARDS
from domain.ultimate.flow import Flow
from domain.ultimate.options import Options
from domain.ultimate.state import UltimateState, Wizard

POSITION_KEYS = ("hands", "draw_pile", "discard", "health", "first", "round_wins")
REQUIRED_KEYS = ("hands", "draw_pile", "health", "first")
# Consumed by the service layer for table mode; carried through untouched.
TABLE_KEYS = ("dice", "orders")
MAX_HEALTH = 9  # the largest round_health option; setup() checks the chosen one
MAX_ROUND_WINS = 4  # one below the largest rounds_to_win option


def initial(started: GameStarted) -> UltimateState:
    players = len(started.players)
    options = Options.from_mapping(started.options)
    setup = started.setup or {}
    if not any(key in setup for key in POSITION_KEYS):
        return UltimateState(
            players=players,
            options=options,
            wizards=tuple(Wizard(life=options.round_health) for _ in range(players)),
            draw_pile=CARD_IDS,
        )
    position = validate_setup(setup, players)
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
    # A setup position: nothing is shuffled or chosen, play starts where it says.
    # validate_setup knows no options; the checks that depend on them live here.
    cap = state.options.round_health
    above = [s for s, w in enumerate(state.wizards) if w.life > cap]
    if above:
        lives = [state.wizards[s].life for s in above]
        raise SetupError(
            f"ultimate setup: health of seat(s) {above} ({lives}) is above "
            f"round_health {cap}, the most life a wizard may have"
        )
    target = state.options.rounds_to_win
    done = [s for s, w in enumerate(state.wizards) if w.round_wins >= target]
    if done:
        raise SetupError(
            f"seat(s) {done} already have {target} round wins: the match would be over"
        )
    flow.start_turn(state.active, "ultimate.setup.position")
    return flow.events


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Check a setup position and return its normal form (plain lists and ints)."""
    if not isinstance(setup, Mapping):
        raise SetupError("ultimate setup: expected a table of keys")
    unknown = sorted(set(setup) - set(POSITION_KEYS) - set(TABLE_KEYS))
    if unknown:
        raise SetupError(f"ultimate setup: unknown key(s) {unknown}; known: {list(POSITION_KEYS)}")
    passthrough = {k: setup[k] for k in TABLE_KEYS if k in setup}
    if not any(key in setup for key in POSITION_KEYS):
        return passthrough
    missing = [k for k in REQUIRED_KEYS if k not in setup]
    if missing:
        raise SetupError(f"ultimate setup: missing key(s) {missing}")

    hands = _per_seat(setup["hands"], players, "hands")
    hands = [_cards(h, f"hands[{seat}]") for seat, h in enumerate(hands)]
    draw_pile = _cards(setup["draw_pile"], "draw_pile")
    discard = _cards(setup.get("discard", []), "discard")
    health = [
        _int(v, f"health[{s}]") for s, v in enumerate(_per_seat(setup["health"], players, "health"))
    ]
    wins_given = setup.get("round_wins", [0] * players)
    round_wins = [
        _int(v, f"round_wins[{s}]")
        for s, v in enumerate(_per_seat(wins_given, players, "round_wins"))
    ]
    first = _int(setup["first"], "first")

    counts = Counter(card for pile in (*hands, draw_pile, discard) for card in pile)
    doubled = sorted(card for card, n in counts.items() if n > 1)
    if doubled:
        raise SetupError(f"ultimate setup: card(s) placed more than once: {doubled}")
    absent = [card for card in CARD_IDS if card not in counts]
    if absent:
        raise SetupError(f"ultimate setup: card(s) not placed anywhere: {absent}")
    # Hands above the limit are accepted: a recorded table may be mid-mistake,
    # and the holder simply has to discard down at the end of their turn.
    for seat, life in enumerate(health):
        if not 0 <= life <= MAX_HEALTH:
            raise SetupError(f"ultimate setup: health[{seat}] must be 0..{MAX_HEALTH}, not {life}")
        if life == 0 and hands[seat]:
            raise SetupError(
                f"ultimate setup: seat {seat} is eliminated (health 0) but holds cards"
            )
    if not 0 <= first < players:
        raise SetupError(f"ultimate setup: first must be a seat 0..{players - 1}, not {first}")
    if health[first] == 0:
        raise SetupError(f"ultimate setup: first seat {first} is eliminated (health 0)")
    if sum(1 for life in health if life > 0) < 2:
        raise SetupError("ultimate setup: at least two wizards must have health above 0")
    for seat, wins in enumerate(round_wins):
        if not 0 <= wins <= MAX_ROUND_WINS:
            raise SetupError(
                f"ultimate setup: round_wins[{seat}] must be 0..{MAX_ROUND_WINS}, not {wins}"
            )
    return {
        "hands": hands,
        "draw_pile": draw_pile,
        "discard": discard,
        "health": health,
        "first": first,
        "round_wins": round_wins,
        **passthrough,
    }


def _per_seat(value: Any, players: int, key: str) -> list[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise SetupError(f"ultimate setup: {key} must be a list with one entry per seat")
    if len(value) != players:
        raise SetupError(f"ultimate setup: {key} has {len(value)} entries for {players} players")
    return list(value)


def _cards(value: Any, key: str) -> list[str]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise SetupError(f"ultimate setup: {key} must be a list of card ids")
    cards = []
    for card in value:
        card = CARD_ALIASES.get(card, card) if isinstance(card, str) else card
        if not isinstance(card, str) or card not in CARDS:
            raise SetupError(
                f"ultimate setup: {key}: unknown card {card!r}; cards are {list(CARD_IDS)}"
            )
        cards.append(card)
    return cards


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"ultimate setup: {key} must be an integer, not {value!r}")
    return value
