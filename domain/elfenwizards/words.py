"""Elfenwizards in words (``GAME.words``): the one place that says how its events
and commands read, as phrases (``domain.kernel.phrases``) the service tells in the
reader's language and names. The levels by their printed names, the phases by the
rulebook's titles (in English, their translation), each command as the rulebook's
action, a view as facts player by player (``facts.py``), the page's command labels."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, DEFEAT_PREFIX, GREY_SPACE, MINOR_SPACE
from domain.elfenwizards.facts import view_facts
from domain.elfenwizards.terms import (
    GUILD_COLOURS,
    TOP,
    phase_phrase,
    reason_phrase,
    wizard_phrase,
)
from domain.kernel import Event, GameWords
from domain.kernel.phrases import Card, Phrase, Seat, listed, phrase, plural, seats
from domain.kernel.words import SEAT_KEYS

_LEVEL_NAMES = {lv.id: lv.name for lv in BOARD.levels}

_PAID = {
    "reserve": phrase(
        "{seat} puts a minor spell from the reserve on round {round} of the round counter"
    ),
    "space": phrase(
        "{seat} puts a minor spell from the minor-spell space on round {round} of the round counter"
    ),
}


def card_name(card_id: str) -> str | None:
    """A level (``druide``, a title's and a major-spell space's) by the name the
    board prints for it."""
    return _LEVEL_NAMES.get(card_id)


def _spell_space(space: str) -> Phrase:
    """Where dice lie: a level's major-spell space by the level's name, never its id."""
    if space == MINOR_SPACE:
        return phrase("the minor-spell space")
    if space == GREY_SPACE:
        return phrase("the grey space")
    return phrase("the {level} major-spell space", level=Card(space))


def _board_space(space: str) -> Phrase | str:
    """A space of the pyramid: its id ("M4"), or a level's defeat space in words."""
    if space.startswith(DEFEAT_PREFIX):
        return phrase("the {level} defeat space", level=Card(space.removeprefix(DEFEAT_PREFIX)))
    return space


def _space(space: Any, kind: str = "space") -> Phrase:
    """A board space by its level's name and its id ("the Magicien space M2",
    "the Sorcier title S2"). A table's own layout may use other ids: those are
    said as they are."""
    if isinstance(space, str) and BOARD.has_space(space):
        level = Card(BOARD.space(space).level)
        if kind == "title":
            return phrase("the {level} title {space}", level=level, space=space)
        if kind == "vacant title":
            return phrase("the vacant {level} title {space}", level=level, space=space)
        return phrase("the {level} space {space}", level=level, space=space)
    if kind == "title":
        return phrase("the title {space}", space=str(space))
    if kind == "vacant title":
        return phrase("the vacant title {space}", space=str(space))
    return phrase("the space {space}", space=str(space))


def _spell(die: int | None) -> Phrase:
    return phrase("a minor spell") if die is None else phrase("a major {die}", die=die)


def _board_laid_out(e: ev.BoardLaidOut) -> Phrase:
    if e.board is None:
        return phrase("board laid out: {spaces}", spaces=" ".join(e.spaces))
    board = e.board
    levels = listed(
        phrase(
            "{level} {count}",
            level=Card(lv.id),
            count=sum(1 for s in board.spaces if s.level == lv.id),
        )
        for lv in board.levels
    )
    duels = "; ".join(f"{'+'.join(c.sources)}→{'+'.join(c.titles)}" for c in board.contests)
    return phrase("board laid out: {levels}; contests {duels}", levels=levels, duels=duels)


# A phrase said inside another phrase's call is one Babel's extractor never sees
# (make messages would leave it untranslated): each is made before the call.
def _guilds_formed(e: ev.GuildsFormed) -> Phrase:
    guilds = [
        phrase("{seat} {colour}", seat=Seat(i), colour=GUILD_COLOURS.get(c, c))
        for i, c in enumerate(e.colours)
    ]
    return phrase("guilds: {guilds}", guilds=listed(guilds))


def _grey_supply_filled(e: ev.GreySupplyFilled) -> Phrase:
    if e.tokens == 0:
        return phrase("grey magic tokens in the supply: unlimited")
    return phrase("grey magic tokens in the supply: {tokens}", tokens=e.tokens)


