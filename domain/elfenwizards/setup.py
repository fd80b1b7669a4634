"""The opening: the state before setup, the setup events, and setup positions."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from msgspec.structs import replace

from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, Board, board_from_table
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.flow import settle
from domain.elfenwizards.options import Options
from domain.elfenwizards.placement import colours_for
from domain.elfenwizards.setup_file import (
    AFTER_AWARD,
    SETUP_KEYS,
    check_ids,
    check_on_board,
    placed_wizards,
    validate_setup,
)
from domain.elfenwizards.state import NOBODY, Guild, Opening, State, Support, Wizard
from domain.elfenwizards.table_data import TableData, table_data
from domain.kernel import Dice, Event, GameStarted, SetupError
from domain.kernel.phrases import phrase

__all__ = ["initial", "setup", "validate_setup", "wizards_from"]


def _position(started: GameStarted) -> dict[str, Any]:
    return {k: v for k, v in (started.setup or {}).items() if k in SETUP_KEYS}


def initial(started: GameStarted) -> State:
    """The table before its set-up: the table's data (or ours) and what the setup
    position gives, with every piece a set-up event announces still off the
    board (the pawns, the dragon, the spells in front of the guilds, the grey
    supply). ``state.opening`` keeps what those events will announce. The
    position is checked here against the board played on, so a bad one never
    starts."""
    players = len(started.players)
    given = _position(started)
    if not given and started.data is None:
        return _plain_as_given(players, tuple(started.options.items()))
    return _opening(players, Options.from_mapping(started.options), table_data(started), given)


def switched(state: State, started: GameStarted) -> State:
    """The position of ``state`` under the options of ``started`` (``Game.switched``)."""
    return replace(state, options=Options.from_mapping(started.options))


@lru_cache(maxsize=256)
def _plain_as_given(players: int, options: tuple[tuple[str, Any], ...]) -> State:
    # By GameStarted's own option values: typing them (``from_mapping``) cost
    # more than the set-up events cost a fold from zero.
    return _plain(players, Options.from_mapping(dict(options)))


@cache
def _plain(players: int, options: Options) -> State:
    """The opening on our data without a position: the same for every game of
    that many players under those options, so it is built (and its placement
    checked) once, not at every fold from zero (the state is immutable)."""
    return _opening(players, options, TableData(), {})


def _opening(players: int, options: Options, data: TableData, given: dict[str, Any]) -> State:
    colours = colours_for(players)
    # Games stored before layouts were setup data have none: the data's or ours.
    board = board_from_table(given["layout"]) if "layout" in given else data.board
    given.setdefault("round", 1)
    check_on_board(given, players, board, data.pawns, options)
    placed = placed_wizards(given, colours)
    preset = placed is not None
    if placed is None:
        table = {"placement": data.placement[players]}
        check_on_board({**given, **table}, players, board, data.pawns, options)
        placed = placed_wizards(table, colours) or {}
        check_ids(given, placed)
    grey = given.get("grey", {})
    support = tuple(
        Support(wizard=s["wizard"], seat=colours.index(s["caster"]), die=s.get("die"))
        for s in given.get("support", [])
    )
    counter = tuple(
        sorted((int(r), colours.index(c)) for r, c in given.get("round_counter", {}).items())
    )
    guilds = tuple(
        _guild(given, board, seat, colour, counter) for seat, colour in enumerate(colours)
    )
    phase = given.get("phase", "setup")
    wizards = _wizards(placed, grey, colours)
    top = [w.seat for w in wizards if w.space == board.top]
    return State(
        players=players,
        options=options,
        board=board,
        wizards=(),
        opening=Opening(
            wizards=wizards,
            from_position=preset,
            dragon=given.get("dragon", NOBODY),
            phase=phase,
            queue=tuple(given.get("queue", ())),
        ),
        guilds=guilds,
        round=given["round"],
        # Played from PlayResumed on, when the position lies inside a round.
        phase="setup",
        dragon=NOBODY,
        support=support,
        spells_this_turn=given.get("spells_this_turn", 0),
        rolled=given.get("rolled", False),
        may_reroll=given.get("may_reroll", False),
        placed=given.get("placed", 0),
        pool=given.get("pool", 0),
        grey_supply=0,  # filled by GreySupplyFilled
        rounds_without_grand_druide=given.get("rounds_without_grand_druide", 0),
        grand_druide_this_round=top[0] if top and phase in AFTER_AWARD else NOBODY,
        round_counter=counter,
        designated=tuple(given.get("designated", ())),
        end_reason=given.get("end_reason", ""),
        bonus=tuple(given.get("bonus", [0] * players)) if phase == "over" else (),
    )


def _guild(
    given: Mapping[str, Any],
    board: Board,
    seat: int,
    colour: str,
    counter: tuple[tuple[int, int], ...],
) -> Guild:
    """One guild: its spells wherever the position puts them. None lie in front
    of it yet: SpellsHandedOut gives it the rest of its seven and seven."""
    hand = tuple(given.get("hands", {}).get(colour, ()))
    levels = given.get("major_dice", {}).get(colour, {})
    majors = tuple(tuple(levels.get(lv, ())) for lv in board.major_levels())
    on_space = given.get("minor_spells_on_space", [0] * (seat + 1))[seat]
    return Guild(
        colour=colour,
        majors=majors,
        hand=hand,
        score=given.get("scores", [0] * (seat + 1))[seat],
        grand_druide_titles=given.get("grand_druide_titles", [0] * (seat + 1))[seat],
        minors=0,
        minors_on_space=on_space,
        minors_on_counter=sum(1 for _, s in counter if s == seat),
        minor_dice=tuple(given.get("minor_dice", {}).get(colour, ())),
        grey_dice=tuple(given.get("grey_dice", {}).get(colour, ())),
        dice=0,
    )


def _wizards(
    placed: Mapping[str, str], grey: Mapping[str, int], colours: tuple[str, ...]
) -> tuple[Wizard, ...]:
    """Pawns in a fixed order (seat, then number), whatever order the file gave."""

    def key(wid: str) -> tuple[int, int]:
        colour, number = wid.rsplit("-", 1)
        return colours.index(colour), int(number)

    return tuple(
        Wizard(id=wid, seat=key(wid)[0], space=placed[wid], grey=grey.get(wid, 0))
        for wid in sorted(placed, key=key)
    )


def wizards_from(placement: Mapping[str, list[str]], grey: Mapping[str, int]) -> tuple[Wizard, ...]:
    colours = tuple(placement)
    return _wizards(placed_wizards({"placement": placement}, colours) or {}, grey, colours)


def setup(state: State, dice: Dice) -> list[Event]:
    opening = state.opening
    if opening is None:
        raise ValueError("elfenwizards: this state's set-up is over already")
    rule = cite("setup.position" if opening.from_position else "setup.placement")
    _check_grey_total(state.options, opening.wizards)
    board = state.board
    events: list[Event] = [
        ev.BoardLaidOut(
            rule=cite("setup.layout" if board != BOARD else "assume.layout"),
            spaces=tuple(s.id for s in board.spaces),
            board=board,
        ),
        ev.GuildsFormed(
            rule=cite("setup.colours"),
            also=(cite("assume.seat-colours"),),
            colours=tuple(g.colour for g in state.guilds),
        ),
        ev.SpellsHandedOut(rule=cite("setup.spells"), majors=7, minors=7),
        ev.GreySupplyFilled(rule=cite("setup.grey"), tokens=state.options.grey_supply),
        ev.WizardsPlaced(
            rule=rule,
            # Our placement table, with the pawns each guild places at this count.
            also=() if opening.from_position else (cite("assume.placement"), cite("assume.pawns")),
            wizards=opening.wizards,
        ),
    ]
    if opening.phase != "setup":
        # A position inside a round: its dragon and turn are the position's.
        events += [
            ev.DragonGiven(rule=cite("setup.position"), seat=opening.dragon),
            ev.PlayResumed(
                rule=cite("setup.position"),
                round=state.round,
                phase=opening.phase,
                order=opening.queue,
            ),
        ]
    elif opening.dragon != NOBODY:
        events.append(ev.DragonGiven(rule=cite("setup.position"), seat=opening.dragon))
    else:
        roll = dice.choose(
            state.players, purpose="first player (dragon)", rule=cite("setup.dragon")
        )
        events += [roll, ev.DragonGiven(rule=cite("setup.dragon"), seat=roll.values[0] - 1)]
    return settle(state, events)


def _check_grey_total(options: Options, wizards: tuple[Wizard, ...]) -> None:
    """A setup position cannot hold more tokens than the supply has; only here
    are the options known (``validate_setup`` sees the position alone)."""
    limit = options.grey_supply
    under = sum(w.grey for w in wizards)
    if limit and under > limit:
        raise SetupError(
            phrase(
                "grey: {under} grey magic tokens under the pawns, but the supply holds "
                "{most} (option grey_supply={most}; 0 makes it unlimited)",
                under=under,
                most=limit,
            )
        )
