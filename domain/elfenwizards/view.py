"""What a seat (or a spectator) sees: everything, since the game hides nothing.

Dice are rolled in the open, spells are placed face up and scores are kept
aloud, so every seat and spectator gets the same picture.
"""

from __future__ import annotations

from typing import Any

from domain.elfenwizards.board import DEFEAT_PREFIX
from domain.elfenwizards.competition import points_for
from domain.elfenwizards.state import NOBODY, PHASE_NUMBER, PHASE_TITLE, State
from domain.elfenwizards.turns import actor

# Suggested negotiation limits in seconds, by phase (shown, never enforced).
NEGOTIATION_LIMITS: dict[str, int] = {"roll": 60, "reroll": 60, "compete": 300}


def view(state: State, seat: int | None) -> dict[str, Any]:
    points = points_for(state)
    spaces: dict[str, list[dict[str, Any]]] = {}
    for w in state.wizards:
        spaces.setdefault(w.space, []).append(
            {"wizard": w.id, "seat": w.seat, "grey": w.grey, "support": points.get(w.id, 0)}
        )
    board = [
        {
            "space": s.id,
            "level": s.level,
            "contests": list(s.contests),
            "wizards": spaces.get(s.id, []),
        }
        for s in state.board.spaces
    ]
    board += [
        {
            "space": DEFEAT_PREFIX + lv,
            "level": lv,
            "contests": [],
            "wizards": spaces.get(DEFEAT_PREFIX + lv, []),
        }
        for lv in state.board.defeat_levels()
    ]
    guilds = [
        {
            "seat": i,
            "colour": g.colour,
            "score": g.score,
            "dice_in_front": g.dice,
            "rolled": list(g.hand),
            "major_spaces": {
                lv: list(g.majors[j]) for j, lv in enumerate(state.board.major_levels())
            },
            "minor_space_dice": list(g.minor_dice),
            "grey_space_dice": list(g.grey_dice),
            "minor_spells": g.minors,
            "minor_spells_on_space": g.minors_on_space,
            "minor_spells_on_counter": g.minors_on_counter,
            "grand_druide_titles": g.grand_druide_titles,
        }
        for i, g in enumerate(state.guilds)
    ]
    out: dict[str, Any] = {
        "game": "elfenwizards",
        "seat": seat,
        "round": state.round,
        "phase": state.phase,
        "phase_number": PHASE_NUMBER.get(state.phase),
        "phase_title": PHASE_TITLE.get(state.phase, state.phase),
        # None before the set-up gives the dragon to anyone (DragonGiven).
        "dragon": None if state.dragon == NOBODY else state.dragon,
        "to_act": actor(state),
        "pending": [
            {"seat": p.seat, "accepts": list(p.accepts), "prompt": p.prompt} for p in state.pending
        ],
        "board": board,
        "guilds": guilds,
        "support": [{"wizard": s.wizard, "seat": s.seat, "die": s.die} for s in state.support],
        "designated": list(state.designated),
        "pool": state.pool,
        "grey_supply": state.grey_supply if state.options.grey_supply else None,
        "round_counter": [list(x) for x in state.round_counter],
        "rounds_without_grand_druide": state.rounds_without_grand_druide,
    }
    if state.options.negotiation_timers and state.phase in NEGOTIATION_LIMITS:
        out["negotiation_limit_seconds"] = NEGOTIATION_LIMITS[state.phase]
    if state.phase == "over":
        out["final"] = {
            "reason": state.end_reason,
            "bonus": list(state.bonus),
            "scores": [g.score for g in state.guilds],
        }
    return out


def hidden_from(state: State, seat: int | None) -> set[str]:
    """Nothing is hidden in Elfenwizards: every roll and placement is public."""
    return set()