def _support_tallied(e: ev.SupportTallied) -> Phrase:
    if not e.points:
        return phrase("points in favour: no spell cast")
    tally = [phrase("{wizard}: {points}", wizard=wizard_phrase(w), points=p) for w, p in e.points]
    return phrase("points in favour: {tally}", tally=listed(tally))


def _phase_began(e: ev.PhaseBegan) -> Phrase:
    if not e.order:  # a phase nobody plays (no Grand Druide to retire)
        return phrase(
            "phase {number}, {title}: nobody acts",
            number=e.number,
            title=phase_phrase(e.phase),
        )
    return phrase(
        "phase {number}, {title}: to act in turn {seats}",
        number=e.number,
        title=phase_phrase(e.phase),
        seats=seats(e.order),
    )


def _round_counter_marked(e: ev.RoundCounterMarked) -> Phrase:
    said = _PAID.get(e.source)
    if said is None:
        return phrase(
            "{seat} has no minor spell for round {round} of the counter",
            seat=Seat(e.seat),
            round=e.round,
        )
    return Phrase(said.msgid, (("seat", Seat(e.seat)), ("round", e.round)))


def _grand_druide_retired(e: ev.GrandDruideRetired) -> Phrase:
    return phrase(
        "the {top} {wizard} retires to {space}",
        top=TOP,
        wizard=wizard_phrase(e.wizard),
        space=_board_space(e.space),
    )


def _placement_ended(e: ev.PlacementEnded) -> Phrase:
    if e.kept:
        return plural(
            "{seat} ends placing, keeping {n} die for phase 3",
            "{seat} ends placing, keeping {n} dice for phase 3",
            len(e.kept),
            seat=Seat(e.seat),
        )
    return phrase("{seat} ends placing", seat=Seat(e.seat))


def _spending_ended(e: ev.SpendingEnded) -> Phrase:
    if e.lost:
        return plural(
            "{seat} is done spending, {n} pip lost",
            "{seat} is done spending, {n} pips lost",
            e.lost,
            seat=Seat(e.seat),
        )
    return phrase("{seat} is done spending", seat=Seat(e.seat))


def _player_passed(e: ev.PlayerPassed) -> Phrase:
    if e.forced:
        return phrase("{seat} passes (no spell left to place)", seat=Seat(e.seat))
    return phrase("{seat} passes", seat=Seat(e.seat))


def _wizard_demoted(e: ev.WizardDemoted) -> Phrase:
    if e.grey:
        return phrase(
            "{wizard} is demoted to {space} with a grey magic token",
            wizard=wizard_phrase(e.wizard),
            space=_board_space(e.space),
        )
    return phrase(
        "{wizard} is demoted to {space}",
        wizard=wizard_phrase(e.wizard),
        space=_board_space(e.space),
    )


def _round_scored(e: ev.RoundScored) -> Phrase:
    each = listed(
        phrase("{seat} scored {points} (total {total})", seat=Seat(s), points=p, total=t)
        for s, (p, t) in enumerate(zip(e.points, e.totals, strict=True))
    )
    return phrase("round {round}: {each}", round=e.round, each=each)


def _winners_declared(e: ev.WinnersDeclared) -> Phrase:
    return plural(
        "{seats} wins with {points} points",
        "{seats} win with {points} points",
        len(e.winners),
        seats=seats(e.winners),
        points=max(e.totals),
    )


def _by_seat(values: tuple[int, ...]) -> Phrase | Any:
    return listed(phrase("{seat}: {n}", seat=Seat(i), n=n) for i, n in enumerate(values))


