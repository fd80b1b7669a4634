"""Why a command that answers the pending decision is still refused: the rule
it breaks, in plain words."""

from __future__ import annotations

from domain.kernel import Command
from domain.kernel.phrases import Card, Phrase, Seat, cards, listed, phrase
from domain.orctower import commands as c
from domain.orctower.queries import (
    change_for,
    is_poison,
    levels_reached,
    power_on,
    spell_of,
)
from domain.orctower.state import State, occupant
from domain.orctower.words import WORDS, energy_phrase

Refusal = tuple[str, str, Phrase]


def _card(state: State, seat: int, card: str) -> Refusal | None:
    if card not in state.seats[seat].hand:
        return (
            "not_in_hand",
            "spell.cast",
            phrase("{card} is not in {seat}'s hand", card=Card(card), seat=Seat(seat)),
        )
    if is_poison(card):
        return (
            "poison_card",
            "power.poison-card",
            phrase("a Poison card can be neither cast nor upgraded"),
        )
    return None


def _space(state: State, seat: int, space: int) -> Refusal | None:
    if change_for(state, seat) == "no_teleport":
        return (
            "no_teleport",
            "change.no-teleport",
            phrase("this round's destiny card forbids teleports"),
        )
    if not 1 <= space <= 6:
        return (
            "no_such_space",
            "turn.teleport",
            phrase("tower spaces are 1–6, not {space}", space=space),
        )
    if occupant(state, space) is not None:
        return (
            "space_taken",
            "turn.teleport",
            phrase("tower space {space} is not empty", space=space),
        )
    return None


def _discard_pick(state: State, seat: int, named: tuple[str, ...]) -> Refusal:
    """A draw from the discard that names cards wrongly (option draw_from)."""
    if state.options.draw_from == "top":
        return (
            "top_card",
            "spell.draw-effect",
            phrase("the draw takes the top card(s): name none"),
        )
    if not named:
        return ("name_cards", "spell.draw-effect", phrase("name the discard card(s) to take"))
    return (
        "not_in_discard",
        "spell.draw-effect",
        phrase(
            "{cards}: not cards of the discard a draw may take now (two different cards, "
            "or all there are; none learned this turn)",
            cards=cards(named),
        ),
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
            found = (
                "own_quarter",
                "turn.reveal-choice",
                phrase("not the quarter your mage occupies"),
            )
        else:
            found = (
                "no_markers",
                "turn.reveal-choice",
                phrase("quarter {quarter} has no markers", quarter=command.quarter),
            )
    elif isinstance(command, c.Teleport | c.UpgradeTeleport):
        found = _space(state, seat, command.space)
        if found is None and isinstance(command, c.UpgradeTeleport):
            found = (
                "no_upgrade_effect",
                "spell.upgrade-effects",
                phrase("no teleport upgrade to use"),
            )
    elif isinstance(command, c.Cast | c.Upgrade | c.RemoveCard | c.DiscardCard):
        found = _card(state, seat, command.card)
        casting = state.casting
        if (
            found is None
            and isinstance(command, c.Upgrade)
            and casting is not None
            and spell_of(state, casting.card).kind == "knowledge"
        ):
            found = ("no_upgrade", "knowledge.learn", phrase("a knowledge spell is played alone"))
        if found is None and isinstance(command, c.Upgrade):
            choice = spell_of(state, command.card).upgrade_choice
            found = (
                "bad_energy",
                "knowledge.upgrade-energy",
                phrase(
                    "{card} gives one of {energies}",
                    card=Card(command.card),
                    energies=listed(energy_phrase(e) for e in choice),
                )
                if choice
                else phrase(
                    "{card} gives its own energy; leave energy empty", card=Card(command.card)
                ),
            )
        if found is None and isinstance(command, c.RemoveCard):
            found = (
                "no_power",
                "power.hand-change",
                phrase("hand change: once a turn, with the power"),
            )
    elif isinstance(command, c.Fizzle):
        found = ("needs_effect", "ruling.fizzle", phrase("the spell has an effect it can apply"))
    elif isinstance(command, c.UseToad) and command.tile in state.toads_used:
        found = (
            "toad_used",
            "ruling.toad-once",
            phrase("{tile} was used this turn", tile=Card(command.tile)),
        )
    elif isinstance(command, c.UpgradeDraw) and state.casting and state.casting.draws:
        found = _discard_pick(state, seat, (command.card,) if command.card else ())
    elif isinstance(command, c.UpgradeDraw):
        found = (
            "no_upgrade_effect",
            "spell.upgrade-effects",
            phrase("no draw upgrade, or empty discard"),
        )
    elif isinstance(command, c.Learn) and change_for(state, seat) == "no_study":
        found = (
            "no_study",
            "change.no-study",
            phrase("this round's destiny card forbids learning"),
        )
    elif isinstance(command, c.Learn):
        found = (
            "empty_slot",
            "knowledge.learn",
            phrase("palette slot {slot} holds no card", slot=command.slot),
        )
    elif isinstance(command, c.Attack | c.Blast | c.Replenish | c.Advance | c.Hex):
        if command.level not in levels_reached(state):
            reached = levels_reached(state)
            found = (
                "not_enough_energy",
                "spell.one-effect",
                phrase(
                    "the spell's energy reaches effects {levels}, not {level}",
                    levels=listed(reached),
                    level=command.level,
                )
                if reached
                else phrase(
                    "the spell's energy reaches no effect, not even {level}", level=command.level
                ),
            )
        elif (
            isinstance(command, c.Attack)
            and state.casting is not None
            and _bolt_at_a_tile(state, command.creature)
        ):
            found = (
                "bad_target",
                "ruling.toad-bolt",
                phrase("{card} takes no baby toad tile", card=Card(state.casting.card)),
            )
        elif isinstance(command, c.Attack):
            rule = "newdestiny.front" if state.options.new_destiny else "attack.quarter"
            found = (
                "bad_target",
                rule,
                phrase("{creature} cannot be hit by this spell", creature=Card(command.creature)),
            )
        elif isinstance(command, c.Replenish):
            found = _discard_pick(state, seat, command.cards)
        elif isinstance(command, c.Hex):
            found = (
                "bad_target",
                "support.voodoo-limit",
                phrase("only opponents with more than 3 cards"),
            )
    elif isinstance(command, c.KeepMission):
        offer = cards(state.seats[seat].offer)
        found = (
            "not_offered",
            "mission.setup",
            phrase("keep one of the missions dealt: {offer}", offer=offer),
        )
    elif isinstance(command, c.TakeBonus):
        found = (
            "no_bonus",
            "bonus.take",
            phrase("no open bonus action for {creature}", creature=Card(command.creature)),
        )
    elif isinstance(command, c.GivePoison):
        if not power_on(state, seat, "poison"):
            found = ("no_power", "power.poison", phrase("you have no Poison power in force"))
        else:
            found = (
                "poison_unavailable",
                "power.poison",
                phrase("once a turn, to an opponent, while the supply lasts"),
            )
    kind = type(command).__name__
    action = WORDS.command_labels.get(kind, kind)
    return found or (
        "not_legal",
        "turn.actions",
        phrase("{action}: not possible now", action=action),
    )
