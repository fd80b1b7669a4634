"""decide: check a command against the rules, then return what happened.

Checks come first and raise ``IllegalCommand``; effects run on a ``Flow`` only
once the command is known to be legal, so a refusal never leaves half an action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Command, Dice, Event, IllegalCommand, require_pending
from domain.kernel.phrases import Card, Phrase, Seat, cards, phrase, seats
from domain.ultimate import events as ev
from domain.ultimate.cards import (
    CARD_IDS,
    CARDS,
    COMBO_IDS,
    COMBOS,
    HAND_LIMIT,
    REPLACEMENT,
    is_defence,
    uses_defence_card,
)
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
from domain.ultimate.evolve import decided
from domain.ultimate.flow import Flow
from domain.ultimate.play import play_card, play_combo
from domain.ultimate.state import (
    UltimateState,
    can_draw,
    deflect_targets,
    hand,
    opponents,
    recoverable,
)


def decide(state: UltimateState, seat: int, command: Command, dice: Dice) -> list[Event]:
    precheck = _PHASE_ONE_CHECKS.get(type(command))
    if precheck is not None and state.stage == "action" and seat == state.active:
        # The pending decision lists Draw and Pass only when they are legal; a
        # refused one is told the rule that forbids it, not just "wrong decision".
        precheck(state, seat)
    require_pending(state.pending, seat, command)
    decider = _DECIDERS.get(type(command))
    if decider is None:
        raise IllegalCommand(
            "malformed_command",
            "kernel.malformed",
            phrase("{command} is not an ultimate command", command=type(command).__name__),
        )
    flow = Flow(state, dice)
    decider(flow, seat, command)
    decided(state, flow.events, flow.state)
    return flow.events


# --- shared checks -------------------------------------------------------------


def _known_card(card: str) -> None:
    if card not in CARDS:
        raise IllegalCommand(
            "unknown_card",
            "ultimate.cards.list",
            phrase(
                "there is no card {card}; the cards are {cards}",
                card=repr(card),
                cards=cards(CARD_IDS),
            ),
        )


def _held(state: UltimateState, seat: int, card: str, rule: str) -> None:
    if card in state.wizards[seat].hand:
        return  # a hand holds only known cards
    _known_card(card)
    raise IllegalCommand(
        "not_in_hand",
        rule,
        phrase("{seat} does not hold {card}", seat=Seat(seat), card=Card(card)),
    )


def _opponent(state: UltimateState, seat: int, target: int | None, rule: str, what: Card) -> None:
    if target is None:
        raise IllegalCommand(
            "target_required", rule, phrase("{card} needs a target opponent", card=what)
        )
    choices = opponents(state, seat)
    if target not in choices:
        raise IllegalCommand(
            "bad_target",
            rule,
            phrase(
                "{card} cannot target {target}; choose {choices}",
                card=what,
                target=_seat(target),
                choices=_either(choices),
            ),
        )


def _seat(target: int) -> Seat | str:
    """A target as sent: a seat of the game by its player, any other number as it is."""
    return Seat(target) if target >= 0 else str(target)


def _either(choices: list[int] | tuple[int, ...]) -> Phrase:
    return phrase("one of {seats}", seats=seats(choices, phrase("nobody")))


def _no_target(target: int | None, rule: str, what: Card) -> None:
    if target is not None:
        raise IllegalCommand("unexpected_target", rule, phrase("{card} takes no target", card=what))


def _no_discard(discard: str | None, rule: str, what: Card) -> None:
    if discard is not None:
        raise IllegalCommand(
            "unexpected_discard", rule, phrase("{card} takes no card to discard", card=what)
        )


# --- phase 1 -------------------------------------------------------------------


def _check_draw(state: UltimateState, seat: int) -> None:
    held = len(state.wizards[seat].hand)
    if held >= HAND_LIMIT:
        raise IllegalCommand(
            "hand_full",
            "ultimate.turn.draw",
            phrase(
                "{seat} holds {held} cards; drawing is allowed only below {limit}",
                seat=Seat(seat),
                held=held,
                limit=HAND_LIMIT,
            ),
        )
    if not can_draw(state):
        raise IllegalCommand(
            "nothing_to_draw",
            "ultimate.ruling.empty-piles",
            phrase("the draw pile and the discard pile are both empty"),
        )


def _draw(flow: Flow, seat: int, command: Draw) -> None:
    # ``decide`` ran ``_check_draw`` (``_PHASE_ONE_CHECKS``): a Draw is only ever
    # pending for phase 1's active seat.
    flow.draw(seat, "ultimate.turn.draw")
    flow.begin_discard_phase()


def _play_card(flow: Flow, seat: int, command: PlayCard) -> None:
    state = flow.state
    card = command.card
    _held(state, seat, card, "ultimate.turn.action")
    info = CARDS[card]
    what = Card(card)
    if info.category == "defence":
        raise IllegalCommand(
            "defence_on_own_turn",
            "ultimate.cards.defence-timing",
            phrase("{card} is a defence card: it is only played when you are attacked", card=what),
        )
    if info.targeting == "opponent":
        _opponent(state, seat, command.target, info.rule, what)
    else:
        _no_target(command.target, info.rule, what)
    if card == "curse" and state.options.malediction_discard == "caster":
        rule = "ultimate.ruling.curse-discard"
        if command.discard is None:
            raise IllegalCommand(
                "cost_required", rule, phrase("{card} needs another card to discard", card=what)
            )
        _held(state, seat, command.discard, rule)
        if command.discard == card:
            raise IllegalCommand(
                "cost_required", rule, phrase("{card} cannot pay with itself", card=what)
            )
    else:
        _no_discard(command.discard, info.rule, what)
    if card == "absorption" and not state.discard and state.options.absorb_empty != "allowed":
        raise IllegalCommand(
            "nothing_to_recover",
            "ultimate.ruling.absorption-last",
            phrase(
                "{card} needs a discarded card to take back; the discard pile is empty",
                card=what,
            ),
        )
    play_card(flow, seat, card, command.target, command.discard)
    flow.advance()


def _play_combo(flow: Flow, seat: int, command: PlayCombo) -> None:
    state = flow.state
    combo_id = command.combo
    if combo_id not in COMBOS:
        raise IllegalCommand(
            "unknown_combo",
            "ultimate.combo.rules",
            phrase(
                "there is no combo {combo}; the combos are {combos}",
                combo=repr(combo_id),
                combos=cards(COMBO_IDS),
            ),
        )
    combo = COMBOS[combo_id]
    what = Card(combo_id)
    if uses_defence_card(combo) and not state.options.defence_in_combos:
        raise IllegalCommand(
            "combo_forbidden",
            "ultimate.ruling.defence-in-combos",
            phrase(
                "{combo} contains a defence card, and defence cards are not played in combos "
                "at this table (option defence_in_combos)",
                combo=what,
            ),
        )
    missing = [c for c in combo.cards if c not in hand(state, seat)]
    if missing:
        raise IllegalCommand(
            "not_in_hand",
            "ultimate.combo.rules",
            phrase(
                "{combo} needs {cards}; {seat} lacks {missing}",
                combo=what,
                cards=cards(combo.cards),
                seat=Seat(seat),
                missing=cards(missing),
            ),
        )
    target, second = command.target, command.second_target
    if combo.targeting != "discard" and command.card is not None:
        raise IllegalCommand(
            "unexpected_card", combo.rule, phrase("{combo} takes no discard-pile card", combo=what)
        )
    if combo.targeting != "two_opponents" and second is not None:
        raise IllegalCommand(
            "unexpected_target", combo.rule, phrase("{combo} takes no second target", combo=what)
        )
    if combo.targeting in ("none", "discard") and target is not None:
        raise IllegalCommand(
            "unexpected_target", combo.rule, phrase("{card} takes no target", card=what)
        )
    targets: tuple[int, ...] = ()
    if combo.targeting in ("opponent", "other"):
        _opponent(state, seat, target, combo.rule, what)
        assert target is not None
        targets = (target,)
    elif combo.targeting == "two_opponents":
        rule = "ultimate.ruling.chain-reaction"
        twice = state.options.chain_same_target
        if len(opponents(state, seat)) < (1 if twice else 2):
            raise IllegalCommand(
                "not_enough_opponents",
                rule,
                phrase("{combo} needs two opponents still standing", combo=what),
            )
        if target is None or second is None or (target == second and not twice):
            raise IllegalCommand(
                "target_required", rule, phrase("{combo} needs two different targets", combo=what)
            )
        _opponent(state, seat, target, rule, what)
        _opponent(state, seat, second, rule, what)
        targets = (target, second)
    elif combo.targeting == "discard":
        rule = "ultimate.ruling.grave-summoning"
        if command.card is None:
            raise IllegalCommand(
                "card_required", rule, phrase("{combo} needs a discard-pile card", combo=what)
            )
        _known_card(command.card)
        if command.card not in recoverable(state, combo.cards):
            raise IllegalCommand(
                "not_in_discard",
                rule,
                phrase("{card} is not in the discard pile", card=Card(command.card)),
            )
    play_combo(flow, seat, combo_id, targets, command.card)
    flow.advance()


def _no_action(flow: Flow, seat: int, command: NoAction) -> None:
    _held(flow.state, seat, command.card, "ultimate.turn.no-action")
    flow.emit(
        ev.CardDiscarded(
            rule="ultimate.turn.no-action", seat=seat, card=command.card, reason="no_action"
        )
    )
    flow.begin_discard_phase()


def _check_pass(state: UltimateState, seat: int) -> None:
    if state.options.pass_with_cards:
        return
    if hand(state, seat) or can_draw(state):
        raise IllegalCommand(
            "pass_not_allowed",
            "ultimate.turn.pass",
            phrase("passing is only allowed with no card in hand and nothing to draw"),
        )


def _pass(flow: Flow, seat: int, command: Pass) -> None:
    _check_pass(flow.state, seat)
    idle = bool(hand(flow.state, seat) or can_draw(flow.state))
    flow.end_turn("ultimate.ruling.pass-with-cards" if idle else "ultimate.turn.pass")


# --- phase 2 and demanded discards ---------------------------------------------


def _discard(flow: Flow, seat: int, command: Discard) -> None:
    state = flow.state
    if state.demands and state.demands[0].seat == seat:
        demand = state.demands[0]
        _held(state, seat, command.card, demand.rule)
        flow.emit(
            ev.CardDiscarded(rule=demand.rule, seat=seat, card=command.card, reason="demanded")
        )
        flow.advance()
        return
    held = len(state.wizards[seat].hand)
    rule = "ultimate.turn.hand-limit" if held > HAND_LIMIT else "ultimate.turn.discard"
    _held(state, seat, command.card, rule)
    flow.emit(ev.CardDiscarded(rule=rule, seat=seat, card=command.card, reason="discard_phase"))
    if rule == "ultimate.turn.discard" and state.options.discard_replacement == "draw":
        flow.emit(
            ev.EffectStarted(
                rule="ultimate.ruling.discard-replacement",
                seat=seat,
                kind=REPLACEMENT,
                turn=state.turn,
            )
        )
    # Option discard_phase=one_more: discards forced down to the limit leave the
    # turn open for one more, of the player's own will.
    forced = rule == "ultimate.turn.hand-limit" and state.options.discard_phase == "one_more"
    if held - 1 <= HAND_LIMIT and not forced:
        flow.end_turn("ultimate.ruling.discard-phase")


def _end_turn(flow: Flow, seat: int, command: EndTurn) -> None:
    held = len(flow.state.wizards[seat].hand)
    if held > HAND_LIMIT:
        raise IllegalCommand(
            "hand_limit",
            "ultimate.turn.hand-limit",
            phrase(
                "{seat} holds {held} cards and must discard down to {limit} first",
                seat=Seat(seat),
                held=held,
                limit=HAND_LIMIT,
            ),
        )
    flow.end_turn("ultimate.turn.discard")


# --- defence -------------------------------------------------------------------


def _defend(flow: Flow, seat: int, command: Defend) -> None:
    state = flow.state
    card = command.card
    _held(state, seat, card, "ultimate.defence.one-card")
    info = CARDS[card]
    what = Card(card)
    if not is_defence(card):
        raise IllegalCommand(
            "not_a_defence",
            "ultimate.defence.one-card",
            phrase("{card} is not a defence card", card=what),
        )
    if card == "deflection":
        rule = "ultimate.ruling.redirect"
        if command.target is None:
            raise IllegalCommand(
                "target_required", rule, phrase("{card} needs a wizard to deflect to", card=what)
            )
        choices = deflect_targets(state, seat)
        if command.target not in choices:
            raise IllegalCommand(
                "bad_target",
                rule,
                phrase(
                    "{card} cannot send the attack to {target}; choose {choices}",
                    card=what,
                    target=_seat(command.target),
                    choices=_either(choices),
                ),
            )
    else:
        _no_target(command.target, info.rule, what)
    if card == "arcane_barrier":
        if command.discard is None:
            raise IllegalCommand(
                "cost_required", info.rule, phrase("{card} needs a card to discard", card=what)
            )
        _held(state, seat, command.discard, info.rule)
        if command.discard == card:
            raise IllegalCommand(
                "cost_required", info.rule, phrase("{card} cannot pay with itself", card=what)
            )
    else:
        _no_discard(command.discard, info.rule, what)
    attack = state.attack
    assert attack is not None
    flow.emit(ev.DefencePlayed(rule=info.rule, seat=seat, card=card, target=command.target))
    if command.discard is not None:
        flow.emit(ev.CardDiscarded(rule=info.rule, seat=seat, card=command.discard, reason="cost"))
    if card == "deflection":
        assert command.target is not None
        flow.emit(
            ev.AttackRedirected(
                rule="ultimate.ruling.redirect",
                attacker=attack.attacker,
                from_seat=seat,
                to_seat=command.target,
            )
        )
    else:
        flow.resolve_hit(card)
    flow.advance()


def _decline(flow: Flow, seat: int, command: Decline) -> None:
    flow.emit(ev.DefenceDeclined(rule="ultimate.defence.one-card", seat=seat))
    flow.resolve_hit(None)
    flow.advance()


_PHASE_ONE_CHECKS: dict[type[Command], Callable[[UltimateState, int], None]] = {
    Draw: _check_draw,
    Pass: _check_pass,
}

_DECIDERS: dict[type[Command], Callable[[Flow, int, Any], None]] = {
    Draw: _draw,
    PlayCard: _play_card,
    PlayCombo: _play_combo,
    NoAction: _no_action,
    Pass: _pass,
    Discard: _discard,
    EndTurn: _end_turn,
    Defend: _defend,
    Decline: _decline,
}
