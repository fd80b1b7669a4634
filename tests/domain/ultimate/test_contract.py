"""Sorcier ultime's side of the Game contract, checked on random play:
legal_commands and decide agree over every command shape (legal or not), and a
view, plain JSON, shows a seat its own hand and only counts of the others'.

Replay equal to the live state, the msgpack round trips, rule citations, every
event said in one line and the hidden-information check of every view are the
generic simulation test's (tests/test_simulation.py); what every game must
provide is tests/domain/test_game_contract.py's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from domain.games import get_game
from domain.kernel import (
    ENGINE_VERSION,
    KERNEL_EVENTS,
    Command,
    Consequence,
    Dice,
    Event,
    GameStarted,
    IllegalCommand,
    Outcome,
    act,
    apply,
    replay,
    start,
)
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS, CARDS, COMBO_IDS, COMBOS
from domain.ultimate.commands import (
    Decline,
    Defend,
    Discard,
    Draw,
    EndTurn,
    NoAction,
    Pass,
    PlayCard,
    PlayCombo,
)
from domain.ultimate.state import UltimateState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {
        "round_health": 5,
        "rounds_to_win": 1,
        "miroir_majority": "attacker",
        "defence_in_combos": False,
        "eclair_hits_caster": False,
        "malediction_discard": "target",
    },
    {"round_health": 5, "rounds_to_win": 2, "malediction_discard": "target"},
]


def _universe(players: int) -> list[Command]:
    """Every command shape with every card, seat and combo: mostly illegal ones."""
    seats: list[int | None] = [None, *range(players + 1)]
    cards: list[str | None] = [None, *CARD_IDS]
    found: list[Command] = [Draw(), Pass(), EndTurn(), Decline()]
    for card in CARD_IDS:
        found += [NoAction(card=card), Discard(card=card)]
        for target in seats:
            for paid in cards:
                found.append(PlayCard(card=card, target=target, discard=paid))
                found.append(Defend(card=card, target=target, discard=paid))
    for combo in COMBO_IDS:
        for target in seats:
            for second in seats:
                found += [
                    PlayCombo(combo=combo, target=target, second_target=second, card=c)
                    for c in cards
                ]
    return found


def _near(state: UltimateState, seat: int, players: int) -> list[Command]:
    """Commands built from the seat's own hand: the likeliest to be almost legal."""
    hand = state.wizards[seat].hand
    seats: list[int | None] = [None, *range(players)]
    found: list[Command] = []
    for card in hand:
        for target in seats:
            for paid in (None, *hand):
                found += [
                    PlayCard(card=card, target=target, discard=paid),
                    Defend(card=card, target=target, discard=paid),
                ]
    for combo in COMBOS.values():
        if all(c in hand for c in combo.cards):
            found += [PlayCombo(combo=combo.id, target=t) for t in range(players)]
            found += [
                PlayCombo(combo=combo.id, target=t, second_target=u)
                for t in range(players)
                for u in range(players)
            ]
            found += [PlayCombo(combo=combo.id, card=c) for c in (*state.discard, *hand)]
    return found


def _accepted(state: UltimateState, seat: int, command: Command, counter: int) -> bool:
    try:
        GAME.decide(state, seat, command, Dice.seeded("probe", counter))
    except IllegalCommand:
        return False
    return True


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _check_views(state: UltimateState) -> None:
    for seat in (None, *range(state.players)):
        seen = GAME.view(state, seat)
        text = msgspec.json.encode(seen).decode()
        assert msgspec.json.decode(text) == seen  # plain JSON values only
        assert isinstance(seen["draw_pile"], int)
        hidden = GAME.hidden_from(state, seat)
        for other, wizard in enumerate(state.wizards):
            if other != seat:
                assert set(wizard.hand) <= hidden
        assert set(state.draw_pile) <= hidden
        assert not hidden & set(_strings(seen)), seat
        if seat is None:
            assert "hand" not in seen
        else:
            assert seen["hand"] == list(state.wizards[seat].hand)


