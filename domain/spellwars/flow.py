"""The turn structure: placement, turn order, casting, end of turn, round and match.

``advance`` runs the game forward from the current state until a seat must
decide (a placement or a choice) or the match is over.
"""

from __future__ import annotations

from itertools import combinations

from domain.kernel import Pending
from domain.kernel.phrases import phrase
from domain.kernel.piles import take
from domain.spellwars import events as ev
from domain.spellwars.cards import SLOTS
from domain.spellwars.catalogue import card_rule
from domain.spellwars.commands import ANSWERS
from domain.spellwars.machine import (
    check_deaths,
    draw_dead,
    gain_treasure,
    passive_cards,
    passive_total,
    step,
)
from domain.spellwars.piles import draw, draw_one, reshuffle
from domain.spellwars.run import Run
from domain.spellwars.state import (
    HAND,
    MAX,
    Choice,
    Frame,
    Wizard,
    initiative,
    living,
    missing,
    placed,
    repeated,
    spell_size,
    wild_comps,
    wilds,
)


def advance(run: Run) -> None:
    while not run.s.over:
        flow = run.flow
        if flow.choice is not None:
            return
        # While a spell runs, whether one wizard at most is left matters only under
        # option round_end=at_once: it is not counted at every step of the others.
        if flow.frames and run.s.round_end != "at_once":
            step(run)
            continue
        over = flow.phase in ("place", "cast") and len(living(run.s)) <= 1
        if flow.frames and not over:
            step(run)
            continue
        if over:
            if flow.frames:  # option round_end=at_once: what the spell had left is lost
                run.set_flow(frames=())
            end_turn(run, last=True)
            end_round(run)
            continue
        if flow.phase == "place" and (flow.caster >= 0 or flow.order):
            attack(run)
            continue
        if flow.phase == "place":
            if all(w.placed and len(w.spell) <= 3 for w in run.s.wizards if w.alive):
                announce(run)
                continue
            return
        if flow.caster < 0:
            pick_next(run)
        else:
            cast(run)


def finish(run: Run) -> None:
    """Record the flow and who must decide now."""
    s = run.s
    flow = run.flow
    pending: tuple[Pending, ...] = ()
    assert flow.phase != "setup"
    if s.over:
        run.set_flow(phase="over", frames=(), choice=None, caster=-1)
    elif flow.choice is not None:
        c = flow.choice
        command = ANSWERS.get(c.kind, "Choose")
        pending = (Pending(seat=c.seat, accepts=(command,), prompt=c.prompt),)
    elif flow.phase == "place":
        pending = tuple(
            Pending(seat=i, accepts=("PlaceCards",), prompt=phrase("place your spell face down"))
            if not w.placed
            else Pending(
                seat=i,
                accepts=("TakeBack",),
                prompt=phrase("more than 3 cards placed: take one back into hand"),
            )
            for i, w in enumerate(s.wizards)
            if w.alive and (not w.placed or len(w.spell) > 3)
        )
    run.emit(ev.FlowSet(rule="sw.flow", flow=run.flow, pending=pending))


def start_round(run: Run) -> None:
    run.emit(
        ev.RoundStarted(rule="sw.dungeon.start", also=("sw.setup.life",), round=run.s.round + 1)
    )
    bonuses: list[Frame] = []
    cards = run.cards
    for seat, w in enumerate(run.s.wizards):
        if w.dead_cards and run.s.dead_bonus == "after_discard":
            # engine 0.1.0's reading: the cards discarded at once, their bonuses after
            later = [c for c in w.dead_cards if not cards.card(c).immediate]
            run.emit(ev.DeadCardsCleared(rule="sw.dead.immediate", seat=seat, cards=w.dead_cards))
            run.push(
                *(Frame(seat=seat, card=c, part="dead", rule="sw.dead.immediate") for c in later)
            )
        elif w.dead_cards:
            # the bonuses first, then the cards are discarded (ruling sw.dead.round-start)
            bonuses += [
                Frame(seat=seat, card=c, part="dead-bonus", rule="sw.dead.round-start")
                for c in w.dead_cards
                if not cards.card(c).immediate
            ]
            bonuses.append(
                Frame(
                    seat=seat, card=w.dead_cards[0], part="dead-clear", rule="sw.dead.round-start"
                )
            )
        if w.deferred_treasures:
            run.emit(
                ev.TreasureDeferred(rule="sw.treasure.gain", seat=seat, count=-w.deferred_treasures)
            )
            for _ in range(w.deferred_treasures):
                gain_treasure(run, seat)
    run.push(*bonuses)
    start_turn(run)


