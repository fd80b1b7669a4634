"""evolve: apply one event to the state. Pure; never rolls, never refuses.

The pending decisions are not carried by events: they are recomputed from the
rest of the state after every event, so they can never disagree with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from msgspec.structs import replace

from domain.kernel import CardsShuffled, DiceRolled, Event, Pending
from domain.kernel.evolving import PendingEvolver
from domain.kernel.piles import take
from domain.ultimate import events as ev
from domain.ultimate.cards import CARD_IDS, HAND_LIMIT, LEFT_OUT, name_of
from domain.ultimate.state import Attack, Demand, Effect, UltimateState, Wizard, can_draw


def pending_of(state: UltimateState) -> tuple[Pending, ...]:
    """Who must decide what, derived from the stage, the attack and the demands.

    Derived again after every command: each decision is made by a memo from the
    few values it depends on, so an unchanged one is the same object, which the
    settle keeps without copying the state (``PendingEvolver``)."""
    stage = state.stage
    if stage in ("setup", "ending", "over"):
        return ()
    if state.demands:
        demand = state.demands[0]
        return _demanded(demand.seat, demand.by)
    attack = state.attack
    if attack is not None and attack.hits:
        hit = attack.hits[0]
        if hit.stage == "arrived" and hit.defendable:
            return _defence_asked(hit.target, attack.attacker, attack.source, hit.damage)
        return ()
    if stage == "action":
        seat = state.active
        held = len(state.wizards[seat].hand)
        return _action_asked(seat, held, can_draw(state), state.options.pass_with_cards)
    if stage == "discard":
        return _discard_asked(state.active)
    return ()


@cache
def _demanded(seat: int, by: int) -> tuple[Pending, ...]:
    return (
        Pending(
            seat=seat,
            accepts=("Discard",),
            prompt=f"discard a card of your choice (demanded by seat {by})",
        ),
    )


@cache
def _defence_asked(target: int, attacker: int, source: str, damage: int) -> tuple[Pending, ...]:
    return (
        Pending(
            seat=target,
            accepts=("Defend", "Decline"),
            prompt=(
                f"seat {attacker} attacks you with {name_of(source)} "
                f"({damage} damage): play one defence card or decline"
            ),
        ),
    )


@cache
def _discard_asked(seat: int) -> tuple[Pending, ...]:
    return (
        Pending(
            seat=seat,
            accepts=("Discard", "EndTurn"),
            prompt="discard a card, or end the turn with at most 3 cards",
        ),
    )


@cache
def _action_asked(
    seat: int, held: int, drawable: bool, pass_with_cards: bool
) -> tuple[Pending, ...]:
    """Phase 1: only the command types that may be legal now.

    ``Pass``, ``Draw`` and ``NoAction`` are exactly as legal as listed: they
    depend on the hand's size and the piles, which everyone sees. ``PlayCard``
    and ``PlayCombo`` are listed whenever the hand holds a card, whatever the
    cards are: the pending decision is public (every view shows it), and naming
    them only when a card or combo is playable would tell the table what the
    hand holds (the same reason a defence is asked of anyone holding a card).
    """
    if not held and not drawable:
        return (Pending(seat=seat, accepts=("Pass",), prompt="nothing to do: pass"),)
    accepts: list[str] = []
    offers: list[str] = []
    if pass_with_cards:
        accepts.append("Pass")
        offers.append("pass")
    if held < HAND_LIMIT and drawable:
        accepts.append("Draw")
        offers.append("draw a card")
    if held:
        accepts += ["PlayCard", "PlayCombo", "NoAction"]
        offers += ["play a card or a combo", "discard one card"]
    return (Pending(seat=seat, accepts=tuple(accepts), prompt=", or ".join(offers)),)


def _wizard(state: UltimateState, seat: int, **changes: Any) -> UltimateState:
    wizards = list(state.wizards)
    wizards[seat] = replace(wizards[seat], **changes)
    return replace(state, wizards=tuple(wizards))


def _without(cards: tuple[str, ...], *removed: str) -> tuple[str, ...]:
    left = list(cards)
    for card in removed:
        left.remove(card)
    return tuple(left)


def _take(state: UltimateState, seat: int, *cards: str) -> UltimateState:
    return _wizard(state, seat, hand=_without(state.wizards[seat].hand, *cards))


def _give(state: UltimateState, seat: int, *cards: str) -> UltimateState:
    return _wizard(state, seat, hand=state.wizards[seat].hand + cards)


def _set_current_hit(state: UltimateState, **changes: Any) -> UltimateState:
    attack = state.attack
    assert attack is not None
    hits = (replace(attack.hits[0], **changes), *attack.hits[1:])
    return replace(state, attack=replace(attack, hits=hits))


def _pop_hit(state: UltimateState) -> UltimateState:
    attack = state.attack
    assert attack is not None
    rest = attack.hits[1:]
    return replace(state, attack=replace(attack, hits=rest) if rest else None)


def _round_started(state: UltimateState, e: ev.RoundStarted) -> UltimateState:
    wizards = tuple(Wizard(life=e.health, round_wins=w.round_wins) for w in state.wizards)
    return replace(
        state,
        round=e.round,
        stage="setup",
        wizards=wizards,
        draw_pile=CARD_IDS,
        draw_unknown=0,
        discard=(),
        in_play=(),
        effects=(),
        attack=None,
        demands=(),
    )


def _cards_shuffled(state: UltimateState, e: CardsShuffled) -> UltimateState:
    unknown = len(e.order) if e.unknown else 0
    if e.pile == "deck":
        return replace(state, draw_pile=e.order, draw_unknown=unknown)
    if e.pile == LEFT_OUT:
        # Cards a setup file left out go under the cards it placed on the pile.
        return replace(
            state, draw_pile=state.draw_pile + e.order, draw_unknown=state.draw_unknown + unknown
        )
    # The discard pile becomes the new draw pile (drawn only once it was empty).
    return replace(
        state,
        draw_pile=e.order + state.draw_pile,
        draw_unknown=unknown + state.draw_unknown,
        discard=(),
    )


def _draw(state: UltimateState, *cards: str) -> UltimateState:
    pile, unknown = state.draw_pile, state.draw_unknown
    for card in cards:
        pile, unknown = take(pile, unknown, card)
    return replace(state, draw_pile=pile, draw_unknown=unknown)


def _cards_dealt(state: UltimateState, e: ev.CardsDealt) -> UltimateState:
    return _give(_draw(state, *e.cards), e.seat, *e.cards)


def _turn_started(state: UltimateState, e: ev.TurnStarted) -> UltimateState:
    return replace(state, active=e.seat, turn=e.turn, stage="action")


def _card_drawn(state: UltimateState, e: ev.CardDrawn) -> UltimateState:
    # The commonest event of a long game: one copy of the state, not three.
    pile, unknown = take(state.draw_pile, state.draw_unknown, e.card)
    wizards = list(state.wizards)
    wizard = wizards[e.seat]
    wizards[e.seat] = replace(wizard, hand=(*wizard.hand, e.card))
    return replace(state, draw_pile=pile, draw_unknown=unknown, wizards=tuple(wizards))


def _card_played(state: UltimateState, e: ev.CardPlayed) -> UltimateState:
    state = _take(state, e.seat, e.card)
    return replace(state, in_play=(*state.in_play, e.card), stage="resolving")


def _combo_played(state: UltimateState, e: ev.ComboPlayed) -> UltimateState:
    state = _take(state, e.seat, *e.cards)
    return replace(state, in_play=state.in_play + tuple(e.cards), stage="resolving")


def _card_discarded(state: UltimateState, e: ev.CardDiscarded) -> UltimateState:
    wizards = list(state.wizards)
    wizard = wizards[e.seat]
    wizards[e.seat] = replace(wizard, hand=_without(wizard.hand, e.card))
    demands = state.demands
    if e.reason == "demanded" and demands and demands[0].seat == e.seat:
        demands = demands[1:]
    return replace(state, wizards=tuple(wizards), discard=(*state.discard, e.card), demands=demands)


def _card_recovered(state: UltimateState, e: ev.CardRecovered) -> UltimateState:
    if e.card not in state.discard:  # a combo's own card (option grave_own_cards)
        state = replace(state, in_play=_without(state.in_play, e.card))
    else:
        state = replace(state, discard=_without(state.discard, e.card))
    return _give(state, e.seat, e.card)


def _card_stolen(state: UltimateState, e: ev.CardStolen) -> UltimateState:
    return _give(_take(state, e.victim, e.card), e.thief, e.card)


def _hands_swapped(state: UltimateState, e: ev.HandsSwapped) -> UltimateState:
    mine, theirs = state.wizards[e.seat].hand, state.wizards[e.other].hand
    return _wizard(_wizard(state, e.seat, hand=theirs), e.other, hand=mine)


def _damage_dealt(state: UltimateState, e: ev.DamageDealt) -> UltimateState:
    return _wizard(state, e.seat, life=e.life)


def _life_restored(state: UltimateState, e: ev.LifeRestored) -> UltimateState:
    return _wizard(state, e.seat, life=e.life)


def _effect_started(state: UltimateState, e: ev.EffectStarted) -> UltimateState:
    effect = Effect(kind=e.kind, seat=e.seat, turn=e.turn)
    return replace(state, effects=(*state.effects, effect))


def _effect_ended(state: UltimateState, e: ev.EffectEnded) -> UltimateState:
    effects = list(state.effects)
    for i, effect in enumerate(effects):
        if effect.seat == e.seat and effect.kind == e.kind:
            del effects[i]
            break
    return replace(state, effects=tuple(effects))


def _attack_began(state: UltimateState, e: ev.AttackBegan) -> UltimateState:
    attack = Attack(attacker=e.attacker, source=e.source, rule=e.effect_rule, hits=e.hits)
    return replace(state, attack=attack, stage="resolving")


def _attack_prevented(state: UltimateState, e: ev.AttackPrevented) -> UltimateState:
    return _pop_hit(state)


def _attack_arrived(state: UltimateState, e: ev.AttackArrived) -> UltimateState:
    return _set_current_hit(state, stage="arrived", defendable=e.defendable)


def _defence_played(state: UltimateState, e: ev.DefencePlayed) -> UltimateState:
    state = _take(state, e.seat, e.card)
    state = replace(state, in_play=(*state.in_play, e.card))
    return _set_current_hit(state, stage="answered")


def _defence_declined(state: UltimateState, e: ev.DefenceDeclined) -> UltimateState:
    return _set_current_hit(state, stage="answered")


def _attack_redirected(state: UltimateState, e: ev.AttackRedirected) -> UltimateState:
    return _set_current_hit(state, target=e.to_seat, stage="new", defendable=False)


def _hit_resolved(state: UltimateState, e: ev.HitResolved) -> UltimateState:
    return _pop_hit(state)


def _discard_demanded(state: UltimateState, e: ev.DiscardDemanded) -> UltimateState:
    demand = Demand(seat=e.seat, by=e.by, rule=e.rule)
    return replace(state, demands=(*state.demands, demand))


def _played_cards_discarded(state: UltimateState, e: ev.PlayedCardsDiscarded) -> UltimateState:
    return replace(
        state,
        in_play=_without(state.in_play, *e.cards),
        discard=state.discard + tuple(e.cards),
    )


def _discard_phase_started(state: UltimateState, e: ev.DiscardPhaseStarted) -> UltimateState:
    return replace(state, stage="discard")


def _turn_ended(state: UltimateState, e: ev.TurnEnded) -> UltimateState:
    return replace(state, stage="ending")


def _wizard_eliminated(state: UltimateState, e: ev.WizardEliminated) -> UltimateState:
    state = _wizard(state, e.seat, eliminated=True, hand=())
    return replace(
        state,
        discard=state.discard + tuple(e.cards),
        effects=tuple(x for x in state.effects if x.seat != e.seat),
        demands=tuple(d for d in state.demands if d.seat != e.seat),
    )


def _round_won(state: UltimateState, e: ev.RoundWon) -> UltimateState:
    return replace(_wizard(state, e.seat, round_wins=e.wins), stage="ending")


def _round_drawn(state: UltimateState, e: ev.RoundDrawn) -> UltimateState:
    return replace(state, stage="ending")


def _match_won(state: UltimateState, e: ev.MatchWon) -> UltimateState:
    return replace(state, winner=e.seat, stage="over")


def _unchanged(state: UltimateState, e: Event) -> UltimateState:
    return state


_HANDLERS: dict[type[Event], Callable[[UltimateState, Any], UltimateState]] = {
    DiceRolled: _unchanged,
    CardsShuffled: _cards_shuffled,
    ev.RoundStarted: _round_started,
    ev.CardsDealt: _cards_dealt,
    ev.TurnStarted: _turn_started,
    ev.DiscardPileReshuffled: _unchanged,
    ev.CardDrawn: _card_drawn,
    ev.CardPlayed: _card_played,
    ev.ComboPlayed: _combo_played,
    ev.CardDiscarded: _card_discarded,
    ev.CardRecovered: _card_recovered,
    ev.CardStolen: _card_stolen,
    ev.HandsSwapped: _hands_swapped,
    ev.DamageDealt: _damage_dealt,
    ev.DamageBlocked: _unchanged,
    ev.LifeRestored: _life_restored,
    ev.EffectStarted: _effect_started,
    ev.EffectEnded: _effect_ended,
    ev.AttackBegan: _attack_began,
    ev.AttackPrevented: _attack_prevented,
    ev.AttackArrived: _attack_arrived,
    ev.DefencePlayed: _defence_played,
    ev.DefenceDeclined: _defence_declined,
    ev.AttackRedirected: _attack_redirected,
    ev.HitResolved: _hit_resolved,
    ev.DiscardDemanded: _discard_demanded,
    ev.PlayedCardsDiscarded: _played_cards_discarded,
    ev.DiscardPhaseStarted: _discard_phase_started,
    ev.TurnEnded: _turn_ended,
    ev.WizardEliminated: _wizard_eliminated,
    ev.RoundWon: _round_won,
    ev.RoundDrawn: _round_drawn,
    ev.MatchWon: _match_won,
}


_EVOLVER = PendingEvolver(_HANDLERS, pending_of)
evolve = _EVOLVER.evolve
evolve_all = _EVOLVER.evolve_all
# A flow's working state: each event through its handler, not settled (see
# Evolver.step: its pending goes stale). Every event a flow emits has a handler,
# and the flow reads each from this table itself: a call less at every event.
STEPS: Mapping[type[Event], Callable[[UltimateState, Any], UltimateState]] = _HANDLERS
# What a decision's flow stepped through, so that folding its events need not again.
decided = _EVOLVER.decided
