"""The automatic part of the rules: resolving attacks, turns and rounds.

A ``Flow`` holds the state being decided upon, the dice and the events so far.
Every event is applied to the working state as soon as it is emitted, so each
later step reads exactly what replay will see. ``advance`` keeps resolving until
a seat has something to decide (a defence, a discard) or the action is over.
"""

from __future__ import annotations

from domain.kernel import Dice, Event
from domain.kernel.piles import take
from domain.ultimate import events as ev
from domain.ultimate.cards import (
    ARCANE_TRAP,
    CARD_IDS,
    COMBOS,
    DEAL_SIZE,
    ELECTRIC_VEIL,
    EXPIRE_AT_OWN_TURN,
    FROZEN_ARMOUR,
    HAND_LIMIT,
    POISON,
    REPLACEMENT,
    SHADOW_VEIL,
)
from domain.ultimate.evolve import STEPS
from domain.ultimate.options import round_health
from domain.ultimate.state import (
    Hit,
    UltimateState,
    has_effect,
    next_seat,
    right_neighbour,
)

# Events after which the draw pile may have run out while discards exist.
_PILE_CHANGES = (
    ev.CardDrawn,
    ev.CardsDealt,
    ev.CardDiscarded,
    ev.PlayedCardsDiscarded,
)

_EFFECT_RULES = {
    SHADOW_VEIL: "ultimate.ruling.shadow-veil-duration",
    ELECTRIC_VEIL: "ultimate.ruling.electric-veil",
    ARCANE_TRAP: "ultimate.ruling.arcane-trap",
    FROZEN_ARMOUR: "ultimate.ruling.frozen-armour",
}

# The cards whose caster pays 1 life (ruling casting-cost).
COSTLY = frozenset({"explosion", "shadow_hand"})

# Defences that only reduce damage: a poison, a steal or a discard riding the
# attack still lands (ruling blocks-damage-only).
DAMAGE_ONLY = frozenset({"shield", "arcane_barrier", "mirror"})


