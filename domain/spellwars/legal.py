"""Every legal command of a seat, and the refusal of anything else."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations

from domain.kernel import Command, IllegalCommand, last_answer, pending_for, stored_command
from domain.kernel.phrases import Card, phrase
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
from domain.spellwars.state import Choice, State
from domain.spellwars.words import command_phrase


def placements(state: State, seat: int) -> list[Command]:
    """Every non-empty set of cards from hand, each once (a set, not an ordering)."""
    return list(_subsets(tuple(sorted(state.wizards[seat].hand))))


@lru_cache(maxsize=4096)
def _subsets(hand: tuple[str, ...]) -> tuple[PlaceCards, ...]:
    # a pure function of the hand, asked for again and again while a seat decides;
    # ``combinations`` of the sorted hand gives each set sorted already
    out = PlaceCards.of_sorted(
        chain.from_iterable(combinations(hand, size) for size in range(1, len(hand) + 1))
    )
    return out or (PlaceCards(),)


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


@last_answer  # asked by the seat, then by ``decide`` of the same state
def legal_commands(state: State, seat: int) -> list[Command]:
    if state.over or pending_for(state.pending, seat) is None:
        return []
    c = state.flow.choice
    if c is None:
        if state.flow.phase != "place":
            return []
        return take_backs(state, seat) if must_take_back(state, seat) else placements(state, seat)
    return answers(state, c) if c.seat == seat else []


def placement_ok(state: State, seat: int, command: PlaceCards) -> bool:
    """The same answer as membership in ``placements``, without enumerating them."""
    hand = state.wizards[seat].hand
    cards = command.cards
    if not cards:
        return not hand
    return len(set(cards)) == len(cards) and set(cards) <= set(hand)


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
