"""What each card and combo does once its play has been accepted."""

from __future__ import annotations

from domain.ultimate import events as ev
from domain.ultimate.cards import (
    ARCANE_TRAP,
    CARDS,
    COMBOS,
    ELECTRIC_VEIL,
    FROZEN_ARMOUR,
    SHADOW_VEIL,
    is_defence,
)
from domain.ultimate.flow import Flow
from domain.ultimate.state import Hit, seats_from_left


def play_card(flow: Flow, seat: int, card: str, target: int | None, discard: str | None) -> None:
    rule = CARDS[card].rule
    options = flow.state.options
    # Absorption played on an empty discard pile (option absorb_empty=allowed).
    empty = card == "absorption" and not flow.state.discard
    also = ("ultimate.ruling.absorption-last",) if empty else ()
    flow.emit(ev.CardPlayed(rule=rule, also=also, seat=seat, card=card, target=target))
    cost = options.casting_cost == "cast"
    if card == "fireball":
        assert target is not None
        flow.attack(seat, card, rule, [Hit(target=target, damage=1)])
    elif card == "explosion":
        assert target is not None
        if cost:
            flow.damage(seat, 1, card, "ultimate.ruling.casting-cost")
        flow.attack(seat, card, rule, [Hit(target=target, damage=2)])
    elif card == "poison_cloud":
        assert target is not None
        flow.attack(seat, card, rule, [Hit(target=target, poison=True)])
    elif card == "lightning":
        # Everyone else is listed before the caster's own damage can matter.
        victims = seats_from_left(flow.state, seat)
        if options.eclair_order == "right":
            victims.reverse()
        if options.eclair_hits_caster:
            flow.damage(seat, 1, card, "ultimate.ruling.lightning-caster")
        hits = [Hit(target=v, damage=1) for v in victims]
        flow.attack(seat, card, rule, hits, why="ultimate.ruling.lightning-order")
    elif card == "curse":
        assert target is not None
        if options.malediction_discard == "caster":
            assert discard is not None
            flow.emit(
                ev.CardDiscarded(
                    rule="ultimate.ruling.curse-discard", seat=seat, card=discard, reason="cost"
                )
            )
            flow.attack(seat, card, rule, [Hit(target=target, damage=2)])
        else:
            flow.attack(seat, card, rule, [Hit(target=target, damage=2, discard=True)])
    elif card == "shadow_hand":
        assert target is not None
        if cost:
            flow.damage(seat, 1, card, "ultimate.ruling.casting-cost")
        flow.attack(seat, card, rule, [Hit(target=target, steal=True)])
    elif card == "healing_light":
        flow.heal(seat, 1, rule)
    elif card == "mana_focus":
        flow.draw(seat, rule)
    elif card == "shadow_veil":
        flow.emit(ev.EffectStarted(rule=rule, seat=seat, kind=SHADOW_VEIL, turn=flow.state.turn))
    elif card == "absorption" and not empty:
        flow.emit(
            ev.CardRecovered(
                rule="ultimate.ruling.absorption-last", seat=seat, card=flow.state.discard[-1]
            )
        )
    elif card == "absorption":
        pass  # nothing to take back
    elif card == "mind_control":
        assert target is not None
        if flow.state.options.controle_chooser == "caster":
            flow.blind_pick_discard(target, seat, "ultimate.ruling.mind-control")
        else:
            flow.demand_discard(target, seat, "ultimate.ruling.mind-control")
    else:  # pragma: no cover - decide refuses every other card
        raise AssertionError(f"no effect for {card}")


def play_combo(
    flow: Flow, seat: int, combo_id: str, targets: tuple[int, ...], card: str | None
) -> None:
    combo = COMBOS[combo_id]
    rule = combo.rule
    # A combo's effect replaces its cards' own; one holding a defence card is played
    # on the caster's turn by a ruling.
    also: tuple[str, ...] = ("ultimate.ruling.combo-replaces-cards",)
    if any(is_defence(c) for c in combo.cards):
        also += ("ultimate.ruling.defence-in-combos",)
    flow.emit(
        ev.ComboPlayed(
            rule=rule,
            also=also,
            seat=seat,
            combo=combo_id,
            cards=combo.cards,
            targets=targets,
            card=card,
        )
    )
    turn = flow.state.turn
    attack = "ultimate.ruling.what-is-an-attack"
    if combo_id == "flame_explosion":
        flow.attack(seat, combo_id, rule, [Hit(target=targets[0], damage=3)], why=attack)
    elif combo_id == "electric_veil":
        flow.emit(ev.EffectStarted(rule=rule, seat=seat, kind=ELECTRIC_VEIL, turn=turn))
    elif combo_id == "frozen_armour":
        flow.emit(ev.EffectStarted(rule=rule, seat=seat, kind=FROZEN_ARMOUR, turn=turn))
    elif combo_id == "arcane_trap":
        flow.emit(ev.EffectStarted(rule=rule, seat=seat, kind=ARCANE_TRAP, turn=turn))
    elif combo_id == "grave_summoning":
        assert card is not None
        flow.emit(
            ev.CardRecovered(
                rule=rule, also=("ultimate.ruling.grave-summoning",), seat=seat, card=card
            )
        )
    elif combo_id == "vital_surge":
        flow.heal(seat, 3, rule)
    elif combo_id == "shadow_mana":
        flow.draw(seat, rule)
        flow.attack(seat, combo_id, rule, [Hit(target=targets[0], steal=True)], why=attack)
    elif combo_id == "chain_reaction":
        hits = [Hit(target=t, damage=2) for t in targets]
        flow.attack(seat, combo_id, rule, hits, why="ultimate.ruling.chain-reaction")
    elif combo_id == "poisoned_blessing":
        flow.heal(seat, 2, rule)
        flow.attack(seat, combo_id, rule, [Hit(target=targets[0], poison=True)], why=attack)
    elif combo_id == "spectral_summoning":
        flow.emit(ev.HandsSwapped(rule="ultimate.ruling.hand-swap", seat=seat, other=targets[0]))
    else:  # pragma: no cover - decide refuses every other combo
        raise AssertionError(f"no effect for {combo_id}")
