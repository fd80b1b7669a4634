"""Every legal command of a seat, and the refusal of anything else."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, combinations, combinations_with_replacement
from math import comb
from typing import overload

from domain.kernel import Command, IllegalCommand, last_answer, pending_for, stored_command
from domain.kernel.phrases import Card, phrase
from domain.spellwars.cards import SLOTS, kind_of
from domain.spellwars.commands import (
    Block,
    Choose,
    GiveCard,
    Pay,
    PickTarget,
    PlaceCards,
    TakeBack,
)
from domain.spellwars.machine import discard_options, hand_creatures
from domain.spellwars.selector_words import prompt_phrase
from domain.spellwars.state import Choice, State, is_wild
from domain.spellwars.words import command_phrase


def placements(state: State, seat: int) -> Sequence[Command]:
    """Every non-empty set of cards from hand, each once (a set, not an ordering), with
    what the options ask of it: each wild magic card's place in the row (wild_type=row),
    the delivery declared kept among several (incorrect_initiative=declared)."""
    hand = tuple(sorted(state.wizards[seat].hand))
    if not hand:
        return [PlaceCards(cards=())]
    rows, declare = state.wild_type == "row", state.incorrect_initiative == "declared"
    if not rows and not declare:
        return Placements(hand)
    return [full for p in Placements(hand) for full in _asked(p, rows, declare)]


class Placements(Sequence[PlaceCards]):
    """The placements of a sorted hand, each set of its cards once, size by size in the
    order ``combinations`` gives them; each placement is made when it is read.

    A full hand offers 255 placements and a bot picks one (``rng.choice`` reads the
    length and one index): making them all was a sixth of a bot game. Every reader
    that iterates gets them all, in the same order."""

    __slots__ = ("_hand",)

    def __init__(self, hand: tuple[str, ...]) -> None:
        self._hand = hand

    def __len__(self) -> int:
        return 2 ** len(self._hand) - 1

    @overload
    def __getitem__(self, index: int) -> PlaceCards: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlaceCards]: ...

    def __getitem__(self, index: int | slice) -> PlaceCards | Sequence[PlaceCards]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return PlaceCards.of_sorted((_nth_set(self._hand, index),))[0]

    def __iter__(self) -> Iterator[PlaceCards]:
        hand = self._hand
        # ``combinations`` of the sorted hand gives each set sorted already.
        sets = chain.from_iterable(combinations(hand, size) for size in range(1, len(hand) + 1))
        return iter(PlaceCards.of_sorted(sets))

    def __repr__(self) -> str:
        return f"Placements({self._hand!r})"


def _nth_set(hand: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The set at ``index`` in the order ``Placements`` lists them: the sets of one size
    come before the larger ones, and within a size those holding an earlier card of
    the hand come first."""
    n, size = len(hand), 1
    while index >= comb(n, size):
        index -= comb(n, size)
        size += 1
    out: list[str] = []
    card = 0
    while size:
        # the sets that take ``hand[card]`` (with the rest from the cards after it)
        taking = comb(n - card - 1, size - 1)
        if index < taking:
            out.append(hand[card])
            size -= 1
        else:
            index -= taking
        card += 1
    return tuple(out)


def _asked(p: PlaceCards, rows: bool, declare: bool) -> list[PlaceCards]:
    wild = sum(1 for c in p.cards if is_wild(c))
    places = list(combinations_with_replacement(SLOTS, wild)) if rows and wild else [()]
    deliveries = [c for c in p.cards if kind_of(c) == "delivery"]
    kept = deliveries if declare and len(deliveries) > 1 else [""]
    return [PlaceCards(cards=p.cards, wilds=w, declared=d) for w in places for d in kept]


def take_backs(state: State, seat: int) -> list[Command]:
    return [TakeBack(card=c) for c in sorted(c.card for c in state.wizards[seat].spell)]


def must_take_back(state: State, seat: int) -> bool:
    w = state.wizards[seat]
    return state.flow.phase == "place" and w.placed and len(w.spell) > 3


def choice_labels(state: State, c: Choice) -> tuple[str, ...]:
    """The labels a choice offers; secret kinds derive them from the chooser's hand."""
    if c.kind == "play":
        return (*hand_creatures(state, c.seat), "none")
    if c.kind == "discard":
        return discard_options(state, c.seat)
    if c.kind == "give":
        giver = state.wizards[c.seat]
        glyph = c.labels[0]  # a give choice carries the glyph asked for, not the cards
        return tuple(x for x in giver.hand if state.cards.card(x).glyph == glyph)
    return c.labels


def answers(state: State, c: Choice) -> list[Command]:
    if c.kind == "target":
        return [PickTarget(seat=s) for s in c.seats]
    if c.kind == "pay":
        return [Pay(amount=a) for a in c.amounts]
    if c.kind == "block":
        return [*(Block(creature=x) for x in c.labels), Block(creature=None)]
    if c.kind == "give":
        return [GiveCard(card=x) for x in choice_labels(state, c)]
    return [Choose(choice=x) for x in choice_labels(state, c)]