def start_turn(run: Run) -> None:
    run.emit(ev.TurnStarted(rule="sw.turn.refill", turn=run.s.turn + 1))
    for seat, w in enumerate(run.s.wizards):
        if w.alive and len(w.hand) < HAND:
            cards = draw(run, "main", HAND - len(w.hand), seat)
            if cards:
                run.emit(ev.CardsDrawn(rule="sw.turn.refill", seat=seat, cards=tuple(cards)))
    for seat, w in enumerate(run.s.wizards):
        if not w.alive:
            draw_dead(run, seat, 1, "sw.turn.dead-draw")
    # creature_attack=turn_start: the wizards whose kept creatures attack before any spell
    # is placed, in seat order (in the place phase ``order`` holds no tie's ranking)
    attackers = tuple(
        i
        for i, w in enumerate(run.s.wizards)
        if run.s.creature_attack == "turn_start" and w.alive and w.creatures
    )
    run.set_flow(
        phase="place", caster=-1, stage="", killer_of_last=-1, caster_killer=-1, order=attackers
    )


def attack(run: Run) -> None:
    """Option creature_attack=turn_start (ruling sw.creature.attack): at the start of a
    turn each wizard's kept creatures attack, one wizard after another, as unresolved
    deliveries of a spell of no card, before any spell is placed."""
    flow = run.flow
    if flow.caster >= 0:
        cast(run)
        return
    seat, w = flow.order[0], run.s.wizards[flow.order[0]]
    if not (w.alive and w.creatures):  # died, or lost its creatures, in an earlier attack
        run.set_flow(order=flow.order[1:])
        return
    run.set_flow(caster=seat, order=flow.order[1:], stage="components")
    run.emit(ev.SpellRevealed(rule="sw.creature.attack", seat=seat, cards=(), carried=w.creatures))


def announce(run: Run) -> None:
    sizes = tuple(spell_size(w) if w.alive else 0 for w in run.s.wizards)
    run.emit(ev.SizesAnnounced(rule="sw.spell.size", sizes=sizes))
    run.set_flow(phase="cast", caster=-1, stage="")


def pick_next(run: Run) -> None:
    s = run.s
    ready = [i for i, w in enumerate(s.wizards) if w.alive and w.placed and not w.played]
    if not ready:
        end_turn(run)
        start_turn(run)
        return
    size = min(spell_size(s.wizards[i]) for i in ready)
    group = [i for i in ready if spell_size(s.wizards[i]) == size]
    rule = "sw.order.size"
    best = max(initiative(s, s.wizards[i]) for i in group)
    if len(group) > 1:
        rule = "sw.order.initiative"
        if any(len(deliveries(s.wizards[i])) > 1 for i in group):
            rule = "sw.order.incorrect"  # an incorrect spell counts its lowest delivery
        group = [i for i in group if initiative(s, s.wizards[i]) == best]
    if len(group) > 1:
        rule = "sw.order.tie"
        ranked = run.flow.order
        if s.ties == "rank" and not set(group) <= set(ranked):
            ranked = rank(run, group)
            run.set_flow(order=ranked)
        if s.ties == "rank":
            group = [next(i for i in ranked if i in group)]
        while len(group) > 1:
            rolls = {
                i: run.roll(1, purpose="initiative tie", rule="sw.order.tie", seat=i)[0]
                for i in group
            }
            top = max(rolls.values())
            group = [i for i in group if rolls[i] == top]
    seat = group[0]
    # Chosen afresh from the spells as they stand now (sizes change as spells resolve).
    run.emit(
        ev.CasterChosen(
            rule=rule, also=("sw.order.changes",), seat=seat, size=size, initiative=best
        )
    )
    run.set_flow(caster=seat, stage="begin")


