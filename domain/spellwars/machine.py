"""The interpreter of the effect language, and death.

A program runs in a ``Frame`` (its registers live there, so a program can
stop at a decision and resume when the answer comes). One call of ``step``
executes one instruction of the top frame, or stops with a ``Choice``.
"""

from __future__ import annotations

from itertools import combinations, permutations

from msgspec.structs import replace

from domain.kernel.phrases import Card, Phrase, Seat, phrase
from domain.spellwars import events as ev
from domain.spellwars.cards import SLOTS, CardSet
from domain.spellwars.catalogue import card_rule
from domain.spellwars.language import Op, amount_terms
from domain.spellwars.piles import draw
from domain.spellwars.run import Run
from domain.spellwars.selector_words import selector_phrase
from domain.spellwars.state import MAX, Choice, Frame, State, opponents
from domain.spellwars.targets import candidates, die_faces, faces, kind_of


def program(cards: CardSet, f: Frame) -> tuple[Op, ...]:
    """The lines the frame runs: its card's, in the game's card set."""
    if f.part == "dead-clear":
        return ()
    k = cards.card(f.card)
    if f.part == "reaction":
        return k.reaction
    if f.part == "gain":
        return k.gain
    if f.part == "cast":
        return k.cast
    return k.effect


def _cond(s: State, f: Frame, cond: str) -> bool:
    neg = cond.startswith("!")
    c = cond.lstrip("!")
    if c == "paid":
        v = f.paid > 0
    elif c == "dungeon":
        v = s.dungeon == f.seat
    elif c == "low":
        v = 1 <= f.pw <= 4
    elif c == "mid":
        v = 5 <= f.pw <= 9
    elif c == "high":
        v = f.pw >= 10
    elif c == "took-living":
        v = f.took >= 0 and f.took != f.seat and s.wizards[f.took].alive
    elif c == "nodead":
        v = all(w.alive for w in s.wizards)
    elif c == "lastopp":
        v = len(opponents(s, f.seat)) == 1
    elif c.startswith("opt="):
        v = f.opt == int(c[4:])
    elif c.startswith("r<="):
        v = f.r <= int(c[3:])
    elif c.startswith("r>="):
        v = f.r >= int(c[3:])
    else:  # r=a-b
        lo, hi = c[2:].split("-")
        v = int(lo) <= f.r <= int(hi)
    return v != neg


def guard_ok(s: State, f: Frame, op: Op) -> bool:
    return not op.guard or any(all(_cond(s, f, c) for c in alt) for alt in op.guard)


def amount(s: State, f: Frame, text: str, target: int) -> int:
    total = 0
    for factor, atom in amount_terms(text):
        if atom is None:
            total += factor
            continue
        match atom:
            case "r":
                v = f.r
            case "a":
                v = f.a
            case "b":
                v = f.b
            case "x":
                v = f.paid
            case "n":
                v = f.n
            case "dead":
                v = sum(1 for w in s.wizards if not w.alive)
            case "tokens":
                v = sum(w.tokens for w in s.wizards)
            case "creatures":
                v = sum(len(w.creatures) for w in s.wizards)
            case "hand-creatures":
                v = sum(1 for c in s.wizards[target].hand if s.cards.card(c).kind == "delivery")
            case _:  # given: per-target amounts aligned with the targets
                v = f.dice[f.t.index(target)] if target in f.t else 0
        total += factor * v
    return total


def passive_total(s: State, seat: int, key: str) -> int:
    """The sum of the passive lines ``<key> <n>`` on the seat's treasures and dead cards."""
    w = s.wizards[seat]
    total = 0
    for c in (*w.treasures, *w.dead_cards):
        for line in s.cards.card(c).passive:
            head, _, n = line.rpartition(" ")
            if head == key:
                total += int(n)
    return total


def passive_cards(s: State, seat: int, *keys: str) -> tuple[str, ...]:
    """The catalogue entries of the seat's treasures and dead cards whose passive lines
    ``<key> <n>`` count now: what an event resting on them cites beside its rule."""
    w = s.wizards[seat]
    found = (
        card_rule(c)
        for c in (*w.treasures, *w.dead_cards)
        for line in s.cards.card(c).passive
        if line.rpartition(" ")[0] in keys
    )
    return tuple(dict.fromkeys(found))


