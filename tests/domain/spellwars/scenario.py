"""Driving Spell Wars from a setup position with scripted dice, as a table would."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.kernel import (
    ENGINE_VERSION,
    Command,
    Dice,
    Event,
    Fold,
    GameStarted,
    act,
    apply,
    decode_command,
    replay,
    start,
)
from domain.kernel.data import data_hash
from domain.spellwars import GAME
from domain.spellwars.state import State


class Game:
    """A table-mode game: one scripted dice stream shared by every command."""

    def __init__(
        self,
        players: int,
        setup: dict[str, Any] | None = None,
        values: Sequence[int] = (),
        options: dict[str, Any] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.dice = Dice.scripted(values=values)
        table_data = GAME.validate_data(data) if data is not None else None
        started = GameStarted(
            game="spellwars",
            options=GAME.spec.resolve_options(options),
            players=tuple(f"p{i}" for i in range(players)),
            mode="table",
            seed_commitment="",
            engine_version=ENGINE_VERSION,
            setup=in_manifest_order(GAME.validate_setup(setup, players))
            if setup is not None
            else None,
            data=table_data,
            data_hash=data_hash(table_data) if table_data is not None else "",
        )
        self.log: list[Event] = start(GAME, started, self.dice)
        self.fold: Fold[State] = replay(GAME, self.log)

    @property
    def state(self) -> State:
        return self.fold.state

    def send(self, seat: int, command: Command | dict[str, Any]) -> list[Event]:
        if isinstance(command, dict):
            command = decode_command(GAME, command)
        events = act(GAME, self.fold, seat, command, self.dice)
        for e in events:
            self.fold = apply(GAME, self.fold, e)
        self.log.extend(events)
        return events

    def place(
        self,
        spells: dict[int, dict[str, str | None] | list[str]],
        asked: dict[int, dict[str, Any]] | None = None,
    ) -> list[Event]:
        """Place each seat's cards; a dict (slot -> card) is read for its cards only.
        ``asked``: what an option asks of a seat's placement besides its cards (a wild
        magic card's place in the row, the delivery declared kept)."""
        out: list[Event] = []
        for seat, spell in spells.items():
            extra = (asked or {}).get(seat, {})
            out += self.send(seat, {"type": "PlaceCards", "cards": placed_cards(spell), **extra})
        return out

    def answer_all(
        self, pick: Callable[[int, list[Command]], Command] | None = None
    ) -> list[Event]:
        """Answer every pending choice (not placements) with ``pick`` or the first legal one."""
        out: list[Event] = []
        while self.state.pending and self.state.flow.choice is not None:
            seat = self.state.pending[0].seat
            legal = GAME.legal_commands(self.state, seat)
            out += self.send(seat, pick(seat, legal) if pick else legal[0])
        return out


def in_manifest_order(position: dict[str, Any]) -> dict[str, Any]:
    """The position with the cards it leaves out listed below their deck in manifest order,
    so that the game shuffles nothing: these tests script every card they draw."""
    from domain.spellwars.cards import instances
    from domain.spellwars.setup import MAIN_KINDS, _listed

    listed = _listed(position)
    out = dict(position)
    for key, kinds in (
        ("deck", MAIN_KINDS),
        ("treasure_deck", ("treasure",)),
        ("dead_deck", ("dead",)),
    ):
        out[key] = [*out[key], *(c for c in instances(kinds) if c not in listed)]
    return out


def placed_cards(spell: dict[str, str | None] | list[str]) -> list[str]:
    values = spell.values() if isinstance(spell, dict) else spell
    return [c for c in values if c]


def correct(cards: Sequence[str]) -> bool:
    """At most 3 cards, no two of one type (wild magic has none)."""
    from domain.spellwars.cards import built_in

    kinds = [built_in().card(c).kind for c in cards if built_in().card(c).kind != "wild"]
    return len(cards) <= 3 and len(kinds) == len(set(kinds))


def of(events: Sequence[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# Three-component spells for the other seats (distinct initiatives, so no tie rolls), so
# that a one- or two-component spell of seat 0 resolves first.
FILLERS = [
    ["hydraponix#1", "spiralex#1", "tropintimus#1"],
    ["hydraponix#2", "spiralex#2", "sauvewillix#1"],
    ["boucledorus#1", "sarabandus#1", "crassdepargnus#1"],
    ["boucledorus#2", "sarabandus#2", "cubengelus#1"],
    ["tikerestox#1", "tresormodix#1", "bruleculus#1"],
]
SLOT_NAMES = ("source", "quality", "delivery")


def cast(
    spell: dict[str, str] | list[str],
    *,
    players: int = 3,
    setup: dict[str, Any] | None = None,
    values: Sequence[int] = (),
    answers: Sequence[dict[str, Any]] = (),
    spells: dict[int, dict[str, str] | list[str]] | None = None,
    options: dict[str, Any] | None = None,
    full_hands: bool = False,
    data: dict[str, Any] | None = None,
    asked: dict[str, Any] | None = None,
) -> tuple[Game, list[Event]]:
    """Seat 0 casts ``spell``; the others hold filler 3-card spells (or ``spells``).
    ``asked``: what an option asks of seat 0's placement besides its cards.

    ``answers`` are sent in order to whichever seat must choose. Returns the
    game and the events from the placements on.
    """
    spells = dict(spells or {})
    for seat in range(1, players):
        spells.setdefault(seat, dict(zip(SLOT_NAMES, FILLERS[seat - 1], strict=True)))
    spells[0] = spell
    position = dict(setup or {})
    hands = [placed_cards(spells[s]) for s in range(players)]
    if "hands" in position:
        hands = [h + list(extra) for h, extra in zip(hands, position["hands"], strict=True)]
    if full_hands:
        # no refill: the deck's top is exactly the given "deck"
        from domain.spellwars.cards import built_in, main_deck

        used = {c for h in hands for c in h} | set(position.get("deck", []))
        used |= {c for cs in position.get("creatures", []) for c in cs}
        spare = [c for c in main_deck() if c not in used and built_in().card(c).kind != "wild"]
        for h in hands:
            while len(h) < 8:
                h.append(spare.pop(0))
    position["hands"] = hands
    g = Game(
        players,
        position,
        values=[*values, *([1, 2, 3, 4, 5, 6] * 20)],
        options=options,
        data=data,
    )
    start = len(g.log)
    g.place({s: spells[s] for s in sorted(spells, reverse=True)}, {0: asked or {}})
    for a in answers:
        assert g.state.flow.choice is not None, f"no choice pending for {a}"
        g.send(g.state.flow.choice.seat, a)
    return g, g.log[start:]


def upto_spell_end(events: Sequence[Event], seat: int = 0) -> list[Event]:
    """The events up to the end of ``seat``'s spell (or its death)."""
    from domain.spellwars import events as ev

    out: list[Event] = []
    for e in events:
        out.append(e)
        if isinstance(e, ev.SpellFinished) and e.seat == seat:
            break
    return out


def damage(events: Sequence[Event], source: int = 0) -> list[tuple[int, int]]:
    from domain.spellwars import events as ev

    return [
        (e.target, e.amount)
        for e in upto_spell_end(events, source)
        if isinstance(e, ev.DamageDealt) and e.source == source
    ]
