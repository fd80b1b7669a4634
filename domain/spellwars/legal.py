"""Every legal command of a seat, and the refusal of anything else."""

from __future__ import annotations

from itertools import product

from domain.kernel import Command, IllegalCommand, pending_for
from domain.spellwars.cards import SLOTS, card
from domain.spellwars.commands import Block, Choose, GiveCard, Pay, PickTarget, PlaceSpell
from domain.spellwars.machine import discard_options, hand_creatures
from domain.spellwars.state import Choice, State


def placements(state: State, seat: int) -> list[Command]:
    hand = state.wizards[seat].hand
    per_slot = [[None, *(c for c in hand if card(c).kind in (slot, "wild"))] for slot in SLOTS]
    out: list[Command] = []
    for s, q, d in product(*per_slot):
        chosen = [c for c in (s, q, d) if c is not None]
        if chosen and len(set(chosen)) == len(chosen):
            out.append(PlaceSpell(source=s, quality=q, delivery=d))
    return out or [PlaceSpell()]


def choice_labels(state: State, c: Choice) -> tuple[str, ...]:
    """The labels a choice offers; secret kinds derive them from the chooser's hand."""
    if c.kind == "play":
        return (*hand_creatures(state, c.seat), "none")
    if c.kind == "discard":
        return discard_options(state, c.seat)
    if c.kind == "give":
        giver = state.wizards[c.seat]
        glyph = c.labels[0]  # a give choice carries the glyph asked for, not the cards
        return tuple(x for x in giver.hand if card(x).glyph == glyph)
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


def legal_commands(state: State, seat: int) -> list[Command]:
    if state.over or pending_for(state.pending, seat) is None:
        return []
    c = state.flow.choice
    if c is None:
        return placements(state, seat) if state.flow.phase == "place" else []
    return answers(state, c) if c.seat == seat else []


def placement_ok(state: State, seat: int, command: PlaceSpell) -> bool:
    """The same answer as membership in ``placements``, without enumerating them."""
    hand = state.wizards[seat].hand
    cards = command.cards()
    if len(set(cards)) != len(cards):
        return False
    if not cards:
        return not hand
    for slot, c in zip(SLOTS, (command.source, command.quality, command.delivery), strict=True):
        if c is not None and (c not in hand or card(c).kind not in (slot, "wild")):
            return False
    return True


def refuse(state: State, seat: int, command: Command) -> None:
    """Raise the refusal that names what is wrong with a command that is not legal."""
    if isinstance(command, PlaceSpell):
        hand = state.wizards[seat].hand
        cards = command.cards()
        if len(set(cards)) != len(cards):
            raise IllegalCommand(
                "duplicate_card", "sw.spell.place", "a card can fill one slot only"
            )
        for slot, c in zip(SLOTS, (command.source, command.quality, command.delivery), strict=True):
            if c is None:
                continue
            if c not in hand:
                raise IllegalCommand("not_in_hand", "sw.spell.place", f"{c!r} is not in your hand")
            if card(c).kind not in (slot, "wild"):
                raise IllegalCommand(
                    "wrong_slot",
                    "sw.spell.incorrect",
                    f"{card(c).name} is a {card(c).kind}, it cannot fill the {slot} slot",
                )
        if cards:
            raise IllegalCommand("no_spell_now", "kernel.turn", "no spell is being placed now")
        raise IllegalCommand("empty_spell", "sw.spell.place", "a spell holds 1 to 3 components")
    c = state.flow.choice
    rule = c.rule if c is not None else "sw.choice"
    raise IllegalCommand(
        "not_offered",
        rule,
        f"{command!r} is not one of the offered answers" + (f" ({c.prompt})" if c else ""),
    )
