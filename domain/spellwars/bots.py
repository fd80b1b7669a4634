"""Pure bots: ``greedy`` plays to win (deterministic); ``first`` takes the first legal command.

They read the cards the game plays with (``State.cards``), as a player at a table
with its own data reads its own cards."""

from __future__ import annotations

import re

from domain.kernel import Command
from domain.spellwars.cards import CardSet
from domain.spellwars.commands import Block, Choose, GiveCard, Pay, PickTarget, PlaceCards, TakeBack
from domain.spellwars.language import amount_terms
from domain.spellwars.state import State


def _punch(cards: CardSet, instance: str) -> int:
    """A rough damage estimate of a card: the constant damage its lines can deal."""
    total = 0
    for op in cards.card(instance).effect:
        if op.name == "damage":
            total += sum(f if a is None else 3 * f for f, a in amount_terms(op.arg))
        elif op.name == "selfdamage":
            total -= 1
    return total


def _heal(cards: CardSet, instance: str) -> int:
    return sum(3 for op in cards.card(instance).effect if op.name in ("healself", "heal"))


def _spell_score(state: State, seat: int, p: PlaceCards) -> float:
    me = state.wizards[seat]
    box = state.cards
    placed = [box.card(c) for c in p.cards]
    kinds = [k.kind for k in placed if k.kind != "wild"]
    if len(placed) > 3 or len(kinds) != len(set(kinds)):
        return -1000.0  # the rules would take cards back or trim them: place a correct spell
    glyphs = [k.glyph for k in placed if k.glyph]
    score = 10.0 * len(placed)
    score += sum(_punch(box, c) for c in p.cards)
    if me.life <= 8:
        score += 2 * sum(_heal(box, c) for c in p.cards)
    score += 3 * (len(glyphs) - len(set(glyphs)))  # matching glyphs add power dice
    score += sum(k.initiative / 5 for k in placed if k.kind == "delivery")
    return score


def greedy(state: State, seat: int, legal: list[Command]) -> Command:
    first = legal[0]
    if isinstance(first, PlaceCards):
        return max(legal, key=lambda c: _spell_score(state, seat, c))  # type: ignore[arg-type]
    if isinstance(first, TakeBack):
        return min(legal, key=lambda c: _punch(state.cards, c.card))  # type: ignore[attr-defined]
    if isinstance(first, PickTarget):
        # lethal first: the weakest opponent, the caster itself never
        return min(
            legal,
            key=lambda c: (c.seat == seat, state.wizards[c.seat].life),  # type: ignore[attr-defined]
        )
    if isinstance(first, Pay):
        return max(legal, key=lambda c: c.amount)  # type: ignore[attr-defined]
    if isinstance(first, Block):
        choice = state.flow.choice
        found = re.search(r"(\d+) damage", choice.prompt) if choice is not None else None
        hit = int(found.group(1)) if found else 0
        # sacrifice against a big hit or a lethal one; keep the creature for small ones
        if hit >= 3 or hit >= state.wizards[seat].life:
            return next(c for c in legal if c.creature is not None)  # type: ignore[attr-defined]
        return next(c for c in legal if c.creature is None)  # type: ignore[attr-defined]
    if isinstance(first, GiveCard):
        return min(legal, key=lambda c: _punch(state.cards, c.card))  # type: ignore[attr-defined]
    if isinstance(first, Choose) and state.flow.choice and state.flow.choice.kind == "trim":
        return min(legal, key=lambda c: _punch(state.cards, c.choice))  # type: ignore[attr-defined]
    if isinstance(first, Choose):
        digits = [c for c in legal if c.choice.isdigit()]  # type: ignore[attr-defined]
        if len(digits) == len(legal) and state.flow.choice and state.flow.choice.kind == "option":
            prompt = state.flow.choice.prompt
            if "which die" in prompt:
                return max(legal, key=lambda c: int(c.choice))  # type: ignore[attr-defined]
        # the biggest discard or the first creature to play; otherwise the first offer
        return max(legal, key=lambda c: c.choice.count("+"))  # type: ignore[attr-defined]
    return first


def first(state: State, seat: int, legal: list[Command]) -> Command:
    return legal[0]
