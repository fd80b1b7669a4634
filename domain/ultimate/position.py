"""Positions as setup files, both ways: ``position(state)`` writes every part of the
state the rules read, ``validate_full`` checks such a file key by key, and
``state_of`` rebuilds the state from it.

A *full* position names its ``stage`` (and ``round``, ``turn``, ``active``): play
resumes exactly there, mid-action if a decision is pending (a defence, a demanded
discard). An *opening* position (no ``stage``, see ``setup.validate_setup``) starts
a turn of seat ``first``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel import SetupError
from domain.kernel.phrases import Phrase, Seat, phrase, plural
from domain.ultimate.cards import COMBOS, EFFECT_NAMES
from domain.ultimate.catalogue import CATALOGUE
from domain.ultimate.options import Options
from domain.ultimate.state import Attack, Demand, Effect, Hit, UltimateState, Wizard

FULL_KEYS = (
    "round",
    "turn",
    "active",
    "stage",
    "eliminated",
    "in_play",
    "effects",
    "attack",
    "demands",
)
FULL_REQUIRED = ("hands", "health", "round", "turn", "active", "stage")
# Stages at which somebody has a decision to make (the others are passing moments
# inside an action, never a position between two commands).
STAGES = ("action", "resolving", "discard")
HIT_STAGES = ("new", "arrived", "answered")
HIT_KEYS = ("target", "damage", "poison", "steal", "discard", "stage", "defendable")
ATTACK_KEYS = ("attacker", "source", "rule", "hits")
EFFECT_KEYS = ("kind", "seat", "turn")
DEMAND_KEYS = ("seat", "by", "rule")


def fail(problem: Phrase) -> SetupError:
    """A setup file's refusal, said as the game's (its keys as the file writes them)."""
    return SetupError(phrase("ultimate setup: {problem}", problem=problem))


def position(state: UltimateState) -> dict[str, Any]:
    """Every part of the state, as a full setup mapping (TOML-ready)."""
    known = len(state.draw_pile) - state.draw_unknown
    out: dict[str, Any] = {
        "round": state.round,
        "turn": state.turn,
        "active": state.active,
        "stage": state.stage,
        "hands": [list(w.hand) for w in state.wizards],
        "health": [w.life for w in state.wizards],
        "round_wins": [w.round_wins for w in state.wizards],
        "eliminated": [w.eliminated for w in state.wizards],
        # Cards in unknown order (table mode) are left out: a game opened from
        # this file shuffles them with its own chance, as the table did.
        "draw_pile": list(state.draw_pile[:known]),
        "discard": list(state.discard),
        "in_play": list(state.in_play),
        "effects": [{"kind": e.kind, "seat": e.seat, "turn": e.turn} for e in state.effects],
        "demands": [{"seat": d.seat, "by": d.by, "rule": d.rule} for d in state.demands],
    }
    if state.attack is not None:
        a = state.attack
        out["attack"] = {
            "attacker": a.attacker,
            "source": a.source,
            "rule": a.rule,
            "hits": [{k: getattr(h, k) for k in HIT_KEYS} for h in a.hits],
        }
    return out


def validate_full(setup: Mapping[str, Any], players: int, common: dict[str, Any]) -> dict[str, Any]:
    """The full keys of ``setup``, checked; ``common`` holds the already checked
    hands, piles, health and round wins."""
    if "first" in setup:
        raise fail(
            phrase("first is for an opening position; a full position names active (and stage)")
        )
    missing = [k for k in FULL_REQUIRED if k not in setup]
    if missing:
        raise fail(
            phrase(
                "missing key(s) {missing} (a position with a stage needs them all)",
                missing=str(missing),
            )
        )
    health: list[int] = common["health"]
    hands: list[list[str]] = common["hands"]
    stage = one_of(setup["stage"], STAGES, "stage")
    round_ = integer(setup["round"], "round")
    turn = integer(setup["turn"], "turn")
    if round_ < 1 + sum(common["round_wins"]):
        raise fail(
            phrase(
                "round {round} is before round {first}, the first round after the round wins given",
                round=round_,
                first=1 + sum(common["round_wins"]),
            )
        )
    if turn < 1:
        raise fail(phrase("turn must be 1 or more, not {turn}", turn=turn))
    active = seat_of(setup["active"], players, "active")
    eliminated = [
        boolean(v, f"eliminated[{s}]")
        for s, v in enumerate(
            per_seat(setup.get("eliminated", [h == 0 for h in health]), players, "eliminated")
        )
    ]
    for seat, out in enumerate(eliminated):
        if out and (health[seat] != 0 or hands[seat]):
            raise fail(
                phrase(
                    "eliminated[{i}]: an eliminated wizard has health 0 and no cards", i=str(seat)
                )
            )
        if not out and health[seat] == 0 and stage != "resolving":
            raise fail(
                phrase(
                    "health[{i}] is 0 but eliminated[{i}] is false: only mid-action "
                    "(stage resolving) may a wizard at 0 wait for elimination",
                    i=str(seat),
                )
            )
    # Mid-action (stage resolving), a wizard may already be out under option
    # eliminate=at_once, the active one too, and the round's end waits for the action's.
    if eliminated[active] and stage != "resolving":
        raise fail(phrase("active: {seat} is eliminated", seat=Seat(active)))
    if sum(not out for out in eliminated) < (1 if stage == "resolving" else 2):
        raise fail(phrase("at least two wizards must still be in the round"))
    in_play = common["in_play"]
    if in_play and stage != "resolving":
        raise fail(phrase("in_play: cards are on the table only while an action resolves"))
    effects = [
        _effect(e, f"effects[{i}]", players, turn, eliminated)
        for i, e in enumerate(_list(setup.get("effects", []), "effects"))
    ]
    demands = [
        _demand(d, f"demands[{i}]", players)
        for i, d in enumerate(_list(setup.get("demands", []), "demands"))
    ]
    attack = None
    if "attack" in setup:
        attack = _attack(setup["attack"], players)
    if stage == "resolving" and not demands and not _awaits_defence(attack):
        raise fail(
            phrase(
                "stage resolving needs a pending decision: demands, or an attack whose first "
                "hit has arrived and is defendable"
            )
        )
    if stage != "resolving" and (attack is not None or demands):
        raise fail(phrase("attack and demands belong to stage resolving, not {stage}", stage=stage))
    normal = {
        "round": round_,
        "turn": turn,
        "active": active,
        "stage": stage,
        "eliminated": eliminated,
        "effects": effects,
        "demands": demands,
    }
    if attack is not None:
        normal["attack"] = attack
    return normal


def state_of(position: Mapping[str, Any], players: int, options: Options) -> UltimateState:
    """The state a checked full position describes (pending decisions derived)."""
    from domain.ultimate.evolve import pending_of

    wizards = tuple(
        Wizard(life=life, hand=tuple(cards), eliminated=out, round_wins=wins)
        for cards, life, wins, out in zip(
            position["hands"],
            position["health"],
            position["round_wins"],
            position["eliminated"],
            strict=True,
        )
    )
    attack = None
    if "attack" in position:
        a = position["attack"]
        attack = Attack(
            attacker=a["attacker"],
            source=a["source"],
            rule=a["rule"],
            hits=tuple(Hit(**h) for h in a["hits"]),
        )
    state = UltimateState(
        players=players,
        options=options,
        round=position["round"],
        turn=position["turn"],
        active=position["active"],
        stage=position["stage"],
        wizards=wizards,
        draw_pile=tuple(position["draw_pile"]),
        discard=tuple(position["discard"]),
        in_play=tuple(position["in_play"]),
        effects=tuple(Effect(**e) for e in position["effects"]),
        attack=attack,
        demands=tuple(Demand(**d) for d in position["demands"]),
    )
    return replace(state, pending=pending_of(state))


def _awaits_defence(attack: dict[str, Any] | None) -> bool:
    if not attack or not attack["hits"]:
        return False
    first = attack["hits"][0]
    return bool(first["stage"] == "arrived" and first["defendable"])


def _table(value: Any, key: str, known: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise fail(phrase("{key} must be a table of keys {known}", key=key, known=str(list(known))))
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise fail(
            phrase(
                "{key}: unknown key(s) {unknown}; known: {known}",
                key=key,
                unknown=str(unknown),
                known=str(list(known)),
            )
        )
    return value


def _list(value: Any, key: str) -> list[Any]:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise fail(phrase("{key} must be a list", key=key))
    return list(value)


def _rule(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in CATALOGUE:
        raise fail(
            phrase(
                "{key}: {value} is not a rule of the catalogue (wizards rules ultimate)",
                key=key,
                value=repr(value),
            )
        )
    return value


def _effect(
    value: Any, key: str, players: int, turn: int, eliminated: list[bool]
) -> dict[str, Any]:
    e = _table(value, key, EFFECT_KEYS)
    kind = one_of(e.get("kind"), list(EFFECT_NAMES), f"{key}.kind")
    seat = seat_of(e.get("seat"), players, f"{key}.seat")
    if eliminated[seat]:
        raise fail(
            phrase(
                "{key}.seat: {seat} is eliminated and carries no effect", key=key, seat=Seat(seat)
            )
        )
    # Default: the effect began in an earlier turn (a poison is then due at the end
    # of its holder's next turn end, which is this one if the holder is active).
    began = integer(e.get("turn", turn - 1), f"{key}.turn")
    if not 0 <= began <= turn:
        raise fail(
            phrase(
                "{key}.turn: {began} is not a turn up to the current one ({turn})",
                key=key,
                began=began,
                turn=turn,
            )
        )
    return {"kind": kind, "seat": seat, "turn": began}


def _demand(value: Any, key: str, players: int) -> dict[str, Any]:
    d = _table(value, key, DEMAND_KEYS)
    return {
        "seat": seat_of(d.get("seat"), players, f"{key}.seat"),
        "by": seat_of(d.get("by"), players, f"{key}.by"),
        "rule": _rule(d.get("rule", "ultimate.card.mind-control"), f"{key}.rule"),
    }


def _attack(value: Any, players: int) -> dict[str, Any]:
    from domain.ultimate.cards import CARDS

    a = _table(value, "attack", ATTACK_KEYS)
    source = a.get("source")
    if source not in CARDS and source not in COMBOS and source not in EFFECT_NAMES:
        raise fail(
            phrase("attack.source: {source} is no card, combo or effect id", source=repr(source))
        )
    hits = []
    for i, raw in enumerate(_list(a.get("hits", []), "attack.hits")):
        key = f"attack.hits[{i}]"
        h = _table(raw, key, HIT_KEYS)
        stage = one_of(h.get("stage", "new"), HIT_STAGES, f"{key}.stage")
        damage = integer(h.get("damage", 0), f"{key}.damage")
        if damage < 0:
            raise fail(
                phrase("{key}.damage must be 0 or more, not {damage}", key=key, damage=damage)
            )
        hits.append(
            {
                "target": seat_of(h.get("target"), players, f"{key}.target"),
                "damage": damage,
                **{
                    k: boolean(h.get(k, False), f"{key}.{k}")
                    for k in ("poison", "steal", "discard", "defendable")
                },
                "stage": stage,
            }
        )
    if not hits:
        raise fail(phrase("attack.hits: an attack under way has at least one hit left"))
    return {
        "attacker": seat_of(a.get("attacker"), players, "attack.attacker"),
        "source": source,
        "rule": _rule(a.get("rule"), "attack.rule"),
        "hits": [{k: h[k] for k in HIT_KEYS} for h in hits],
    }


def per_seat(value: Any, players: int, key: str) -> list[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise fail(phrase("{key} must be a list with one entry per seat", key=key))
    if len(value) != players:
        raise fail(
            plural(
                "{key} has {n} entry for {players} players",
                "{key} has {n} entries for {players} players",
                len(value),
                key=key,
                players=players,
            )
        )
    return list(value)


def one_of(value: Any, allowed: Sequence[str], key: str) -> str:
    if value not in allowed:
        raise fail(
            phrase(
                "{key} must be one of {allowed}, not {value}",
                key=key,
                allowed=str(list(allowed)),
                value=repr(value),
            )
        )
    return str(value)


def integer(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(phrase("{key} must be an integer, not {value}", key=key, value=repr(value)))
    return value


def boolean(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise fail(phrase("{key} must be true or false, not {value}", key=key, value=repr(value)))
    return value


def seat_of(value: Any, players: int, key: str) -> int:
    seat = integer(value, key)
    if not 0 <= seat < players:
        raise fail(
            phrase(
                "{key} must be a seat 0..{last}, not {seat}", key=key, last=players - 1, seat=seat
            )
        )
    return seat
