"""The machinery between decisions: rounds, turns, drawing, creatures moving,
reaching the tower, taking damage and being defeated.

``Run`` collects events and folds each one into a working state at once, so a
rule that follows another sees its effect (the decider stays one fold).
"""

from __future__ import annotations

from operator import attrgetter

import msgspec

from domain.kernel import Dice, Event
from domain.orctower import events as ev
from domain.orctower.catalogue import cite
from domain.orctower.data import index
from domain.orctower.evolve import STEPS
from domain.orctower.facedown import deal
from domain.orctower.facedown import draw as draw_card
from domain.orctower.queries import (
    busy_quarters,
    category_of,
    change_for,
    destiny_card,
    drawable_discard,
    empty_quarters,
    hit_points_cited,
    power_on,
    slot_kind,
    tile_at,
)
from domain.orctower.scoring import score
from domain.orctower.state import Creature, State, creature, creature_type, occupant, slot_of

rep = msgspec.structs.replace


class Run:
    __slots__ = ("dice", "events", "state")  # one made at every decision

    def __init__(self, state: State, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = STEPS[type(event)](self.state, event)  # its pending is not read in a flow

    def stage(self, stage: str, rule: str) -> None:
        if self.state.stage != stage:
            self.emit(ev.StageChanged(rule=rule, stage=stage))


# ---- cards ---------------------------------------------------------------


def draw(run: Run, seat: int, n: int, rule: str, *, for_later_turns: bool = False) -> None:
    """Draw ``n`` cards from the deck, shuffling the discard into it when it runs out.

    A draw during the turn refills an empty deck only as ``ruling.midturn-reshuffle``
    reads it, and leaves a spell learned this turn in the discard
    (``drawable_discard``); the opening hand and the end of the turn's draw
    (``for_later_turns``) fill the hand for the turns after, from the whole discard."""
    also: tuple[str, ...] = ()
    if (
        not for_later_turns
        and len(run.state.seats[seat].deck) < n
        and drawable_discard(run.state, seat)
    ):
        also = (cite("ruling.midturn-reshuffle"),)  # this draw meets an empty deck
    while n > 0:
        p = run.state.seats[seat]
        if not p.deck:
            if also and run.state.options.midturn_draw == "deck_only":
                return
            # learned_draws=reshuffled: engines before 0.4.0 refilled from the whole discard.
            whole = for_later_turns or run.state.options.learned_draws == "reshuffled"
            refill = p.discard if whole else drawable_discard(run.state, seat)
            if not refill:
                return
            shuffle = run.dice.shuffle(
                refill, pile=f"deck.{seat}", rule=cite("turn.reshuffle"), follow=True
            )
            run.emit(rep(shuffle, also=also) if also else shuffle)
            p = run.state.seats[seat]
        pile = f"deck.{seat}"
        take, _, _ = deal(run.dice, p.deck, run.state.unknown.get(pile, 0), pile, n, seat)
        run.emit(ev.CardsDrawn(rule=rule, seat=seat, cards=tuple(take), also=also))
        n -= len(take)


def draw_discard(run: Run, seat: int, n: int, rule: str, picked: tuple[str, ...] = ()) -> None:
    """The top ``n`` cards of the personal discard into the hand, or the ``picked``
    ones (option ``draw_from = "any"``)."""
    pile = drawable_discard(run.state, seat)
    take = picked or (tuple(reversed(pile[-n:])) if n else ())
    if take:
        run.emit(ev.CardsDrawn(rule=rule, seat=seat, cards=take, source="discard"))


def demand_discards(run: Run, victims: tuple[int, ...], rule: str) -> None:
    """Each victim discards a card: of its choice (a pending decision), or with
    option ``discard_pick = "random"`` one drawn by chance from its hand."""
    if not victims:
        return
    if run.state.options.discard_pick == "victim":
        run.emit(ev.DiscardDemanded(rule=rule, seats=victims))
        return
    for victim in victims:
        hand = sorted(run.state.seats[victim].hand)
        roll = run.dice.pick(
            hand, purpose=f"card seat {victim} discards", rule=cite("ruling.victim-chooses")
        )
        run.emit(roll)
        card = hand[roll.values[0] - 1]
        run.emit(ev.CardDiscarded(rule=cite("ruling.victim-chooses"), seat=victim, card=card))


def refill_palette(run: Run) -> None:
    for slot, card in enumerate(run.state.palette):
        if card:  # most slots at most refills
            continue
        name = "attack" if slot < 3 else "knowledge"
        pile = run.state.piles[0 if slot < 3 else 1]
        if pile:
            where = f"the {name} spell pile, for the palette"
            top = draw_card(run.dice, pile, run.state.unknown.get(name, 0), name, where)
            run.emit(ev.PaletteFilled(rule=cite("knowledge.refill"), slot=slot, card=top))


# ---- creatures -------------------------------------------------------------


def advance(run: Run, c: Creature, steps: int, rule: str) -> None:
    """Move creature ``c`` (as it stands now) ``steps`` sections toward the tower
    (roads carry it on)."""
    section = c.section + steps
    while section <= 2 and tile_at(run.state, c.quarter, section) == "road":
        section += 1
    if section <= 2:
        run.emit(ev.CreatureMoved(rule=rule, creature=c.id, quarter=c.quarter, section=section))
        return
    arrive(run, c.id, c.quarter, rule)


def arrive(run: Run, creature_id: str, quarter: int, rule: str) -> None:
    run.emit(ev.CreatureArrived(rule=cite("round.arrival"), creature=creature_id, quarter=quarter))
    seat = occupant(run.state, quarter)
    if seat is None or power_on(run.state, seat, "no_loss"):
        return
    defeated = run.state.seats[seat].defeated
    slot = slot_of(run.state, creature_type(creature_id))
    if defeated[slot] == 0 and run.state.options.loss_by == "category":
        category = category_of(run.state, creature_id)
        others = [
            s for s in range(6) if defeated[s] and slot_kind(run.state, s).category == category
        ]
        slot = others[0] if others else slot
    if defeated[slot]:
        rule = "ruling.loss-type" if run.state.options.loss_by == "category" else "round.loss"
        gauge = cite("ruling.loss-gauge")  # what becomes of the skull gauge
        run.emit(ev.CreatureLost(rule=cite(rule), seat=seat, slot=slot, also=(gauge,)))


def damage(
    run: Run,
    seat: int,
    target: str,
    amount: int,
    rule: str,
    also: tuple[str, ...] = (),
    *,
    blasted: bool = False,
) -> None:
    """Damage a creature (or take a baby toad tile lying in the way). ``also``: the
    rulings and assumptions that put the target in the way; ``blasted``: the damage
    of a Bombardier's blast."""
    if target.startswith("toad_"):
        run.emit(ev.ToadTaken(rule=cite("reinforce.toad"), seat=seat, tile=target, also=also))
        return
    if not any(c.id == target for c in run.state.creatures):
        return  # defeated earlier in the same effect
    hp, from_ = hit_points_cited(run.state, creature(run.state, target), seat)
    # Whether the blow defeats the creature rests on where its hit points come from.
    cited = tuple(dict.fromkeys((*also, *from_)))
    run.emit(ev.DamageDealt(rule=rule, creature=target, amount=amount, also=cited))
    if creature(run.state, target).damage >= hp:
        defeat(run, seat, target, also, blasted=blasted)


def defeat(
    run: Run, seat: int, target: str, also: tuple[str, ...] = (), *, blasted: bool = False
) -> None:
    c = creature(run.state, target)
    slot = slot_of(run.state, c.type)
    kept = "caster"
    if blasted:  # who, if anyone, defeats the blast's victims
        also = tuple(dict.fromkeys((*also, cite("ruling.bombardier-kills"))))
        kept = run.state.options.blast_kills
    if kept == "box":
        run.emit(ev.CreatureRemoved(rule=cite("reinforce.bombardier"), creature=target, also=also))
    else:
        run.emit(
            ev.CreatureDefeated(
                rule=cite("attack.defeat"),
                seat=seat,
                creature=target,
                slot=slot,
                bonus=kept == "caster",
                also=also,
            )
        )
        p = run.state.seats[seat]
        base = run.state.data.creatures[slot]
        if p.gauges[slot] >= base.gauge and base.power not in p.powers:
            # The gauge's size and the power at its top are our numbers.
            numbers = (cite("assume.gauges"), cite("assume.powers"))
            run.emit(
                ev.PowerGained(
                    rule=cite("attack.gauge"),
                    seat=seat,
                    power=base.power,
                    also=tuple(dict.fromkeys((*also, *numbers))),
                )
            )
    if c.type == "toad" and run.state.toad_supply:
        run.emit(
            ev.ToadTileLaid(
                rule=cite("reinforce.toad"),
                tile=draw_card(
                    run.dice, run.state.toad_supply, run.state.unknown.get("toads", 0), "toads"
                ),
                quarter=c.quarter,
                section=c.section,
                also=also,
            )
        )
    if c.type == "bombardier":  # what put the Bombardier in the way puts its blast there too
        blast = cite("reinforce.bombardier")
        for other in list(run.state.creatures):
            if other.quarter == c.quarter and other.section == c.section:
                damage(run, seat, other.id, 1, blast, also, blasted=True)


# ---- turns and rounds --------------------------------------------------------


def check_end(run: Run) -> None:
    state = run.state
    if state.options.end_check == "sticky" and not state.last_round and empty_quarters(state) >= 4:
        run.emit(ev.LastRoundAnnounced(rule=cite("end.trigger"), also=(cite("ruling.end-check"),)))


def settle(run: Run) -> None:
    """After a decision: answer the open demands, bonus actions, further actions,
    or end the turn."""
    check_end(run)
    state = run.state
    if state.stage in ("over", "missions", "reveal"):
        return
    if state.casting is not None:
        run.stage("casting", cite("spell.cast"))
    elif state.demands:
        run.stage("demand", cite("support.voodoo"))
    elif state.bonuses:
        run.stage("bonus", cite("bonus.take"))
    elif state.actions > 0:
        run.stage("actions", cite("turn.actions"))
    else:
        end_turn(run)


def end_turn(run: Run) -> None:
    state = run.state
    seat = state.active
    hand = state.seats[seat].hand
    if hand:
        run.emit(ev.HandDiscarded(rule=cite("turn.draw"), seat=seat, cards=hand))
    n, rule = 4, "turn.draw"
    if change_for(state, seat) == "three_spells":
        n, rule = 3, "change.three-spells"
    if power_on(state, seat, "draw5"):
        n, rule = n + 1, "power.draw5"
    draw(run, seat, n, cite(rule), for_later_turns=True)
    if run.state.minus_hp or any([c.damage for c in run.state.creatures]):
        run.emit(ev.CreaturesHealed(rule=cite("turn.heal")))
    check_end(run)
    following = (seat + 1) % state.players
    if following != state.first:
        start_turn(run, following)
        return
    ending = run.state.last_round
    if run.state.options.end_check == "round_end":
        ending = empty_quarters(run.state) >= 4
    if ending:
        finish(run)
    else:
        start_round(run)


def finish(run: Run) -> None:
    state = run.state
    results = [score(state, s) for s in range(state.players)]
    details = tuple(", ".join(f"{k} {v}" for k, v in parts.items()) for _, parts in results)
    scores = tuple(total for total, _ in results)
    # The score's other parts, each kept mission, and the shared win of a tie.
    # Counters score by our tracks; the last round came by the end-check reading.
    also = [
        cite("assume.tracks"),
        cite("ruling.end-check"),
        cite("end.support"),
        cite("end.poison"),
    ]
    missions = [p.mission for p in state.seats if p.mission]
    if missions:
        also += [cite("mission.score"), *(cite(m) for m in dict.fromkeys(sorted(missions)))]
    if scores.count(max(scores)) > 1:
        also.append(cite("end.ties"))
    run.emit(
        ev.GameEnded(rule=cite("end.creatures"), also=tuple(also), scores=scores, details=details)
    )


def start_round(run: Run) -> None:
    state = run.state
    run.emit(ev.RoundStarted(rule=cite("round.destiny"), round=state.round + 1))
    if not run.state.destiny_deck:
        run.emit(
            run.dice.shuffle(
                run.state.destiny_discard,
                pile="destiny",
                rule=cite("assume.destiny-reshuffle"),
                follow=True,
            )
        )
    deck = run.state.destiny_deck
    top = draw_card(run.dice, deck, run.state.unknown.get("destiny", 0), "destiny")
    run.emit(_revealed(run.state, top))
    card = destiny_card(run.state)
    assert card is not None
    if card.rule == "exchange":
        exchange(run)
    move(run)
    check_end(run)
    start_turn(run, run.state.first)


def _revealed(state: State, card_id: str) -> ev.DestinyRevealed:
    d = state.data.destiny_card(card_id)
    if d is None:
        raise KeyError(card_id)
    rule = "newdestiny.move" if d.quarters else "round.destiny"
    return ev.DestinyRevealed(
        rule=cite(rule),
        card=d.id,
        moves=d.moves,
        quarters=d.quarters,
        sections=d.sections,
        change=d.rule,
    )


def exchange(run: Run) -> None:
    run.emit(ev.PaletteReturned(rule=cite("change.exchange")))
    for i, pile in enumerate(("attack", "knowledge")):
        cards = run.state.piles[i]
        if cards:
            run.emit(run.dice.shuffle(cards, pile=pile, rule=cite("change.exchange"), follow=True))
    refill_palette(run)


def move(run: Run) -> None:
    card = destiny_card(run.state)
    assert card is not None
    if card.quarters:
        # Inner sections first, then outward (new destiny cards).
        for section in sorted(card.sections, reverse=True):
            movers = [
                c
                for c in run.state.creatures
                if c.quarter in card.quarters and c.section == section
            ]
            for c in movers:
                advance(run, c, 1, cite("newdestiny.move"))
        return
    # The types the card moves, asked once per type in play, not once per creature.
    kinds = index(run.state.data).creatures  # kind's table, read once for the types
    moving = {t for t in run.state.types if kinds[t].category in card.moves}
    # Inner sections first (a stable sort: reversed, equal sections keep their order).
    inward = sorted(run.state.creatures, key=_section, reverse=True)
    # Each mover as it stood before the moves is as it stands at its turn: the moves
    # before it change only the creatures they move (and the seats' losses).
    for c in [c for c in inward if creature_type(c.id) in moving]:
        advance(run, c, 1, cite("round.move"))


_section = attrgetter("section")


def top_marker(run: Run, quarter: int) -> str:
    """The marker turned over on stack ``quarter``: its top, or in table mode, while the
    stacks are a face-down pool in unknown order, the one the table names."""
    stacks = run.state.stacks
    if not run.state.unknown.get("markers"):
        return stacks[quarter - 1][0]
    pool = [m for stack in stacks for m in stack]
    return draw_card(run.dice, pool, len(pool), "markers", f"the marker stack of quarter {quarter}")


def start_turn(run: Run, seat: int) -> None:
    actions = 3 if power_on(run.state, seat, "three_actions") else 2
    rule = "power.actions" if actions == 3 else "round.order"
    run.emit(ev.TurnStarted(rule=cite(rule), seat=seat, actions=actions))
    busy = busy_quarters(run.state)
    for q in range(1, 7):
        if q not in busy and run.state.stacks[q - 1]:
            marker = top_marker(run, q)
            run.emit(ev.MarkerRevealed(rule=cite("turn.reveal-empty"), quarter=q, marker=marker))
    if reveal_choices(run.state, seat):
        run.stage("reveal", cite("turn.reveal-choice"))
    else:
        run.stage("actions", cite("turn.actions"))


def reveal_choices(state: State, seat: int) -> list[int]:
    mage = state.seats[seat].space
    return [q for q, stack in enumerate(state.stacks, 1) if stack and q != mage]
