"""Turn phases: draw or act, the discard phase, passing, reshuffles, turn order."""

from __future__ import annotations

from domain.kernel import CardsShuffled, private
from domain.ultimate import GAME
from domain.ultimate.cards import CARD_IDS
from domain.ultimate.commands import (
    Discard,
    Draw,
    EndTurn,
    NoAction,
    Pass,
    PlayCard,
)
from domain.ultimate.events import (
    CardDiscarded,
    CardDrawn,
    DiscardPhaseStarted,
    DiscardPileReshuffled,
    TurnEnded,
    TurnStarted,
)
from tests.domain.ultimate.scenario import Match, names, only, position


def test_drawing_takes_the_top_card_privately_and_opens_the_discard_phase() -> None:
    m = Match(position([["shield"], ["thorns"]], draw=["fireball"]))
    events = m.act(0, Draw())
    drawn = only(events, CardDrawn)
    assert (drawn.seat, drawn.card, drawn.rule) == (0, "fireball", "ultimate.turn.draw")
    assert drawn.visibility() == private(0)
    assert only(events, DiscardPhaseStarted).rule == "ultimate.turn.discard"
    assert m.hand(0) == ("shield", "fireball")
    assert m.legal(0) == [Discard(card="shield"), Discard(card="fireball"), EndTurn()]


def test_drawing_is_refused_with_three_cards_in_hand() -> None:
    m = Match(position([["shield", "thorns", "mirror"], ["fireball"]]))
    refused = m.refuse(0, Draw())
    assert (refused.code, refused.rule) == ("hand_full", "ultimate.turn.draw")
    assert Draw() not in m.legal(0)


def test_drawing_from_an_empty_pile_first_shuffles_the_discard_pile_into_a_new_one() -> None:
    m = Match(position([["shield"], ["thorns"]], leftovers="discard"))
    discard = m.state.discard
    assert m.state.draw_pile == () and len(discard) == 14
    backwards = list(reversed(range(14)))
    events = m.act(0, Draw(), orders=[backwards])

    assert names(events)[:3] == ["DiscardPileReshuffled", "CardsShuffled", "CardDrawn"]
    assert only(events, DiscardPileReshuffled).rule == "ultimate.ruling.reshuffle-timing"
    shuffled = only(events, CardsShuffled)
    assert (shuffled.pile, shuffled.rule) == ("discard", "ultimate.turn.reshuffle")
    assert only(events, CardDrawn).card == discard[-1]
    assert m.state.discard == ()
    assert m.state.draw_pile == tuple(reversed(discard))[1:]


def test_pass_is_the_only_move_with_no_card_and_nothing_to_draw() -> None:
    everything = [c for c in CARD_IDS]
    m = Match(position([[], everything]))
    assert m.legal(0) == [Pass()]
    events = m.act(0, Pass())
    assert only(events, TurnEnded).rule == "ultimate.turn.pass"
    assert only(events, TurnStarted).seat == 1


def test_pass_is_refused_while_a_card_can_be_drawn() -> None:
    m = Match(position([[], ["shield"]]))
    refused = m.refuse(0, Pass())
    assert (refused.code, refused.rule) == ("pass_not_allowed", "ultimate.turn.pass")
    assert m.legal(0) == [Draw()]


def test_no_action_discards_one_card_instead_of_drawing_or_playing() -> None:
    m = Match(position([["shield", "thorns"], ["fireball"]]))
    events = m.act(0, NoAction(card="thorns"))
    discarded = only(events, CardDiscarded)
    assert (discarded.card, discarded.reason, discarded.rule) == (
        "thorns",
        "no_action",
        "ultimate.turn.no-action",
    )
    assert m.state.discard[-1] == "thorns"
    assert only(events, DiscardPhaseStarted).seat == 0


