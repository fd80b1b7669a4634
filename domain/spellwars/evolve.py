"""evolve: apply one event to the state. Pure; never rolls; never fails on what decide made.

World events never read ``state.flow``: the flow (turn structure, running
programs, open choice) is written wholesale by ``FlowSet`` at the end of
every command, so a replay reaches the same state as the live run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from domain.kernel import CardsShuffled, Event
from domain.kernel.evolving import Evolver
from domain.kernel.piles import take
from domain.spellwars import events as ev
from domain.spellwars.state import LIFE, MAX, Comp, State

# Tuples are built from lists (``tuple([...])``), not from generators: on
# CPython 3.11 a generator costs about 0.1 µs more per call, at most events.


def _w(state: State, seat: int, **changes: Any) -> State:
    wizards = list(state.wizards)
    wizards[seat] = replace(wizards[seat], **changes)
    return replace(state, wizards=tuple(wizards))


def _without(pile: tuple[str, ...], cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    gone = set(cards)
    return tuple([c for c in pile if c not in gone])


def _drop_creature(state: State, seat: int, creature: str) -> State:
    w = state.wizards[seat]
    state = _w(
        state,
        seat,
        creatures=_without(w.creatures, [creature]),
        spell=tuple([c for c in w.spell if c.card != creature]),
    )
    return replace(state, discard=(*state.discard, creature))


def _set_comp(state: State, seat: int, card: str, **changes: Any) -> State:
    w = state.wizards[seat]
    spell = tuple([replace(c, **changes) if c.card == card else c for c in w.spell])
    return _w(state, seat, spell=spell)


DECKS = {"main": ("deck", "discard"), "treasure": ("treasure_deck", "treasure_discard")}


def _shuffled(s: State, e: CardsShuffled) -> State:
    deck, discard = DECKS.get(e.pile, ("dead_deck", "dead_discard"))
    # A shuffle the table did not order leaves the whole new deck in unknown order.
    return replace(
        s,
        **{
            deck: e.order,
            f"{deck}_unknown": len(e.order) if e.unknown else 0,
            discard: _without(getattr(s, discard), e.order),
        },
    )


def _taken(s: State, deck: str, cards: tuple[str, ...] | list[str]) -> State:
    """``deck`` without the drawn ``cards`` (those a reshuffle already replaced are gone)."""
    pile: tuple[str, ...] = getattr(s, deck)
    unknown: int = getattr(s, f"{deck}_unknown")
    for c in cards:
        if c in pile:
            pile, unknown = take(pile, unknown, c)
    return replace(s, **{deck: pile, f"{deck}_unknown": unknown})


def _round_started(s: State, e: ev.RoundStarted) -> State:
    wizards = tuple(
        [
            replace(
                w,
                life=LIFE,
                alive=True,
                spell=(),
                placed=False,
                revealed=False,
                played=False,
                creature_dice=0,
            )
            for w in s.wizards
        ]
    )
    return replace(s, round=e.round, turn=0, dungeon=-1, wizards=wizards)


def _turn_started(s: State, e: ev.TurnStarted) -> State:
    wizards = tuple(
        [
            replace(w, spell=(), placed=False, revealed=False, played=False, creature_dice=0)
            for w in s.wizards
        ]
    )
    return replace(s, turn=e.turn, wizards=wizards)


def _drawn(s: State, e: ev.CardsDrawn) -> State:
    s = _taken(s, "deck", e.cards)
    return _w(s, e.seat, hand=(*s.wizards[e.seat].hand, *e.cards))


def _placed(s: State, e: ev.SpellPlaced) -> State:
    w = s.wizards[e.seat]
    spell = tuple(
        [
            Comp(card=c, slot=slot, declared=c == e.declared)
            for c, slot in zip(e.cards, e.slots, strict=True)
        ]
    )
    return _w(s, e.seat, hand=_without(w.hand, e.cards), spell=spell, placed=True)


def _taken_back(s: State, e: ev.CardTakenBack) -> State:
    w = s.wizards[e.seat]
    spell = tuple([c for c in w.spell if c.card != e.card])
    return _w(s, e.seat, hand=(*w.hand, e.card), spell=spell)


def _trimmed(s: State, e: ev.CardTrimmed) -> State:
    w = s.wizards[e.seat]
    s = replace(s, discard=(*s.discard, e.card))
    return _w(s, e.seat, spell=tuple([c for c in w.spell if c.card != e.card]))


def _revealed(s: State, e: ev.SpellRevealed) -> State:
    w = s.wizards[e.seat]
    spell = tuple([replace(c, status="waiting") for c in w.spell])
    carried = tuple(
        [Comp(card=c, slot="delivery", status="waiting", carried=True) for c in e.carried]
    )
    # Kept creatures attacking at a turn's start (creature_attack=turn_start) reveal no
    # spell: a spell is revealed only once placed.
    return _w(s, e.seat, spell=spell + carried, revealed=w.revealed or w.placed)


def _wild(s: State, e: ev.WildMagicReplaced) -> State:
    w = s.wizards[e.seat]
    spell = [c for c in w.spell if c.card != e.wild]
    if e.found is not None:
        spell.append(Comp(card=e.found, slot=e.slot, status="waiting"))
    others = tuple([c for c in e.turned if c != e.found])
    s = replace(_taken(s, "deck", e.turned), discard=(*s.discard, e.wild, *others))
    return _w(s, e.seat, spell=tuple(spell))


def _finished(s: State, e: ev.SpellFinished) -> State:
    w = s.wizards[e.seat]
    s = replace(s, discard=(*s.discard, *e.discarded))
    # Creatures attacking at a turn's start (creature_attack=turn_start) are no spell played.
    return _w(s, e.seat, spell=(), creatures=e.kept, played=w.played or w.placed)


def _damage(s: State, e: ev.DamageDealt) -> State:
    return _w(s, e.target, life=s.wizards[e.target].life - e.amount)


def _healed(s: State, e: ev.Healed) -> State:
    return _w(s, e.seat, life=min(MAX, s.wizards[e.seat].life + e.amount))


def _blood(s: State, e: ev.BloodGained) -> State:
    return _w(s, e.seat, blood=max(0, min(MAX, s.wizards[e.seat].blood + e.amount)))


def _moved(s: State, e: ev.BloodMoved) -> State:
    s = _w(s, e.source, blood=s.wizards[e.source].blood - e.amount)
    return _w(s, e.target, blood=min(MAX, s.wizards[e.target].blood + e.amount))


def _treasure(s: State, e: ev.TreasureGained) -> State:
    if e.previous < 0:
        s = _taken(s, "treasure_deck", [e.treasure])
    else:
        prev = s.wizards[e.previous]
        s = _w(s, e.previous, treasures=_without(prev.treasures, [e.treasure]))
    return _w(s, e.seat, treasures=(*s.wizards[e.seat].treasures, e.treasure))


def _treasure_gone(s: State, e: ev.TreasureDiscarded) -> State:
    w = s.wizards[e.seat]
    s = _w(s, e.seat, treasures=_without(w.treasures, [e.treasure]))
    return replace(s, treasure_discard=(*s.treasure_discard, e.treasure))


def _added(s: State, e: ev.CreatureAdded) -> State:
    w = s.wizards[e.seat]
    comp = Comp(card=e.creature, slot="delivery", status="waiting", added=True)
    return _w(s, e.seat, hand=_without(w.hand, [e.creature]), spell=(*w.spell, comp))


def _discarded(s: State, e: ev.CardsDiscarded) -> State:
    s = _w(s, e.seat, hand=_without(s.wizards[e.seat].hand, e.cards))
    return replace(s, discard=(*s.discard, *e.cards))


def _passed(s: State, e: ev.CardsPassed) -> State:
    s = _w(s, e.source, hand=_without(s.wizards[e.source].hand, e.cards))
    return _w(s, e.target, hand=(*s.wizards[e.target].hand, *e.cards))


def _died(s: State, e: ev.WizardDied) -> State:
    w = s.wizards[e.seat]
    s = replace(
        s,
        discard=(
            *s.discard,
            *w.hand,
            *w.creatures,
            *(c.card for c in w.spell if c.card not in w.creatures),
        ),
        treasure_discard=(*s.treasure_discard, *w.treasures),
    )
    return _w(s, e.seat, alive=False, life=0, hand=(), creatures=(), treasures=(), spell=())


def _averted(s: State, e: ev.DeathAverted) -> State:
    w = s.wizards[e.seat]
    s = replace(s, discard=(*s.discard, e.card))
    return _w(s, e.seat, life=1, spell=tuple([c for c in w.spell if c.card != e.card]))


def _dead_drawn(s: State, e: ev.DeadCardDrawn) -> State:
    s = _taken(s, "dead_deck", [e.card])
    return _w(s, e.seat, dead_cards=(*s.wizards[e.seat].dead_cards, e.card))


def _dead_cleared(s: State, e: ev.DeadCardsCleared) -> State:
    s = replace(s, dead_discard=(*s.dead_discard, *e.cards))
    return _w(s, e.seat, dead_cards=_without(s.wizards[e.seat].dead_cards, e.cards))


def _token(s: State, e: ev.TokenAwarded) -> State:
    w = s.wizards[e.seat]
    return _w(s, e.seat, tokens=w.tokens + 1, last_standing_round=e.round)


def _point(s: State, e: ev.PointScored) -> State:
    w = s.wizards[e.seat]
    last = e.round if e.survivor else w.last_standing_round
    return _w(s, e.seat, points=w.points + 1, last_standing_round=last)


def _cleared(s: State, e: ev.RoundCleared) -> State:
    wizards = tuple([replace(w, hand=(), creatures=(), treasures=(), spell=()) for w in s.wizards])
    return replace(
        s,
        wizards=wizards,
        discard=(*s.discard, *e.discarded),
        treasure_discard=(*s.treasure_discard, *e.treasures),
    )


def _position(s: State, e: ev.PositionLoaded) -> State:
    wizards = tuple(
        [
            replace(
                w,
                hand=e.hands[i],
                life=e.life[i],
                blood=e.blood[i],
                tokens=e.tokens[i],
                treasures=e.treasures[i],
                creatures=e.creatures[i],
            )
            for i, w in enumerate(s.wizards)
        ]
    )
    return replace(
        s,
        wizards=wizards,
        deck=e.deck,
        discard=(),
        treasure_deck=e.treasure_deck,
        treasure_discard=(),
        dead_deck=e.dead_deck,
        dead_discard=(),
        dungeon=e.dungeon,
    )


def _entered(s: State, e: ev.PositionEntered) -> State:
    # the position is in the state now: the file itself is no longer needed
    return replace(
        s,
        round=e.round,
        turn=e.turn,
        dungeon=e.dungeon,
        wizards=e.wizards,
        deck=e.deck,
        discard=e.discard,
        treasure_deck=e.treasure_deck,
        treasure_discard=e.treasure_discard,
        dead_deck=e.dead_deck,
        dead_discard=e.dead_discard,
        deck_unknown=e.deck_unknown,
        treasure_deck_unknown=e.treasure_deck_unknown,
        dead_deck_unknown=e.dead_deck_unknown,
        setup_position=None,
    )


def _nothing(s: State, e: Any) -> State:
    return s


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    CardsShuffled: _shuffled,
    ev.RoundStarted: _round_started,
    ev.TurnStarted: _turn_started,
    ev.CardsDrawn: _drawn,
    ev.SpellPlaced: _placed,
    ev.CardTakenBack: _taken_back,
    ev.CardTrimmed: _trimmed,
    ev.SpellRevealed: _revealed,
    ev.WildMagicReplaced: _wild,
    ev.ComponentStarted: lambda s, e: _set_comp(s, e.seat, e.card, status="resolving"),
    ev.ComponentResolved: lambda s, e: _set_comp(s, e.seat, e.card, status="resolved"),
    ev.SpellFinished: _finished,
    ev.BloodPaid: lambda s, e: _w(s, e.seat, blood=s.wizards[e.seat].blood - e.amount),
    ev.DamageDealt: _damage,
    ev.DamageBlocked: lambda s, e: _drop_creature(s, e.target, e.creature),
    ev.Healed: _healed,
    ev.LifeSet: lambda s, e: _w(s, e.seat, life=e.life),
    ev.BloodGained: _blood,
    ev.BloodMoved: _moved,
    ev.DungeonTaken: lambda s, e: replace(s, dungeon=e.seat),
    ev.TreasureGained: _treasure,
    ev.TreasureDiscarded: _treasure_gone,
    ev.CreatureKilled: lambda s, e: _drop_creature(s, e.seat, e.creature),
    ev.CreatureAdded: _added,
    ev.KeepEarned: lambda s, e: _set_comp(s, e.seat, e.creature, keep=True),
    ev.CreatureDiceGranted: lambda s, e: _w(
        s, e.seat, creature_dice=s.wizards[e.seat].creature_dice + e.dice
    ),
    ev.CardsDiscarded: _discarded,
    ev.CardsPassed: _passed,
    ev.WizardDied: _died,
    ev.DeathAverted: _averted,
    ev.DeadCardDrawn: _dead_drawn,
    ev.DeadCardsCleared: _dead_cleared,
    ev.TreasureDeferred: lambda s, e: _w(
        s, e.seat, deferred_treasures=s.wizards[e.seat].deferred_treasures + e.count
    ),
    ev.TokenAwarded: _token,
    ev.PointScored: _point,
    ev.RoundCleared: _cleared,
    ev.MatchWon: lambda s, e: replace(s, winners=e.winners, over=True),
    ev.PositionLoaded: _position,
    ev.PositionEntered: _entered,
    ev.FlowSet: lambda s, e: replace(s, flow=e.flow, pending=e.pending),
}


def evolve(state: State, event: Event) -> State:
    handler = HANDLERS.get(type(event), _nothing)
    return handler(state, event)


_EVOLVER = Evolver(HANDLERS)
# What a decision's run stepped through, so that folding its events need not again:
# world events never read the flow its run keeps apart, and its last event, FlowSet,
# writes the flow and the pending decisions whole.
decided = _EVOLVER.decided


def evolve_all(state: State, events: Iterable[Event]) -> State:
    """``evolve`` over each event in turn."""
    return _EVOLVER.evolve_all(state, events)