def power_dice(s: State, seat: int, glyph: str) -> int:
    w = s.wizards[seat]
    count = sum(1 for c in w.spell if s.cards.card(c.card).glyph == glyph)
    count += w.creature_dice
    count += passive_total(s, seat, "power-dice any")
    count += passive_total(s, seat, f"power-dice {glyph}")
    return max(count, 1)


def ask(
    run: Run,
    f: Frame,
    kind: str,
    prompt: Phrase,
    rule: str,
    seat: int | None = None,
    seats: tuple[int, ...] = (),
    labels: tuple[str, ...] = (),
    amounts: tuple[int, ...] = (),
) -> None:
    who = f.seat if seat is None else seat
    run.set_flow(
        choice=Choice(
            seat=who,
            kind=kind,
            prompt=phrase("{card}: {question}", card=Card(f.card), question=prompt),
            rule=rule,
            seats=seats,
            labels=labels,
            amounts=amounts,
        )
    )


def take_answer(run: Run, f: Frame) -> str | None:
    if f.answer is None:
        return None
    run.set_top(replace(f, answer=None))
    return f.answer


def next_op(run: Run, f: Frame, **changes: object) -> None:
    run.set_top(replace(f, pc=f.pc + 1, sub=0, answer=None, **changes))


# -- deaths -----------------------------------------------------------------


def check_deaths(run: Run, killer: int, order: tuple[int, ...] = ()) -> None:
    """Every wizard at 0 life or less dies, then the reactions and dead-wizard cards run.

    ``order`` lists the seats the line hit, in its order: their deaths come first, in that
    order, and so do their reactions (ruling ``sw.reaction``).
    """
    seats = dict.fromkeys((*order, *range(run.s.players)))
    frames: list[Frame] = []
    for seat in seats:
        w = run.s.wizards[seat]
        if w.alive and w.life <= 0:
            frames += die(run, seat, killer)
    run.push(*frames)


def die(run: Run, victim: int, killer: int) -> list[Frame]:
    """The death itself; returns the programs it starts (reactions, then an
    "Immédiat" dead-wizard card) for the caller to run once every death of the line is in."""
    s = run.s
    w = s.wizards[victim]
    # The component being resolved reacts too under option resolving_reacts.
    reacting = ("hidden", "waiting", "resolving") if s.resolving_reacts else ("hidden", "waiting")
    waiting = [c for c in w.spell if c.status in reacting and run.cards.card(c.card).reaction]
    for comp in waiting:
        if any(op.name == "prevent-death" for op in run.cards.card(comp.card).reaction):
            run.emit(ev.DeathAverted(rule=card_rule(comp.card), seat=victim, card=comp.card))
            return []
    lost = (*w.hand, *w.treasures, *w.creatures)
    # Deaths come once the line has hit every target; a dying wizard's creatures go too.
    died = ("sw.death.stops", "sw.creature.death") if w.creatures else ("sw.death.stops",)
    run.emit(ev.WizardDied(rule="sw.death", also=died, seat=victim, killer=killer, lost=lost))
    # who killed the caster, and who killed the last other wizard to die: the round's
    # end needs both to tell a suicide that takes the last opponent along (sw.round.suicide)
    if victim == run.flow.caster:
        run.set_flow(caster_killer=killer)
    else:
        run.set_flow(killer_of_last=killer)
    if killer >= 0 and killer != victim:
        if run.s.wizards[killer].blood < MAX:
            gain = min(3, MAX - run.s.wizards[killer].blood)
            run.emit(
                ev.BloodGained(
                    rule="sw.blood.kill",
                    also=("sw.blood.max",) if gain < 3 else (),
                    seat=killer,
                    amount=gain,
                    why=f"killed seat {victim}",
                )
            )
        if run.s.variant == "fast":
            run.emit(ev.PointScored(rule="sw.fast.kill", seat=killer, why=f"killed seat {victim}"))
        if run.s.dungeon == victim:
            run.emit(ev.DungeonTaken(rule="sw.dungeon.kill", seat=killer, previous=victim))
    # A dead wizard's running programs stop; reactions and dead-wizard cards still run.
    run.set_flow(
        frames=tuple(
            f
            for f in run.flow.frames
            if not (f.seat == victim and f.part in ("effect", "cast", "gain"))
        )
    )
    reactions = [
        Frame(seat=victim, card=c.card, part="reaction", rule="sw.reaction", killer=killer)
        for c in waiting
    ]
    return [*reactions, *draw_dead(run, victim, 1, "sw.dead.draw", push=False)]