def rank(run: Run, group: list[int]) -> tuple[int, ...]:
    """``ties=rank``: one roll of the tied group orders all of it, best first; wizards with
    equal dice roll again among themselves for their places."""
    if len(group) == 1:
        return tuple(group)
    rolls = {
        i: run.roll(1, purpose="initiative tie (ranking)", rule="sw.order.tie", seat=i)[0]
        for i in group
    }
    out: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out += rank(run, [i for i in group if rolls[i] == value])
    return tuple(out)


def deliveries(w: Wizard) -> list[str]:
    return [c.card for c in placed(w) if c.slot == "delivery"]


def cast(run: Run) -> None:
    seat = run.flow.caster
    w = run.s.wizards[seat]
    if not w.alive:
        run.set_flow(caster=-1, stage="")
        return
    if run.flow.stage == "begin":
        reveal(run, seat)
        return
    if run.flow.stage == "trim":
        trim(run, seat)
        return
    if run.flow.stage == "wild":
        wild_types(run, seat)
        return
    waiting = [c for c in w.spell if c.status == "waiting"]
    if not waiting:
        cards = run.cards
        in_spell = {c.card for c in w.spell}
        # creature_attack=turn_start: creatures kept from earlier turns stay, not in the spell
        stay = tuple(
            c for c in w.creatures if c not in in_spell and run.s.creature_attack == "turn_start"
        )
        kept = stay + tuple(
            c.card for c in w.spell if c.keep and cards.card(c.card).kind == "delivery"
        )
        gone = tuple(c.card for c in w.spell if c.card not in kept)
        run.emit(ev.SpellFinished(rule="sw.resolve.discard", seat=seat, kept=kept, discarded=gone))
        run.set_flow(caster=-1, stage="")
        return
    added = [c for c in waiting if c.added]
    # added_order=next: a card added to the spell resolves before the others; choice: it
    # waits with them in the reading order (ruling sw.resolve.added-order)
    pool = added if added and run.s.added_order == "next" else waiting
    slot = min((c.slot for c in pool), key=SLOTS.index)
    same = [c for c in pool if c.slot == slot]
    if len(same) > 1:
        mixed = any(c.added for c in same) and not all(c.added for c in same)
        run.set_flow(
            choice=Choice(
                seat=seat,
                kind="component",
                prompt=phrase("which {type} resolves first?", type=slot),
                rule="sw.resolve.added-order" if mixed else "sw.resolve.same-type",
                labels=tuple(c.card for c in same),
            )
        )
        return
    rule = "sw.resolve.added" if same[0].added else "sw.resolve.order"
    if added and run.s.added_order == "next":
        rule = "sw.resolve.added-order" if len(waiting) > len(added) else rule
    start_component(run, seat, same[0].card, rule)


def start_component(run: Run, seat: int, instance: str, rule: str) -> None:
    # The card's own text, printed or ours, is what the component does.
    run.emit(ev.ComponentStarted(rule=rule, also=(card_rule(instance),), seat=seat, card=instance))
    run.push(Frame(seat=seat, card=instance, part="effect", rule=rule))


def reveal(run: Run, seat: int) -> None:
    w = run.s.wizards[seat]
    # Kept creatures attack again as deliveries of this spell (a ruling), or attacked at
    # the turn's start (creature_attack=turn_start).
    carried = w.creatures if run.s.creature_attack == "spell" else ()
    run.emit(
        ev.SpellRevealed(
            rule="sw.spell.reveal",
            seat=seat,
            cards=tuple(c.card for c in w.spell),
            carried=carried,
            also=("sw.creature.attack",) if carried else (),
        )
    )
    run.set_flow(stage="trim")


