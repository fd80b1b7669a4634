"""The greedy bot: lethal first, heavy blows next, defends when it hurts."""

from __future__ import annotations

from domain.kernel import (
    ENGINE_VERSION,
    Dice,
    GameStarted,
    act,
    apply,
    replay,
    start,
)
from domain.ultimate import GAME
from domain.ultimate.bots import greedy
from domain.ultimate.commands import (
    Decline,
    Defend,
    Discard,
    Draw,
    NoAction,
    PlayCard,
    PlayCombo,
)
from tests.domain.ultimate.scenario import Match, position


def _choice(m: Match, seat: int) -> object:
    return greedy(m.state, seat, m.legal(seat))


def test_greedy_goes_for_the_kill() -> None:
    m = Match(
        position(
            [["fireball", "mirror", "healing_light"], ["shield"], ["thorns"]], health=[5, 9, 1]
        )
    )
    assert _choice(m, 0) == PlayCard(card="fireball", target=2)


def test_greedy_prefers_the_heaviest_blow_when_nothing_is_lethal() -> None:
    m = Match(position([["fireball", "explosion", "lightning"], ["shield"]]))
    choice = _choice(m, 0)
    assert choice == PlayCombo(combo="flame_explosion", target=1)


def test_greedy_never_kills_itself_with_a_recoil() -> None:
    m = Match(position([["explosion", "shield"], ["mirror"]], health=[1, 9]))
    choice = _choice(m, 0)
    assert not (isinstance(choice, PlayCard) and choice.card == "explosion")


def test_greedy_heals_when_hurt() -> None:
    m = Match(position([["healing_light"], ["shield"]], health=[3, 9]))
    assert _choice(m, 0) == PlayCard(card="healing_light")


def test_greedy_defends_against_a_lethal_blow() -> None:
    m = Match(position([["fireball", "mirror"], ["shield", "thorns"]], health=[9, 1]))
    m.act(0, PlayCard(card="fireball", target=1))
    assert _choice(m, 1) == Defend(card="shield")


def test_greedy_keeps_its_defence_when_healthy_and_the_blow_is_small() -> None:
    m = Match(position([["fireball", "mirror"], ["shield"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    assert _choice(m, 1) == Decline()


def test_greedy_deflects_onto_the_weakest_wizard_when_hurt() -> None:
    m = Match(position([["explosion", "mirror"], ["deflection"], ["shield"]], health=[9, 3, 2]))
    m.act(0, PlayCard(card="explosion", target=1))
    assert _choice(m, 1) == Defend(card="deflection", target=2)


def test_greedy_gives_up_its_least_useful_card_when_made_to_discard() -> None:
    m = Match(position([["mind_control", "shield"], ["deflection", "thorns"]]))
    m.act(0, PlayCard(card="mind_control", target=1))
    assert _choice(m, 1) == Discard(card="thorns")


def test_greedy_draws_rather_than_throwing_a_card_away() -> None:
    m = Match(position([["shield", "thorns"], ["fireball"]]))
    assert any(isinstance(c, NoAction) for c in m.legal(0))
    assert _choice(m, 0) == Draw()


def test_greedy_bots_play_whole_matches_to_the_end() -> None:
    for seed in range(4):
        players = 2 + seed % 3
        started = GameStarted(
            game="ultimate",
            options=GAME.spec.resolve_options({}),
            players=tuple(f"bot{i}" for i in range(players)),
            mode="seeded",
            seed_commitment="",
            engine_version=ENGINE_VERSION,
        )
        secret = f"greedy-{seed}"
        table = replay(GAME, start(GAME, started, Dice.seeded(secret)))
        for _ in range(20000):
            if GAME.outcome(table.state) is not None:
                break
            seat = table.state.pending[0].seat
            legal = GAME.legal_commands(table.state, seat)
            command = greedy(table.state, seat, legal)
            assert command == greedy(table.state, seat, list(legal))  # deterministic
            for event in act(GAME, table, seat, command, Dice.seeded(secret, table.counter)):
                table = apply(GAME, table, event)
        outcome = GAME.outcome(table.state)
        assert outcome is not None and max(outcome.scores) == 3
