"""Validate a command and return what happened.

A command is accepted exactly when ``legal_commands`` lists it; a refusal names
the rule that forbids it (``refusal``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Command, Dice, Event, IllegalCommand, require_pending
from domain.orctower import commands as c
from domain.orctower import events as ev
from domain.orctower.catalogue import cite
from domain.orctower.evolve import decided
from domain.orctower.flow import (
    Run,
    advance,
    damage,
    defeat,
    demand_discards,
    draw,
    draw_discard,
    refill_palette,
    settle,
    start_round,
    top_marker,
)
from domain.orctower.legal import legal_commands
from domain.orctower.queries import (
    Place,
    change_for,
    hit_points,
    kind,
    opponents_over_three,
    second_place,
    spell_of,
    tile_at,
)
from domain.orctower.refusals import refusal
from domain.orctower.state import State, card_spell, creature, creature_type

_RULE_OF_EFFECT = {
    "damage": "attack.basic",
    "bolt": "attack.bolt",
    "ice_storm": "attack.ice-storm",
    "earthquake": "attack.earthquake",
}


def decide(state: State, seat: int, command: Command, dice: Dice) -> list[Event]:
    # The seat's last legal list, asked just before (by a bot or a client), is
    # searched where it lies. A command it holds answers the seat's pending decision
    # (a list holds only the kinds its stage's decision accepts); any other is
    # checked against the pending decisions first, then against the whole list.
    if not legal_commands.listed(state, seat, command):
        require_pending(state.pending, seat, command)
        if command not in legal_commands(state, seat):
            code, rule, message = refusal(state, seat, command)
            raise IllegalCommand(code, cite(rule), message)
    run = Run(state, dice)
    HANDLERS[type(command)](run, seat, command)
    if run.state.stage != "missions":
        settle(run)
    decided(state, run.events, run.state)
    return run.events


def _keep(run: Run, seat: int, cmd: c.KeepMission) -> None:
    run.emit(ev.MissionKept(rule=cite("mission.setup"), seat=seat, mission=cmd.mission))
    if not any(p.offer for p in run.state.seats):
        start_round(run)


def _reveal(run: Run, seat: int, cmd: c.RevealMarker) -> None:
    marker = top_marker(run, cmd.quarter)
    run.emit(ev.MarkerRevealed(rule=cite("turn.reveal-choice"), quarter=cmd.quarter, marker=marker))
    run.stage("actions", cite("turn.actions"))


def _teleport(run: Run, seat: int, cmd: c.Teleport) -> None:
    run.emit(ev.MageTeleported(rule=cite("turn.teleport"), seat=seat, space=cmd.space))


def _cast(run: Run, seat: int, cmd: c.Cast) -> None:
    spell = spell_of(run.state, cmd.card)
    run.emit(ev.SpellCast(rule=cite("spell.cast"), seat=seat, card=cmd.card, energy=spell.energy))


def _upgrade(run: Run, seat: int, cmd: c.Upgrade) -> None:
    spell = spell_of(run.state, cmd.card)
    casting = run.state.casting
    immediate = run.state.options.upgrade_timing == "immediate"
    if immediate and casting is not None and (casting.teleports or casting.draws):
        run.emit(ev.UpgradeEffectsLapsed(rule=cite("ruling.upgrade-timing"), seat=seat))
    energy = cmd.energy or spell.energy
    rule = "knowledge.upgrade-energy" if cmd.energy else "spell.upgrade"
    run.emit(
        ev.UpgradePlayed(
            rule=cite(rule),
            seat=seat,
            card=cmd.card,
            energy=energy,
            teleport=spell.upgrade_teleport,
            draw=spell.upgrade_draw,
        )
    )


def _upgrade_teleport(run: Run, seat: int, cmd: c.UpgradeTeleport) -> None:
    run.emit(ev.UpgradeEffectUsed(rule=cite("ruling.upgrade-timing"), seat=seat, effect="teleport"))
    run.emit(
        ev.MageTeleported(
            rule=cite("spell.teleport-effect"), seat=seat, space=cmd.space, action=False
        )
    )


def _upgrade_draw(run: Run, seat: int, cmd: c.UpgradeDraw) -> None:
    run.emit(ev.UpgradeEffectUsed(rule=cite("ruling.upgrade-timing"), seat=seat, effect="draw"))
    picked = (cmd.card,) if cmd.card else ()
    draw_discard(run, seat, 1, cite("spell.draw-effect"), picked)


def _amount(run: Run, level: int) -> int:
    assert run.state.casting is not None
    return spell_of(run.state, run.state.casting.card).levels[level - 1].amount


def _finish_spell(run: Run, seat: int) -> None:
    casting = run.state.casting
    assert casting is not None
    run.emit(
        ev.SpellFinished(
            rule=cite("spell.discard"), seat=seat, cards=(casting.card, *casting.upgrades)
        )
    )


def _attack(run: Run, seat: int, cmd: c.Attack) -> None:
    assert run.state.casting is not None
    spell = spell_of(run.state, run.state.casting.card)
    rule = _RULE_OF_EFFECT[spell.effect]
    if spell.id == "fireball":
        rule = "attack.fireball"
    also: tuple[str, ...] = ()
    if cmd.creature.startswith("toad_"):
        also = (cite("ruling.toad-bolt"),)  # which attacks take a tile, a tile being no creature
    damage(run, seat, cmd.creature, _amount(run, cmd.level), cite(rule), also)
    _finish_spell(run, seat)


def _blast(run: Run, seat: int, cmd: c.Blast) -> None:
    assert run.state.casting is not None
    spell = spell_of(run.state, run.state.casting.card)
    rule = cite(_RULE_OF_EFFECT[spell.effect])
    first = (run.state.seats[seat].space, cmd.section)
    # Each place struck, with the rulings that put it in the spell's way.
    places: dict[Place, tuple[str, ...]] = {first: ()}
    if cmd.level == 2:
        second, why = second_place(run.state, spell.effect, *first, cmd.side)
        if second is not None:
            places[second] = why
    # Creatures in board order (both places at once), then the baby toad tiles.
    hit = [
        (x.id, places[p]) for x in run.state.creatures if (p := (x.quarter, x.section)) in places
    ]
    if run.state.options.area_toads == "yes":
        area = cite("ruling.toad-area")
        hit += [
            (t.kind, (*places[p], area))
            for t in run.state.toad_tiles
            if (p := (t.quarter, t.section)) in places
        ]
    amount = _amount(run, cmd.level)
    for target, also in hit:
        damage(run, seat, target, amount, rule, also)
    _finish_spell(run, seat)


def _learn(run: Run, seat: int, cmd: c.Learn) -> None:
    card = run.state.palette[cmd.slot]
    run.emit(ev.SpellLearned(rule=cite("knowledge.learn"), seat=seat, slot=cmd.slot, card=card))
    refill_palette(run)
    _finish_spell(run, seat)


def _replenish(run: Run, seat: int, cmd: c.Replenish) -> None:
    if cmd.level == 1:
        draw(run, seat, 2, cite("support.replenish"))
    else:
        draw_discard(run, seat, 2, cite("support.replenish"), cmd.cards)
        run.emit(ev.ActionGained(rule=cite("support.replenish"), seat=seat))
    _finish_spell(run, seat)


def _onto_road(run: Run, creatures: tuple[str, ...]) -> None:
    """Option road_placed=moves_on: a creature Switch put on a road moves on."""
    if run.state.options.road_placed != "moves_on":
        return
    for cid in creatures:
        here = creature(run.state, cid)
        if tile_at(run.state, here.quarter, here.section) == "road":
            advance(run, here, 0, cite("ruling.road-placed"))


def _swap(run: Run, seat: int, cmd: c.Swap) -> None:
    run.emit(ev.CreaturesSwapped(rule=cite("support.switch"), first=cmd.first, second=cmd.second))
    _onto_road(run, (cmd.first, cmd.second))
    _finish_spell(run, seat)


def _place(run: Run, seat: int, cmd: c.Place) -> None:
    quarter = run.state.seats[seat].space
    run.emit(
        ev.CreatureMoved(
            rule=cite("support.switch"), creature=cmd.creature, quarter=quarter, section=cmd.section
        )
    )
    _onto_road(run, (cmd.creature,))
    _finish_spell(run, seat)


def _advance(run: Run, seat: int, cmd: c.Advance) -> None:
    advance(run, creature(run.state, cmd.creature), cmd.level, cite("support.bonds"))
    _finish_spell(run, seat)


def _hex(run: Run, seat: int, cmd: c.Hex) -> None:
    _finish_spell(run, seat)
    if cmd.level == 1:
        demand_discards(run, (cmd.seat,), cite("support.voodoo"))
        return
    run.emit(ev.ActionGained(rule=cite("support.voodoo"), seat=seat))
    victims = tuple(opponents_over_three(run.state, seat))
    demand_discards(run, victims, cite("support.voodoo-limit"))


def _fizzle(run: Run, seat: int, cmd: c.Fizzle) -> None:
    _finish_spell(run, seat)


def _pass(run: Run, seat: int, cmd: c.Pass) -> None:
    run.emit(ev.Passed(rule=cite("turn.pass"), seat=seat))


def _poison(run: Run, seat: int, cmd: c.GivePoison) -> None:
    card = run.state.poison[0]
    run.emit(ev.PoisonGiven(rule=cite("power.poison"), seat=seat, to=cmd.seat, card=card))


def _remove(run: Run, seat: int, cmd: c.RemoveCard) -> None:
    run.emit(ev.CardRemoved(rule=cite("power.hand-change"), seat=seat, card=cmd.card))


def _discard(run: Run, seat: int, cmd: c.DiscardCard) -> None:
    run.emit(ev.CardDiscarded(rule=cite("ruling.victim-chooses"), seat=seat, card=cmd.card))


def _bonus(run: Run, seat: int, cmd: c.TakeBonus) -> None:
    bonus = kind(run.state, creature_type(cmd.creature)).bonus
    run.emit(ev.BonusTaken(rule=cite("bonus.take"), seat=seat, creature=cmd.creature, bonus=bonus))
    if bonus == "draw":
        draw(run, seat, 1, cite("bonus.draw"))
    elif bonus == "action":
        run.emit(ev.ActionGained(rule=cite("bonus.action"), seat=seat))
    elif bonus == "discard":
        victims = tuple(opponents_over_three(run.state, seat))
        demand_discards(run, victims, cite("bonus.discard"))
    else:
        run.emit(ev.EnergyGained(rule=cite("bonus.energy"), seat=seat))


def _skip(run: Run, seat: int, cmd: c.SkipBonuses) -> None:
    run.emit(ev.BonusesSkipped(rule=cite("bonus.take"), seat=seat))


def _toad(run: Run, seat: int, cmd: c.UseToad) -> None:
    run.emit(
        ev.ToadUsed(
            rule=cite("reinforce.toad-use"), seat=seat, tile=cmd.tile, creature=cmd.creature
        )
    )
    ability = card_spell(cmd.tile)
    if ability == "toad_draw":
        draw(run, seat, 1, cite("reinforce.toad-use"))
    elif ability == "toad_action":
        run.emit(ev.ActionGained(rule=cite("reinforce.toad-use"), seat=seat))
    elif ability == "toad_hp":
        target = creature(run.state, cmd.creature)
        if target.damage and target.damage >= hit_points(run.state, target, seat):
            defeat(run, seat, target.id)


# Each command's handler, by the command's class (its third argument is that command).
HANDLERS: dict[type[Command], Callable[[Run, int, Any], None]] = {
    c.KeepMission: _keep,
    c.RevealMarker: _reveal,
    c.Teleport: _teleport,
    c.Cast: _cast,
    c.Upgrade: _upgrade,
    c.UpgradeTeleport: _upgrade_teleport,
    c.UpgradeDraw: _upgrade_draw,
    c.Attack: _attack,
    c.Blast: _blast,
    c.Learn: _learn,
    c.Replenish: _replenish,
    c.Swap: _swap,
    c.Place: _place,
    c.Advance: _advance,
    c.Hex: _hex,
    c.Fizzle: _fizzle,
    c.Pass: _pass,
    c.GivePoison: _poison,
    c.RemoveCard: _remove,
    c.DiscardCard: _discard,
    c.TakeBonus: _bonus,
    c.SkipBonuses: _skip,
    c.UseToad: _toad,
}

__all__ = ["change_for", "decide"]
