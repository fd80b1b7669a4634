"""Why a command that answers the pending decision is still refused: the rule
it breaks, in plain words."""

from __future__ import annotations

from domain.kernel import Command
from domain.orctower import commands as c
from domain.orctower.queries import (
    change_for,
    is_poison,
    levels_reached,
    power_on,
    spell_of,
)
from domain.orctower.state import State, occupant

Refusal = tuple[str, str, str]


def _card(state: State, seat: int, card: str) -> Refusal | None:
    if card not in state.seats[seat].hand:
        return ("not_in_hand", "spell.cast", f"{card!r} is not in seat {seat}'s hand")
    if is_poison(card):
        return (
            "poison_card",
            "power.poison-card",
            "a Poison card can be neither cast nor upgraded",
        )
    return None


def _space(state: State, seat: int, space: int) -> Refusal | None:
    if change_for(state, seat) == "no_teleport":
        return ("no_teleport", "change.no-teleport", "this round's destiny card forbids teleports")
    if not 1 <= space <= 6:
        return ("no_such_space", "turn.teleport", f"tower spaces are 1–6, not {space}")
    if occupant(state, space) is not None:
        return ("space_taken", "turn.teleport", f"tower space {space} is not empty")
    return None


def _discard_pick(state: State, seat: int, cards: tuple[str, ...]) -> Refusal:
    """A draw from the discard that names cards wrongly (option draw_from)."""
    if state.options.draw_from == "top":
        return ("top_card", "spell.draw-effect", "the draw takes the top card(s): name none")
    if not cards:
        return ("name_cards", "spell.draw-effect", "name the discard card(s) to take")
    return (
        "not_in_discard",
        "spell.draw-effect",
        f"{list(cards)}: not cards of the discard a draw may take now (two different cards, "
        "or all there are; none learned this turn)",
    )


def _bolt_at_a_tile(state: State, target: str) -> bool:
    """Éclair aimed at a baby toad tile lying on the board (ruling.toad-bolt)."""
    casting = state.casting
    return (
        casting is not None
        and spell_of(state, casting.card).effect == "bolt"
        and any(t.kind == target for t in state.toad_tiles)
    )


def refusal(state: State, seat: int, command: Command) -> Refusal:
    found: Refusal | None = None
    if isinstance(command, c.RevealMarker):
        if command.quarter == state.seats[seat].space:
            found = ("own_quarter", "turn.reveal-choice", "not the quarter your mage occupies")
        else:
            found = (
                "no_markers",
                "turn.reveal-choice",
                f"quarter {command.quarter} has no markers",
            )
    elif isinstance(command, c.Teleport | c.UpgradeTeleport):
        found = _space(state, seat, command.space)
        if found is None and isinstance(command, c.UpgradeTeleport):
            found = ("no_upgrade_effect", "spell.upgrade-effects", "no teleport upgrade to use")
    elif isinstance(command, c.Cast | c.Upgrade | c.RemoveCard | c.DiscardCard):
        found = _card(state, seat, command.card)
        casting = state.casting
        if (
            found is None
            and isinstance(command, c.Upgrade)
            and casting is not None
            and spell_of(state, casting.card).kind == "knowledge"
        ):
            found = ("no_upgrade", "knowledge.learn", "a knowledge spell is played alone")
        if found is None and isinstance(command, c.Upgrade):
            choice = spell_of(state, command.card).upgrade_choice
            found = (
                "bad_energy",
                "knowledge.upgrade-energy",
                f"{command.card} gives one of {list(choice)}"
                if choice
                else f"{command.card} gives its own energy; leave energy empty",
            )
        if found is None and isinstance(command, c.RemoveCard):
            found = ("no_power", "power.hand-change", "hand change: once a turn, with the power")
    elif isinstance(command, c.Fizzle):
        found = ("needs_effect", "ruling.fizzle", "the spell has an effect it can apply")
    elif isinstance(command, c.UseToad) and command.tile in state.toads_used:
        found = ("toad_used", "ruling.toad-once", f"{command.tile} was used this turn")
    elif isinstance(command, c.UpgradeDraw) and state.casting and state.casting.draws:
        found = _discard_pick(state, seat, (command.card,) if command.card else ())
    elif isinstance(command, c.UpgradeDraw):
        found = ("no_upgrade_effect", "spell.upgrade-effects", "no draw upgrade, or empty discard")
    elif isinstance(command, c.Learn) and change_for(state, seat) == "no_study":
        found = ("no_study", "change.no-study", "this round's destiny card forbids learning")
    elif isinstance(command, c.Learn):
        found = ("empty_slot", "knowledge.learn", f"palette slot {command.slot} holds no card")
    elif isinstance(command, c.Attack | c.Blast | c.Replenish | c.Advance | c.Hex):
        if command.level not in levels_reached(state):
            found = (
                "not_enough_energy",
                "spell.one-effect",
                f"the spell's energy reaches effects {levels_reached(state)}, not {command.level}",
            )
        elif isinstance(command, c.Attack) and _bolt_at_a_tile(state, command.creature):
            found = ("bad_target", "ruling.toad-bolt", "Éclair takes no baby toad tile")
        elif isinstance(command, c.Attack):
            rule = "newdestiny.front" if state.options.new_destiny else "attack.quarter"
            found = ("bad_target", rule, f"{command.creature} cannot be hit by this spell")
        elif isinstance(command, c.Replenish):
            found = _discard_pick(state, seat, command.cards)
        elif isinstance(command, c.Hex):
            found = ("bad_target", "support.voodoo-limit", "only opponents with more than 3 cards")
    elif isinstance(command, c.KeepMission):
        offer = list(state.seats[seat].offer)
        found = ("not_offered", "mission.setup", f"keep one of the missions dealt: {offer}")
    elif isinstance(command, c.TakeBonus):
        found = ("no_bonus", "bonus.take", f"no open bonus action for {command.creature}")
    elif isinstance(command, c.GivePoison):
        if not power_on(state, seat, "poison"):
            found = ("no_power", "power.poison", "seat has no Poison power in force")
        else:
            found = (
                "poison_unavailable",
                "power.poison",
                "once a turn, to an opponent, while the supply lasts",
            )
    return found or ("not_legal", "turn.actions", f"{type(command).__name__} is not possible now")