def draw_dead(run: Run, seat: int, count: int, rule: str, push: bool = True) -> list[Frame]:
    """Draw dead-wizard cards; the "Immédiat" ones start at once (``push``) or are returned."""
    frames = []
    for c in draw(run, "dead", count):
        run.emit(ev.DeadCardDrawn(rule=rule, seat=seat, card=c))
        if run.cards.card(c).immediate:
            frames.append(Frame(seat=seat, card=c, part="dead", rule="sw.dead.immediate"))
    if push:
        run.push(*frames)
        return []
    return frames


def gain_treasure(run: Run, seat: int, by: str = "") -> None:
    """``by``: the card whose line gives the treasure, cited beside the treasure's own."""
    for t in draw(run, "treasure", 1):
        also = (card_rule(t), card_rule(by)) if by else (card_rule(t),)
        run.emit(ev.TreasureGained(rule="sw.treasure.gain", also=also, seat=seat, treasure=t))
        if run.cards.card(t).gain:
            run.push(Frame(seat=seat, card=t, part="gain", rule="sw.treasure.gain"))


# -- one instruction ----------------------------------------------------------


def step(run: Run) -> None:
    f = run.top()
    ops = program(run.cards, f)
    if f.pc >= len(ops):
        if f.queue:
            _split_next(run, f)
            return
        run.pop()
        if f.part == "dead-clear":
            cards = run.s.wizards[f.seat].dead_cards
            run.emit(ev.DeadCardsCleared(rule="sw.dead.round-start", seat=f.seat, cards=cards))
        if f.part == "effect":
            w = run.s.wizards[f.seat]
            if w.alive and any(c.card == f.card for c in w.spell):
                run.emit(ev.ComponentResolved(rule="sw.resolve.order", seat=f.seat, card=f.card))
        return
    op = ops[f.pc]
    if not guard_ok(run.s, f, op):
        next_op(run, f)
        return
    OPS[op.name](run, f, op)


def _rule(f: Frame) -> str:
    return card_rule(f.card)


# Cards whose target line a ruling places (the moment its target is chosen), cited by it.
RULED_TARGETS = {"trankilus": "sw.target.before-dice"}


