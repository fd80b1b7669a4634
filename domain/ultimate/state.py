"""The game state: one frozen value, folded from the events by evolve.

Every struct here is untracked by the cycle collector (``gc=False``), as events
are: a value made of tuples and other values never refers back to itself, and
a fold makes a new state at every event."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel import Pending
from domain.ultimate.options import Options

# setup: before the first turn (round 0 until the first deal);
# action: the active seat chooses to draw, play or discard;
# resolving: an action is being resolved (defences, forced discards);
# discard: phase 2; ending: between a turn's end and the next start; over: match won.
Stage = Literal["setup", "action", "resolving", "discard", "ending", "over"]
HitStage = Literal["new", "arrived", "answered"]


class Wizard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    life: int
    hand: tuple[str, ...] = ()
    eliminated: bool = False
    round_wins: int = 0


class Effect(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A persistent effect on ``seat``; ``turn`` is the global turn it began in."""

    kind: str
    seat: int
    turn: int


class Hit(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One attack on one target: what it carries and how far it has resolved.

    ``new``: not yet reached its target; ``arrived``: triggers done, the target
    may be asked to defend (``defendable``); ``answered``: the defence is known.
    """

    target: int
    damage: int = 0
    poison: bool = False
    steal: bool = False
    discard: bool = False
    stage: HitStage = "new"
    defendable: bool = False


class Attack(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The hits of one action still to resolve, first one current."""

    attacker: int
    source: str
    rule: str
    hits: tuple[Hit, ...]


class Demand(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """``seat`` must discard a card of its choice (Contrôle de l'esprit...)."""

    seat: int
    by: int
    rule: str


class UltimateState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    players: int
    options: Options
    round: int = 0
    turn: int = 0
    active: int = 0
    stage: Stage = "setup"
    wizards: tuple[Wizard, ...] = ()
    draw_pile: tuple[str, ...] = ()  # top first
    # Table mode: how many cards at the bottom of draw_pile lie face down in an
    # order nobody knows (the table shuffled without giving the order); each
    # draw from them names the card drawn. Always 0 in a seeded game.
    draw_unknown: int = 0
    discard: tuple[str, ...] = ()  # bottom first: the last discarded card is discard[-1]
    in_play: tuple[str, ...] = ()  # cards on the table while an action resolves
    effects: tuple[Effect, ...] = ()
    attack: Attack | None = None
    demands: tuple[Demand, ...] = ()
    winner: int | None = None
    pending: tuple[Pending, ...] = ()
    # A table's own data (its edition's card names, rulebook order); empty: built-in.
    names: tuple[str, ...] = ()


def hand(state: UltimateState, seat: int) -> tuple[str, ...]:
    return state.wizards[seat].hand


def life(state: UltimateState, seat: int) -> int:
    return state.wizards[seat].life


def in_round(state: UltimateState) -> list[int]:
    """Seats not eliminated from the current round, in seat order."""
    return [s for s, w in enumerate(state.wizards) if not w.eliminated]


def standing(state: UltimateState) -> list[int]:
    """Seats still in the round and above 0 life: the ones that can be targeted."""
    return [s for s, w in enumerate(state.wizards) if not w.eliminated and w.life > 0]


def opponents(state: UltimateState, seat: int) -> list[int]:
    """The standing seats but ``seat``: one pass (asked at most legal lists)."""
    return [s for s, w in enumerate(state.wizards) if s != seat and not w.eliminated and w.life > 0]


def next_seat(state: UltimateState, seat: int) -> int:
    """The next seat in turn order still in the round (``seat`` itself if alone)."""
    n = state.players
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not state.wizards[candidate].eliminated:
            return candidate
    return seat


def right_neighbour(state: UltimateState, seat: int) -> int | None:
    """The previous living seat in turn order (still in the round and above 0
    life: ruling ``ultimate.ruling.right-neighbour``; the next one under option
    right_neighbour=next), or None if there is none.

    A wizard brought to 0 earlier in the same action is not eliminated yet but
    is no longer living, so it is skipped.
    """
    n = state.players
    way = 1 if state.options.right_neighbour == "next" else -1
    for step in range(1, n):
        candidate = (seat + way * step) % n
        wizard = state.wizards[candidate]
        if not wizard.eliminated and wizard.life > 0:
            return candidate
    return None


def seats_from_left(state: UltimateState, seat: int) -> list[int]:
    """Other standing seats in turn order, starting at ``seat``'s left."""
    n = state.players
    order = [(seat + step) % n for step in range(1, n)]
    alive = set(standing(state))
    return [s for s in order if s in alive]


def recoverable(state: UltimateState, combo_cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards Invocation de tombe may take back: the discard pile's, and its own
    two under option grave_own_cards (ruling ``ultimate.ruling.grave-summoning``)."""
    if state.options.grave_own_cards:
        return (*dict.fromkeys(state.discard), *(c for c in combo_cards if c not in state.discard))
    return tuple(dict.fromkeys(state.discard))


def deflect_targets(state: UltimateState, seat: int) -> list[int]:
    """Where ``seat`` may deflect the attack it faces (ruling ``ultimate.ruling.redirect``):
    any other standing wizard, the attacker too unless option deflect_to_attacker is off."""
    attack = state.attack
    barred = {seat}
    if attack is not None and not state.options.deflect_to_attacker:
        barred.add(attack.attacker)
    return [s for s in standing(state) if s not in barred]


def has_effect(state: UltimateState, seat: int, kind: str) -> bool:
    # A loop, not ``any`` over a generator: asked several times an attack, mostly
    # of no effect at all.
    for effect in state.effects:  # noqa: SIM110
        if effect.seat == seat and effect.kind == kind:
            return True
    return False


def can_draw(state: UltimateState) -> bool:
    return bool(state.draw_pile or state.discard)