class Flow:
    __slots__ = ("_when_empty", "dice", "events", "state")

    def __init__(self, state: UltimateState, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        # Options do not change within a flow: read once, not at every event.
        self._when_empty = state.options.reshuffle == "when_empty"

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = STEPS[type(event)](self.state, event)  # its pending is not read here
        # The option first: a class test against four classes at every event cost
        # about 3 % of verifying a long game, under the default option too.
        if self._when_empty and isinstance(event, _PILE_CHANGES):
            self._reshuffle_when_empty()

    def _reshuffle_when_empty(self) -> None:
        """Option reshuffle=when_empty: the pile is rebuilt as soon as it is exhausted."""
        state = self.state
        if state.draw_pile or not state.discard or state.stage in ("setup", "over"):
            return
        self._reshuffle("ultimate.ruling.reshuffle-timing")

    def _reshuffle(self, why: str) -> None:
        self.emit(ev.DiscardPileReshuffled(rule=why, cards=len(self.state.discard)))
        self.emit(
            self.dice.shuffle(
                self.state.discard, pile="discard", rule="ultimate.turn.reshuffle", follow=True
            )
        )

    # --- cards -------------------------------------------------------------

    def draw(self, seat: int, rule: str) -> str | None:
        """Draw the top card for ``seat``, reshuffling the discard pile if needed."""
        free = ("ultimate.turn.draw", "ultimate.ruling.discard-replacement")
        if rule not in free and len(self.state.wizards[seat].hand) >= HAND_LIMIT:
            # A card effect drawing past the limit: say which ruling allows it.
            rule = "ultimate.ruling.mana-focus-limit"
        if not self.state.draw_pile:
            if not self.state.discard:
                return None
            self._reshuffle("ultimate.ruling.reshuffle-timing")
        pile = self.state.draw_pile
        card = pile[
            self.dice.draw(pile, unknown=self.state.draw_unknown, what="the draw pile", seat=seat)
        ]
        self.emit(ev.CardDrawn(rule=rule, seat=seat, card=card))
        return card

    def blind_pick_discard(self, seat: int, by: int, rule: str) -> None:
        """Option controle_chooser=caster: ``by`` picks one of ``seat``'s cards
        face down, a uniform draw seen (until the end) by the two seats only."""
        wizard = self.state.wizards[seat]
        if not wizard.hand or wizard.life == 0 or wizard.eliminated:
            return
        roll = self.dice.pick(
            wizard.hand,
            purpose=f"card picked from seat {seat}'s hand",
            rule=rule,
            seat=by,
            private_to=(by, seat),
        )
        self.emit(roll)
        card = wizard.hand[roll.values[0] - 1]
        self.emit(ev.CardDiscarded(rule=rule, seat=seat, card=card, reason="picked"))

    def demand_discard(self, seat: int, by: int, rule: str) -> None:
        wizard = self.state.wizards[seat]
        # A wizard at 0 life is about to lose the hand anyway (ruling zero-life);
        # one with no card has nothing to give (ruling empty-hand-target).
        if wizard.hand and wizard.life > 0 and not wizard.eliminated:
            self.emit(ev.DiscardDemanded(rule=rule, seat=seat, by=by))

    # --- life --------------------------------------------------------------

    def damage(self, seat: int, amount: int, source: str, rule: str) -> None:
        if amount <= 0:
            return
        current = self.state.wizards[seat].life
        left = max(0, current - amount)
        self.emit(
            ev.DamageDealt(
                rule=rule,
                seat=seat,
                amount=current - left,
                requested=amount,
                life=left,
                source=source,
            )
        )
        if left == 0 and self.state.options.eliminate == "at_once":
            self._eliminate(seat)

    def heal(self, seat: int, amount: int, rule: str) -> None:
        current = self.state.wizards[seat].life
        cap = round_health(self.state.options, self.state.round)
        after = max(current, min(cap, current + amount))
        rule = rule if after == current + amount else "ultimate.ruling.healing-cap"
        self.emit(ev.LifeRestored(rule=rule, seat=seat, amount=after - current, life=after))

    # --- attacks -----------------------------------------------------------

    def attack(
        self, attacker: int, source: str, rule: str, hits: list[Hit], why: str | None = None
    ) -> None:
        """Start an attack whose hits apply ``rule``; ``why`` cites what makes it one."""
        if hits:
            self.emit(
                ev.AttackBegan(
                    rule=why or rule,
                    attacker=attacker,
                    source=source,
                    effect_rule=rule,
                    hits=tuple(hits),
                )
            )

    def advance(self) -> None:
        """Resolve whatever needs no decision; stop at the next decision."""
        while self.state.stage == "resolving":
            state = self.state
            if state.demands:
                return
            attack = state.attack
            if attack is None:
                self._finish_action()
                return
            hit = attack.hits[0]
            if hit.stage == "new":
                self._arrive(attack.attacker, hit)
            elif hit.stage == "arrived" and hit.defendable:
                return
            else:
                self.resolve_hit(None)

    def _arrive(self, attacker: int, hit: Hit) -> None:
        target = hit.target
        if has_effect(self.state, target, SHADOW_VEIL):
            rule = "ultimate.ruling.shadow-veil-duration"
            self.emit(ev.EffectEnded(rule=rule, seat=target, kind=SHADOW_VEIL, reason="consumed"))
            self.emit(ev.AttackPrevented(rule=rule, attacker=attacker, target=target))
            return
        if target != attacker and has_effect(self.state, target, ELECTRIC_VEIL):
            neighbour = right_neighbour(self.state, attacker)
            spares_caster = neighbour == target and not self.state.options.electric_veil_hits_caster
            # When the ruling spares the caster, the attacker's blow is all the veil does.
            why = "ultimate.ruling.electric-veil-caster" if spares_caster else None
            self.damage(attacker, 2, "electric_veil", why or "ultimate.combo.electric-veil")
            if neighbour is not None and neighbour != attacker and not spares_caster:
                rule = (
                    "ultimate.ruling.electric-veil-caster"
                    if neighbour == target
                    else "ultimate.ruling.right-neighbour"
                )
                self.damage(neighbour, 1, "electric_veil", rule)
        if target != attacker and has_effect(self.state, target, ARCANE_TRAP):
            rule = "ultimate.combo.arcane-trap"
            self.emit(ev.EffectEnded(rule=rule, seat=target, kind=ARCANE_TRAP, reason="consumed"))
            self.damage(attacker, 2, "arcane_trap", rule)
            if self.state.options.arcane_trap_discard == "random":
                self.blind_pick_discard(attacker, target, "ultimate.ruling.arcane-trap")
            else:
                self.demand_discard(attacker, target, "ultimate.ruling.arcane-trap")
        wizard = self.state.wizards[target]
        defendable = False
        if target == self.state.active:
            rule = "ultimate.cards.defence-timing"
        elif wizard.life == 0:
            rule = "ultimate.ruling.zero-life"
        elif not self.state.options.combos_defendable and self._attack_source() in COMBOS:
            rule = "ultimate.ruling.what-is-an-attack"
        else:
            # Asked whenever they hold a card, so the question leaks nothing.
            rule = "ultimate.defence.prompt"
            defendable = bool(wizard.hand)
        self.emit(
            ev.AttackArrived(
                rule=rule,
                attacker=attacker,
                target=target,
                damage=hit.damage,
                defendable=defendable,
            )
        )

    def _attack_source(self) -> str:
        attack = self.state.attack
        return attack.source if attack is not None else ""

    def resolve_hit(self, defence: str | None) -> None:
        """Land the current hit on its target, after ``defence`` (a card or None)."""
        attack = self.state.attack
        assert attack is not None
        hit = attack.hits[0]
        attacker, target = attack.attacker, hit.target
        if defence == "thorns" and target != attacker:
            self.damage(attacker, 1, "thorns", "ultimate.card.thorns")
        if attack.source in COSTLY and self.state.options.casting_cost == "landed":
            self.damage(attacker, 1, attack.source, "ultimate.ruling.casting-cost")
        amount = hit.damage
        if amount > 0 and defence in ("shield", "arcane_barrier"):
            blocked = min(amount, 1 if defence == "shield" else 2)
            rule = "ultimate.card.shield" if defence == "shield" else "ultimate.card.arcane-barrier"
            self.emit(ev.DamageBlocked(rule=rule, seat=target, amount=blocked, by=defence))
            amount -= blocked
        elif amount > 0 and defence == "mirror" and target != attacker:
            larger, smaller = (amount + 1) // 2, amount // 2
            if self.state.options.miroir_majority == "defender":
                kept, returned = larger, smaller
            else:
                kept, returned = smaller, larger
            self.damage(attacker, returned, "mirror", "ultimate.ruling.mirror-majority")
            amount = kept
        if has_effect(self.state, target, FROZEN_ARMOUR):
            rule = "ultimate.ruling.defence-order" if defence else "ultimate.combo.frozen-armour"
            blocked = min(amount, 3)
            if blocked:
                self.emit(
                    ev.DamageBlocked(rule=rule, seat=target, amount=blocked, by=FROZEN_ARMOUR)
                )
                amount -= blocked
            self.emit(
                ev.EffectEnded(
                    rule="ultimate.ruling.frozen-armour",
                    seat=target,
                    kind=FROZEN_ARMOUR,
                    reason="consumed",
                )
            )
        self.damage(target, amount, attack.source, attack.rule)
        also: tuple[str, ...] = ()
        blocking = defence in DAMAGE_ONLY or has_effect(self.state, target, FROZEN_ARMOUR)
        rider = hit.poison or hit.steal or hit.discard
        if rider and blocking:
            also += ("ultimate.ruling.blocks-damage-only",)
            if self.state.options.rider_blocked and hit.damage > 0 and amount == 0:
                # Option rider_blocked: all the damage blocked, nothing rides on.
                hit = Hit(target=target)
        if (hit.steal or hit.discard) and not self.state.wizards[target].hand:
            also += ("ultimate.ruling.empty-hand-target",)
        if hit.poison:
            self.emit(
                ev.EffectStarted(rule=attack.rule, seat=target, kind=POISON, turn=self.state.turn)
            )
        if hit.steal:
            self._steal(attacker, target, attack.rule)
        if hit.discard:
            self.demand_discard(target, attacker, "ultimate.ruling.curse-discard")
        self.emit(ev.HitResolved(rule=attack.rule, also=also, attacker=attacker, target=target))

    def _steal(self, thief: int, victim: int, rule: str) -> None:
        victim_hand = self.state.wizards[victim].hand
        # A thief eliminated by its own cost (option eliminate=at_once) takes nothing.
        if thief == victim or not victim_hand or self.state.wizards[thief].eliminated:
            return
        # Anyone who knows the order of the victim's hand would read the stolen
        # card off the roll, so it is seen only by the two seats that see the card.
        roll = self.dice.pick(
            victim_hand,
            purpose=f"card stolen from seat {victim}",
            rule="ultimate.ruling.steal-random",
            seat=thief,
            private_to=(thief, victim),
        )
        self.emit(roll)
        card = victim_hand[roll.values[0] - 1]
        self.emit(ev.CardStolen(rule=rule, thief=thief, victim=victim, card=card))

    # --- turns and rounds --------------------------------------------------

    def _finish_action(self) -> None:
        if self.state.in_play:
            self.emit(
                ev.PlayedCardsDiscarded(
                    rule="ultimate.cards.discard-after-use", cards=self.state.in_play
                )
            )
        if self.check_eliminations():
            return
        active = self.state.active
        if self.state.wizards[active].eliminated:
            self.end_turn("ultimate.ruling.active-eliminated")
            return
        self.begin_discard_phase()

    def begin_discard_phase(self) -> None:
        active = self.state.active
        if not self.state.wizards[active].hand:
            self.end_turn("ultimate.turn.discard")
            return
        self.emit(ev.DiscardPhaseStarted(rule="ultimate.turn.discard", seat=active))

    def end_turn(self, rule: str) -> None:
        active = self.state.active
        self.emit(ev.TurnEnded(rule=rule, seat=active))
        turn = self.state.turn
        options = self.state.options
        if options.voile_ombre_lasts == "own_turn" and has_effect(self.state, active, SHADOW_VEIL):
            self.emit(
                ev.EffectEnded(
                    rule="ultimate.ruling.shadow-veil-duration",
                    seat=active,
                    kind=SHADOW_VEIL,
                    reason="expired",
                )
            )
        # Only poisons that landed before this turn began are due now (option
        # poison_tick=this_turn: those landed during it too).
        due = turn + 1 if options.poison_tick == "this_turn" else turn
        for effect in self.state.effects:
            if effect.seat == active and effect.kind == POISON and effect.turn < due:
                self.damage(active, 1, POISON, "ultimate.ruling.poison-timing")
                self.emit(
                    ev.EffectEnded(
                        rule="ultimate.turn.end-effects", seat=active, kind=POISON, reason="ticked"
                    )
                )
        if self.check_eliminations():
            return
        self.start_turn(next_seat(self.state, active), "ultimate.turn.order")

    def start_turn(self, seat: int, rule: str) -> None:
        # Most turns start with no effect in play: nothing expires, nothing is owed.
        if self.state.effects:
            self._expire(seat)
        self.emit(ev.TurnStarted(rule=rule, seat=seat, turn=self.state.turn + 1))
        if not self.state.effects:
            return
        owed = [e for e in self.state.effects if e.seat == seat and e.kind == REPLACEMENT]
        for _ in owed:
            why = "ultimate.ruling.discard-replacement"
            self.emit(ev.EffectEnded(rule=why, seat=seat, kind=REPLACEMENT, reason="consumed"))
            self.draw(seat, why)

    def _expire(self, seat: int) -> None:
        """The effects on ``seat`` that end as its turn starts."""
        expiring = set(EXPIRE_AT_OWN_TURN)
        if self.state.options.electric_veil_lasts == "round":
            expiring.discard(ELECTRIC_VEIL)
        if self.state.options.frozen_armour_lasts == "next_turn":
            expiring.add(FROZEN_ARMOUR)
        for effect in self.state.effects:
            if effect.seat == seat and effect.kind in expiring:
                self.emit(
                    ev.EffectEnded(
                        rule=_EFFECT_RULES[effect.kind],
                        seat=seat,
                        kind=effect.kind,
                        reason="expired",
                    )
                )

    def _eliminate(self, seat: int) -> None:
        """``seat`` leaves the round: once the action has resolved (ruling damage-resolution)
        or, under option eliminate=at_once, as its life reaches 0; its hand is discarded."""
        hand = self.state.wizards[seat].hand
        also: tuple[str, ...] = ("ultimate.ruling.damage-resolution",)
        if hand:
            also += ("ultimate.ruling.eliminated-hand",)
        self.emit(
            ev.WizardEliminated(rule="ultimate.end.elimination", also=also, seat=seat, cards=hand)
        )

    def check_eliminations(self) -> bool:
        """Eliminate wizards at 0 life; end the round if at most one stands.

        Returns True when the round ended (a new one has begun, or the match is over).
        """
        # The seats left in the round, found in the same pass (asked at every turn's end).
        left: list[int] = []
        for seat, wizard in enumerate(self.state.wizards):
            if wizard.eliminated:
                continue
            if wizard.life == 0:
                self._eliminate(seat)
            else:
                left.append(seat)
        if len(left) > 1:
            return False
        replayed = not left
        if replayed and self.state.options.no_survivor == "last_actor":
            winner = self.state.active
            wins = self.state.wizards[winner].round_wins + 1
            self.emit(
                ev.RoundWon(rule="ultimate.ruling.round-without-survivor", seat=winner, wins=wins)
            )
            if wins >= self.state.options.rounds_to_win:
                self.emit(ev.MatchWon(rule="ultimate.end.match", seat=winner, wins=wins))
                return True
            self.start_round()
            return True
        if replayed:
            self.emit(
                ev.RoundDrawn(rule="ultimate.ruling.round-without-survivor", round=self.state.round)
            )
        else:
            winner = left[0]
            wins = self.state.wizards[winner].round_wins + 1
            self.emit(ev.RoundWon(rule="ultimate.end.round", seat=winner, wins=wins))
            if wins >= self.state.options.rounds_to_win:
                self.emit(ev.MatchWon(rule="ultimate.end.match", seat=winner, wins=wins))
                return True
        self.start_round(replayed=replayed)
        return True

    def start_round(self, *, replayed: bool = False) -> None:
        first_round = self.state.round == 0
        rule = "ultimate.setup.health" if first_round else "ultimate.end.new-round"
        number = self.state.round + 1
        if replayed:
            rule = "ultimate.ruling.round-number"
            if self.state.options.replayed_round == "same":
                number = self.state.round
        health = round_health(self.state.options, number)
        self.emit(
            ev.RoundStarted(
                rule=rule, also=("ultimate.ruling.round-health",), round=number, health=health
            )
        )
        self.emit(self.dice.shuffle(CARD_IDS, pile="deck", rule="ultimate.setup.deal", follow=True))
        for seat in range(self.state.players):
            pile, unknown = self.state.draw_pile, self.state.draw_unknown
            cards: list[str] = []
            for _ in range(DEAL_SIZE):
                card = pile[self.dice.draw(pile, unknown=unknown, what="the deck", seat=seat)]
                cards.append(card)
                pile, unknown = take(pile, unknown, card)
            self.emit(ev.CardsDealt(rule="ultimate.setup.deal", seat=seat, cards=tuple(cards)))
        choice = self.dice.choose(
            self.state.players, purpose="first player", rule="ultimate.setup.first-player"
        )
        self.emit(choice)
        self.start_turn(choice.values[0] - 1, "ultimate.setup.first-player")
