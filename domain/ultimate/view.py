"""What a seat (or a spectator) may see, and the outcome of a finished match."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Outcome
from domain.kernel.phrases import Seat, plural
from domain.ultimate.state import UltimateState


def view(state: UltimateState, seat: int | None) -> dict[str, Any]:
    """Public facts for everyone; the hand only for its own seat.

    Hands of others are shown as counts and the draw pile as a size: its order
    would predict every future draw.
    """
    players = [
        {
            "seat": s,
            "life": w.life,
            "eliminated": w.eliminated,
            "round_wins": w.round_wins,
            "cards": len(w.hand),
            "effects": [e.kind for e in state.effects if e.seat == s],
        }
        for s, w in enumerate(state.wizards)
    ]
    attack = None
    if state.attack is not None:
        attack = {
            "attacker": state.attack.attacker,
            "source": state.attack.source,
            "hits": [
                {
                    "target": h.target,
                    "damage": h.damage,
                    "poison": h.poison,
                    "steal": h.steal,
                    "discard": h.discard,
                    "stage": h.stage,
                }
                for h in state.attack.hits
            ],
        }
    out: dict[str, Any] = {
        "game": "ultimate",
        "seat": seat,
        "round": state.round,
        "turn": state.turn,
        # nobody is on turn before a round's first player is known
        "active": None if state.stage == "setup" else state.active,
        "stage": state.stage,
        "players": players,
        "draw_pile": len(state.draw_pile),
        "discard": list(state.discard),
        "in_play": list(state.in_play),
        "attack": attack,
        "demands": [{"seat": d.seat, "by": d.by} for d in state.demands],
        "pending": [
            {"seat": p.seat, "accepts": list(p.accepts), "prompt": p.prompt} for p in state.pending
        ],
        "options": msgspec.to_builtins(state.options),
        "winner": state.winner,
    }
    if state.names:
        # The names a table's own data gives its cards, in rulebook order.
        out["card_names"] = list(state.names)
    if seat is not None and 0 <= seat < state.players:
        out["hand"] = list(state.wizards[seat].hand)
    return out


def hidden_from(state: UltimateState, seat: int | None) -> set[str]:
    """Card ids ``seat`` must not see: other seats' hands and the draw pile."""
    hidden = set(state.draw_pile)
    for other, wizard in enumerate(state.wizards):
        if other != seat:
            hidden.update(wizard.hand)
    return hidden


def outcome(state: UltimateState) -> Outcome | None:
    if state.winner is None:
        return None
    wins = tuple(w.round_wins for w in state.wizards)
    levels = sorted(set(wins), reverse=True)
    ranking = tuple(tuple(s for s, n in enumerate(wins) if n == level) for level in levels)
    return Outcome(
        winners=(state.winner,),
        scores=wins,
        ranking=ranking,
        reason=plural(
            "{seat} won {n} round",
            "{seat} won {n} rounds",
            wins[state.winner],
            seat=Seat(state.winner),
        ),
    )
