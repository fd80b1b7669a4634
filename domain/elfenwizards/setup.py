"""The opening: the state before setup, the setup events, and setup positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.elfenwizards import events as ev
from domain.elfenwizards.board import BOARD, Board, LayoutError, board_from_table, parse_layout
from domain.elfenwizards.catalogue import cite
from domain.elfenwizards.flow import settle
from domain.elfenwizards.options import Options
from domain.elfenwizards.placement import PAWNS_IN_BOX, PLACEMENT, colours_for, wizard_id
from domain.elfenwizards.state import NOBODY, Guild, State, Wizard
from domain.kernel import Dice, Event, GameStarted, SetupError

SETUP_KEYS = (
    "layout",
    "placement",
    "grey",
    "dragon",
    "round",
    "scores",
    "grand_druide_titles",
    "rounds_without_grand_druide",
    "minor_spells_on_space",
    "minor_dice",
    "grey_dice",
)


def _position(started: GameStarted) -> dict[str, Any]:
    return {k: v for k, v in (started.setup or {}).items() if k in SETUP_KEYS}


def initial(started: GameStarted) -> State:
    players = len(started.players)
    options = Options.from_mapping(started.options)
    given = _position(started)
    # Games stored before layouts were setup data have none: the default board.
    board = board_from_table(given["layout"]) if "layout" in given else BOARD
    scores = given.get("scores", [0] * players)
    titles = given.get("grand_druide_titles", [0] * players)
    empty = tuple(() for _ in board.major_levels())
    on_space = given.get("minor_spells_on_space", [0] * players)
    minor_dice = given.get("minor_dice", {})
    grey_dice = given.get("grey_dice", {})
    guilds = []
    for i, colour in enumerate(colours_for(players)):
        left = tuple(sorted(minor_dice.get(colour, ())))
        grey = tuple(sorted(grey_dice.get(colour, ())))
        guilds.append(
            Guild(
                colour=colour,
                majors=empty,
                score=scores[i],
                grand_druide_titles=titles[i],
                minors=7 - on_space[i],
                minors_on_space=on_space[i],
                minor_dice=left,
                grey_dice=grey,
                dice=7 - len(left) - len(grey),
            )
        )
    placement = given.get("placement") or PLACEMENT[players]
    placement = {colour: list(placement[colour]) for colour in colours_for(players)}
    return State(
        players=players,
        options=options,
        board=board,
        wizards=wizards_from(placement, given.get("grey", {})),
        preset_board="placement" in given,
        preset_dragon=given.get("dragon", NOBODY),
        guilds=tuple(guilds),
        round=given.get("round", 1),
        dragon=given.get("dragon", 0),
        # Tokens already under pawns in a setup position came from the supply.
        grey_supply=max(0, options.grey_supply - sum(given.get("grey", {}).values()))
        if options.grey_supply
        else 0,
        rounds_without_grand_druide=given.get("rounds_without_grand_druide", 0),
    )


def wizards_from(placement: Mapping[str, list[str]], grey: Mapping[str, int]) -> tuple[Wizard, ...]:
    seats = {colour: seat for seat, colour in enumerate(placement)}
    return tuple(
        Wizard(
            id=wizard_id(colour, i + 1),
            seat=seats[colour],
            space=space,
            grey=grey.get(wizard_id(colour, i + 1), 0),
        )
        for colour, spaces in placement.items()
        for i, space in enumerate(spaces)
    )


def setup(state: State, dice: Dice) -> list[Event]:
    rule = cite("setup.position" if state.preset_board else "setup.placement")
    _check_grey_total(state)
    board = state.board
    events: list[Event] = [
        ev.BoardLaidOut(
            rule=cite("setup.layout" if board != BOARD else "assume.layout"),
            spaces=tuple(s.id for s in board.spaces),
            board=board,
        ),
        ev.GuildsFormed(rule=cite("setup.colours"), colours=tuple(g.colour for g in state.guilds)),
        ev.SpellsHandedOut(rule=cite("setup.spells"), majors=7, minors=7),
        ev.GreySupplyFilled(rule=cite("setup.grey"), tokens=state.options.grey_supply),
        ev.WizardsPlaced(rule=rule, wizards=state.wizards),
    ]
    if state.preset_dragon != NOBODY:
        events.append(ev.DragonGiven(rule=cite("setup.position"), seat=state.preset_dragon))
    else:
        roll = dice.choose(
            state.players, purpose="first player (dragon)", rule=cite("setup.dragon")
        )
        events += [roll, ev.DragonGiven(rule=cite("setup.dragon"), seat=roll.values[0] - 1)]
    return settle(state, events)


def _check_grey_total(state: State) -> None:
    """A setup position cannot hold more tokens than the supply has; only here
    are the options known (``validate_setup`` sees the position alone)."""
    limit = state.options.grey_supply
    under = sum(w.grey for w in state.wizards)
    if limit and under > limit:
        raise SetupError(
            f"grey: {under} grey magic tokens under the pawns, but the supply holds "
            f"{limit} (option grey_supply={limit}; 0 makes it unlimited)"
        )


def _board(setup: Mapping[str, Any]) -> tuple[Board, dict[str, Any] | None]:
    """The board a setup gives (TOML text or a table), checked, and its table form."""
    if "layout" not in setup:
        return BOARD, None
    given = setup["layout"]
    try:
        board = parse_layout(given) if isinstance(given, str) else board_from_table(given)
    except LayoutError as error:
        raise SetupError(str(error)) from None
    return board, board.as_table()


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"{what} must be an integer from {low} to {high}, not {value!r}")
    return value


def _ints(value: Any, what: str, players: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != players:
        raise SetupError(f"{what} must be a list of {players} integers")
    return [_int(v, f"{what}[{i}]", low, high) for i, v in enumerate(value)]


def validate_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    unknown = sorted(set(setup) - set(SETUP_KEYS) - {"dice", "orders"})
    if unknown:
        raise SetupError(f"unknown setup key(s) {unknown}; known: {list(SETUP_KEYS)}")
    out: dict[str, Any] = {}
    board, table = _board(setup)
    if table is not None:
        out["layout"] = table
    out["round"] = _int(setup.get("round", 1), "round", 1, 4)
    if "dragon" in setup:
        out["dragon"] = _int(setup["dragon"], "dragon", 0, players - 1)
    if "scores" in setup:
        out["scores"] = _ints(setup["scores"], "scores", players, -1000, 1000)
    if "grand_druide_titles" in setup:
        out["grand_druide_titles"] = _ints(
            setup["grand_druide_titles"], "grand_druide_titles", players, 0, 1
        )
    if "rounds_without_grand_druide" in setup:
        out["rounds_without_grand_druide"] = _int(
            setup["rounds_without_grand_druide"], "rounds_without_grand_druide", 0, 1
        )
    colours = colours_for(players)
    if "minor_spells_on_space" in setup:
        out["minor_spells_on_space"] = _ints(
            setup["minor_spells_on_space"], "minor_spells_on_space", players, 0, 7
        )
    left: dict[str, int] = {}
    for key in ("minor_dice", "grey_dice"):
        if key not in setup:
            continue
        given = setup[key]
        if not isinstance(given, Mapping) or not set(given) <= set(colours):
            raise SetupError(f"{key} must map colours among {list(colours)} to die faces")
        for colour, faces in given.items():
            if not isinstance(faces, list):
                raise SetupError(f"{key}.{colour} must be a list of die faces")
            for face in faces:
                _int(face, f"{key}.{colour}", 1, 6)
            left[colour] = left.get(colour, 0) + len(faces)
        out[key] = {colour: list(faces) for colour, faces in given.items()}
    for colour, count in left.items():
        if count > 7:
            raise SetupError(f"{colour} has 7 major spells, not {count} left on the board")
    placement = setup.get("placement", PLACEMENT[players])
    if not isinstance(placement, Mapping) or set(placement) != set(colours):
        raise SetupError(f"placement must list the spaces of exactly these colours: {colours}")
    occupied: dict[str, str] = {}
    normal: dict[str, list[str]] = {}
    for colour in colours:
        pawns = placement[colour]
        if not isinstance(pawns, list) or not all(isinstance(p, str) for p in pawns):
            raise SetupError(f"placement.{colour} must be a list of space ids")
        if not 1 <= len(pawns) <= PAWNS_IN_BOX[colour]:
            raise SetupError(
                f"placement.{colour}: 1 to {PAWNS_IN_BOX[colour]} pawns, not {len(pawns)}"
            )
        for space in pawns:
            if not board.has_space(space):
                hint = ""
                if table is not None and "placement" not in setup:
                    hint = " (a layout of your own needs a placement of its own)"
                raise SetupError(f"placement.{colour}: unknown space {space!r}{hint}")
            if not board.level(board.level_of(space)).shared:
                if space in occupied:
                    raise SetupError(f"space {space} holds {occupied[space]} and {colour}")
                occupied[space] = colour
        normal[colour] = list(pawns)
    if board.top in occupied and out["round"] == 1:
        raise SetupError("nobody stands on the Grand Druide space in round 1 (phase 1 is skipped)")
    if board.top in occupied:
        # The wizard there won the title last round, so its owner has won it once;
        # a 0 here would let a second title pass without ending the game.
        seat = colours.index(occupied[board.top])
        titles = out.get("grand_druide_titles", [0] * players)
        if titles[seat] == 0:
            raise SetupError(
                f"{occupied[board.top]} stands on the Grand Druide space {board.top}, so "
                f"grand_druide_titles[{seat}] must be 1, not 0"
            )
    if "placement" in setup:
        out["placement"] = normal
    if "grey" in setup:
        grey = setup["grey"]
        ids = {w.id for w in wizards_from(normal, {})}
        if not isinstance(grey, Mapping):
            raise SetupError("grey must map wizard ids to token counts")
        for wid, count in grey.items():
            if wid not in ids:
                raise SetupError(f"grey: no wizard {wid!r} (ids are colour-number, e.g. red-1)")
            _int(count, f"grey.{wid}", 0, 12)
        out["grey"] = dict(grey)
    return out