def op_target(run: Run, f: Frame, op: Op) -> None:
    s = run.s
    pool = candidates(s, f, op.arg, s.neighbour)
    kind, rule = kind_of(op.arg)
    rule = RULED_TARGETS.get(run.cards.card(f.card).slug) or rule or _rule(f)
    chosen: tuple[int, ...]
    if kind == "fixed" or len(pool) <= 1:
        chosen = tuple(pool) if kind == "fixed" else tuple(pool[:1])
    elif kind == "pick":
        answer = take_answer(run, f)
        if answer is None:
            ask(
                run,
                f,
                "target",
                phrase("pick a target: {selector}", selector=selector_phrase(op.arg)),
                rule,
                seats=tuple(pool),
            )
            return
        chosen = (int(answer),)
    else:
        if run.s.die_faces == "caster":
            # the caster assigns the faces before the roll: the candidates' order on the die
            answer = take_answer(run, f)
            if answer is None:
                labels = tuple(",".join(map(str, p)) for p in permutations(pool))
                ask(
                    run,
                    f,
                    "option",
                    phrase("assign the die's faces: the wizards in face order"),
                    rule,
                    labels=labels,
                )
                return
            run.emit(ev.OptionChosen(rule=rule, seat=f.seat, card=f.card, option=answer))
            f = run.top()
            pool = [int(x) for x in answer.split(",")]
        per = die_faces(len(pool))
        while True:
            (v,) = run.roll(1, purpose=f"target by the die: {faces(pool)}", rule=rule, seat=f.seat)
            if (v - 1) // per < len(pool):
                chosen = (pool[(v - 1) // per],)
                break
    # Fixed before any roll of the line; with no candidate, nobody is hit.
    fixed = ("sw.target.chosen",) if chosen else ("sw.target.none",)
    run.emit(
        ev.TargetChosen(rule=rule, also=fixed, seat=f.seat, card=f.card, targets=chosen, how=op.arg)
    )
    next_op(run, run.top(), t=chosen, prev=f.t)


def op_pay(run: Run, f: Frame, op: Op) -> None:
    blood = run.s.wizards[f.seat].blood
    rule = "sw.blood.treasure" if f.part == "cast" else "sw.blood.pay"
    if op.arg == "X":
        amounts = tuple(range(blood + 1))
    else:
        amounts = (0, int(op.arg)) if blood >= int(op.arg) else (0,)
    if len(amounts) == 1:
        next_op(run, f, paid=0)
        return
    answer = take_answer(run, f)
    if answer is None:
        ask(run, f, "pay", phrase("pay {amount} blood?", amount=op.arg), rule, amounts=amounts)
        return
    paid = int(answer)
    if paid:
        run.emit(ev.BloodPaid(rule=rule, seat=f.seat, amount=paid, card=f.card))
    next_op(run, run.top(), paid=paid)


def op_option(run: Run, f: Frame, op: Op) -> None:
    answer = take_answer(run, f)
    if answer is None:
        labels = tuple(str(i) for i in range(1, int(op.arg) + 1))
        ask(run, f, "option", phrase("choose an option"), _rule(f), labels=labels)
        return
    run.emit(ev.OptionChosen(rule=_rule(f), seat=f.seat, card=f.card, option=answer))
    next_op(run, run.top(), opt=int(answer))


def op_roll(run: Run, f: Frame, op: Op) -> None:
    values = run.roll(int(op.arg), purpose=run.cards.card(f.card).name, rule=_rule(f), seat=f.seat)
    next_op(run, f, r=sum(values), dice=values)


def op_power(run: Run, f: Frame, op: Op) -> None:
    if f.sub == 0:
        glyph = run.cards.card(f.card).glyph
        count = power_dice(run.s, f.seat, glyph)
        values = run.roll(
            count,
            purpose=f"power roll of {run.cards.card(f.card).name} ({glyph})",
            rule="sw.power.roll",
            seat=f.seat,
            also=(
                *(("sw.creature.glyphs",) if run.s.wizards[f.seat].creature_dice else ()),
                *passive_cards(run.s, f.seat, "power-dice any", f"power-dice {glyph}"),
            ),
        )
        if op.arg != "split" or len(values) < 2 or len(_split_pool(run.s, f)) < 2:
            next_op(run, f, pw=sum(values))
            return
        f = replace(f, sub=1, dice=values)
        run.set_top(f)
        if run.s.split_paid == "forced":
            _split_forced(run, f)
            return
    # "Vous pouvez": once the dice are seen, the caster splits them or resolves them whole
    answer = take_answer(run, f)
    if answer is None:
        eligible = len(_split_pool(run.s, f))
        ask(
            run,
            f,
            "option",
            phrase(
                "dice {dice}: resolve them whole against {seat}, or split them, one die per "
                "opponent ({eligible} eligible)?",
                dice=", ".join(map(str, f.dice)),
                seat=Seat(f.t[0]) if f.t else "—",
                eligible=eligible,
            ),
            "sw.split",
            labels=("whole", "split"),
        )
        return
    f = run.top()
    run.emit(ev.OptionChosen(rule="sw.split", seat=f.seat, card=f.card, option=answer))
    if answer == "whole":
        next_op(run, f, pw=sum(f.dice))
        return
    end = len(program(run.cards, f))
    run.set_top(
        replace(f, pc=end, sub=0, queue=f.dice, used=(), split_pc=f.pc + 1, t=(), answer=None)
    )


def _split_forced(run: Run, f: Frame) -> None:
    """Option split_paid=forced (ruling sw.split): paying splits the roll, its first die
    against the card's target; the others go as ``_split_next`` gives them."""
    target = f.t[0] if f.t else -1
    end = len(program(run.cards, f))
    split = replace(f, pc=end, sub=0, queue=f.dice, used=(), split_pc=f.pc + 1, t=(), answer=None)
    if target not in _split_pool(run.s, split):
        run.set_top(split)
        return
    first = f.dice[0]
    run.emit(
        ev.TargetChosen(
            rule="sw.split", seat=f.seat, card=f.card, targets=(target,), how=f"split die {first}"
        )
    )
    run.set_top(
        replace(split, pw=first, queue=f.dice[1:], used=(target,), t=(target,), pc=split.split_pc)
    )


def _split_pool(s: State, f: Frame) -> list[int]:
    return [o for o in candidates(s, f, "played", s.neighbour) if o not in f.used]


def _split_next(run: Run, f: Frame) -> None:
    """The next die of a split roll: the caster picks a die and an opponent not yet hit."""
    pool = _split_pool(run.s, f)
    if not pool:
        run.emit(ev.SplitDiceUnused(rule="sw.split", seat=f.seat, card=f.card, dice=f.queue))
        run.set_top(replace(f, queue=()))
        return
    labels = tuple(f"{v}>{o}" for v in sorted(set(f.queue), reverse=True) for o in pool)
    if len(labels) == 1:
        chosen = labels[0]
    else:
        answer = take_answer(run, f)
        if answer is None:
            ask(
                run,
                f,
                "option",
                phrase(
                    "split dice {dice}: which die against which opponent?",
                    dice=", ".join(map(str, f.queue)),
                ),
                "sw.split",
                labels=labels,
            )
            return
        chosen = answer
    die, seat = (int(x) for x in chosen.split(">"))
    run.emit(
        ev.TargetChosen(
            rule="sw.split", seat=f.seat, card=f.card, targets=(seat,), how=f"split die {die}"
        )
    )
    f = run.top()
    queue = list(f.queue)
    queue.remove(die)
    run.set_top(
        replace(
            f,
            pw=die,
            queue=tuple(queue),
            used=(*f.used, seat),
            t=(seat,),
            pc=f.split_pc,
            answer=None,
        )
    )


# The question of a roll of two different dice: its answers are the dice's values,
# which a page says as dice, not as a card's numbered options (the view marks it).
PICK_DIE = phrase("which die deals the damage?")


def op_pick_die(run: Run, f: Frame, op: Op) -> None:
    d = f.dice
    if len(d) < 2 or d[0] == d[1]:
        next_op(run, f, a=d[0] if d else 0, b=d[1] if len(d) > 1 else 0)
        return
    answer = take_answer(run, f)
    if answer is None:
        ask(
            run,
            f,
            "option",
            PICK_DIE,
            _rule(f),
            labels=(str(d[0]), str(d[1])),
        )
        return
    a = int(answer)
    b = d[1] if a == d[0] else d[0]
    run.emit(ev.OptionChosen(rule=_rule(f), seat=f.seat, card=f.card, option=f"die {a}"))
    next_op(run, run.top(), a=a, b=b)


def _blockers(run: Run, target: int, f: Frame) -> tuple[str, ...]:
    return tuple(c for c in run.s.wizards[target].creatures if c != f.card)


def op_damage(run: Run, f: Frame, op: Op) -> None:
    # Every target of the line takes its damage before anyone dies (ruling sw.death.stops):
    # a caster killed by its own line, or by a victim's reaction, still hits every target.
    if f.sub >= len(f.t):
        next_op(run, f)
        check_deaths(run, f.seat, f.t)
        return
    target = f.t[f.sub]
    w = run.s.wizards[target]
    hit = amount(run.s, f, op.arg, target)
    armour: tuple[str, ...] = ()
    if target != f.seat:
        hit = max(0, hit - passive_total(run.s, target, "armor"))
        armour = passive_cards(run.s, target, "armor")
    if not w.alive or hit <= 0:
        run.set_top(replace(f, sub=f.sub + 1, answer=None))
        return
    blockers = _blockers(run, target, f) if target != f.seat else ()
    blocked: str | None = None
    if blockers:
        answer = take_answer(run, f)
        if answer is None:
            ask(
                run,
                f,
                "block",
                phrase(
                    "{amount} damage to {seat}: sacrifice a creature?",
                    amount=hit,
                    seat=Seat(target),
                ),
                "sw.creature.block",
                seat=target,
                labels=blockers,
            )
            return
        blocked = None if answer == "none" else answer
    f = run.top()
    run.set_top(replace(f, sub=f.sub + 1, answer=None))
    if blocked is not None:
        run.emit(
            ev.DamageBlocked(
                rule="sw.creature.block", target=target, creature=blocked, amount=hit, card=f.card
            )
        )
        return
    run.emit(
        ev.DamageDealt(
            rule=_rule(f), also=armour, source=f.seat, target=target, amount=hit, card=f.card
        )
    )
    if run.s.deaths_checked == "target":
        # Option deaths_checked=target: this target dies now; a caster who dies here
        # loses its running line (``die`` drops its frames), so the line stops.
        check_deaths(run, f.seat, (target,))


def op_selfdamage(run: Run, f: Frame, op: Op) -> None:
    hit = amount(run.s, f, op.arg, f.seat)
    next_op(run, f)
    if hit > 0 and run.s.wizards[f.seat].alive:
        run.emit(
            ev.DamageDealt(rule=_rule(f), source=f.seat, target=f.seat, amount=hit, card=f.card)
        )
        check_deaths(run, f.seat)


def _heal(run: Run, f: Frame, seat: int, text: str, rule: str, also: tuple[str, ...] = ()) -> None:
    w = run.s.wizards[seat]
    if not w.alive:
        return
    wanted = amount(run.s, f, text, seat)
    healed = min(wanted, MAX - w.life)
    if healed > 0:
        also += ("sw.life.max",) if healed < wanted else ()
        run.emit(ev.Healed(rule=rule, also=also, seat=seat, amount=healed, card=f.card))


def op_heal(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        _heal(run, f, t, op.arg, _rule(f))


def op_healself(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    _heal(run, f, f.seat, op.arg, _rule(f), ("sw.target.heal",))  # the card names nobody


def op_gain(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    have = run.s.wizards[f.seat].blood
    got = min(amount(run.s, f, op.arg, f.seat), MAX - have)
    if got > 0:
        run.emit(
            ev.BloodGained(rule=_rule(f), seat=f.seat, amount=got, why=run.cards.card(f.card).name)
        )


def op_give_blood(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        n = min(int(op.arg), run.s.wizards[f.seat].blood, MAX - run.s.wizards[t].blood)
        if n > 0:
            run.emit(ev.BloodMoved(rule=_rule(f), source=f.seat, target=t, amount=n, card=f.card))


def op_steal_blood(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        n = min(int(op.arg), run.s.wizards[t].blood)
        room = MAX - run.s.wizards[f.seat].blood
        # a thief who cannot hold it all: the ruling decides who loses the surplus
        rule = _rule(f) if n <= room else "sw.blood.steal"
        if run.s.stolen_blood == "left":
            n = min(n, room)
        if n > 0:
            run.emit(ev.BloodMoved(rule=rule, source=t, target=f.seat, amount=n, card=f.card))


def op_take_dungeon(run: Run, f: Frame, op: Op) -> None:
    before = run.s.dungeon
    next_op(run, f, took=before if before != f.seat else -1)
    if before != f.seat:
        run.emit(ev.DungeonTaken(rule="sw.dungeon.take", seat=f.seat, previous=before))


def op_give_dungeon(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    if f.t:
        run.emit(ev.DungeonTaken(rule=_rule(f), seat=f.t[0], previous=run.s.dungeon))


def op_treasure(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for _ in range(amount(run.s, f, op.arg, f.seat)):
        gain_treasure(run, f.seat, f.card)


def op_give_treasure(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        for _ in range(int(op.arg)):
            gain_treasure(run, t, f.card)


def _pick_card(
    run: Run, f: Frame, chooser: int, pool: tuple[str, ...], prompt: Phrase, rule: str
) -> str | None:
    """One card among ``pool`` picked by ``chooser``; None while waiting for the answer."""
    if len(pool) == 1:
        return pool[0]
    answer = take_answer(run, f)
    if answer is None:
        ask(run, f, "option", prompt, rule, seat=chooser, labels=pool)
        return None
    return answer


def op_discard_treasure(run: Run, f: Frame, op: Op) -> None:
    if f.sub >= len(f.t):
        next_op(run, f)
        return
    target = f.t[f.sub]
    pool = run.s.wizards[target].treasures
    if pool:
        chosen = _pick_card(run, f, target, pool, phrase("discard one of your treasures"), _rule(f))
        if chosen is None:
            return
        run.emit(ev.TreasureDiscarded(rule=_rule(f), seat=target, treasure=chosen))
    f = run.top()
    run.set_top(replace(f, sub=f.sub + 1, answer=None))


def op_steal_treasure(run: Run, f: Frame, op: Op) -> None:
    pool = run.s.wizards[f.t[0]].treasures if f.t else ()
    if pool:
        chosen = _pick_card(
            run, f, f.seat, pool, phrase("steal which treasure?"), "sw.treasure.steal"
        )
        if chosen is None:
            return
        next_op(run, run.top())
        take_treasure(run, f.seat, chosen, f.t[0], "sw.treasure.steal")
        return
    next_op(run, run.top())


def take_treasure(run: Run, seat: int, treasure: str, previous: int, rule: str) -> None:
    """A treasure moves from ``previous`` to ``seat``; the taker gains it, so its
    "when gained" effect runs for the taker (ruling sw.treasure.steal, option stolen_gain)."""
    run.emit(
        ev.TreasureGained(
            rule=rule, also=(card_rule(treasure),), seat=seat, treasure=treasure, previous=previous
        )
    )
    if run.cards.card(treasure).gain and run.s.stolen_gain == "run":
        run.push(Frame(seat=seat, card=treasure, part="gain", rule="sw.treasure.steal"))


def op_kill_creature(run: Run, f: Frame, op: Op) -> None:
    pool = run.s.wizards[f.t[0]].creatures if f.t else ()
    if pool:
        chosen = _pick_card(
            run, f, f.seat, pool, phrase("kill which creature?"), "sw.creature.kill"
        )
        if chosen is None:
            return
        run.emit(ev.CreatureKilled(rule="sw.creature.kill", seat=f.t[0], creature=chosen))
    next_op(run, run.top())


def op_kill_creatures(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        for c in run.s.wizards[t].creatures:
            run.emit(ev.CreatureKilled(rule="sw.creature.kill", seat=t, creature=c))


def op_keep(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    w = run.s.wizards[f.seat]
    if f.part == "effect" and any(c.card == f.card and c.slot == "delivery" for c in w.spell):
        run.emit(ev.KeepEarned(rule="sw.creature.keep", seat=f.seat, creature=f.card))


def op_dead_card(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    draw_dead(run, f.seat, int(op.arg), _rule(f))


def op_nothing(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)


def op_treasure_next_round(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    run.emit(ev.TreasureDeferred(rule=_rule(f), seat=f.seat, count=int(op.arg)))


def op_creature_dice(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    run.emit(ev.CreatureDiceGranted(rule=_rule(f), seat=f.seat, dice=int(op.arg)))


def hand_creatures(s: State, seat: int) -> tuple[str, ...]:
    return tuple(c for c in s.wizards[seat].hand if s.cards.card(c).kind == "delivery")


def op_play_creature(run: Run, f: Frame, op: Op) -> None:
    if not hand_creatures(run.s, f.seat):
        next_op(run, f)
        return
    answer = take_answer(run, f)
    if answer is None:
        ask(run, f, "play", phrase("play another creature from your hand?"), _rule(f))
        return
    next_op(run, run.top())
    if answer != "none":
        run.emit(ev.CreatureAdded(rule="sw.resolve.added", seat=f.seat, creature=answer))


def op_reveal_hand(run: Run, f: Frame, op: Op) -> None:
    next_op(run, f)
    for t in f.t:
        run.emit(ev.HandRevealed(rule=_rule(f), seat=t, cards=run.s.wizards[t].hand))


def discard_options(s: State, seat: int) -> tuple[str, ...]:
    """Every non-empty set of same-type cards of the hand, as 'id+id' labels, and 'none'."""
    hand = s.wizards[seat].hand
    out: list[str] = []
    for slot in SLOTS:
        same = sorted(c for c in hand if s.cards.card(c).kind == slot)
        for k in range(1, len(same) + 1):
            out.extend("+".join(combo) for combo in combinations(same, k))
    return (*out, "none")


def op_discard_type(run: Run, f: Frame, op: Op) -> None:
    answer = take_answer(run, f)
    if answer is None:
        ask(run, f, "discard", phrase("discard cards of one type from your hand"), _rule(f))
        return
    cards = () if answer == "none" else tuple(answer.split("+"))
    if cards:
        run.emit(ev.CardsDiscarded(rule=_rule(f), seat=f.seat, cards=cards))
    next_op(run, run.top(), n=len(cards))


def op_pass_left(run: Run, f: Frame, op: Op) -> None:
    answer = take_answer(run, f)
    if answer is None:
        ask(run, f, "option", phrase("choose a card type"), _rule(f), labels=SLOTS)
        return
    run.emit(ev.OptionChosen(rule=_rule(f), seat=f.seat, card=f.card, option=answer))
    s = run.s
    alive = [i for i, w in enumerate(s.wizards) if w.alive]
    gifts = {}
    for i in alive:
        left = opponents(s, i)[:1]
        cards = tuple(c for c in s.wizards[i].hand if run.cards.card(c).kind == answer)
        if left and cards:
            gifts[i] = (left[0], cards)
    received = [0] * s.players
    for giver, (to, cards) in gifts.items():
        run.emit(ev.CardsPassed(rule=_rule(f), source=giver, target=to, cards=cards))
        received[to] += len(cards)
    run.emit(ev.PassCounted(rule=_rule(f), received=tuple(received)))
    order = [f.seat, *opponents(s, f.seat)]
    hit = tuple(i for i in order if received[i])
    next_op(run, run.top(), t=hit, dice=tuple(received[i] for i in hit))


def op_extort(run: Run, f: Frame, op: Op) -> None:
    if not f.t:
        next_op(run, f)
        return
    giver = f.t[0]
    w = run.s.wizards[giver]
    glyph_cards = tuple(c for c in w.hand if run.cards.card(c).glyph == op.arg)
    if glyph_cards:
        answer = take_answer(run, f)
        if answer is None:
            ask(
                run,
                f,
                "give",
                phrase(
                    "give {seat} one {type} card from your hand", seat=Seat(f.seat), type=op.arg
                ),
                _rule(f),
                seat=giver,
                labels=(op.arg,),
            )
            return
        run.emit(ev.CardsPassed(rule=_rule(f), source=giver, target=f.seat, cards=(answer,)))
    elif w.treasures:
        chosen = _pick_card(
            run,
            f,
            giver,
            w.treasures,
            phrase("give {seat} a treasure", seat=Seat(f.seat)),
            _rule(f),
        )
        if chosen is None:
            return
        next_op(run, run.top())
        take_treasure(run, f.seat, chosen, giver, _rule(f))
        return
    next_op(run, run.top())


def op_contest(run: Run, f: Frame, op: Op) -> None:
    s = run.s
    opps = opponents(s, f.seat)
    rolls = {
        o: run.roll(1, purpose=f"{run.cards.card(f.card).name} contest", rule=_rule(f), seat=o)[0]
        for o in opps
    }
    if not rolls:
        next_op(run, f)
        return
    best = max(rolls.values())
    top = [o for o in opps if rolls[o] == best]
    if len(top) > 1 and s.contest_ties == "none":
        top = []
    tied = ("sw.contest.ties",) if len(top) > 1 else ()  # all of the tied count as highest
    for o in top:
        if run.s.wizards[o].blood < MAX:
            run.emit(
                ev.BloodGained(
                    rule=_rule(f), also=tied, seat=o, amount=1, why=run.cards.card(f.card).name
                )
            )
    hit = list(top)
    if s.dungeon == f.seat:
        hit += [o for o in opps if o not in top]
    next_op(run, run.top(), t=tuple(hit), dice=tuple(rolls[o] for o in hit))


OPS = {
    "target": op_target,
    "pay": op_pay,
    "option": op_option,
    "roll": op_roll,
    "power": op_power,
    "pick-die": op_pick_die,
    "damage": op_damage,
    "selfdamage": op_selfdamage,
    "heal": op_heal,
    "healself": op_healself,
    "gain": op_gain,
    "give-blood": op_give_blood,
    "steal-blood": op_steal_blood,
    "take-dungeon": op_take_dungeon,
    "give-dungeon": op_give_dungeon,
    "treasure": op_treasure,
    "give-treasure": op_give_treasure,
    "discard-treasure": op_discard_treasure,
    "steal-treasure": op_steal_treasure,
    "kill-creature": op_kill_creature,
    "kill-creatures": op_kill_creatures,
    "keep": op_keep,
    "dead-card": op_dead_card,
    "prevent-death": op_nothing,
    "treasure-next-round": op_treasure_next_round,
    "creature-dice": op_creature_dice,
    "play-creature": op_play_creature,
    "reveal-hand": op_reveal_hand,
    "discard-type": op_discard_type,
    "pass-left": op_pass_left,
    "extort": op_extort,
    "contest": op_contest,
}