def _dice(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


_EVENTS_SAID: dict[type[Event], Callable[[Any], Phrase]] = {
    ev.BoardLaidOut: _board_laid_out,
    ev.GuildsFormed: _guilds_formed,
    ev.SpellsHandedOut: lambda e: phrase(
        "each guild takes {majors} major spells (dice) and {minors} minor spells",
        majors=e.majors,
        minors=e.minors,
    ),
    ev.GreySupplyFilled: _grey_supply_filled,
    ev.DragonKept: lambda e: phrase(
        "no {top} to retire: {seat} keeps the dragon", top=TOP, seat=Seat(e.seat)
    ),
    ev.SupportTallied: _support_tallied,
    ev.DragonGiven: lambda e: phrase("{seat} takes the dragon (plays first)", seat=Seat(e.seat)),
    ev.RoundBegan: lambda e: phrase("round {round} of 4 begins", round=e.round),
    ev.PhaseBegan: _phase_began,
    ev.RoundCounterMarked: _round_counter_marked,
    ev.GrandDruideRetired: _grand_druide_retired,
    ev.MinorSpellPaid: lambda e: phrase("{seat} pays a minor spell to reroll", seat=Seat(e.seat)),
    ev.DiePlaced: lambda e: phrase(
        "{seat} places a {die} on {space}",
        seat=Seat(e.seat),
        die=e.die,
        space=_spell_space(e.space),
    ),
    ev.PlacementEnded: _placement_ended,
    ev.DieSpent: lambda e: phrase(
        "{seat} spends a {die} from {space} ({pool} pips)",
        seat=Seat(e.seat),
        die=e.die,
        space=_spell_space(e.space),
        pool=e.pool,
    ),
    ev.MinorSpellsRecovered: lambda e: plural(
        "{seat} recovers {n} minor spell for {pips} pips",
        "{seat} recovers {n} minor spells for {pips} pips",
        e.count,
        seat=Seat(e.seat),
        pips=e.pips,
    ),
    ev.GreyTokenRemoved: lambda e: phrase(
        "{seat} removes a grey token from {wizard} for {pips} pips",
        seat=Seat(e.seat),
        wizard=wizard_phrase(e.wizard),
        pips=e.pips,
    ),
    ev.DiceLeft: lambda e: phrase(
        "{seat} leaves {dice} on {space}",
        seat=Seat(e.seat),
        dice=_dice(e.dice),
        space=_spell_space(e.space),
    ),
    ev.DiceTakenBack: lambda e: phrase(
        "{seat} takes back {dice} from {space}",
        seat=Seat(e.seat),
        dice=_dice(e.dice),
        space=_spell_space(e.space),
    ),
    ev.SpendingEnded: _spending_ended,
    ev.SpellCast: lambda e: phrase(
        "{seat} casts {spell} beside {wizard}",
        seat=Seat(e.seat),
        spell=_spell(e.die),
        wizard=wizard_phrase(e.wizard),
    ),
    ev.CompetitionTurnEnded: lambda e: phrase("{seat} ends the turn", seat=Seat(e.seat)),
    ev.PlayerPassed: _player_passed,
    ev.TitleAwarded: lambda e: plural(
        "{wizard} wins {title} with {n} point",
        "{wizard} wins {title} with {n} points",
        e.points,
        wizard=wizard_phrase(e.wizard),
        title=_board_space(e.title),
    ),
    ev.WizardDefeated: lambda e: plural(
        "{wizard} ({n} point) goes to {space}",
        "{wizard} ({n} points) goes to {space}",
        e.points,
        wizard=wizard_phrase(e.wizard),
        space=_board_space(e.space),
    ),
    ev.TitleLeftVacant: lambda e: phrase(
        "{title} stays vacant: {reason}",
        title=_board_space(e.title),
        reason=reason_phrase(e.reason),
    ),
    ev.SpellsWasted: lambda e: phrase(
        "major spells never cast, wasted and taken back: {counts}", counts=_by_seat(e.majors)
    ),
    ev.SpellsReturned: lambda e: phrase(
        "major spells back to their owners: {majors}; minor spells cast to the minor-spell "
        "space: {minors}",
        majors=_by_seat(e.majors),
        minors=_by_seat(e.minors),
    ),
    ev.VacantTitleFilled: lambda e: phrase(
        "the defeated {wizard} takes the vacant {title}",
        wizard=wizard_phrase(e.wizard),
        title=_board_space(e.title),
    ),
    ev.WizardDemoted: _wizard_demoted,
    ev.RoundScored: _round_scored,
    ev.GameEnded: lambda e: phrase("the game ends: {reason}", reason=reason_phrase(e.reason)),
    ev.FinalBonusScored: lambda e: phrase(
        "+1 per minor spell kept: {bonus}; final totals: {totals}",
        bonus=_by_seat(e.bonus),
        totals=_by_seat(e.totals),
    ),
    ev.WinnersDeclared: _winners_declared,
    ev.WizardsPlaced: lambda e: plural(
        "{n} wizard placed on the board", "{n} wizards placed on the board", len(e.wizards)
    ),
    ev.TieBroken: lambda e: phrase(
        "{seat} designates {wizard} to take {title} (tied candidates)",
        seat=Seat(e.seat),
        wizard=wizard_phrase(e.wizard),
        title=_board_space(e.title),
    ),
    ev.PlayResumed: lambda e: phrase(
        "play resumes in round {round}, phase {phase}: to act in turn {seats}",
        round=e.round,
        phase=phase_phrase(e.phase),
        seats=seats(e.order),
    ),
}


def event_phrase(event: Event) -> Phrase | None:
    """An event of the game as a phrase (None: not one of the game's own)."""
    told = _EVENTS_SAID.get(type(event))
    return None if told is None else told(event)


# The decisions a seat is asked for, as ``turns.py`` words them: "phase N: …".
_PROMPTS = {
    "retire your Grand Druide": phrase("retire your {top}", top=TOP),
    "roll your major spells": phrase("roll your major spells"),
    "place rolled dice, or stop": phrase("place rolled dice, or stop"),
    "place every die, or pay to reroll": phrase("place every die, or pay to reroll"),
    "place every rolled die": phrase("place every rolled die"),
    "spend dice to recover minor spells": phrase("spend dice to recover minor spells"),
    "spend dice to recover minor spells, then leave or take back the rest": phrase(
        "spend dice to recover minor spells, then leave or take back the rest"
    ),
    "cast your second spell": phrase("cast your second spell"),
    "cast two spells, or pass for good": phrase("cast two spells, or pass for good"),
    "choose a vacant title for a defeated wizard": phrase(
        "choose a vacant title for a defeated wizard"
    ),
    "send a defeated wizard to a Magicien space": phrase(
        "send a defeated wizard to a {level} space", level=Card("magicien")
    ),
    "choose the wizard losing a grey token": phrase("choose the wizard losing a grey token"),
    "spend dice to remove grey tokens, then leave or take back the rest": phrase(
        "spend dice to remove grey tokens, then leave or take back the rest"
    ),
}
_PHASE_PROMPT = re.compile(r"^phase (\d+): (.*)$")
_DESIGNATE = "designate which tied candidate takes "


def prompt_words(prompt: str) -> Phrase:
    """A pending decision's prompt in the reader's language: "phase N: …"."""
    m = _PHASE_PROMPT.match(prompt)
    if m is None:
        return phrase("{prompt}", prompt=prompt)
    asked = m.group(2)
    said: Phrase | str = _PROMPTS.get(asked, asked)
    if asked.startswith(_DESIGNATE):
        title = asked.removeprefix(_DESIGNATE)
        said = phrase("designate which tied candidate takes {title}", title=_board_space(title))
    return phrase("phase {number}: {asked}", number=m.group(1), asked=said)


def _retire(c: Mapping[str, Any], who: Seat) -> Phrase:
    top = Card(BOARD.levels[0].id)
    space = _space(c.get("space"))
    said = _PAID_COMMAND.get(str(c.get("source")))
    if said is None:
        return phrase(
            "{who} has no minor spell for the round counter, and retires the {top} to {space}",
            who=who,
            top=top,
            space=space,
        )
    return Phrase(said.msgid, (("who", who), ("top", top), ("space", space)))


_PAID_COMMAND = {
    "reserve": phrase(
        "{who} puts a minor spell from the reserve on the round counter, and retires the "
        "{top} to {space}"
    ),
    "space": phrase(
        "{who} puts a minor spell from the minor-spell space on the round counter, and "
        "retires the {top} to {space}"
    ),
}


_SAID: dict[str, Callable[[Mapping[str, Any], Seat], Phrase]] = {
    "RetireGrandDruide": _retire,
    "RollSpells": lambda c, who: phrase("{who} rolls their major spells", who=who),
    "PlaceDie": lambda c, who: phrase(
        "{who} places a {die} on {space}",
        who=who,
        die=str(c.get("die")),
        space=_spell_space(str(c.get("space"))),
    ),
    "EndPlacement": lambda c, who: phrase(
        "{who} keeps the dice not yet placed for phase 3", who=who
    ),
    "Reroll": lambda c, who: phrase(
        "{who} pays a minor spell to roll the remaining major spells once more", who=who
    ),
    "SpendDie": lambda c, who: phrase(
        "{who} spends a die showing {die}", who=who, die=str(c.get("die"))
    ),
    "StopSpending": lambda c, who: phrase(
        "{who} stops recovering minor spells; the unspent dice stay on the minor-spell space",
        who=who,
    ),
    "LeaveDice": lambda c, who: phrase(
        "{who} leaves the unspent dice on the space for the next round", who=who
    ),
    "TakeBackDice": lambda c, who: phrase("{who} takes the unspent dice back, unused", who=who),
    "CastSpell": lambda c, who: phrase(
        "{who} casts {spell} beside {wizard}",
        who=who,
        spell=_spell(c.get("die")),
        wizard=wizard_phrase(c.get("wizard")),
    ),
    "Pass": lambda c, who: phrase("{who} passes and places no more spells this round", who=who),
    "FillVacancy": lambda c, who: phrase(
        "{who} moves the defeated {wizard} to {title}",
        who=who,
        wizard=wizard_phrase(c.get("wizard")),
        title=_space(c.get("title"), "vacant title"),
    ),
    "Demote": lambda c, who: phrase(
        "{who} demotes {wizard} to {space}",
        who=who,
        wizard=wizard_phrase(c.get("wizard")),
        space=_space(c.get("space")),
    ),
    "RemoveGreyToken": lambda c, who: phrase(
        "{who} removes a grey magic token from {wizard}",
        who=who,
        wizard=wizard_phrase(c.get("wizard")),
    ),
    "DesignateWinner": lambda c, who: phrase(
        "{who} designates {wizard} to take the title their tied candidates contest",
        who=who,
        wizard=wizard_phrase(c.get("wizard")),
    ),
}


def command_phrase(command: Mapping[str, Any], seat: int) -> Phrase | None:
    """One sentence for each of the game's commands (``commands.ElfenCommand``)."""
    said = _SAID.get(str(command.get("type")))
    return None if said is None else said(command, Seat(seat))


WORDS = GameWords(
    # The rulebook's rounds are « tours », four to a game (as the board shows them).
    round_heading=lambda n: phrase("Round {n} of 4", n=n),
    card_name=card_name,
    command_phrase=command_phrase,
    event_phrase=event_phrase,
    prompt_words=prompt_words,
    view_facts=view_facts,
    # The fields of its events, as a difference names them.
    fact_labels={
        "board": phrase("board"),
        "bonus": phrase("bonus"),
        "colours": phrase("colours"),
        "die": phrase("die"),
        "forced": phrase("forced"),
        "grey": phrase("grey"),
        "majors": phrase("major spells"),
        "minors": phrase("minor spells"),
        "number": phrase("number"),
        "phase": phrase("phase"),
        "pips": phrase("pips"),
        "points": phrase("points"),
        "pool": phrase("pool"),
        "spaces": phrase("spaces"),
        "title": phrase("title"),
        "tokens": phrase("tokens"),
        "totals": phrase("totals"),
        "wizard": phrase("wizard"),
    },
    seat_keys=SEAT_KEYS | {"to act", "dragon"},  # who acts now, who holds the dragon
    command_labels={
        "RetireGrandDruide": phrase("Retire the Grand Druide"),
        "RollSpells": phrase("Roll your spells"),
        "PlaceDie": phrase("Place a die"),
        "EndPlacement": phrase("Keep the rest for phase 3"),
        "Reroll": phrase("Reroll (pay a minor spell)"),
        "SpendDie": phrase("Spend a die"),
        "StopSpending": phrase("Stop spending"),
        "LeaveDice": phrase("Leave the dice"),
        "TakeBackDice": phrase("Take the dice back"),
        "CastSpell": phrase("Cast a spell"),
        "Pass": phrase("Pass"),
        "FillVacancy": phrase("Fill a vacant title"),
        "Demote": phrase("Move to a Magicien space"),
        "RemoveGreyToken": phrase("Remove a grey token"),
        "DesignateWinner": phrase("Designate the title's winner"),
    },
)
