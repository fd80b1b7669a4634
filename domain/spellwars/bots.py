"""Pure bots: ``greedy`` plays to win (deterministic); ``first`` takes the first legal command.

They read the cards the game plays with (``State.cards``), as a player at a table
with its own data reads its own cards."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain.kernel import Command
from domain.kernel.phrases import plain
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


def greedy(state: State, seat: int, legal: Sequence[Command]) -> Command:
    first = legal[0]
    # Every legal command answers the same question, so all are of the first's kind.
    if isinstance(first, PlaceCards):
        spells = [c for c in legal if isinstance(c, PlaceCards)]
        return max(spells, key=lambda c: _spell_score(state, seat, c))
    if isinstance(first, TakeBack | GiveCard):
        giving = [c for c in legal if isinstance(c, TakeBack | GiveCard)]
        return min(giving, key=lambda c: _punch(state.cards, c.card))
    if isinstance(first, PickTarget):
        targets = [c for c in legal if isinstance(c, PickTarget)]
        # lethal first: the weakest opponent, the caster itself never
        return min(targets, key=lambda c: (c.seat == seat, state.wizards[c.seat].life))
    if isinstance(first, Pay):
        return max((c for c in legal if isinstance(c, Pay)), key=lambda c: c.amount)
    if isinstance(first, Block):
        blocks = [c for c in legal if isinstance(c, Block)]
        choice = state.flow.choice
        found = re.search(r"(\d+) damage", plain(choice.prompt)) if choice is not None else None
        hit = int(found.group(1)) if found else 0
        # sacrifice against a big hit or a lethal one; keep the creature for small ones
        if hit >= 3 or hit >= state.wizards[seat].life:
            return next(c for c in blocks if c.creature is not None)
        return next(c for c in blocks if c.creature is None)
    if isinstance(first, Choose):
        return _choose(state, [c for c in legal if isinstance(c, Choose)])
    return first


def _choose(state: State, legal: list[Choose]) -> Choose:
    choice = state.flow.choice
    if choice and choice.kind == "trim":
        return min(legal, key=lambda c: _punch(state.cards, c.choice))
    digits = [c for c in legal if c.choice.isdigit()]
    if (
        len(digits) == len(legal)
        and choice
        and choice.kind == "option"
        and "which die" in plain(choice.prompt)
    ):
        return max(legal, key=lambda c: int(c.choice))
    # the biggest discard or the first creature to play; otherwise the first offer
    return max(legal, key=lambda c: c.choice.count("+"))


def first(state: State, seat: int, legal: Sequence[Command]) -> Command:
    return legal[0]
