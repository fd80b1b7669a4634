"""What a seat (or a spectator) may see, and what it must not."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.phrases import Card, Phrase
from domain.spellwars.legal import choice_labels
from domain.spellwars.machine import PICK_DIE
from domain.spellwars.state import LIFE, MAX, State


def view(state: State, seat: int | None) -> dict[str, Any]:
    flow = state.flow
    cards = state.cards
    wizards = []
    for i, w in enumerate(state.wizards):
        entry: dict[str, Any] = {
            "seat": i,
            "life": w.life,
            "blood": w.blood,
            "alive": w.alive,
            "tokens": w.tokens,
            "points": w.points,
            # while spells are being placed, a hand's size would tell how many cards
            # went face down, which the rulebook lets a wizard hide until the announcement
            "hand_size": len(w.hand) if i == seat or flow.phase != "place" else None,
            "placed": w.placed,
            "played": w.played,
            "creatures": cards.faces(w.creatures),
            "treasures": cards.faces(w.treasures),
            "dead_cards": cards.faces(w.dead_cards),
        }
        if w.revealed or i == seat:
            entry["spell"] = [
                {
                    **cards.face(c.card),
                    "slot": c.slot,
                    "status": c.status,
                    "keep": c.keep,
                    "carried": c.carried,
                }
                for c in w.spell
            ]
        elif w.placed and flow.phase == "cast":
            entry["spell_size"] = sum(1 for c in w.spell if not c.carried)
        wizards.append(entry)
    out: dict[str, Any] = {
        "game": "spellwars",
        "variant": state.variant,
        "round": state.round,
        "turn": state.turn,
        "phase": flow.phase,
        "caster": flow.caster,
        "dungeon": state.dungeon,
        "deck_size": len(state.deck),
        "discard": cards.faces(state.discard[-10:]),
        "discard_size": len(state.discard),
        "treasure_deck_size": len(state.treasure_deck),
        "dead_deck_size": len(state.dead_deck),
        "wizards": wizards,
        # what a life bar is drawn against: the round's start and the cap healing stops at
        "life_limits": {"start": LIFE, "max": MAX},
        "pending": sorted({p.seat for p in state.pending}),
        "winners": list(state.winners),
    }
    if seat is not None:
        out["hand"] = cards.faces(state.wizards[seat].hand)
    c = flow.choice
    if c is not None:
        # The prompt as data, a phrase's tagged fields (a view is plain data): the
        # service tells it in each reader's words.
        prompt = msgspec.to_builtins(c.prompt)
        choice: dict[str, Any] = {"seat": c.seat, "kind": c.kind, "prompt": prompt}
        asking = _asking(c.prompt)
        if asking:
            choice["card"] = asking  # the card whose effect asks
        if _question(c.prompt) == PICK_DIE:
            choice["dice"] = True  # its options are the dice's values
        if c.kind == "target":
            choice["targets"] = list(c.seats)  # seats, which a reader names by player
        elif c.kind not in ("play", "discard", "give") or c.seat == seat:
            choice["options"] = (
                list(c.amounts) if c.kind == "pay" else list(choice_labels(state, c))
            )
        out["choice"] = choice
    return out


def hidden_from(state: State, seat: int | None) -> set[str]:
    out = set(state.deck) | set(state.treasure_deck) | set(state.dead_deck)
    for i, w in enumerate(state.wizards):
        if i == seat:
            continue
        out |= set(w.hand)
        if not w.revealed:
            # kept creatures attacking at a turn's start (creature_attack=turn_start) are face up
            out |= {c.card for c in w.spell if not c.carried}
    return out


def _question(prompt: Phrase | str) -> Phrase | str:
    """The question a card's prompt asks ("{card}: {question}"), or the prompt."""
    if isinstance(prompt, Phrase):
        question = dict(prompt.args).get("question")
        if isinstance(question, Phrase):
            return question
    return prompt


def _asking(prompt: Phrase | str) -> str:
    """The card a card's question is asked for (its id), "" for the turn's own."""
    if isinstance(prompt, Phrase):
        card = dict(prompt.args).get("card")
        if isinstance(card, Card):
            return card.card
    return ""
