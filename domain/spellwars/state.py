"""The game state: immutable, msgpack-encodable (snapshots store it).

Every struct here is untracked by the cycle collector (``gc=False``), as events
are: a value made of tuples and other values never refers back to itself, and
a fold makes a new state at every event."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Pending
from domain.kernel.phrases import Phrase
from domain.spellwars.cards import CardSet, kind_of
from domain.spellwars.data import cards_for

LIFE = 20
MAX = 25
HAND = 8


class Comp(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One card of a wizard's spell.

    ``status``: hidden (face down), waiting (revealed, unresolved), resolving,
    resolved. ``added``: joined the spell during its resolution. ``carried``: a
    creature kept from an earlier turn (not counted in the spell's size).
    ``keep``: a KEEP result came up for it this turn. ``declared``: the delivery
    its caster declared with the placement that it will keep (option
    incorrect_initiative=declared). A wild magic card's ``slot`` is ``wild``, or
    its place in the row with option wild_type=row.
    """

    card: str
    slot: str
    status: str = "hidden"
    added: bool = False
    carried: bool = False
    keep: bool = False
    declared: bool = False


class Wizard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    life: int = LIFE
    blood: int = 0
    alive: bool = True
    hand: tuple[str, ...] = ()
    spell: tuple[Comp, ...] = ()
    placed: bool = False
    revealed: bool = False
    played: bool = False
    creatures: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()
    dead_cards: tuple[str, ...] = ()
    tokens: int = 0
    points: int = 0
    last_standing_round: int = 0
    creature_dice: int = 0
    deferred_treasures: int = 0