def legal_commands(state: State, seat: int) -> Sequence[Command]:
    c = state.flow.choice
    if c is None and state.flow.phase == "place" and not must_take_back(state, seat):
        if state.over or pending_for(state.pending, seat) is None:
            return []
        return placements(state, seat)
    return answered(state, seat)


@last_answer  # asked by the seat, then by ``decide`` of the same state
def answered(state: State, seat: int) -> list[Command]:
    """The legal commands of a seat that is not placing its spell: the cards it may take
    back, or the answers to the question it is asked. (A placement is checked without
    its list: ``placement_ok``.)"""
    if state.over or pending_for(state.pending, seat) is None:
        return []
    c = state.flow.choice
    if c is None:
        return take_backs(state, seat) if must_take_back(state, seat) else []
    return answers(state, c) if c.seat == seat else []


def placement_ok(state: State, seat: int, command: PlaceCards) -> bool:
    """The same answer as membership in ``placements``, without enumerating them."""
    hand = state.wizards[seat].hand
    cards = command.cards
    if not cards:
        return not hand and not command.wilds and not command.declared
    if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
        return False
    return _asked_ok(state, command)


def _asked_ok(state: State, command: PlaceCards) -> bool:
    """What the options ask of a placement of cards from hand is there, and only that."""
    wild = sum(1 for c in command.cards if is_wild(c))
    if state.wild_type == "row":
        rows_ok = len(command.wilds) == wild and all(p in SLOTS for p in command.wilds)
    else:
        rows_ok = not command.wilds
    deliveries = [c for c in command.cards if kind_of(c) == "delivery"]
    if state.incorrect_initiative == "declared" and len(deliveries) > 1:
        return rows_ok and command.declared in deliveries
    return rows_ok and not command.declared


def _refuse_asked(state: State, command: PlaceCards) -> None:
    if state.wild_type == "row":
        if len(command.wilds) != sum(1 for c in command.cards if is_wild(c)) or any(
            p not in SLOTS for p in command.wilds
        ):
            raise IllegalCommand(
                "not_offered",
                "sw.wild.type",
                phrase(
                    "give the place in the row (source, quality or delivery) of each wild "
                    "magic card placed, in 'wilds'"
                ),
            )
    elif command.wilds:
        raise IllegalCommand(
            "not_offered", "sw.wild.type", phrase("a wild magic card's type is chosen on reveal")
        )
    if state.incorrect_initiative == "declared" and command.declared == "":
        raise IllegalCommand(
            "not_offered",
            "sw.order.incorrect",
            phrase("several delivery cards placed: declare in 'declared' the one you will keep"),
        )
    raise IllegalCommand(
        "not_offered",
        "sw.order.incorrect",
        phrase(
            "'declared' names one of several delivery cards placed, "
            "with incorrect_initiative=declared"
        ),
    )


def refuse(state: State, seat: int, command: Command) -> None:
    """Raise the refusal that names what is wrong with a command that is not legal."""
    if isinstance(command, PlaceCards):
        hand = state.wizards[seat].hand
        cards = command.cards
        if len(set(cards)) != len(cards):
            raise IllegalCommand(
                "duplicate_card", "sw.spell.place", phrase("each card can be placed once only")
            )
        for c in cards:
            if c not in hand:
                raise IllegalCommand(
                    "not_in_hand",
                    "sw.spell.place",
                    phrase("{card} is not in your hand", card=Card(c)),
                )
        if cards and not _asked_ok(state, command):
            _refuse_asked(state, command)
        if cards:
            raise IllegalCommand(
                "no_spell_now", "kernel.turn", phrase("no spell is being placed now")
            )
        raise IllegalCommand("empty_spell", "sw.spell.place", phrase("place at least one card"))
    if isinstance(command, TakeBack):
        if must_take_back(state, seat):
            raise IllegalCommand(
                "not_placed",
                "sw.spell.excess",
                phrase("{card} is not in your placed spell", card=Card(command.card)),
            )
        raise IllegalCommand(
            "nothing_to_take_back",
            "sw.spell.excess",
            phrase("you have not placed more than 3 cards"),
        )
    choice = state.flow.choice
    rule = choice.rule if choice is not None else "sw.choice"
    answer = command_phrase(stored_command(command), seat) or type(command).__name__
    raise IllegalCommand(
        "not_offered",
        rule,
        phrase(
            "{answer}: not one of the answers offered ({prompt})",
            answer=answer,
            prompt=prompt_phrase(choice.prompt),
        )
        if choice is not None
        else phrase("{answer}: no answer is asked for now", answer=answer),
    )
