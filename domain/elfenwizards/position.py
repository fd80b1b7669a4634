"""A position as a setup file (TOML-ready): everything the rules need to go on.

``position(state)`` is the inverse of ``setup.initial``: a game opened from it
(``new --setup``) holds a state equal to ``state``, and the same commands with
the same chance give the same events. Pawns, grey tokens and spells cast are
keyed by pawn id and dice by colour and space, so no order in the file carries
meaning except the queue (turn order) and the support list (the order spells
were cast, which the tally reports).

A state inside the set-up (before its last event) is written as the opening
that set-up was announcing: the game it opens runs the whole set-up again, with
the pawns and dragon already placed or decided kept as they are.
"""

from __future__ import annotations

from typing import Any

from domain.elfenwizards.board import BOARD
from domain.elfenwizards.state import NOBODY, State


def _non_empty(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if v}


def position(state: State) -> dict[str, Any]:
    colours = [g.colour for g in state.guilds]
    out: dict[str, Any] = {"round": state.round}
    opening = state.opening
    phase = state.phase if opening is None else opening.phase
    dragon = state.dragon
    if dragon == NOBODY and opening is not None:
        dragon = opening.dragon
    if phase != "setup":
        out["phase"] = phase
        out["dragon"] = dragon
        out["queue"] = list(state.queue if opening is None else opening.queue)
    elif dragon != NOBODY:
        out["dragon"] = dragon
    out["scores"] = [g.score for g in state.guilds]
    out["grand_druide_titles"] = [g.grand_druide_titles for g in state.guilds]
    out["rounds_without_grand_druide"] = state.rounds_without_grand_druide
    out["minor_spells_on_space"] = [g.minors_on_space for g in state.guilds]
    counter = {str(r): colours[seat] for r, seat in state.round_counter}
    dice: dict[str, dict[str, Any]] = {
        "round_counter": counter,
        "minor_dice": {g.colour: list(g.minor_dice) for g in state.guilds},
        "grey_dice": {g.colour: list(g.grey_dice) for g in state.guilds},
        "major_dice": {
            g.colour: _non_empty(
                {lv: list(g.majors[i]) for i, lv in enumerate(state.board.major_levels())}
            )
            for g in state.guilds
        },
        "hands": {g.colour: list(g.hand) for g in state.guilds},
    }
    out.update({k: _non_empty(v) for k, v in dice.items() if _non_empty(v)})
    if state.support:
        out["support"] = [
            {"wizard": s.wizard, "caster": colours[s.seat]}
            | ({} if s.die is None else {"die": s.die})
            for s in state.support
        ]
    flags: dict[str, Any] = {
        "spells_this_turn": state.spells_this_turn,
        "rolled": state.rolled,
        "may_reroll": state.may_reroll,
        "placed": state.placed,
        "pool": state.pool,
        "designated": list(state.designated),
    }
    out.update(_non_empty(flags))
    if phase == "over":
        out["end_reason"] = state.end_reason
        out["bonus"] = list(state.bonus)
    # Pawns on the board are named; an opening that has not placed them names
    # them if its position did, else it keeps taking the placement table (with
    # the same data the game gets the same pawns).
    pawns = state.wizards
    if not pawns and opening is not None and opening.from_position:
        pawns = opening.wizards
    if pawns:
        out["wizards"] = {w.id: w.space for w in pawns}
    grey = {w.id: w.grey for w in pawns if w.grey}
    if grey:
        out["grey"] = grey
    if state.board != BOARD:
        out["layout"] = state.board.as_table()
    return out
