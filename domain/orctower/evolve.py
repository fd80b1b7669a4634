"""Apply one event to the state. Never rolls dice, never fails on a decided event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import msgspec

from domain.kernel import CardsShuffled, DiceRolled, Event
from domain.kernel.evolving import PendingEvolver, change_by_id, without_id
from domain.orctower import events as ev
from domain.orctower.data import ENERGIES
from domain.orctower.facedown import counted, revealed_from_pool, taken
from domain.orctower.pending import pending_of
from domain.orctower.state import (
    Casting,
    Creature,
    Player,
    State,
    Tile,
    card_spell,
    creature_type,
    slot_of,
)

# Tuples are built from lists (``tuple([...])``), not from generators: on
# CPython 3.11 a generator costs about 0.1 µs more per call, at most events. A
# handler builds one new State (a single ``rep`` with every field it changes): a
# State is some forty fields, and copying it is most of what a small event costs.

rep = msgspec.structs.replace
T = TypeVar("T")


def _seats(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The seats, with ``seat``'s player changed."""
    seats = list(state.seats)
    seats[seat] = rep(seats[seat], **changes)
    return tuple(seats)


def _without(cards: tuple[str, ...], gone: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return tuple(out)


def _bump(values: tuple[int, ...], index: int, by: int, cap: int | None = None) -> tuple[int, ...]:
    new = values[index] + by
    if cap is not None:
        new = min(new, cap)
    return _put(values, index, new)


def _put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` replaced (a copy and a store, where a
    comprehension tests every index)."""
    out = list(values)
    out[index] = value
    return tuple(out)


def _shuffled(state: State, e: CardsShuffled) -> State:
    # A shuffle the table did not order leaves the whole new pile in unknown order.
    count = len(e.order) if e.unknown else 0
    unknown = counted(state.unknown, e.pile, count) if count or e.pile in state.unknown else None
    changes = _reshuffled(state, e)
    if unknown is not None:
        changes["unknown"] = unknown
    return rep(state, **changes) if changes else state


def _reshuffled(state: State, e: CardsShuffled) -> dict[str, Any]:
    """The fields a shuffle changes, by its pile."""
    pile, order = e.pile, tuple(e.order)
    if pile == "markers":
        sizes = [len(order) // 6 + (1 if q < len(order) % 6 else 0) for q in range(6)]
        starts = [sum(sizes[:q]) for q in range(6)]
        return {"stacks": tuple([order[starts[q] : starts[q] + sizes[q]] for q in range(6)])}
    if pile.startswith("deck."):
        seat = int(pile.split(".")[1])
        p = state.seats[seat]
        shuffled = set(order)
        discard = tuple([c for c in p.discard if c not in shuffled])
        return {"seats": _seats(state, seat, deck=order, discard=discard)}
    if pile == "destiny":
        shuffled = set(order)
        rest = tuple([c for c in state.destiny_discard if c not in shuffled])
        return {"destiny_deck": order, "destiny_discard": rest}
    if pile in ("attack", "knowledge"):
        i = 0 if pile == "attack" else 1
        return {"piles": _put(state.piles, i, order)}
    if pile == "missions":
        return {"missions_left": order}
    if pile == "toads":
        return {"toad_supply": order}
    return {}


def _drawn(state: State, e: ev.CardsDrawn) -> State:
    p = state.seats[e.seat]
    if e.source == "deck":
        deck, unknown = taken(p.deck, state.unknown, f"deck.{e.seat}", e.cards)
        seats = _seats(state, e.seat, deck=deck, hand=p.hand + e.cards)
        return rep(state, seats=seats, unknown=unknown)
    seats = _seats(state, e.seat, discard=_without(p.discard, e.cards), hand=p.hand + e.cards)
    return rep(state, seats=seats)


def _revealed(state: State, e: ev.MarkerRevealed) -> State:
    q = e.quarter - 1
    born = Creature(id=e.marker, quarter=e.quarter, section=0)
    if state.unknown.get("markers"):
        stacks = revealed_from_pool(state.stacks, e.quarter, e.marker)
        left = counted(state.unknown, "markers", sum(len(s) for s in stacks))
        return rep(state, stacks=stacks, unknown=left, creatures=(*state.creatures, born))
    stacks = _put(state.stacks, q, state.stacks[q][1:])
    return rep(state, stacks=stacks, creatures=(*state.creatures, born))


def _dealt(state: State, e: ev.MarkersDealt) -> State:
    order = [m for stack in state.stacks for m in stack]
    starts = [sum(e.sizes[:q]) for q in range(6)]
    return rep(
        state, stacks=tuple([tuple(order[starts[q] : starts[q] + e.sizes[q]]) for q in range(6)])
    )


def _moved(state: State, e: ev.CreatureMoved) -> State:
    def moved(c: Creature) -> Creature:
        return rep(c, quarter=e.quarter, section=e.section)

    return rep(state, creatures=change_by_id(state.creatures, e.creature, moved))


def _arrived(state: State, e: ev.CreatureArrived) -> State:
    slot = slot_of(state, creature_type(e.creature))
    cap = len(state.data.creatures[slot].track) - 1
    return rep(
        state,
        creatures=without_id(state.creatures, e.creature),
        counters=_bump(state.counters, slot, 1, cap),
    )


def _defeated(state: State, e: ev.CreatureDefeated) -> State:
    p = state.seats[e.seat]
    gauge = state.data.creatures[e.slot].gauge
    seats = _seats(
        state,
        e.seat,
        defeated=_bump(p.defeated, e.slot, 1),
        gauges=_bump(p.gauges, e.slot, 1, gauge),
    )
    opens = state.options.bonus_actions and e.bonus
    bonuses = (*state.bonuses, e.creature) if opens else state.bonuses
    return rep(
        state,
        seats=seats,
        creatures=without_id(state.creatures, e.creature),
        bonuses=bonuses,
        minus_hp=tuple([c for c in state.minus_hp if c != e.creature]),
    )


def _cast(state: State, e: ev.SpellCast) -> State:
    p = state.seats[e.seat]
    energy = [0, 0, 0, 0]
    wild = state.bonus_energy
    if e.energy in ENERGIES:
        energy[ENERGIES.index(e.energy)] = 1
    else:
        wild += 1
    casting = Casting(card=e.card, energy=(energy[0], energy[1], energy[2], energy[3]), wild=wild)
    seats = _seats(state, e.seat, hand=_without(p.hand, [e.card]))
    return rep(state, seats=seats, casting=casting, actions=state.actions - 1, bonus_energy=0)


def _upgrade(state: State, e: ev.UpgradePlayed) -> State:
    assert state.casting is not None
    p = state.seats[e.seat]
    c = state.casting
    casting = rep(
        c,
        upgrades=(*c.upgrades, e.card),
        energy=_bump(c.energy, ENERGIES.index(e.energy), 1),
        teleports=c.teleports + int(e.teleport),
        draws=c.draws + int(e.draw),
    )
    return rep(state, seats=_seats(state, e.seat, hand=_without(p.hand, [e.card])), casting=casting)


def _effect_used(state: State, e: ev.UpgradeEffectUsed) -> State:
    assert state.casting is not None
    c = state.casting
    if e.effect == "teleport":
        return rep(state, casting=rep(c, teleports=c.teleports - 1))
    return rep(state, casting=rep(c, draws=c.draws - 1))


def _teleported(state: State, e: ev.MageTeleported) -> State:
    seats = _seats(state, e.seat, space=e.space)
    if e.action:
        return rep(state, seats=seats, actions=state.actions - 1, bonus_energy=0)
    return rep(state, seats=seats)


def _learned(state: State, e: ev.SpellLearned) -> State:
    p = state.seats[e.seat]
    palette = _put(state.palette, e.slot, "")
    seats = _seats(state, e.seat, discard=(*p.discard, e.card), learned=p.learned + 1)
    return rep(state, seats=seats, palette=palette, fresh=(*state.fresh, e.card))


def _filled(state: State, e: ev.PaletteFilled) -> State:
    i = 0 if e.slot < 3 else 1
    pile, unknown = taken(state.piles[i], state.unknown, PILE_NAMES[i], [e.card])
    piles = _put(state.piles, i, pile)
    palette = _put(state.palette, e.slot, e.card)
    return rep(state, piles=piles, palette=palette, unknown=unknown)


PILE_NAMES = ("attack", "knowledge")


def _returned(state: State, e: ev.PaletteReturned) -> State:
    attack = tuple([c for c in state.palette[:3] if c]) + state.piles[0]
    knowledge = tuple([c for c in state.palette[3:] if c]) + state.piles[1]
    return rep(state, piles=(attack, knowledge), palette=("",) * 6)


def _swapped(state: State, e: ev.CreaturesSwapped) -> State:
    spots = {c.id: (c.quarter, c.section) for c in state.creatures}
    a, b = spots[e.first], spots[e.second]
    out = []
    for c in state.creatures:
        if c.id == e.first:
            c = rep(c, quarter=b[0], section=b[1])
        elif c.id == e.second:
            c = rep(c, quarter=a[0], section=a[1])
        out.append(c)
    return rep(state, creatures=tuple(out))


def _finished(state: State, e: ev.SpellFinished) -> State:
    p = state.seats[e.seat]
    return rep(state, seats=_seats(state, e.seat, discard=p.discard + e.cards), casting=None)


def _turn(state: State, e: ev.TurnStarted) -> State:
    return rep(
        state,
        active=e.seat,
        actions=e.actions,
        poisoned=False,
        changed=False,
        bonus_energy=0,
        minus_hp=(),
        fresh=(),
        toads_used=(),
    )


def _destiny(state: State, e: ev.DestinyRevealed) -> State:
    discard = (*state.destiny_discard, state.destiny) if state.destiny else state.destiny_discard
    deck, unknown = taken(state.destiny_deck, state.unknown, "destiny", [e.card])
    return rep(state, destiny=e.card, destiny_deck=deck, destiny_discard=discard, unknown=unknown)


def _lost(state: State, e: ev.CreatureLost) -> State:
    p = state.seats[e.seat]
    gauges = p.gauges
    if state.options.loss_gauge == "lowered" and gauges[e.slot]:  # orctower.ruling.loss-gauge
        gauges = _bump(gauges, e.slot, -1)
    seats = _seats(state, e.seat, defeated=_bump(p.defeated, e.slot, -1), gauges=gauges)
    return rep(state, seats=seats)


def _removed_creature(state: State, e: ev.CreatureRemoved) -> State:
    return rep(
        state,
        creatures=without_id(state.creatures, e.creature),
        minus_hp=tuple([c for c in state.minus_hp if c != e.creature]),
    )


def _hand_discarded(state: State, e: ev.HandDiscarded) -> State:
    p = state.seats[e.seat]
    seats = _seats(state, e.seat, hand=_without(p.hand, e.cards), discard=p.discard + e.cards)
    return rep(state, seats=seats)


def _card_discarded(state: State, e: ev.CardDiscarded) -> State:
    p = state.seats[e.seat]
    seats = _seats(state, e.seat, hand=_without(p.hand, [e.card]), discard=(*p.discard, e.card))
    return rep(state, seats=seats, demands=tuple([s for s in state.demands if s != e.seat]))


def _poison(state: State, e: ev.PoisonGiven) -> State:
    p = state.seats[e.to]
    return rep(
        state,
        seats=_seats(state, e.to, discard=(*p.discard, e.card)),
        poison=state.poison[1:],
        poisoned=True,
        actions=state.actions - 1,
        bonus_energy=0,
    )


def _removed(state: State, e: ev.CardRemoved) -> State:
    p = state.seats[e.seat]
    return rep(
        state,
        seats=_seats(state, e.seat, hand=_without(p.hand, [e.card])),
        box=(*state.box, e.card),
        changed=True,
        actions=state.actions - 1,
        bonus_energy=0,
    )


def _missions_dealt(state: State, e: ev.MissionsDealt) -> State:
    left, unknown = taken(state.missions_left, state.unknown, "missions", e.missions)
    seats = _seats(state, e.seat, offer=e.missions)
    return rep(state, seats=seats, missions_left=left, unknown=unknown)


def _toad_laid(state: State, e: ev.ToadTileLaid) -> State:
    tile = Tile(kind=e.tile, quarter=e.quarter, section=e.section)
    supply, unknown = taken(state.toad_supply, state.unknown, "toads", [e.tile])
    return rep(state, toad_supply=supply, toad_tiles=(*state.toad_tiles, tile), unknown=unknown)


def _toad_taken(state: State, e: ev.ToadTaken) -> State:
    p = state.seats[e.seat]
    tiles = list(state.toad_tiles)
    tiles.remove(next(t for t in tiles if t.kind == e.tile))
    return rep(
        state, seats=_seats(state, e.seat, toads=(*p.toads, e.tile)), toad_tiles=tuple(tiles)
    )


def _toad_used(state: State, e: ev.ToadUsed) -> State:
    p = state.seats[e.seat]
    changes: dict[str, Any] = {}
    if state.options.toad_use == "each_turn":  # kept, used again in a later turn
        changes["toads_used"] = (*state.toads_used, e.tile)
    else:
        changes["seats"] = _seats(state, e.seat, toads=_without(p.toads, [e.tile]))
    kind = card_spell(e.tile)
    if kind == "toad_energy":
        changes["bonus_energy"] = state.bonus_energy + 1
    elif kind == "toad_hp":
        changes["minus_hp"] = (*state.minus_hp, e.creature)
    return rep(state, **changes)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    CardsShuffled: _shuffled,
    ev.StageChanged: lambda s, e: rep(s, stage=e.stage),
    ev.SetupCompleted: lambda s, e: rep(s, given=(), terrain_sections=()),
    ev.RoundStarted: lambda s, e: rep(s, round=e.round),
    ev.DestinyRevealed: _destiny,
    ev.PaletteReturned: _returned,
    ev.PaletteFilled: _filled,
    ev.MarkerRevealed: _revealed,
    ev.MarkersDealt: _dealt,
    ev.CreatureMoved: _moved,
    ev.CreatureArrived: _arrived,
    ev.CreatureLost: _lost,
    ev.TurnStarted: _turn,
    ev.CardsDrawn: _drawn,
    ev.HandDiscarded: _hand_discarded,
    ev.MageTeleported: _teleported,
    ev.SpellCast: _cast,
    ev.UpgradePlayed: _upgrade,
    ev.UpgradeEffectUsed: _effect_used,
    ev.UpgradeEffectsLapsed: lambda s, e: rep(
        s, casting=rep(s.casting, teleports=0, draws=0) if s.casting else None
    ),
    ev.DamageDealt: lambda s, e: rep(
        s,
        creatures=change_by_id(
            s.creatures, e.creature, lambda c: rep(c, damage=c.damage + e.amount)
        ),
    ),
    ev.CreatureDefeated: _defeated,
    ev.CreatureRemoved: _removed_creature,
    ev.PowerGained: lambda s, e: rep(
        s, seats=_seats(s, e.seat, powers=(*s.seats[e.seat].powers, e.power))
    ),
    ev.SpellLearned: _learned,
    ev.CreaturesSwapped: _swapped,
    ev.ActionGained: lambda s, e: rep(s, actions=s.actions + 1),
    ev.DiscardDemanded: lambda s, e: rep(s, demands=e.seats),
    ev.CardDiscarded: _card_discarded,
    ev.SpellFinished: _finished,
    ev.Passed: lambda s, e: rep(s, actions=0, bonus_energy=0),
    # The creatures that took no damage are kept as they are (most of them).
    ev.CreaturesHealed: lambda s, e: rep(
        s, creatures=tuple([rep(c, damage=0) if c.damage else c for c in s.creatures]), minus_hp=()
    ),
    ev.LastRoundAnnounced: lambda s, e: rep(s, last_round=True),
    ev.GameEnded: lambda s, e: rep(s, scores=e.scores, stage="over"),
    ev.PoisonGiven: _poison,
    ev.CardRemoved: _removed,
    ev.MissionsDealt: _missions_dealt,
    ev.MissionKept: lambda s, e: rep(s, seats=_seats(s, e.seat, mission=e.mission, offer=())),
    ev.BonusTaken: lambda s, e: rep(s, bonuses=tuple([b for b in s.bonuses if b != e.creature])),
    ev.BonusesSkipped: lambda s, e: rep(s, bonuses=()),
    ev.EnergyGained: lambda s, e: rep(s, bonus_energy=s.bonus_energy + 1),
    ev.TerrainPlaced: lambda s, e: rep(
        s, terrain=(*s.terrain, Tile(kind=e.kind, quarter=e.quarter, section=e.section))
    ),
    ev.ToadTileLaid: _toad_laid,
    ev.ToadTaken: _toad_taken,
    ev.ToadUsed: _toad_used,
}


_EVOLVER = PendingEvolver(HANDLERS, pending_of)
evolve = _EVOLVER.evolve
evolve_all = _EVOLVER.evolve_all
# A flow's working state: each event through its handler, not settled (see
# Evolver.step: its pending goes stale). The flow reads each from this table itself,
# a call less at every event; a roll (a victim's card drawn by chance) changes
# nothing here.
STEPS: Mapping[type[Event], Callable[[State, Any], State]] = {
    **HANDLERS,
    DiceRolled: lambda s, e: s,
}
# What a decision's flow stepped through, so that folding its events need not again.
decided = _EVOLVER.decided
