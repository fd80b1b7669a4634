"""decide and legal_commands: validate a command and say what happened.

Every refusal names the problem and cites the rule. ``legal_commands``
enumerates a finite set of candidates and keeps those ``check`` accepts, so
the two cannot disagree; the competition's many casts come straight from
``cast_options``, which applies the same tests as ``check``, and phase 2's
placements from the dice in hand and the dice spaces, which is all it tests.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.elfenwizards import commands as c
from domain.elfenwizards import events as ev
from domain.elfenwizards.board import DEFEAT_PREFIX, GREY_SPACE, MINOR_SPACE
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.competition import cast_options, may_support, ties_to_designate
from domain.elfenwizards.defeated import (
    demotion_options,
    earns_grey,
    highest_vacancies,
    vacancy_options,
    vacancy_turn,
)
from domain.elfenwizards.flow import settle
from domain.elfenwizards.state import State
from domain.elfenwizards.terms import wizard_phrase
from domain.elfenwizards.turns import grey_tokens
from domain.kernel import (
    Command,
    Dice,
    Event,
    IllegalCommand,
    last_answer,
    pending_for,
    require_pending,
)
from domain.kernel.phrases import Card, Phrase, listed, phrase

# A list of dice that holds none, said inside a refusal.
_NO_DICE = phrase("no dice")


def _refuse(code: str, rule: str, message: Phrase) -> IllegalCommand:
    return IllegalCommand(code, cite(rule), message)


def check(state: State, seat: int, command: Command) -> None:
    """Raise ``IllegalCommand`` unless ``command`` is legal for ``seat`` now."""
    require_pending(state.pending, seat, command)
    guild = state.guild(seat)
    board = state.board
    match command:
        case c.RetireGrandDruide(source=source, space=space):
            if space not in board.shared_spaces():
                raise _refuse(
                    "not_a_magician_space",
                    "retire.move",
                    phrase(
                        "{space} is not a Magicien space ({spaces})",
                        space=str(space),
                        spaces=listed(board.shared_spaces()),
                    ),
                )
            if source == "reserve" and guild.minors == 0:
                raise _refuse(
                    "no_minor_spell", "retire.counter", phrase("no minor spell in reserve")
                )
            if source == "space" and guild.minors_on_space == 0:
                raise _refuse(
                    "no_minor_spell",
                    "retire.counter",
                    phrase("none of your minor spells lies on the minor-spell space"),
                )
            if source == "none" and (guild.minors or guild.minors_on_space):
                raise _refuse(
                    "minor_spell_owed",
                    "ruling.retire-no-minor",
                    phrase("you have a minor spell: it must go on the round counter"),
                )
        case c.PlaceDie(die=die, space=space):
            if die not in guild.hand:
                raise _refuse(
                    "no_such_die",
                    "alloc.spaces",
                    phrase(
                        "no rolled {die} in hand ({dice})",
                        die=die,
                        dice=listed(guild.hand, _NO_DICE),
                    ),
                )
            if space not in board.dice_spaces():
                raise _refuse(
                    "no_such_space",
                    "alloc.spaces",
                    phrase(
                        "{space} is not one of {spaces}",
                        space=repr(space),
                        spaces=listed(board.dice_spaces()),
                    ),
                )
        case c.EndPlacement():
            if state.placed == 0 and state.options.phase2_placement == "at_least_one":
                raise _refuse(
                    "must_place_a_die",
                    "ruling.place-none",
                    phrase(
                        "place at least one rolled die before ending phase 2 "
                        "(option phase2_placement=at_least_one)"
                    ),
                )
        case c.DesignateWinner(wizard=wizard_id):
            (_, tied), *_ = ties_to_designate(state)
            if wizard_id not in [w.id for w in tied]:
                raise _refuse(
                    "not_a_tied_candidate",
                    "ruling.same-owner-tie",
                    phrase(
                        "{wizard} is not one of your tied candidates ({candidates})",
                        wizard=wizard_phrase(wizard_id),
                        candidates=listed(wizard_phrase(w.id) for w in tied),
                    ),
                )
        case c.Reroll():
            if guild.minors == 0:
                raise _refuse(
                    "no_minor_spell",
                    "roll.reroll",
                    phrase("a reroll costs a minor spell and you have none in reserve"),
                )
        case c.SpendDie(die=die):
            _check_spend(state, seat, die)
        case c.CastSpell(wizard=wizard_id, die=die):
            wizard = state.wizard(wizard_id)
            if wizard is None:
                raise _refuse(
                    "no_such_wizard",
                    "compete.beside",
                    phrase("no wizard {wizard}", wizard=repr(wizard_id)),
                )
            forbidden = may_support(state, seat, wizard)
            if forbidden is not None:
                raise IllegalCommand(
                    "cannot_support",
                    forbidden,
                    phrase(
                        "you may not cast beside {wizard} on {space}",
                        wizard=wizard_phrase(wizard_id),
                        space=wizard.space,
                    ),
                )
            if die is None and guild.minors == 0:
                raise _refuse("no_minor_spell", "compete.turn", phrase("no minor spell left"))
            if die is not None:
                level = board.level_of(wizard.space)
                if die not in guild.majors[board.major_index(level)]:
                    raise _refuse(
                        "no_such_spell",
                        "compete.major-level",
                        phrase(
                            "no {die} on your {level} major-spell space ({dice})",
                            die=die,
                            level=Card(level),
                            dice=listed(guild.majors[board.major_index(level)], _NO_DICE),
                        ),
                    )
        case c.FillVacancy(wizard=wizard_id, title=title):
            if command not in vacancy_options(state, seat):
                turn = vacancy_turn(state)
                level = turn[1] if turn else "?"
                wizard = state.wizard(wizard_id)
                if wizard is None or wizard.seat != seat or wizard.space != DEFEAT_PREFIX + level:
                    raise _refuse(
                        "not_your_defeated_wizard",
                        "vacant.order",
                        phrase(
                            "{wizard} is not one of your wizards on the {level} defeat space",
                            wizard=wizard_phrase(wizard_id),
                            level=Card(level),
                        ),
                    )
                raise _refuse(
                    "not_highest_vacancy",
                    "vacant.highest",
                    phrase(
                        "{title} is not among the highest vacant titles ({titles})",
                        title=str(title),
                        titles=listed(highest_vacancies(state)),
                    ),
                )
        case c.Demote(wizard=wizard_id, space=space):
            if command not in demotion_options(state, seat):
                if space not in board.shared_spaces():
                    raise _refuse(
                        "not_a_magician_space",
                        "demote.move",
                        phrase("{space} is not a Magicien space", space=str(space)),
                    )
                raise _refuse(
                    "not_your_defeated_wizard",
                    "demote.order",
                    phrase(
                        "{wizard} is not one of your defeated wizards",
                        wizard=wizard_phrase(wizard_id),
                    ),
                )
        case c.RemoveGreyToken(wizard=wizard_id):
            if wizard_id not in grey_tokens(state, seat):
                raise _refuse(
                    "no_grey_token",
                    "grey.remove",
                    phrase(
                        "{wizard} is not one of your wizards bearing a grey token",
                        wizard=wizard_phrase(wizard_id),
                    ),
                )
        case _:
            pass  # the pending decision alone decides these (roll, end, pass, leave...)


def _check_spend(state: State, seat: int, die: int) -> None:
    guild = state.guild(seat)
    if state.phase == "grey":
        if die not in guild.grey_dice:
            raise _refuse(
                "no_such_die",
                "grey.remove",
                phrase(
                    "no {die} on the grey-magic space ({dice})",
                    die=die,
                    dice=listed(guild.grey_dice, _NO_DICE),
                ),
            )
        if not grey_tokens(state, seat):
            raise _refuse(
                "no_grey_token",
                "ruling.grey-leftover",
                phrase("none of your wizards bears a grey token"),
            )
        return
    if die not in guild.minor_dice:
        raise _refuse(
            "no_such_die",
            "recover.minor",
            phrase(
                "no {die} on the minor-spell space ({dice})",
                die=die,
                dice=listed(guild.minor_dice, _NO_DICE),
            ),
        )
    if guild.minors_on_space == 0:
        raise _refuse(
            "nothing_to_recover",
            "ruling.recover-own",
            phrase("none of your minor spells lies on the minor-spell space"),
        )


def _candidates(state: State, seat: int) -> Iterator[Command]:
    guild = state.guild(seat)
    phase = state.phase
    if phase == "retire":
        for source in ("reserve", "space", "none"):
            for space in state.board.shared_spaces():
                yield c.RetireGrandDruide(source=source, space=space)
    elif phase in ("roll", "reroll"):
        yield c.RollSpells()
        for die in sorted(set(guild.hand)):
            for space in state.board.dice_spaces():
                yield c.PlaceDie(die=die, space=space)
        yield c.EndPlacement()
        yield c.Reroll()
    elif phase in ("recover", "recover2", "grey"):
        dice = guild.grey_dice if phase == "grey" else guild.minor_dice
        for die in sorted(set(dice)):
            yield c.SpendDie(die=die)
        yield c.StopSpending()
        yield c.LeaveDice()
        yield c.TakeBackDice()
        for wizard_id in grey_tokens(state, seat):
            yield c.RemoveGreyToken(wizard=wizard_id)
    elif phase == "compete" and not state.queue:
        for _, tied in ties_to_designate(state)[:1]:
            for wizard in tied:
                yield c.DesignateWinner(wizard=wizard.id)
    elif phase == "compete":
        yield from cast_options(state, seat)
        yield c.Pass()
    elif phase == "vacancies":
        yield from vacancy_options(state, seat)
    elif phase == "demote":
        yield from demotion_options(state, seat)


@last_answer  # asked by the seat, then looked up by ``decide`` of the same state
def legal_commands(state: State, seat: int) -> list[Command]:
    pending = pending_for(state.pending, seat)
    if pending is None:
        return []
    if state.phase == "compete" and state.queue:
        # cast_options applies the same tests as check, and the competition is
        # where the candidates are many: skip re-checking each of them.
        casts: list[Command] = list(cast_options(state, seat))
        return casts if state.spells_this_turn else [*casts, c.Pass()]
    legal = []
    accepts = pending.accepts
    for command in _candidates(state, seat):
        # ``check``'s first test, made here: most candidates of a phase are of a
        # kind the seat is not asked for, and a refusal costs its words.
        name = type(command).__name__
        if name not in accepts:
            continue
        if name == "PlaceDie":
            # Made from the dice in hand and the board's dice spaces: all that
            # ``check`` asks of a placement (most candidates of phase 2 are these).
            legal.append(command)
            continue
        try:
            check(state, seat, command)
        except IllegalCommand:
            continue
        legal.append(command)
    return legal


def _events(state: State, seat: int, command: Command, dice: Dice) -> list[Event]:
    guild = state.guild(seat)
    match command:
        case c.RetireGrandDruide(source=source, space=space):
            (wizard,) = state.on(state.board.top)
            rule = "ruling.retire-no-minor" if source == "none" else "retire.counter"
            return [
                ev.RoundCounterMarked(
                    rule=cite(rule), seat=seat, round=state.round - 1, source=source
                ),
                ev.DragonGiven(rule=cite("retire.dragon"), seat=seat),
                ev.GrandDruideRetired(
                    rule=cite("retire.move"), seat=seat, wizard=wizard.id, space=space
                ),
            ]
        case c.RollSpells():
            first = state.phase == "roll"
            return [
                dice.roll(
                    purpose="major spells" if first else "remaining major spells",
                    rule=cite("roll.major" if first else "roll.remaining"),
                    seat=seat,
                    count=guild.dice,
                )
            ]
        case c.PlaceDie(die=die, space=space):
            return [ev.DiePlaced(rule=cite("alloc.spaces"), seat=seat, die=die, space=space)]
        case c.EndPlacement():
            # « tout ou partie »: ending with nothing placed is our ruling's reading.
            rule = "roll.major" if state.placed else "ruling.place-none"
            return [ev.PlacementEnded(rule=cite(rule), seat=seat, kept=guild.hand)]
        case c.Reroll():
            return [
                ev.MinorSpellPaid(rule=cite("roll.reroll"), seat=seat),
                dice.roll(
                    purpose="reroll of the remaining major spells",
                    rule=cite("roll.reroll"),
                    seat=seat,
                    count=len(guild.hand),
                ),
            ]
        case c.SpendDie(die=die):
            if state.phase == "grey":
                space, rule = GREY_SPACE, "grey.remove"
            else:
                space = MINOR_SPACE
                rule = "recover.minor" if state.phase == "recover" else "recover.again"
            return [
                ev.DieSpent(rule=cite(rule), seat=seat, die=die, space=space, pool=state.pool + die)
            ]
        case c.StopSpending():
            rule = "recover.leftover" if state.pool else "recover.unused-stay"
            return [ev.SpendingEnded(rule=cite(rule), seat=seat, lost=state.pool)]
        case c.LeaveDice() | c.TakeBackDice():
            grey = state.phase == "grey"
            space = GREY_SPACE if grey else MINOR_SPACE
            kept = guild.grey_dice if grey else guild.minor_dice
            keep_rule = cite("grey.keep" if grey else "recover.keep")
            cls = ev.DiceLeft if isinstance(command, c.LeaveDice) else ev.DiceTakenBack
            lost_rule = "ruling.grey-leftover" if grey else "recover.leftover"
            return [
                cls(rule=keep_rule, seat=seat, space=space, dice=kept),
                ev.SpendingEnded(rule=cite(lost_rule), seat=seat, lost=state.pool),
            ]
        case c.CastSpell(wizard=wizard, die=die):
            rule = "compete.beside" if die is None else "compete.major-level"
            return [ev.SpellCast(rule=cite(rule), seat=seat, wizard=wizard, die=die)]
        case c.Pass():
            return [ev.PlayerPassed(rule=cite("compete.pass"), seat=seat)]
        case c.DesignateWinner(wizard=wizard):
            (contest, _), *_ = ties_to_designate(state)
            return [
                ev.TieBroken(
                    rule=cite("ruling.same-owner-tie"),
                    seat=seat,
                    wizard=wizard,
                    title=contest.titles[0],
                )
            ]
        case c.FillVacancy(wizard=wizard, title=title):
            return [
                ev.VacantTitleFilled(
                    rule=cite("vacant.choice"),
                    also=(cite("vacant.turn"),),
                    wizard=wizard,
                    seat=seat,
                    title=title,
                )
            ]
        case c.Demote(wizard=wizard_id, space=space):
            demoted = state.wizard(wizard_id)
            assert demoted is not None  # legal: a Demote names a wizard on the board
            owed = earns_grey(state, demoted)
            supplied = state.options.grey_supply == 0 or state.grey_supply > 0
            rule = (
                "demote.move" if not owed else "demote.grey" if supplied else ("ruling.grey-supply")
            )
            return [
                ev.WizardDemoted(
                    rule=cite(rule),
                    wizard=wizard_id,
                    seat=seat,
                    space=space,
                    grey=owed and supplied,
                )
            ]
        case c.RemoveGreyToken(wizard=wizard):
            return [
                ev.GreyTokenRemoved(
                    rule=cite("grey.remove"), seat=seat, wizard=wizard, pips=state.options.grey_cost
                )
            ]
    raise IllegalCommand(
        "malformed_command",
        "kernel.malformed",
        phrase("unknown command {command}", command=type(command).__name__),
    )


def decide(state: State, seat: int, command: Command, dice: Dice) -> list[Event]:
    # A command the seat's last legal list holds passed ``check``'s tests there (the
    # list is made of what they accept): only another command is tested again.
    if not legal_commands.listed(state, seat, command):
        check(state, seat, command)
    return settle(state, _events(state, seat, command, dice))