class Choice(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A decision in the middle of a resolution.

    ``kind`` says which command answers it; ``seats``/``labels``/``amounts``
    hold the public candidates; kinds whose candidates are secret (cards in
    a hand) derive them from the state instead.
    """

    seat: int
    kind: str
    # What is asked, as a phrase (a sentence where recorded before phrases were).
    prompt: Phrase | str
    rule: str
    seats: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()
    amounts: tuple[int, ...] = ()


class Frame(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One running program of the effect language (a component, a reaction...)."""

    seat: int
    card: str
    part: str  # effect | reaction | gain | cast | dead
    rule: str
    pc: int = 0
    t: tuple[int, ...] = ()
    prev: tuple[int, ...] = ()
    r: int = 0
    dice: tuple[int, ...] = ()
    pw: int = -1
    paid: int = 0
    opt: int = 0
    took: int = -1
    killer: int = -1
    n: int = 0
    a: int = 0
    b: int = 0
    mult: int = 1
    queue: tuple[int, ...] = ()
    used: tuple[int, ...] = ()
    split_pc: int = -1
    sub: int = 0
    answer: str | None = None


class Flow(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Where the game stands in its turn structure (public)."""

    phase: str = "setup"  # setup | place | cast | over
    caster: int = -1
    stage: str = ""  # begin | trim | wild | components
    frames: tuple[Frame, ...] = ()
    choice: Choice | None = None
    # the killer of the last wizard other than the caster to die, and the caster's killer
    killer_of_last: int = -1
    caster_killer: int = -1
    # ties=rank: the order one roll gave a tied group, best first (ruling sw.order.tie)
    order: tuple[int, ...] = ()


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    players: int
    variant: str = "tokens"
    tokens_to_win: int = 2
    fast_rounds: int = 3
    neighbour: str = "living"
    contest_ties: str = "all"
    survivor_blood: str = "holder"
    trim: str = "repeated"
    fast_suicide: str = "nothing"
    stolen_gain: str = "run"
    ties: str = "reroll"
    added_order: str = "choice"
    dead_bonus: str = "before_discard"
    trankilus: str = "first"
    stolen_blood: str = "lost"
    die_faces: str = "clockwise"
    incorrect_initiative: str = "lowest"
    resolving_reacts: bool = False
    suicide_token: str = "own_kill"
    fast_ties: str = "last_standing"
    round_end: str = "dust"
    deaths_checked: str = "line"
    split_paid: str = "choice"
    wild_type: str = "reveal"
    creature_attack: str = "spell"
    chance_script: str = "chance"
    # a table's own card data (normal form) and its hash; None: the built-in cards
    data: dict[str, Any] | None = None
    data_hash: str = ""
    setup_position: dict[str, Any] | None = None
    wizards: tuple[Wizard, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    treasure_deck: tuple[str, ...] = ()
    treasure_discard: tuple[str, ...] = ()
    dead_deck: tuple[str, ...] = ()
    dead_discard: tuple[str, ...] = ()
    # Table mode: how many cards at the bottom of each deck lie in an order nobody knows
    # (shuffled at the table without an order given); 0 in seeded games.
    deck_unknown: int = 0
    treasure_deck_unknown: int = 0
    dead_deck_unknown: int = 0
    dungeon: int = -1
    round: int = 0
    turn: int = 0
    flow: Flow = Flow()
    pending: tuple[Pending, ...] = ()
    winners: tuple[int, ...] = ()
    over: bool = False

    @property
    def cards(self) -> CardSet:
        """The cards this game plays with: its table's own data (the built-in cards
        without one), with the options that rewrite a card (``trankilus=after``)."""
        return cards_for(self.data, self.data_hash, self.trankilus)


def living(state: State) -> tuple[int, ...]:
    return _living(state.wizards)


def opponents(state: State, seat: int) -> list[int]:
    """Living opponents, clockwise from the left neighbour."""
    alive = _living(state.wizards)
    n = state.players
    return [(seat + k) % n for k in range(1, n) if (seat + k) % n in alive]


# The wizards last asked about, by identity, with the seats of the living: a spell's
# steps ask at every step, and half the asks find the wizards unchanged since the
# last (the tuple is held, so its identity cannot pass to another).
_LAST_LIVING: list[tuple[tuple[Wizard, ...], tuple[int, ...]]] = [((), ())]


def _living(wizards: tuple[Wizard, ...]) -> tuple[int, ...]:
    known, seats = _LAST_LIVING[0]
    if known is wizards:
        return seats
    seats = tuple([i for i, w in enumerate(wizards) if w.alive])
    _LAST_LIVING[0] = (wizards, seats)
    return seats


def spell_size(w: Wizard) -> int:
    return sum(1 for c in w.spell if not c.carried)


def initiative(state: State, w: Wizard) -> int:
    """The initiative of the placed delivery card; none (a wild magic included) counts 0.

    An incorrect spell holding several delivery cards counts the lowest (ruling
    ``sw.order.incorrect``): an incorrect spell never goes earlier than the
    correct spell left after trimming could have; the highest under option
    incorrect_initiative=highest, and with ``declared`` the one its caster declared
    it will keep (the lowest if that card went back into hand before the sizes).
    """
    deliveries = [c for c in placed(w) if c.slot == "delivery"]
    values = [state.cards.card(c.card).initiative for c in deliveries]
    if not values:
        return 0
    if state.incorrect_initiative == "declared":
        declared = [state.cards.card(c.card).initiative for c in deliveries if c.declared]
        if declared:
            return declared[0]
    return max(values) if state.incorrect_initiative == "highest" else min(values)


def placed(w: Wizard) -> list[Comp]:
    """The cards the wizard placed this turn (not kept creatures, not cards added since)."""
    return [c for c in w.spell if not c.carried and not c.added]


def repeated(w: Wizard) -> list[str]:
    """The placed cards whose type another placed card shares: what makes a spell incorrect.

    A wild magic card has no type (it stands for a missing one), so it never does,
    unless option wild_type=row gave it its place in the row: two cards in one place
    make the spell incorrect whatever they are.
    """
    typed = [c for c in placed(w) if c.slot != "wild"]
    return [c.card for c in typed if sum(1 for d in typed if d.slot == c.slot) > 1]


def missing(w: Wizard) -> list[str]:
    """The types no placed card holds, in reading order (source, quality, delivery)."""
    held = {c.slot for c in placed(w)}
    return [t for t in ("source", "quality", "delivery") if t not in held]


def is_wild(card: str) -> bool:
    """A wild magic card (the box's deck of a card never changes with a table's data)."""
    return kind_of(card) == "wild"


def wild_comps(w: Wizard) -> list[Comp]:
    """The placed wild magic cards, by card id."""
    return sorted((c for c in placed(w) if is_wild(c.card)), key=lambda c: c.card)


def wilds(w: Wizard) -> list[str]:
    return [c.card for c in wild_comps(w)]