def trim(run: Run, seat: int) -> None:
    """An incorrect spell: the caster removes one card at a time until it is correct."""
    w = run.s.wizards[seat]
    if not repeated(w):
        run.set_flow(stage="wild")
        return
    offered = repeated(w) if run.s.trim == "repeated" else [c.card for c in placed(w)]
    # incorrect_initiative=declared: the delivery declared with the placement is kept
    declared = {c.card for c in w.spell if c.declared}
    offered = [c for c in offered if c not in declared]
    run.set_flow(
        choice=Choice(
            seat=seat,
            kind="trim",
            prompt=phrase("your spell is incorrect: which card goes to the discard?"),
            rule="sw.spell.incorrect",
            labels=tuple(sorted(offered)),
        )
    )


def wild_types(run: Run, seat: int) -> None:
    """Each wild magic card stands for a missing type; the caster picks if there is a choice."""
    w = run.s.wizards[seat]
    cards = wilds(w)
    places = [c.slot for c in wild_comps(w)]
    if cards and all(p in SLOTS for p in places):
        # wild_type=row: each stands for the place in the row it was placed in
        replace_wilds(run, seat, "+".join(places))
        return
    if cards:
        options = wild_options(w)
        if len(options) > 1:
            run.set_flow(
                choice=Choice(
                    seat=seat,
                    kind="wild",
                    prompt=phrase("which missing type(s) do your wild magic cards stand for?"),
                    rule="sw.wild.type",
                    labels=options,
                )
            )
            return
        replace_wilds(run, seat, options[0])
        return
    finish_reveal(run, seat)


def wild_options(w: Wizard) -> tuple[str, ...]:
    """The sets of missing types the wild magic cards can stand for, as ``source+delivery``."""
    return tuple("+".join(types) for types in combinations(missing(w), len(wilds(w))))


def replace_wilds(run: Run, seat: int, label: str) -> None:
    """Turn cards for each wild magic in reading order (source, quality, delivery)."""
    cards = wilds(run.s.wizards[seat])
    slots = tuple(label.split("+"))
    run.emit(ev.WildTypesChosen(rule="sw.wild.type", seat=seat, wilds=tuple(cards), slots=slots))
    for wild, slot in zip(cards, slots, strict=True):
        replace_wild(run, seat, wild, slot)
    finish_reveal(run, seat)


def finish_reveal(run: Run, seat: int) -> None:
    cards = run.cards
    hooks = [t for t in run.s.wizards[seat].treasures if cards.card(t).cast]
    run.push(*(Frame(seat=seat, card=t, part="cast", rule="sw.blood.treasure") for t in hooks))
    run.set_flow(stage="components")


def replace_wild(run: Run, seat: int, wild: str, slot: str) -> None:
    turned: list[str] = []
    found: str | None = None
    deck, unknown = run.s.deck, run.s.deck_unknown
    while found is None:
        if not deck:
            if not reshuffle(run, "main"):
                break
            deck, unknown = run.s.deck, run.s.deck_unknown
            continue
        drawn = draw_one(run, "main", deck, unknown)
        deck, unknown = take(deck, unknown, drawn)
        turned.append(drawn)
        if run.cards.card(drawn).kind == slot:
            found = drawn
    rule = "sw.wild.replace" if found else "sw.wild.none"
    run.emit(
        ev.WildMagicReplaced(
            rule=rule,
            also=(card_rule(wild),),
            seat=seat,
            wild=wild,
            slot=slot,
            turned=tuple(turned),
            found=found,
        )
    )


