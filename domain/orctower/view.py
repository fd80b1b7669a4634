"""What a seat (or a spectator) may see, and what it must not."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.orctower.queries import destiny_card, hit_points, kind, value
from domain.orctower.state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Public facts for all; a hand and a kept mission only for their seat.

    Face-down markers, decks and spell piles are shown as sizes: their order
    would predict the game.
    """
    players = []
    for s, p in enumerate(state.seats):
        players.append(
            {
                "seat": s,
                "colour": p.colour,
                "space": p.space,
                "cards": len(p.hand),
                "deck": len(p.deck),
                "discard": list(p.discard),
                "defeated": dict(zip(state.types, p.defeated, strict=True)),
                "gauges": dict(zip(state.types, p.gauges, strict=True)),
                "powers": list(p.powers),
                "learned": p.learned,
                "mission": bool(p.mission),
                "baby_toads": list(p.toads),
            }
        )
    casting = msgspec.to_builtins(state.casting) if state.casting else None
    card = destiny_card(state)
    # Hit points depend on who attacks (a rule change may spare a mage): a seat
    # sees them as they stand against it, a spectator against the active seat.
    against = seat if seat is not None and 0 <= seat < state.players else state.active
    out: dict[str, Any] = {
        "game": "orctower",
        "seat": seat,
        "round": state.round,
        "active": state.active,
        "stage": state.stage,
        "actions": state.actions,
        "destiny": state.destiny,
        "destiny_card": msgspec.to_builtins(card) if card else None,
        "destiny_deck": len(state.destiny_deck),
        "last_round": state.last_round,
        "creatures": [
            {
                "id": c.id,
                "type": c.type,
                "name": kind(state, c.type).name,
                "quarter": c.quarter,
                "section": c.section,
                "damage": c.damage,
                "hp": hit_points(state, c, against),
            }
            for c in state.creatures
        ],
        "markers": [len(s) for s in state.stacks],
        "counters": {t: value(state, i) for i, t in enumerate(state.types)},
        "palette": list(state.palette),
        "piles": [len(p) for p in state.piles],
        "poison_supply": len(state.poison),
        "terrain": [msgspec.to_builtins(t) for t in state.terrain],
        "baby_toads": [msgspec.to_builtins(t) for t in state.toad_tiles],
        "casting": casting,
        "bonus_energy": state.bonus_energy,
        "demands": list(state.demands),
        "bonuses": list(state.bonuses),
        "toads_used": list(state.toads_used),
        "players": players,
        "pending": [
            {"seat": p.seat, "accepts": list(p.accepts), "prompt": p.prompt} for p in state.pending
        ],
        "scores": list(state.scores),
        "options": msgspec.to_builtins(state.options),
    }
    if seat is not None and 0 <= seat < state.players:
        mine = state.seats[seat]
        out["hand"] = list(mine.hand)
        out["my_mission"] = mine.mission
        out["mission_offer"] = list(mine.offer)
    if state.stage == "over":
        for s, p in enumerate(state.seats):
            out["players"][s]["mission"] = p.mission
    return out


def hidden_from(state: State, seat: int | None) -> set[str]:
    """Card, marker and mission ids ``seat`` must not see."""
    hidden: set[str] = set()
    for stack in state.stacks:
        hidden.update(stack)
    for pile in state.piles:
        hidden.update(pile)
    hidden.update(state.missions_left)
    if state.stage == "over":
        return hidden
    for s, p in enumerate(state.seats):
        hidden.update(p.deck)
        if s != seat:
            hidden.update(p.hand)
            if p.mission:
                hidden.add(p.mission)
            hidden.update(p.offer)
    return hidden
