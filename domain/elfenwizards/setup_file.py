"""Setup files: a position, checked key by key.

``validate_setup`` checks what needs no board (types, ranges, seats, colours,
the seven dice and seven minor spells of every guild, which keys go with which
phase) and returns the normal form. ``check_on_board`` checks the rest against
the board the game is played on (the setup's layout, else the table's data,
else ours): it runs in ``validate_setup`` when the setup gives its own layout,
and always when the game opens (``initial``), so a bad position never starts.
Errors name the key at fault.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from domain.elfenwizards.board import DEFEAT_PREFIX, Board
from domain.elfenwizards.competition import may_support
from domain.elfenwizards.options import Options
from domain.elfenwizards.placement import PAWNS_IN_BOX, colours_for, wizard_id
from domain.elfenwizards.state import State, Wizard
from domain.elfenwizards.table_data import check_placement, parse_board
from domain.kernel import SetupError
from domain.kernel.events import OPENING_CHANCE
from domain.kernel.phrases import Seat, phrase

SETUP_KEYS = (
    "layout",
    "placement",
    "wizards",
    "grey",
    "dragon",
    "round",
    "phase",
    "queue",
    "scores",
    "grand_druide_titles",
    "rounds_without_grand_druide",
    "round_counter",
    "minor_spells_on_space",
    "minor_dice",
    "grey_dice",
    "major_dice",
    "hands",
    "support",
    "spells_this_turn",
    "rolled",
    "may_reroll",
    "placed",
    "pool",
    "designated",
    "end_reason",
    "bonus",
)

# The phases a position may be taken in (``setup``, the opening of a round, is
# what a file without ``phase`` describes).
PHASES = (
    "retire",
    "roll",
    "reroll",
    "recover",
    "compete",
    "recover2",
    "vacancies",
    "demote",
    "grey",
    "over",
)
AFTER_AWARD = ("recover2", "vacancies", "demote", "grey", "over")
# Keys that only mean something in some phases.
PHASE_KEYS: dict[str, tuple[str, ...]] = {
    "queue": PHASES,
    "hands": ("roll", "reroll"),
    "rolled": ("roll", "reroll"),
    "may_reroll": ("reroll",),
    "placed": ("roll", "reroll"),
    "pool": ("recover", "recover2", "grey"),
    "support": ("compete",),
    "spells_this_turn": ("compete",),
    "designated": ("compete",),
    "end_reason": ("over",),
    "bonus": ("over",),
}
_ID = re.compile(r"^([a-z]+)-([1-9][0-9]?)$")
MAJORS = MINORS = 7


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(
            phrase(
                "{what} must be an integer from {low} to {high}, not {value}",
                what=what,
                low=low,
                high=high,
                value=repr(value),
            )
        )
    return value


def _ints(value: Any, what: str, players: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != players:
        raise SetupError(
            phrase("{what} must be a list of {players} integers", what=what, players=players)
        )
    return [_int(v, f"{what}[{i}]", low, high) for i, v in enumerate(value)]


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise SetupError(
            phrase("{what} must be true or false, not {value}", what=what, value=repr(value))
        )
    return value


def _faces(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise SetupError(phrase("{what} must be a list of die faces", what=what))
    return sorted(_int(f, what, 1, 6) for f in value)


def _by_colour(value: Any, key: str, colours: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not set(value) <= set(colours):
        raise SetupError(
            phrase(
                "{key} must map colours among {colours} to their values",
                key=key,
                colours=str(list(colours)),
            )
        )
    return value


def _wizards(given: Any, colours: tuple[str, ...]) -> dict[str, str]:
    """``wizards``: pawn id → space. Ids name the pawns, so the order of the table
    never moves a pawn, a token or a spell."""
    if not isinstance(given, Mapping) or not given:
        raise SetupError(phrase("wizards must map pawn ids (red-1 …) to the spaces they stand on"))
    out = {}
    for wid, space in given.items():
        match = _ID.match(wid) if isinstance(wid, str) else None
        if match is None or match.group(1) not in colours:
            raise SetupError(
                phrase(
                    "wizards: {wid} is not a pawn id (colour-number, colours {colours})",
                    wid=repr(wid),
                    colours=str(colours),
                )
            )
        if not isinstance(space, str):
            raise SetupError(phrase("wizards.{wid} must be a space id", wid=wid))
        out[wid] = space
    missing = [c for c in colours if not any(w.startswith(c + "-") for w in out)]
    if missing:
        raise SetupError(
            phrase(
                "wizards: no pawn of {missing} (every guild has at least one wizard)",
                missing=str(missing),
            )
        )
    return out


def _queue(given: Any, players: int, dragon: int, phase: str) -> list[int]:
    if not isinstance(given, list):
        raise SetupError(phrase("queue must be a list of seats"))
    queue = [_int(s, "queue", 0, players - 1) for s in given]
    if len(set(queue)) != len(queue):
        raise SetupError(phrase("queue: a seat appears twice in {queue}", queue=str(queue)))
    order = [(dragon + i) % players for i in range(players)]
    ranks = [order.index(s) for s in queue]
    if phase in ("compete", "vacancies") and ranks:
        # Turns rotate in the competition (and, one wizard at a time, among the defeated
        # under option vacancy_turn=alternate): the queue is the turn order from its head.
        ranks = [(r - ranks[0]) % players for r in ranks]
    if ranks != sorted(ranks):
        raise SetupError(
            phrase(
                "queue: {queue} is not in turn order from the dragon ({dragon})",
                queue=str(queue),
                dragon=Seat(dragon),
            )
        )
    return queue


def _support(given: Any, colours: tuple[str, ...]) -> list[dict[str, Any]]:
    if not isinstance(given, list):
        raise SetupError(
            phrase("support must be a list of spells cast, in the order they were cast")
        )
    out = []
    for i, entry in enumerate(given):
        what = f"support[{i}]"
        if not isinstance(entry, Mapping) or not set(entry) <= {"wizard", "caster", "die"}:
            raise SetupError(
                phrase("{what} must be a table with wizard, caster and (a major) die", what=what)
            )
        if not isinstance(entry.get("wizard"), str) or entry.get("caster") not in colours:
            raise SetupError(
                phrase(
                    "{what}: wizard (a pawn id) and caster (one of {colours}) needed",
                    what=what,
                    colours=str(colours),
                )
            )
        spell = {"wizard": entry["wizard"], "caster": entry["caster"]}
        if "die" in entry:
            spell["die"] = _int(entry["die"], f"{what}.die", 1, 6)
        out.append(spell)
    return out


def _round_counter(given: Any, colours: tuple[str, ...], round_: int) -> dict[str, str]:
    if not isinstance(given, Mapping):
        raise SetupError(
            phrase('round_counter must map rounds ("1" …) to the colour that paid a spell')
        )
    out = {}
    for key, colour in given.items():
        if not isinstance(key, str) or not key.isdigit() or not 1 <= int(key) < round_:
            raise SetupError(
                phrase(
                    "round_counter: {key} is not a round before round {round}",
                    key=repr(key),
                    round=round_,
                )
            )
        if colour not in colours:
            raise SetupError(
                phrase(
                    "round_counter.{key} must be one of {colours}",
                    key=key,
                    colours=str(list(colours)),
                )
            )
        out[str(int(key))] = colour
    return out


def _counts(out: dict[str, Any], colours: tuple[str, ...]) -> None:
    """Seven major spells and seven minor spells per guild, wherever they are."""
    for colour in colours:
        cast = [s for s in out.get("support", []) if s["caster"] == colour]
        majors = sum(len(v) for v in out.get("major_dice", {}).get(colour, {}).values())
        dice = (
            len(out.get("hands", {}).get(colour, []))
            + majors
            + len(out.get("minor_dice", {}).get(colour, []))
            + len(out.get("grey_dice", {}).get(colour, []))
            + sum(1 for s in cast if "die" in s)
        )
        if dice > MAJORS:
            raise SetupError(
                phrase(
                    "{colour} has {majors} major spells, not {dice} on the board, in hand and "
                    "cast (hands, major_dice, minor_dice, grey_dice, support)",
                    colour=colour,
                    majors=MAJORS,
                    dice=dice,
                )
            )
        seat = colours.index(colour)
        minors = (
            out.get("minor_spells_on_space", [0] * len(colours))[seat]
            + sum(1 for c in out.get("round_counter", {}).values() if c == colour)
            + sum(1 for s in cast if "die" not in s)
        )
        if minors > MINORS:
            raise SetupError(
                phrase(
                    "{colour} has {most} minor spells, not {minors} on the minor-spell space, "
                    "the round counter and cast (minor_spells_on_space, round_counter, support)",
                    colour=colour,
                    most=MINORS,
                    minors=minors,
                )
            )


def _phase_keys(setup: Mapping[str, Any], out: dict[str, Any], colours: tuple[str, ...]) -> None:
    """Which keys go with which phase, and what a phase needs."""
    phase = out.get("phase", "setup")
    for key, phases in PHASE_KEYS.items():
        if key in setup and phase not in phases:
            raise SetupError(
                phrase(
                    "{key} belongs to a position in phase(s) {phases}, not {phase}",
                    key=key,
                    phases=str(list(phases)),
                    phase=phase,
                )
            )
    if "phase" in out and "dragon" not in out:
        raise SetupError(phrase("phase: a position inside a round needs the dragon (key dragon)"))
    if phase == "over" and "end_reason" not in out:
        raise SetupError(phrase("end_reason: a finished game says why it ended"))
    if out.get("may_reroll") and (not out.get("rolled") or out.get("placed")):
        raise SetupError(
            phrase("may_reroll: only once rolled (rolled = true), before any die is placed")
        )
    holders = [colours.index(c) for c in out.get("hands", {})]
    if holders and (not out.get("rolled") or holders != out.get("queue", [])[:1]):
        raise SetupError(
            phrase("hands: only the seat acting now (queue[0]) holds rolled dice, once rolled")
        )


def _general(setup: Mapping[str, Any], players: int, out: dict[str, Any]) -> None:
    colours = colours_for(players)
    out["round"] = _int(setup.get("round", 1), "round", 1, 4)
    if "dragon" in setup:
        out["dragon"] = _int(setup["dragon"], "dragon", 0, players - 1)
    if "phase" in setup:
        if setup["phase"] not in PHASES:
            raise SetupError(
                phrase(
                    "phase must be one of {phases}, not {phase}",
                    phases=str(list(PHASES)),
                    phase=repr(setup["phase"]),
                )
            )
        out["phase"] = setup["phase"]
    if "queue" in setup:
        out["queue"] = _queue(setup["queue"], players, out.get("dragon", 0), out.get("phase", ""))
    for key, low, high in (
        ("scores", -1000, 1000),
        ("grand_druide_titles", 0, 2),
        ("minor_spells_on_space", 0, MINORS),
        ("bonus", 0, MINORS),
    ):
        if key in setup:
            out[key] = _ints(setup[key], key, players, low, high)
    for key, low, high in (
        ("rounds_without_grand_druide", 0, 2),
        ("spells_this_turn", 0, 1),
        ("placed", 0, MAJORS),
        ("pool", 0, 6 * MAJORS),
    ):
        if key in setup:
            out[key] = _int(setup[key], key, low, high)
    for key in ("rolled", "may_reroll"):
        if key in setup:
            out[key] = _bool(setup[key], key)
    if "round_counter" in setup:
        out["round_counter"] = _round_counter(setup["round_counter"], colours, out["round"])
    if "end_reason" in setup:
        if not isinstance(setup["end_reason"], str) or not setup["end_reason"]:
            raise SetupError(phrase("end_reason must be a short text"))
        out["end_reason"] = setup["end_reason"]


def _dice(setup: Mapping[str, Any], players: int, out: dict[str, Any]) -> None:
    colours = colours_for(players)
    for key in ("minor_dice", "grey_dice", "hands"):
        if key in setup:
            given = _by_colour(setup[key], key, colours)
            out[key] = {c: _faces(f, f"{key}.{c}") for c, f in given.items() if f}
    if "major_dice" in setup:
        given = _by_colour(setup["major_dice"], "major_dice", colours)
        out["major_dice"] = {}
        for colour, levels in given.items():
            if not isinstance(levels, Mapping):
                raise SetupError(
                    phrase(
                        "major_dice.{colour} must map major-spell levels to die faces",
                        colour=colour,
                    )
                )
            out["major_dice"][colour] = {
                str(lv): _faces(f, f"major_dice.{colour}.{lv}") for lv, f in levels.items() if f
            }


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    unknown = sorted(set(setup) - set(SETUP_KEYS) - set(OPENING_CHANCE))
    if unknown:
        raise SetupError(
            phrase(
                "unknown setup key(s) {unknown}; known: {known}",
                unknown=str(unknown),
                known=str(list(SETUP_KEYS)),
            )
        )
    colours = colours_for(players)
    out: dict[str, Any] = {}
    board: Board | None = None
    if "layout" in setup:
        board = parse_board(setup["layout"])
        out["layout"] = board.as_table()
    _general(setup, players, out)
    _dice(setup, players, out)
    _phase_keys(setup, out, colours)
    if "placement" in setup and "wizards" in setup:
        raise SetupError(
            phrase("give the pawns once: placement (lists by colour) or wizards (by id)")
        )
    if "placement" in setup:
        given = setup["placement"]
        if not isinstance(given, Mapping) or set(given) != set(colours):
            raise SetupError(
                phrase(
                    "placement must list the spaces of exactly these colours: {colours}",
                    colours=str(colours),
                )
            )
        for colour in colours:
            if not isinstance(given[colour], list) or not all(
                isinstance(p, str) for p in given[colour]
            ):
                raise SetupError(
                    phrase("placement.{colour} must be a list of space ids", colour=colour)
                )
        out["placement"] = {c: list(given[c]) for c in colours}
    if "wizards" in setup:
        out["wizards"] = _wizards(setup["wizards"], colours)
    if "support" in setup:
        out["support"] = _support(setup["support"], colours)
    if "designated" in setup:
        given = setup["designated"]
        if not isinstance(given, list) or not all(isinstance(w, str) for w in given):
            raise SetupError(phrase("designated must be a list of pawn ids"))
        out["designated"] = list(given)
    if "grey" in setup:
        grey = setup["grey"]
        if not isinstance(grey, Mapping):
            raise SetupError(phrase("grey must map wizard ids to token counts"))
        out["grey"] = {wid: _int(n, f"grey.{wid}", 0, 12) for wid, n in grey.items()}
    _counts(out, colours)
    placed = placed_wizards(out, colours)
    if placed is not None:
        check_ids(out, placed)
    if board is not None:
        check_on_board(out, players, board, PAWNS_IN_BOX, None)
    return out


def placed_wizards(given: Mapping[str, Any], colours: tuple[str, ...]) -> dict[str, str] | None:
    """The pawns a setup places, by id (None: the placement table's)."""
    if "wizards" in given:
        return dict(given["wizards"])
    if "placement" in given:
        return {
            wizard_id(c, i + 1): space
            for c in colours
            for i, space in enumerate(given["placement"][c])
        }
    return None


def check_ids(out: Mapping[str, Any], placed: Mapping[str, str]) -> None:
    """Every id a setup names is a pawn on the board."""
    for wid in out.get("grey", {}):
        if wid not in placed:
            raise SetupError(
                phrase("grey: no wizard {wid} (ids are colour-number, e.g. red-1)", wid=repr(wid))
            )
    for i, spell in enumerate(out.get("support", [])):
        if spell["wizard"] not in placed:
            raise SetupError(
                phrase("support[{i}].wizard: no wizard {wid}", i=i, wid=repr(spell["wizard"]))
            )
    for wid in out.get("designated", []):
        if wid not in placed:
            raise SetupError(phrase("designated: no wizard {wid}", wid=repr(wid)))


def check_on_board(
    given: Mapping[str, Any],
    players: int,
    board: Board,
    pawns: Mapping[str, int],
    options: Options | None,
) -> None:
    """What depends on the board and the box: spaces, one pawn per title, the
    Grand Druide's space in each phase, major-spell levels, legal casts (under
    ``options`` once they are known)."""
    colours = colours_for(players)
    phase = given.get("phase", "setup")
    if "placement" in given:
        check_placement(given["placement"], colours, board, pawns, "placement")
    placed = placed_wizards(given, colours) or {}
    defeat = {DEFEAT_PREFIX + lv for lv in board.defeat_levels()}
    taken: dict[str, str] = {}
    for wid, space in placed.items():
        colour, number = wid.rsplit("-", 1)
        if int(number) > pawns[colour]:
            raise SetupError(
                phrase(
                    "wizards: {wid}, but the box holds {pawns} {colour} pawns",
                    wid=wid,
                    pawns=pawns[colour],
                    colour=colour,
                )
            )
        if space in defeat:
            if phase not in ("recover2", "vacancies", "demote"):
                raise SetupError(
                    phrase(
                        "wizards.{wid}: defeat spaces are empty outside phases 6 to 8, not {phase}",
                        wid=wid,
                        phase=phase,
                    )
                )
            continue
        if not board.has_space(space):
            raise SetupError(
                phrase("wizards.{wid}: unknown space {space}", wid=wid, space=repr(space))
            )
        if not board.level(board.level_of(space)).shared:
            if space in taken:
                raise SetupError(
                    phrase(
                        "wizards: space {space} holds {taken} and {wid}",
                        space=space,
                        taken=taken[space],
                        wid=wid,
                    )
                )
            taken[space] = wid
    _check_grand_druide(given, players, board, placed)
    levels = set(board.major_levels())
    for colour, spaces in given.get("major_dice", {}).items():
        for level in spaces:
            if level not in levels:
                raise SetupError(
                    phrase(
                        "major_dice.{colour}: {level} is not a major-spell level {levels}",
                        colour=colour,
                        level=repr(level),
                        levels=str(sorted(levels)),
                    )
                )
    _check_support(given, players, board, placed, options)


def _check_grand_druide(
    given: Mapping[str, Any], players: int, board: Board, placed: Mapping[str, str]
) -> None:
    colours = colours_for(players)
    phase, round_ = given.get("phase", "setup"), given["round"]
    on_top = [wid for wid, space in placed.items() if space == board.top]
    if not on_top:
        if phase == "retire" and given.get("queue"):
            raise SetupError(
                phrase("queue: in phase 1 only the Grand Druide's owner acts, and nobody is")
            )
        return
    (wid,) = on_top
    seat = colours.index(wid.rsplit("-", 1)[0])
    if round_ == 1 and phase not in AFTER_AWARD:
        raise SetupError(
            phrase("nobody stands on the Grand Druide space in round 1 (phase 1 is skipped)")
        )
    if phase not in ("setup", "retire", *AFTER_AWARD):
        raise SetupError(
            phrase(
                "wizards.{wid}: the Grand Druide retires in phase 1; nobody holds {top} "
                "in phase {phase} before the awarding",
                wid=wid,
                top=board.top,
                phase=phase,
            )
        )
    if phase == "retire" and given.get("queue") != [seat]:
        raise SetupError(
            phrase("queue: in phase 1 the Grand Druide's owner acts: [{seat}]", seat=seat)
        )
    titles = given.get("grand_druide_titles", [0] * players)
    if titles[seat] == 0:
        # The wizard there won the title, so its owner has won it at least once;
        # a 0 here would let a second title pass without ending the game.
        raise SetupError(
            phrase(
                "{colour} stands on the Grand Druide space {top}, so "
                "grand_druide_titles[{seat}] must be 1, not 0",
                colour=colours[seat],
                top=board.top,
                seat=seat,
            )
        )


def _check_support(
    given: Mapping[str, Any],
    players: int,
    board: Board,
    placed: Mapping[str, str],
    options: Options | None,
) -> None:
    """Every spell cast was legal: wizards do not move during the competition, so
    the rules judge the cast from the position as it stands."""
    if not given.get("support"):
        return
    colours = colours_for(players)
    wizards = tuple(
        Wizard(id=wid, seat=colours.index(wid.rsplit("-", 1)[0]), space=space)
        for wid, space in placed.items()
    )
    state = State(
        players=players,
        options=options or Options(),
        wizards=wizards,
        guilds=(),
        board=board,
        phase="compete",
    )
    by_id = {w.id: w for w in wizards}
    for i, spell in enumerate(given["support"]):
        wizard = by_id[spell["wizard"]]
        refused = may_support(state, colours.index(spell["caster"]), wizard)
        if refused is None or (options is None and not refused.endswith("compete.beside")):
            continue
        why = (
            phrase("competes for nothing")
            if refused.endswith("beside")
            else phrase("forbidden by {rule}", rule=refused)
        )
        raise SetupError(
            phrase(
                "support[{i}]: a {caster} spell beside {wizard} on {space}: {why}",
                i=i,
                caster=spell["caster"],
                wizard=wizard.id,
                space=wizard.space,
                why=why,
            )
        )