def test_one_voluntary_discard_in_phase_two_ends_the_turn() -> None:
    m = Match(position([["shield"], ["fireball"]], draw=["thorns"]))
    m.act(0, Draw())
    events = m.act(0, Discard(card="shield"))
    assert only(events, CardDiscarded).rule == "ultimate.turn.discard"
    assert only(events, TurnEnded).rule == "ultimate.ruling.discard-phase"
    assert only(events, TurnStarted).seat == 1
    assert m.hand(0) == ("thorns",)


def test_ending_the_turn_keeps_the_hand_and_passes_play_clockwise() -> None:
    m = Match(position([["shield"], ["fireball"], ["mirror"]], first=1, draw=["thorns"]))
    m.act(1, Draw())
    events = m.act(1, EndTurn())
    assert only(events, TurnEnded).rule == "ultimate.turn.discard"
    turn = only(events, TurnStarted)
    assert (turn.seat, turn.rule) == (2, "ultimate.turn.order")
    assert m.hand(1) == ("fireball", "thorns")


def test_a_hand_above_three_must_be_discarded_down_before_the_turn_can_end() -> None:
    m = Match(position([["fireball", "shield", "thorns", "mirror", "curse"], ["healing_light"]]))
    m.act(0, PlayCard(card="fireball", target=1))
    m.act(1, {"type": "Decline"})
    assert m.state.stage == "discard" and len(m.hand(0)) == 4
    assert EndTurn() not in m.legal(0)
    refused = m.refuse(0, EndTurn())
    assert (refused.code, refused.rule) == ("hand_limit", "ultimate.turn.hand-limit")
    events = m.act(0, Discard(card="curse"))
    assert only(events, CardDiscarded).rule == "ultimate.turn.hand-limit"
    assert only(events, TurnEnded).seat == 0
    assert len(m.hand(0)) == 3


def test_a_hand_of_five_discards_twice_and_then_the_turn_ends() -> None:
    cards = ["shield", "thorns", "mirror", "curse", "lightning"]
    m = Match(position([cards, ["healing_light"]], draw=["fireball"]))
    m.act(0, PlayCard(card="lightning"))
    m.act(1, {"type": "Decline"})
    assert len(m.hand(0)) == 4
    m.act(0, Discard(card="curse"))
    assert only(m.last, TurnEnded).seat == 0


def test_a_turn_whose_action_empties_the_hand_ends_without_a_discard_phase() -> None:
    m = Match(position([["fireball"], []]))
    events = m.act(0, PlayCard(card="fireball", target=1))
    assert "DiscardPhaseStarted" not in names(events)
    assert only(events, TurnEnded).rule == "ultimate.turn.discard"


def test_the_action_prompt_never_offers_a_pass_that_would_be_refused() -> None:
    m = Match(position([["shield"], ["fireball"]]))
    assert m.waiting_for() == (0, ("Draw", "PlayCard", "PlayCombo", "NoAction"))
    assert "Pass" not in m.state.pending[0].prompt


def test_the_action_prompt_offers_draw_only_below_three_cards_and_with_something_to_draw() -> None:
    full = Match(position([["shield", "thorns", "mirror"], ["fireball"]]))
    assert full.waiting_for() == (0, ("PlayCard", "PlayCombo", "NoAction"))
    assert "draw" not in full.state.pending[0].prompt
    empty_handed = Match(position([[], ["shield"]]))
    assert empty_handed.waiting_for() == (0, ("Draw",))
    assert empty_handed.legal(0) == [Draw()]


def test_the_action_prompt_does_not_tell_the_table_what_the_hand_holds() -> None:
    # The pending decision is in every seat's view: a hand of defences only
    # (nothing playable) is offered the same command types as any other hand.
    defences = Match(position([["shield", "mirror"], ["fireball"]]))
    attacks = Match(position([["fireball", "lightning"], ["shield"]]))
    assert defences.state.pending == attacks.state.pending
    assert not [c for c in defences.legal(0) if isinstance(c, PlayCard)]
    assert GAME.view(defences.state, 1)["pending"] == GAME.view(attacks.state, 1)["pending"]