def _play_randomly(
    seed: int, players: int, options: dict[str, Any], steps: int
) -> tuple[int, Outcome | None]:
    rng = random.Random(seed)
    universe = _universe(players)
    started = GameStarted(
        game="ultimate",
        options=GAME.spec.resolve_options(options),
        players=tuple(f"p{i}" for i in range(players)),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
    )
    secret = f"seed-{seed}"
    events: list[Event] = start(GAME, started, Dice.seeded(secret))
    table = replay(GAME, events)
    taken = 0
    while GAME.outcome(table.state) is None and taken < steps:
        state = table.state
        movers = {p.seat for p in state.pending}
        assert len(movers) == 1
        for seat in range(players):
            legal = GAME.legal_commands(state, seat)
            if seat not in movers:
                assert legal == []
                continue
            assert legal, "a pending seat always has a legal command"
            (pending,) = state.pending
            kinds = {type(c).__name__ for c in legal}
            assert kinds <= set(pending.accepts), (kinds, pending.accepts)
            if state.stage == "action":
                # Only the hand-dependent kinds may be offered and still have no
                # legal command (offering them never reveals the hand).
                assert set(pending.accepts) - kinds <= {"PlayCard", "PlayCombo"}, pending
            assert len(legal) == len({msgspec.json.encode(c) for c in legal})
            for command in legal:
                assert _accepted(state, seat, command, table.counter), command
            probes = rng.sample(universe, 12) + rng.sample(
                near := _near(state, seat, players), min(20, len(near))
            )
            for command in probes:
                assert _accepted(state, seat, command, table.counter) == (command in legal), (
                    command,
                    legal,
                )
        seat = next(iter(movers))
        command = rng.choice(GAME.legal_commands(state, seat))
        new = act(GAME, table, seat, command, Dice.seeded(secret, table.counter))
        for event in new:
            table = apply(GAME, table, event)
        events += new
        taken += 1
        if taken % 25 == 0:
            _check_views(table.state)
    _check_views(table.state)
    return taken, GAME.outcome(table.state)


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_legal_commands_and_decide_in_agreement(seed: int) -> None:
    players = 2 + seed % 3
    taken, _ = _play_randomly(seed, players, OPTION_SETS[seed % 3], steps=350)
    assert taken > 0


@pytest.mark.parametrize("seed", range(100, 106))
def test_random_one_round_matches_reach_an_outcome(seed: int) -> None:
    players = 2 + seed % 3
    _, outcome = _play_randomly(seed, players, {"rounds_to_win": 1}, steps=5000)
    assert outcome is not None and len(outcome.winners) == 1
    assert sum(outcome.scores) >= 1


def test_the_game_is_registered_with_its_spec() -> None:
    assert get_game("ultimate") is GAME
    spec = GAME.spec
    assert (spec.id, spec.name, spec.min_players, spec.max_players, spec.rulebook) == (
        "ultimate",
        "Sorcier ultime",
        2,
        4,
        "rules/ultimate.txt",
    )
    assert GAME.spec.resolve_options({}) == {
        "round_health": 9,
        "rounds_to_win": 3,
        "miroir_majority": "defender",
        "defence_in_combos": True,
        "eclair_hits_caster": True,
        "malediction_discard": "caster",
        "pass_with_cards": False,
        "discard_replacement": "none",
        "electric_veil_hits_caster": False,
        "reshuffle": "on_draw",
        "replayed_round": "next",
        "controle_chooser": "target",
        "discard_phase": "one",
        "right_neighbour": "previous",
        "electric_veil_lasts": "next_turn",
        "frozen_armour_lasts": "next_attack",
        "arcane_trap_discard": "attacker",
        "voile_ombre_lasts": "next_turn",
        "no_survivor": "replay",
        "eclair_order": "left",
        "poison_tick": "next_turn",
        "deflect_to_attacker": True,
        "chain_same_target": False,
        "absorb_empty": "refused",
        "rider_blocked": False,
        "combos_defendable": True,
        "casting_cost": "cast",
        "grave_own_cards": False,
        "eliminate": "after_action",
    }
    assert all(issubclass(kind, Consequence) for kind in GAME.event_types)
    assert len({kind.__name__ for kind in (*KERNEL_EVENTS, *GAME.event_types)}) == len(
        KERNEL_EVENTS
    ) + len(GAME.event_types)


def test_every_card_combo_and_option_cites_a_catalogue_rule() -> None:
    for card in CARDS.values():
        assert card.rule in GAME.catalogue
    for combo in COMBOS.values():
        assert combo.rule in GAME.catalogue
    for option in GAME.spec.options:
        rule = GAME.catalogue[option.rule]
        values = option.allowed or (True, False)
        written = {r.option for r in rule.readings}
        assert rule.default and rule.why, option.name
        for value in values:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            assert any(
                w == f"{option.name}={text}" or (w.startswith(f"{option.name}=") and ".." in w)
                for w in written
            ), (option.name, value)


def test_the_catalogue_entries_are_complete() -> None:
    assert len(GAME.catalogue) >= 70
    for rule in GAME.catalogue:
        assert rule.id.startswith("ultimate.")
        assert rule.section and rule.passage and rule.summary, rule.id
        assert rule.source in ("rulebook", "ruling", "assumption")
        if rule.readings:
            assert rule.default and rule.why, rule.id
    rulings = [r for r in GAME.catalogue if r.source == "ruling"]
    assert len(rulings) >= 15


def test_a_view_of_a_fresh_game_shows_own_cards_and_only_counts_of_the_others() -> None:
    started = GameStarted(
        game="ultimate",
        options=GAME.spec.resolve_options({}),
        players=("a", "b", "c"),
        mode="seeded",
        seed_commitment="",
        engine_version=ENGINE_VERSION,
    )
    table = replay(GAME, start(GAME, started, Dice.seeded("view")))
    state = table.state
    mine = GAME.view(state, 1)
    assert mine["hand"] == list(state.wizards[1].hand)
    assert [p["cards"] for p in mine["players"]] == [2, 2, 2]
    assert mine["draw_pile"] == 10
    spectator = GAME.view(state, None)
    assert "hand" not in spectator
    _check_views(state)