def end_turn(run: Run, last: bool = False) -> None:
    s = run.s
    holder = s.dungeon
    alive = living(s)
    survivor = alive[0] if last and len(alive) == 1 else -1
    rewarded = survivor >= 0 and s.survivor_blood == "always" and survivor != holder
    if rewarded and s.wizards[survivor].blood < MAX:
        run.emit(
            ev.BloodGained(
                rule="sw.dungeon.last", seat=survivor, amount=1, why="last wizard standing"
            )
        )
    if holder >= 0:
        w = s.wizards[holder]
        base = 1
        if not w.alive and passive_total(s, holder, "dead-dungeon-blood"):
            base = max(
                int(p.split()[-1])
                for c in w.dead_cards
                for p in s.cards.card(c).passive
                if p.startswith("dead-dungeon-blood")
            )
        gain = min(base + passive_total(s, holder, "dungeon-bonus"), MAX - w.blood)
        keys = ("dungeon-bonus", "dead-dungeon-blood") if base > 1 else ("dungeon-bonus",)
        if gain > 0:
            run.emit(
                ev.BloodGained(
                    rule="sw.dungeon.blood",
                    also=passive_cards(s, holder, *keys),
                    seat=holder,
                    amount=gain,
                    why="holds the Dungeon at the end of the turn",
                )
            )
    run.emit(ev.TurnEnded(rule="sw.turn.end", turn=s.turn))


def suicide_survivor(run: Run) -> int:
    """Nobody is left: the caster earns the round only if it killed itself and also killed
    the last of the others ("se suicide en tuant son dernier adversaire"); -1 otherwise."""
    flow = run.flow
    caster = flow.caster
    if caster >= 0 and flow.caster_killer == caster and flow.killer_of_last == caster:
        return caster
    if caster >= 0 and run.s.suicide_token == "any":
        return caster  # option suicide_token=any: nobody survives the caster's spell
    return -1


def end_round(run: Run) -> None:
    s = run.s
    alive = living(s)
    if alive:
        survivor, rule = alive[0], "sw.round.token"
    else:
        survivor, rule = suicide_survivor(run), "sw.round.suicide"
        if s.variant == "fast" and s.fast_suicide == "nothing":
            survivor, rule = -1, "sw.fast.suicide"
    run.emit(ev.RoundEnded(rule=rule, also=("sw.round.dust",), round=s.round, survivor=survivor))
    if survivor >= 0:
        if s.variant == "fast":
            run.emit(
                ev.PointScored(
                    rule="sw.fast.survivor",
                    seat=survivor,
                    why="last wizard standing",
                    round=s.round,
                    survivor=True,
                )
            )
        else:
            run.emit(ev.TokenAwarded(rule=rule, seat=survivor, round=s.round))
    s = run.s
    winners: list[int] = []
    if s.variant == "fast":
        if s.round >= s.fast_rounds:
            best = max(w.points for w in s.wizards)
            tied = [i for i, w in enumerate(s.wizards) if w.points == best]
            recent = max(s.wizards[i].last_standing_round for i in tied)
            winners = [i for i in tied if s.wizards[i].last_standing_round == recent]
            if s.fast_ties == "share":
                winners = tied
            run.emit(ev.MatchWon(rule="sw.fast.end", winners=tuple(winners)))
    else:
        winners = [i for i, w in enumerate(s.wizards) if w.tokens >= s.tokens_to_win]
        if winners:
            run.emit(ev.MatchWon(rule="sw.match.win", winners=tuple(winners)))
    if run.s.over:
        run.set_flow(phase="over", frames=(), choice=None, caster=-1, stage="")
        return
    cards: list[str] = []
    treasures: list[str] = []
    for w in s.wizards:
        cards += [*w.hand, *w.creatures, *(c.card for c in w.spell if c.card not in w.creatures)]
        treasures += w.treasures
    run.emit(
        ev.RoundCleared(rule="sw.round.clear", discarded=tuple(cards), treasures=tuple(treasures))
    )
    run.set_flow(caster=-1, stage="")
    start_round(run)


__all__ = [
    "advance",
    "check_deaths",
    "finish",
    "replace_wilds",
    "start_component",
    "start_round",
]
