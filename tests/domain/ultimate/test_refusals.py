"""Commands the rules refuse: each names the problem and cites the rule."""

from __future__ import annotations

import pytest

from domain.kernel import IllegalCommand, decode_command
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS
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
from tests.told import refused as told


def _duel() -> Match:
    return Match(position([["fireball", "shield", "curse"], ["thorns", "healing_light"]]))


def test_a_seat_that_is_not_asked_anything_is_refused() -> None:
    refused = _duel().refuse(1, Draw())
    assert (refused.code, refused.rule) == ("not_your_turn", "kernel.turn")
    assert "(waiting for seat 0)" in refused.message


def test_a_seat_that_does_not_exist_is_refused() -> None:
    refused = _duel().refuse(5, Draw())
    assert refused.code == "no_such_seat"


def test_an_unknown_card_is_refused_by_name() -> None:
    refused = _duel().refuse(0, PlayCard(card="banana"))
    assert (refused.code, refused.rule) == ("unknown_card", "ultimate.cards.list")
    assert "'banana'" in refused.message


def test_a_card_not_in_hand_is_refused() -> None:
    refused = _duel().refuse(0, PlayCard(card="explosion", target=1))
    assert (refused.code, refused.rule) == ("not_in_hand", "ultimate.turn.action")
    assert told(GAME, refused) == "Ann does not hold Explosion"


def test_refusals_and_the_defence_prompt_name_cards_as_printed() -> None:
    """The players hold the printed cards: refusals and the prompt say the printed
    names, never the English gloss nor the id."""
    m = _duel()
    assert told(GAME, m.refuse(0, PlayCard(card="healing_light"))) == (
        "Ann does not hold Lumière de guérison"
    )
    assert told(GAME, m.refuse(0, PlayCombo(combo="chain_reaction", target=1))) == (
        "Réaction en chaîne needs Éclair and Boule de feu; Ann lacks Éclair"
    )
    m.act(0, PlayCard(card="fireball", target=1))
    assert m.state.pending[0].prompt == (
        "seat 0 attacks you with Boule de feu (1 damage): play one defence card or decline"
    )
    grave = Match(position([["absorption", "shadow_hand"], ["shield"]]))
    refused = grave.refuse(0, PlayCombo(combo="grave_summoning", card="lightning"))
    assert told(GAME, refused) == "Éclair is not in the discard pile"
    assert told(GAME, refused, lang="fr") == "Éclair n'est pas dans la défausse"


def test_a_defence_card_cannot_be_played_on_your_own_turn() -> None:
    m = _duel()
    refused = m.refuse(0, PlayCard(card="shield"))
    assert (refused.code, refused.rule) == ("defence_on_own_turn", "ultimate.cards.defence-timing")
    assert not any(
        getattr(c, "card", None) == "shield" for c in m.legal(0) if isinstance(c, PlayCard)
    )


@pytest.mark.parametrize(
    ("command", "code", "rule"),
    [
        (PlayCard(card="fireball"), "target_required", "ultimate.card.fireball"),
        (PlayCard(card="fireball", target=0), "bad_target", "ultimate.card.fireball"),
        (PlayCard(card="fireball", target=7), "bad_target", "ultimate.card.fireball"),
        (
            PlayCard(card="fireball", target=1, discard="shield"),
            "unexpected_discard",
            "ultimate.card.fireball",
        ),
        (PlayCard(card="curse", target=1), "cost_required", "ultimate.ruling.curse-discard"),
        (
            PlayCard(card="curse", target=1, discard="curse"),
            "cost_required",
            "ultimate.ruling.curse-discard",
        ),
        (
            PlayCard(card="curse", target=1, discard="mirror"),
            "not_in_hand",
            "ultimate.ruling.curse-discard",
        ),
        (NoAction(card="mirror"), "not_in_hand", "ultimate.turn.no-action"),
        (PlayCombo(combo="teleport"), "unknown_combo", "ultimate.combo.rules"),
        (PlayCombo(combo="flame_explosion", target=1), "not_in_hand", "ultimate.combo.rules"),
    ],
)
def test_a_play_with_wrong_details_is_refused(command: object, code: str, rule: str) -> None:
    refused = _duel().refuse(0, command)  # type: ignore[arg-type]
    assert (refused.code, refused.rule) == (code, rule)


def test_a_card_without_target_refuses_one() -> None:
    m = Match(position([["lightning"], ["shield"]]))
    refused = m.refuse(0, PlayCard(card="lightning", target=1))
    assert (refused.code, refused.rule) == ("unexpected_target", "ultimate.card.lightning")


def test_a_defender_answers_only_with_a_defence_or_a_refusal() -> None:
    m = _duel()
    m.act(0, PlayCard(card="fireball", target=1))
    wrong = m.refuse(1, Draw())
    assert (wrong.code, wrong.rule) == ("wrong_decision", "kernel.turn")
    not_defence = m.refuse(1, Defend(card="healing_light"))
    assert (not_defence.code, not_defence.rule) == ("not_a_defence", "ultimate.defence.one-card")
    with_target = m.refuse(1, Defend(card="thorns", target=0))
    assert with_target.code == "unexpected_target"
    attacker = m.refuse(0, Decline())
    assert attacker.code == "not_your_turn"


def test_a_discard_of_a_card_not_held_is_refused() -> None:
    m = Match(position([["shield"], ["fireball"]], draw=["thorns"]))
    m.act(0, Draw())
    refused = m.refuse(0, Discard(card="fireball"))
    assert (refused.code, refused.rule) == ("not_in_hand", "ultimate.turn.discard")


def test_malformed_json_commands_are_refused_by_the_kernel() -> None:
    for data in ({"type": "Teleport"}, {"type": "PlayCard"}, {"type": "Draw", "x": 1}):
        with pytest.raises(IllegalCommand) as refused:
            decode_command(GAME, data)
        assert refused.value.code == "malformed_command"


def test_commands_decode_from_their_json_forms() -> None:
    assert decode_command(GAME, {"type": "PlayCard", "card": "fireball", "target": 1}) == (
        PlayCard(card="fireball", target=1)
    )
    assert decode_command(
        GAME, b'{"type": "PlayCombo", "combo": "chain_reaction", "target": 2, "second_target": 1}'
    ) == PlayCombo(combo="chain_reaction", target=2, second_target=1)
    assert decode_command(GAME, {"type": "Defend", "card": "deflection", "target": 0}) == (
        Defend(card="deflection", target=0)
    )


def test_a_draw_with_both_piles_empty_is_refused() -> None:
    """Every card in a hand: neither pile can give one (ruling empty-piles)."""
    hands = [CARD_IDS[:2], CARD_IDS[2:7], CARD_IDS[7:12], CARD_IDS[12:]]
    m = Match(position(hands))
    assert not m.state.draw_pile and not m.state.discard
    assert m.refuse(0, Draw()).rule == "ultimate.ruling.empty-piles"
    assert Draw() not in m.legal(0)
