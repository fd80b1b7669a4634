"""Final scores: creatures × counters, support spells, poison, secret missions."""

from __future__ import annotations

from domain.kernel import Outcome
from domain.kernel.phrases import phrase
from domain.orctower.queries import is_poison, slot_kind, spell_of, value
from domain.orctower.state import State


def owned(state: State, seat: int) -> tuple[str, ...]:
    p = state.seats[seat]
    return p.hand + p.deck + p.discard


def by_category(state: State, seat: int) -> dict[str, int]:
    out = {"weak": 0, "strong": 0, "mighty": 0}
    for slot, n in enumerate(state.seats[seat].defeated):
        out[slot_kind(state, slot).category] += n
    return out


def mission_points(state: State, seat: int) -> int:
    p = state.seats[seat]
    cats = by_category(state, seat)
    total = sum(p.defeated)
    mission = p.mission.removeprefix("mission.")
    if mission == "weak":
        return 2 * (cats["weak"] // 2)
    if mission == "strong":
        return 3 * (cats["strong"] // 2)
    if mission == "mighty":
        return 2 * cats["mighty"]
    if mission == "sets":
        return 3 * min(cats.values())
    if mission == "groups":
        return 3 * (total // 4)
    if mission == "maximum":
        best = 0
        for slot, n in enumerate(p.defeated):
            others = [q.defeated[slot] for s, q in enumerate(state.seats) if s != seat]
            if n > 0 and all(n >= o for o in others):
                best += 3
        return best
    if mission == "powers":
        return 2 * len(p.powers)
    if mission == "spells":
        return 3 * (p.learned // 2)
    return 0


def score(state: State, seat: int) -> tuple[int, dict[str, int]]:
    p = state.seats[seat]
    creatures = sum(n * value(state, slot) for slot, n in enumerate(p.defeated))
    cards = owned(state, seat)
    poison = sum(1 for c in cards if is_poison(c))
    support = sum(1 for c in cards if not is_poison(c) and spell_of(state, c).kind == "support")
    parts = {
        "creatures": creatures,
        "support": 2 * support,
        "poison": -2 * poison,
        "mission": mission_points(state, seat),
    }
    return sum(parts.values()), parts


def outcome(state: State) -> Outcome | None:
    if state.stage != "over":
        return None
    scores = state.scores
    levels = sorted(set(scores), reverse=True)
    ranking = tuple(tuple(s for s, v in enumerate(scores) if v == level) for level in levels)
    return Outcome(
        winners=ranking[0],
        scores=scores,
        ranking=ranking,
        reason=phrase("best score {score}", score=levels[0]),
    )
