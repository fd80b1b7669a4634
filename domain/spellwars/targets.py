"""Target selectors of the effect language: who may be hit, and how the pick is made."""

from __future__ import annotations

from collections.abc import Callable

from domain.spellwars.language import PICKS
from domain.spellwars.state import Frame, State, Wizard, opponents

# selector -> (kind, rule) ; kind: fixed (all candidates), pick (one, caster picks), die
KINDS: dict[str, tuple[str, str]] = {
    "left": ("fixed", "sw.target.neighbours"),
    "right": ("fixed", "sw.target.neighbours"),
    "neighbours": ("fixed", "sw.target.neighbours"),
    "strongest": ("pick", "sw.target.strongest"),
    "weakest": ("pick", "sw.target.strongest"),
    "most-treasures": ("pick", "sw.target.strongest"),
    "most-creatures": ("pick", "sw.target.strongest"),
    "most-blood": ("pick", "sw.target.strongest"),
    "stronger": ("pick", "sw.target.stronger"),
    "weaker": ("pick", "sw.target.stronger"),
    "stronger-all": ("fixed", "sw.target.stronger"),
    "weaker-all": ("fixed", "sw.target.stronger"),
    "die": ("die", "sw.target.die"),
}


def kind_of(selector: str) -> tuple[str, str | None]:
    if selector in KINDS:
        return KINDS[selector]
    return ("pick" if selector in PICKS else "fixed"), None


def _extreme(state: State, opps: list[int], key: Callable[[Wizard], int], most: bool) -> list[int]:
    if not opps:
        return []
    values = {o: key(state.wizards[o]) for o in opps}
    best = max(values.values()) if most else min(values.values())
    return [o for o in opps if values[o] == best]


def candidates(state: State, f: Frame, selector: str, neighbour: str) -> list[int]:
    c = f.seat
    n = state.players
    w = state.wizards
    opps = opponents(state, c)
    me = w[c].life

    def seated(k: int) -> list[int]:
        s = (c + k) % n
        return [s] if s != c and w[s].alive else []

    match selector:
        case "left":
            return seated(1) if neighbour == "seated" else opps[:1]
        case "right":
            return seated(-1) if neighbour == "seated" else opps[-1:]
        case "neighbours":
            both = (seated(1) + seated(-1)) if neighbour == "seated" else opps[:1] + opps[-1:]
            return list(dict.fromkeys(both))
        case "self":
            return [c] if w[c].alive else []
        case "killer":
            return [f.killer] if f.killer >= 0 and f.killer != c and w[f.killer].alive else []
        case "took-from":
            return [f.took] if f.took in opps else []
        case "holder":
            return [state.dungeon] if state.dungeon in opps else []
        case "each" | "choose" | "die":
            return opps
        case "played-all" | "played":
            return [o for o in opps if w[o].played]
        case "unplayed-all":
            return [o for o in opps if not w[o].played]
        case "has-treasure-all":
            return [o for o in opps if w[o].treasures]
        case "token-all":
            return [o for o in opps if w[o].tokens > 0]
        case "even-all":
            return [o for o in opps if w[o].life % 2 == 0]
        case "odd-all":
            return [o for o in opps if w[o].life % 2 == 1]
        case "others-all" | "other":
            return [o for o in opps if o not in f.t]
        case "stronger-all" | "stronger":
            return [o for o in opps if w[o].life > me]
        case "weaker-all" | "weaker":
            return [o for o in opps if w[o].life < me]
        case "strongest":
            return _extreme(state, opps, lambda x: x.life, True)
        case "weakest":
            return _extreme(state, opps, lambda x: x.life, False)
        case "most-treasures":
            return _extreme(state, opps, lambda x: len(x.treasures), True)
        case "most-creatures":
            return _extreme(state, opps, lambda x: len(x.creatures), True)
        case "most-blood":
            return _extreme(state, opps, lambda x: x.blood, True)
        case "not-holder":
            return [o for o in opps if o != state.dungeon]
        case "no-creature":
            return [o for o in opps if not w[o].creatures]
        case "no-treasure":
            return [o for o in opps if not w[o].treasures]
    raise ValueError(f"unknown selector {selector!r}")


def die_faces(count: int) -> int:
    """Faces of a d6 each of ``count`` candidates receives (spare faces are re-rolled)."""
    return 6 // count


def faces(pool: list[int]) -> str:
    """The faces' assignment, shown before the roll (a table rolls its own die by it)."""
    per = die_faces(len(pool))
    parts = [
        f"{i * per + 1}-{i * per + per} seat {seat}" if per > 1 else f"{i + 1} seat {seat}"
        for i, seat in enumerate(pool)
    ]
    first_spare = per * len(pool) + 1
    if first_spare == 6:
        parts.append("6 roll again")
    elif first_spare < 6:
        parts.append(f"{first_spare}-6 roll again")
    return ", ".join(parts)
